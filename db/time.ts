/**
 * Timestamps are stored as UTC text "YYYY-MM-DD HH:MM:SS.mmm" on both engines: MySQL reads it
 * into DATETIME(3) and returns it unchanged (dateStrings), SQLite keeps it as text that sorts
 * and compares correctly. People see Asia/Tokyo; that conversion happens at display time.
 */
import { toDbTime } from "#domain/tokyo";

export { toDbTime };

export function fromDbTime(value: string | Date): Date {
  if (value instanceof Date) return value;
  return new Date(value.replace(" ", "T") + "Z");
}

/**
 * What `now()` asks for the moment work is written at: unset, the real time. db/clock.ts sets it
 * (it is server-only; this module also reaches the browser through the form schemas).
 */
let clock: (() => number | undefined) | undefined;

export function setClockSource(source: () => number | undefined): void {
  clock = source;
}

/** The moment work is written at: the real time, unless db/clock.ts `atTime` says otherwise. */
export function now(): Date {
  const at = clock?.();
  return at === undefined ? new Date() : new Date(at);
}

export function nowDb(): string {
  return toDbTime(now());
}

export function addMs(date: Date, ms: number): Date {
  return new Date(date.getTime() + ms);
}
