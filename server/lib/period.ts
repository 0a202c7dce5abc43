import type { ReferenceExpression, SelectQueryBuilder } from "kysely";
import { z } from "zod";
import { toDbTime } from "#db/time";
import { PERIOD_PRESETS } from "../domain/periods";
import { addTokyoDays, addTokyoMonths, tokyoDayStart, tokyoMidnight } from "../domain/tokyo";

/**
 * The period presets, computed in Asia/Tokyo (people think in Japanese days), returned
 * as a UTC range [start, end) for queries.
 */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "dateInvalid");

export const periodInput = z
  .object({
    period: z.enum(PERIOD_PRESETS).default("all"),
    from: isoDate.optional(),
    to: isoDate.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.period !== "custom") return;
    if (!v.from) ctx.addIssue({ code: "custom", path: ["from"], message: "required" });
    if (!v.to) ctx.addIssue({ code: "custom", path: ["to"], message: "required" });
    if (v.from && v.to && v.from > v.to)
      ctx.addIssue({ code: "custom", path: ["to"], message: "dateOrder" });
  });

export type PeriodInput = z.output<typeof periodInput>;

/** Midnight in Tokyo of the day containing `instant`, and of a "YYYY-MM-DD" Tokyo date. */
export { tokyoDayStart, tokyoMidnight as tokyoDate } from "../domain/tokyo";

function monthsBack(dayStart: Date, months: number): Date {
  return addTokyoMonths(dayStart, -months);
}

export interface DbRange {
  start: string | null;
  end: string | null;
}

/**
 * "1w" is the last 7 days including today; "1m", "3m" and "1y" go back that many calendar
 * months from tomorrow's start, so today is always inside.
 */
export function periodRange(input: PeriodInput, now = new Date()): DbRange {
  const today = tokyoDayStart(now);
  const tomorrow = addTokyoDays(today, 1);
  switch (input.period) {
    case "all":
      return { start: null, end: null };
    case "today":
      return { start: toDbTime(today), end: toDbTime(tomorrow) };
    case "1w":
      return {
        start: toDbTime(addTokyoDays(tomorrow, -7)),
        end: toDbTime(tomorrow),
      };
    case "1m":
      return { start: toDbTime(monthsBack(tomorrow, 1)), end: toDbTime(tomorrow) };
    case "3m":
      return { start: toDbTime(monthsBack(tomorrow, 3)), end: toDbTime(tomorrow) };
    case "1y":
      return { start: toDbTime(monthsBack(tomorrow, 12)), end: toDbTime(tomorrow) };
    case "custom": {
      const start = tokyoMidnight(input.from!);
      const end = addTokyoDays(tokyoMidnight(input.to!), 1);
      return { start: toDbTime(start), end: toDbTime(end) };
    }
  }
}

/**
 * The query narrowed to rows whose `column` lies in the range: from `start` (inclusive) to
 * `end` (exclusive), each bound only when the period has it. Dates ("YYYY-MM-DD") compare the
 * same way as times, so a range of days works too.
 */
export function inRange<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  column: ReferenceExpression<DB, TB>,
  range: DbRange,
): SelectQueryBuilder<DB, TB, O> {
  let narrowed = query;
  if (range.start !== null) narrowed = narrowed.where(column, ">=", range.start as never);
  if (range.end !== null) narrowed = narrowed.where(column, "<", range.end as never);
  return narrowed;
}
