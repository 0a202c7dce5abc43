import * as z from "zod";
import { required as present } from "./fields";
import { fromTokyoInput, toDbTime } from "./tokyo";

/** The message key of a missing value (errors:field.required). */
const required = "required";

/**
 * The date-time fields of the admin's entity forms (a campaign's, popup's or gacha's period, a
 * reward's validity): Tokyo wall-clock text in, stored UTC out. Apart from form-fields.ts
 * because they need the Tokyo calendar (TZDate): a member form that takes only text fields
 * from there does not load it. Messages are i18n keys under `errors:field`.
 */

/**
 * A `datetime-local` value people typed in Tokyo ("2026-12-01T10:00") as a stored UTC
 * timestamp; null when it is not a real date and time.
 */
export function tokyoLocalToDb(value: string): string | null {
  const instant = fromTokyoInput(value);
  return instant ? toDbTime(instant) : null;
}

/** The stored timestamp of a Tokyo date-time text, or a "dateTimeInvalid" issue. */
function storedTime(v: string, ctx: z.RefinementCtx): string {
  const db = tokyoLocalToDb(v);
  if (!db) {
    ctx.addIssue({ code: "custom", message: "dateTimeInvalid" });
    return z.NEVER;
  }
  return db;
}

/** A required Tokyo date-time, stored as UTC. */
export const tokyoDateTime = z
  .string({ error: required })
  .trim()
  .min(1, present)
  .transform(storedTime);

/** A Tokyo date-time that may be left empty or out (a field the form hides): null. */
export const optionalTokyoDateTime = z
  .string({ error: required })
  .optional()
  .transform((v, ctx) => {
    const typed = (v ?? "").trim();
    return typed === "" ? null : storedTime(typed, ctx);
  });

/** A period's two ends, both required. */
export const periodFields = { startsAt: tokyoDateTime, endsAt: tokyoDateTime };

/** A period must end after it starts; refused on the end field. */
export function endAfterStart(v: { startsAt: string; endsAt: string }, ctx: z.RefinementCtx) {
  if (v.endsAt <= v.startsAt) {
    ctx.addIssue({ code: "custom", path: ["endsAt"], message: "endBeforeStart" });
  }
}
