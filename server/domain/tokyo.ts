import { TZDate } from "@date-fns/tz";
import { TOKYO, tokyoDay, tokyoMonth, tokyoParts } from "./tokyo-clock";

export * from "./tokyo-clock";

/**
 * The Tokyo calendar's arithmetic, on TZDate: a day's midnight, days and months added in Tokyo
 * wall-clock time, a typed date-time, a month's last day; and the stored and `datetime-local`
 * texts, which only the server and the admin's forms (which use TZDate anyway) need. With
 * tokyo-clock.ts (re-exported) the server's one Tokyo module; pages that only show times
 * import ./tokyo-clock and leave TZDate out.
 */

const pad = (n: number) => String(n).padStart(2, "0");

/** An instant as stored: UTC text "YYYY-MM-DD HH:MM:SS.mmm" (db/time.ts says why). */
export function toDbTime(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError("invalid date");
  return date.toISOString().replace("T", " ").replace("Z", "");
}

/** A `datetime-local` value ("2026-12-01T10:00") in Tokyo wall-clock time; "" for none. */
export function toTokyoInput(value: Date | number | string | null | undefined): string {
  const parts = tokyoParts(value);
  return parts ? `${parts.date.replaceAll("/", "-")}T${parts.time}` : "";
}

/** Midnight in Tokyo starting a "YYYY-MM-DD" Tokyo day, as an instant. */
export function tokyoMidnight(day: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, TOKYO).getTime());
}

/** Midnight in Tokyo of the day containing the instant. */
export function tokyoDayStart(value: Date | number | string): Date {
  return tokyoMidnight(tokyoDay(value));
}

/** The same Tokyo wall-clock time `days` days later (or earlier). */
export function addTokyoDays(instant: Date, days: number): Date {
  const t = new TZDate(instant.getTime(), TOKYO);
  t.setDate(t.getDate() + days);
  return new Date(t.getTime());
}

/** The same Tokyo wall-clock time `months` calendar months later (or earlier). */
export function addTokyoMonths(instant: Date, months: number): Date {
  const t = new TZDate(instant.getTime(), TOKYO);
  t.setMonth(t.getMonth() + months);
  return new Date(t.getTime());
}

/**
 * A `datetime-local` value typed in Tokyo ("2026-12-01T10:00", seconds optional) as an
 * instant; null when it is not a real date and time (2026-02-30 is refused, not rolled over).
 */
export function fromTokyoInput(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0)) as number[];
  if (h! > 23 || mi! > 59 || s! > 59) return null;
  const t = new TZDate(y!, mo! - 1, d!, h!, mi!, s!, TOKYO);
  if (t.getFullYear() !== y || t.getMonth() !== mo! - 1 || t.getDate() !== d) return null;
  return new Date(t.getTime());
}

/** The first and last Tokyo day of the month containing the instant ("2026-11-01", "2026-11-30"). */
export function tokyoMonthBounds(value: Date | number | string = new Date()) {
  const month = tokyoMonth(value);
  const [y, m] = month.split("-").map(Number) as [number, number];
  const last = new TZDate(y, m, 0, TOKYO).getDate();
  return { first: `${month}-01`, last: `${month}-${pad(last)}`, year: y, month: m };
}
