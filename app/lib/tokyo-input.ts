/**
 * `datetime-local` inputs hold Tokyo wall-clock time ("2026-12-01T10:00"); stored timestamps
 * are UTC text. Japan has no daylight saving time, so the conversion is a fixed nine hours.
 */
const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000;

/** A stored UTC timestamp as a `datetime-local` value in Tokyo; "" for none. */
export function toTokyoInput(utc: string | null | undefined): string {
  if (!utc) return "";
  const date = new Date(utc.replace(" ", "T") + (utc.endsWith("Z") ? "" : "Z"));
  if (Number.isNaN(date.getTime())) return "";
  return new Date(date.getTime() + TOKYO_OFFSET_MS).toISOString().slice(0, 16);
}
