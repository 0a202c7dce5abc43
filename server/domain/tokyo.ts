import { TZDate, tzOffset } from "@date-fns/tz";

/**
 * Time as people in Japan read it. Stored timestamps are UTC text ("2026-11-21 00:05:00.000",
 * db/time.ts); days, months and the times shown are Asia/Tokyo's. One module for the server and
 * the browser (pure: no Node imports), on @date-fns/tz rather than hand-written offsets, so
 * both sides format the same instant the same way and hydration never disagrees.
 */
export const TOKYO = "Asia/Tokyo";

/** An instant as stored: UTC text "YYYY-MM-DD HH:MM:SS.mmm" (db/time.ts says why). */
export function toDbTime(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError("invalid date");
  return date.toISOString().replace("T", " ").replace("Z", "");
}

const pad = (n: number) => String(n).padStart(2, "0");

/** A Date from a Date, epoch ms or stored UTC text; null when it is not a time. */
export function toInstant(value: Date | number | string): Date | null {
  const date =
    typeof value === "string"
      ? new Date(value.replace(" ", "T") + (/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? "" : "Z"))
      : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Tokyo's offset at an instant, asked of the time-zone data (tzOffset, which TZDate reads too)
 * once per UTC hour: Tokyo's offset has only ever changed on a whole UTC hour (the end of local
 * mean time in 1888, the summer times of 1948–1951), and formatting the offset is what a
 * Tokyo day costs (decision 057).
 */
let offsetHour = NaN;
let offsetMinutes = 0;
function tokyoOffsetMinutes(instant: Date): number {
  const hour = Math.floor(instant.getTime() / 3_600_000);
  if (hour !== offsetHour) {
    offsetMinutes = tzOffset(TOKYO, instant);
    offsetHour = hour;
  }
  return offsetMinutes;
}

/**
 * An instant's Tokyo wall clock, read from the UTC fields of the instant moved by Tokyo's
 * offset at that instant. Reading only, so no TZDate: making one asks for the offset several
 * times over, and the dashboard's one call (its months) was a seventh of its server CPU.
 */
function inTokyo(value: Date | number | string): Date | null {
  const instant = toInstant(value);
  if (!instant) return null;
  return new Date(instant.getTime() + tokyoOffsetMinutes(instant) * 60_000);
}

/** "2026-11-21": the Tokyo calendar day of an instant. */
export function tokyoDay(value: Date | number | string = new Date()): string {
  const t = inTokyo(value)!;
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** 2026: the Tokyo calendar year of an instant. */
export function tokyoYear(value: Date | number | string = new Date()): number {
  return Number(tokyoDay(value).slice(0, 4));
}

/** "2026-11": the Tokyo calendar month of an instant. */
export function tokyoMonth(value: Date | number | string = new Date()): string {
  return tokyoDay(value).slice(0, 7);
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

/** "2026/11/21" and "09:05" in Tokyo, as members read them; null for no time. */
export function tokyoParts(
  value: Date | number | string | null | undefined,
): { date: string; time: string } | null {
  const t = value === null || value === undefined || value === "" ? null : inTokyo(value);
  if (!t) return null;
  return {
    date: `${t.getUTCFullYear()}/${pad(t.getUTCMonth() + 1)}/${pad(t.getUTCDate())}`,
    time: `${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}`,
  };
}

/** A `datetime-local` value ("2026-12-01T10:00") in Tokyo wall-clock time; "" for none. */
export function toTokyoInput(value: Date | number | string | null | undefined): string {
  const parts = tokyoParts(value);
  return parts ? `${parts.date.replaceAll("/", "-")}T${parts.time}` : "";
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

/** The period presets of the history and summary filters (Tokyo days). */
export const PERIOD_PRESETS = ["today", "1w", "1m", "3m", "1y", "all", "custom"] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

/** The affiliate page's period presets (Tokyo days and months). */
export const AFFILIATE_PRESETS = [
  "7d",
  "28d",
  "90d",
  "365d",
  "thisMonth",
  "lastMonth",
  "thisYear",
  "lastYear",
] as const;
export type AffiliatePreset = (typeof AFFILIATE_PRESETS)[number];
