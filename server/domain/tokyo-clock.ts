import { tzOffset } from "@date-fns/tz/tzOffset";

/**
 * Time as people in Japan read it: the Tokyo day, month and time of an instant, from Tokyo's
 * offset alone. Stored timestamps are UTC text ("2026-11-21 00:05:00.000", db/time.ts); days,
 * months and the times shown are Asia/Tokyo's. One module for the server and the browser
 * (pure: no Node imports), on @date-fns/tz rather than hand-written offsets, so both sides
 * format the same instant the same way and hydration never disagrees. Pages import this
 * module, not ./tokyo: the calendar arithmetic there needs TZDate, which a page that only
 * shows times should not load (the bundler gives a page every module its imports reach).
 */
export const TOKYO = "Asia/Tokyo";

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
 * Tokyo day costs.
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
