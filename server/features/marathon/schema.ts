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

const yen = z.coerce
  .number({ error: "invalidAmount" })
  .int("invalidAmount")
  .min(0, "invalidAmount")
  .max(MAX_YEN, "invalidAmount");

export const goalInput = z.object({
  marathonNumber: z.coerce
    .number({ error: "invalidNumber" })
    .int("invalidNumber")
    .min(1, "invalidNumber")
    .max(1_000_000, "invalidNumber"),
  threshold: yen.refine((v) => v > 0, "invalidAmount"),
  reward: yen,
  modalText: z.string({ error: required }).trim().min(1, required).max(MAX_MODAL_TEXT, "tooLong"),
});

export const createMarathonInput = z
  .object({
    course: z.enum(COURSES, { error: required }),
    title: z.string({ error: required }).trim().min(1, required).max(100, "tooLong"),
    startsOn: day,
    endsOn: z.union([z.literal(""), day]).optional(),
    goals: z.array(goalInput).min(1, "goalsRequired").max(MAX_GOALS, "tooMany"),
  })
  .superRefine((v, ctx) => {
    if (v.endsOn && v.endsOn < v.startsOn) {
      ctx.addIssue({ code: "custom", path: ["endsOn"], message: "endBeforeStart" });
    }
    const seen = new Set<number>();
    v.goals.forEach((g, i) => {
      if (seen.has(g.marathonNumber)) {
        ctx.addIssue({
          code: "custom",
          path: ["goals", i, "marathonNumber"],
          message: "duplicateNumber",
        });
      }
      seen.add(g.marathonNumber);
    });
  });
export type CreateMarathonInput = z.infer<typeof createMarathonInput>;

export const setActiveInput = z.object({
  id: z.string({ error: required }).refine(isId, "notFound"),
  active: z.boolean(),
});

/** The goal modal reports what it showed: at most a page of reached goals at once. */
export const markShownInput = z.object({
  ids: z.array(z.string().min(1).max(48)).min(1).max(100),
});
