import { z } from "zod";
import { required } from "../../lib/input";
import { isId } from "../../../db/id";

/** Marathons: the admin's form and the members' inputs. Messages are keys under `errors:field`. */

export const COURSES = ["general", "axi"] as const;
export const MAX_GOALS = 30;
export const MAX_YEN = 100_000_000;
export const MAX_MODAL_TEXT = 2000;

export const courseInput = z.object({ course: z.enum(COURSES).catch("general") });

const day = z
  .string({ error: required })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "invalidDate")
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, "invalidDate");

/**
 * Yen as an admin types it: "10,000", "¥10000" and "10000円" are ten thousand. Whole yen only;
 * a blank is "required", anything else that is not a whole number "invalidAmount".
 */
const yen = z.union([z.string(), z.number()], { error: required }).transform((v, ctx) => {
  const text = typeof v === "number" ? String(v) : v.replace(/[,\s¥円]/g, "");
  if (!text) {
    ctx.addIssue({ code: "custom", message: required });
    return z.NEVER;
  }
  const n = /^\d{1,12}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(n) || n > MAX_YEN) {
    ctx.addIssue({ code: "custom", message: "invalidAmount" });
    return z.NEVER;
  }
  return n;
});

/** An optional English text: blank means "show the Japanese one". */
const optionalEnglish = (max: number) =>
  z
    .string()
    .trim()
    .max(max, "tooLong")
    .optional()
    .transform((v) => (v ? v : null));

export const goalInput = z.object({
  marathonNumber: z.coerce
    .number({ error: "invalidNumber" })
    .int("invalidNumber")
    .min(1, "invalidNumber")
    .max(1_000_000, "invalidNumber"),
  threshold: yen.refine((v) => v > 0, "thresholdPositive"),
  reward: yen,
  modalText: z.string({ error: required }).trim().min(1, required).max(MAX_MODAL_TEXT, "tooLong"),
  modalTextEn: optionalEnglish(MAX_MODAL_TEXT),
});
export type GoalInput = z.output<typeof goalInput>;

const marathonFields = z.object({
  course: z.enum(COURSES, { error: required }),
  title: z.string({ error: required }).trim().min(1, required).max(100, "tooLong"),
  titleEn: optionalEnglish(100),
  startsOn: day,
  endsOn: z.union([z.literal(""), day]).optional(),
  goals: z.array(goalInput).min(1, "goalsRequired").max(MAX_GOALS, "tooMany"),
});

/**
 * The rules across fields, each refusal on the row and field it concerns: the end not before
 * the start, no number twice, and thresholds strictly increasing down the rows (each goal asks
 * for more than the one above it, so goals are reached in the order listed).
 */
function crossChecks(
  v: z.output<typeof marathonFields>,
  ctx: z.core.$RefinementCtx<z.output<typeof marathonFields>>,
) {
  // Runs even when some fields failed (so every row's message shows at once): what failed may
  // be missing or not a number here, and is left to its own message.
  if (
    typeof v.endsOn === "string" &&
    typeof v.startsOn === "string" &&
    v.endsOn &&
    v.endsOn < v.startsOn
  ) {
    ctx.addIssue({ code: "custom", path: ["endsOn"], message: "endBeforeStart" });
  }
  const goals = Array.isArray(v.goals) ? v.goals : [];
  const seen = new Set<number>();
  goals.forEach((g, i) => {
    if (typeof g?.marathonNumber !== "number") return;
    if (seen.has(g.marathonNumber)) {
      ctx.addIssue({
        code: "custom",
        path: ["goals", i, "marathonNumber"],
        message: "duplicateNumber",
      });
    }
    seen.add(g.marathonNumber);
    const above = goals[i - 1];
    if (
      typeof above?.threshold === "number" &&
      typeof g.threshold === "number" &&
      g.threshold <= above.threshold
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["goals", i, "threshold"],
        message: "thresholdNotIncreasing",
      });
    }
  });
}

const always = { when: () => true };

export const createMarathonInput = marathonFields.superRefine(crossChecks, always);
export type CreateMarathonInput = z.output<typeof createMarathonInput>;

export const updateMarathonInput = marathonFields
  .extend({ id: z.string({ error: required }).refine(isId, "notFound") })
  .superRefine(crossChecks, always);

export const setActiveInput = z.object({
  id: z.string({ error: required }).refine(isId, "notFound"),
  active: z.boolean(),
});

/** The goal modal reports what it showed: at most a page of reached goals at once. */
export const markShownInput = z.object({
  ids: z.array(z.string().min(1).max(48)).min(1).max(100),
});
