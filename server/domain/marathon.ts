import * as z from "zod";
import { recordId, yesNo } from "./fields";

/**
 * Marathons: the admin editor's form, which is the create and update procedures' input, and
 * its goal rows. Pure, so the browser checks the editor with the schema the procedure parses.
 * Messages are keys under `marathon:errors` (as `errors:field`).
 *
 * The goal rows are sent as conform names them, `goals[<i>].<field>`, `i` the row's place on
 * the page (so the form works without JavaScript, and adding or removing a row is one set of
 * inputs more or less). A row left blank (only its pre-filled number) is not a goal: the schema
 * drops it, and every refusal names the row by its place on the page, blank rows counted.
 */

export const COURSES = ["general", "axi"] as const;
export const MAX_GOALS = 30;
export const MAX_YEN = 100_000_000;
export const MAX_MODAL_TEXT = 2000;

export const GOAL_ROW_FIELDS = [
  "marathonNumber",
  "threshold",
  "reward",
  "modalText",
  "modalTextEn",
] as const;
export type GoalRowField = (typeof GOAL_ROW_FIELDS)[number];
export type GoalRowValues = Record<GoalRowField, string>;

/** The form name of a row's field: `goals[<i>].<field>`. */
export const goalFieldName = (i: number, field: GoalRowField) => `goals[${i}].${field}`;

export function blankGoalRow(marathonNumber?: number): GoalRowValues {
  return {
    marathonNumber: marathonNumber === undefined ? "" : String(marathonNumber),
    threshold: "",
    reward: "",
    modalText: "",
    modalTextEn: "",
  };
}

const GOAL_ROW_NAME = /^goals\[(\d{1,3})\]\.(\w+)$/;

/**
 * Every row a form sent, blank ones included, from its fields as typed (the action's values,
 * the echo of a refusal): a row's position is its place on the page.
 */
export function sentGoalRows(values: Record<string, string>): GoalRowValues[] {
  const rows: GoalRowValues[] = [];
  for (const [name, value] of Object.entries(values)) {
    const m = GOAL_ROW_NAME.exec(name);
    const field = m?.[2] as GoalRowField | undefined;
    if (!m || !field || !GOAL_ROW_FIELDS.includes(field)) continue;
    const i = Number(m[1]);
    if (i >= MAX_GOALS * 2) continue;
    while (rows.length <= i) rows.push(blankGoalRow());
    rows[i]![field] = value;
  }
  return rows;
}

/** A form's fields with its goal rows replaced by `rows`, numbered from 0. */
export function withGoalRows(
  values: Record<string, string>,
  rows: GoalRowValues[],
): Record<string, string> {
  const rest = Object.entries(values).filter(([name]) => !GOAL_ROW_NAME.test(name));
  const fields = rows.flatMap((row, i) =>
    GOAL_ROW_FIELDS.map((f) => [goalFieldName(i, f), row[f]] as const),
  );
  return Object.fromEntries([...rest, ...fields]);
}

/** The next number to offer for a new row: one past the largest in the rows or in use. */
export function nextGoalNumber(rows: GoalRowValues[], nextFree: number): number {
  const used = rows.map((r) => Number(r.marathonNumber)).filter((n) => Number.isInteger(n));
  return Math.max(nextFree, ...used.map((n) => n + 1));
}

const blankText = (v: unknown) => v === undefined || v === null || String(v).trim() === "";

/** A row holding at most its pre-filled number was never started: it is not a goal. */
export function isBlankGoalRow(row: unknown): boolean {
  if (row === undefined || row === null) return true;
  if (typeof row !== "object") return false;
  const r = row as Record<string, unknown>;
  return ["threshold", "reward", "modalText", "modalTextEn"].every((f) => blankText(r[f]));
}

/**
 * The procedure's refusals named by the row's place on the page: the service numbers the goals
 * it was given (`goals.<i>.<field>`, blank rows dropped by the schema), the page every row sent.
 */
export function errorsByPosition(
  sent: GoalRowValues[],
  fieldErrors: Record<string, string>,
): Record<string, string> {
  const positions = sent.flatMap((row, i) => (isBlankGoalRow(row) ? [] : [i]));
  return Object.fromEntries(
    Object.entries(fieldErrors).map(([k, v]) => [
      k.replace(/^goals\.(\d+)\./, (m, i: string) =>
        positions[Number(i)] === undefined ? m : `goals.${positions[Number(i)]}.`,
      ),
      v,
    ]),
  );
}

const day = z
  .string({ error: "required" })
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
const yen = z.union([z.string(), z.number()], { error: "required" }).transform((v, ctx) => {
  const text = typeof v === "number" ? String(v) : v.replace(/[,\s¥円]/g, "");
  if (!text) {
    ctx.addIssue({ code: "custom", message: "required" });
    return z.NEVER;
  }
  const n = /^\d{1,12}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(n) || n > MAX_YEN) {
    ctx.addIssue({ code: "custom", message: "invalidAmount" });
    return z.NEVER;
  }
  return n;
});

/**
 * A required, trimmed text. Not fields.ts's `text`: its "required" stops the whole parse, and
 * the cross-field checks must still run so that every row's message shows at once.
 */
const text = (max: number) =>
  z.string({ error: "required" }).trim().min(1, "required").max(max, "tooLong");

/** A popup text keeps its line breaks: the browser sends CRLF, the popup shows LF. */
const lines = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" ? v.replace(/\r\n?/g, "\n") : v), schema);

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
  modalText: lines(text(MAX_MODAL_TEXT)),
  modalTextEn: lines(optionalEnglish(MAX_MODAL_TEXT)),
});
export type GoalInput = z.output<typeof goalInput>;

/** A goal row, or null for a row left blank. */
const goalRow = z.preprocess((row) => (isBlankGoalRow(row) ? null : row), goalInput.nullable());

const marathonFields = z.object({
  course: z.enum(COURSES, { error: "required" }),
  title: text(100),
  titleEn: optionalEnglish(100),
  startsOn: day,
  endsOn: z.union([z.literal(""), day]).optional(),
  goals: z.array(goalRow).max(MAX_GOALS, "tooMany").default([]),
});
type MarathonFields = z.output<typeof marathonFields>;

/**
 * The rules across fields, each refusal on the row and field it concerns: at least one goal,
 * the end not before the start, no number twice, and thresholds strictly increasing down the
 * rows (each goal asks for more than the goal above it, so goals are reached in the order
 * listed). Blank rows are skipped, and keep their places.
 */
function crossChecks(v: MarathonFields, ctx: z.core.$RefinementCtx<MarathonFields>) {
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
  // A row that failed its own checks is still a goal: only a blank one is null.
  if (goals.every((g) => g === null)) {
    ctx.addIssue({ code: "custom", path: ["goals"], message: "goalsRequired" });
  }
  const seen = new Set<number>();
  let above: GoalInput | null = null;
  goals.forEach((g, i) => {
    if (g === null) return;
    if (typeof g?.marathonNumber === "number") {
      if (seen.has(g.marathonNumber)) {
        ctx.addIssue({
          code: "custom",
          path: ["goals", i, "marathonNumber"],
          message: "duplicateNumber",
        });
      }
      seen.add(g.marathonNumber);
    }
    if (
      typeof above?.threshold === "number" &&
      typeof g?.threshold === "number" &&
      g.threshold <= above.threshold
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["goals", i, "threshold"],
        message: "thresholdNotIncreasing",
      });
    }
    above = g;
  });
}

const always = { when: () => true };
const goalsOnly = <T extends { goals: (GoalInput | null)[] }>(v: T) => ({
  ...v,
  goals: v.goals.filter((g): g is GoalInput => g !== null),
});

/** A new marathon: the editor's form (blank rows dropped) or an API caller's goals. */
export const createMarathonInput = marathonFields
  .superRefine(crossChecks, always)
  .transform(goalsOnly);
export type CreateMarathonInput = z.output<typeof createMarathonInput>;

/** The editor's save of an existing marathon (its id a hidden field of the form). */
export const updateMarathonInput = marathonFields
  .extend({ id: recordId })
  .superRefine(crossChecks, always)
  .transform(goalsOnly);

/** The editor's form: an update when it carries the marathon's id. */
export const marathonForm = (id: unknown) => (id ? updateMarathonInput : createMarathonInput);

/** The list's on/off switch ("1" is on). */
export const setActiveInput = z.object({ id: recordId, active: yesNo });
