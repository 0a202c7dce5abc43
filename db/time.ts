/**
 * Timestamps are stored as UTC text "YYYY-MM-DD HH:MM:SS.mmm" on both engines: MySQL reads it
 * into DATETIME(3) and returns it unchanged (dateStrings), SQLite keeps it as text that sorts
 * and compares correctly. People see Asia/Tokyo; that conversion happens at display time.
 */
export function toDbTime(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError("invalid date");
  return date.toISOString().replace("T", " ").replace("Z", "");
}

export function fromDbTime(value: string | Date): Date {
  if (value instanceof Date) return value;
  return new Date(value.replace(" ", "T") + "Z");
}

export function nowDb(): string {
  return toDbTime(new Date());
}

export function addMs(date: Date, ms: number): Date {
  return new Date(date.getTime() + ms);
}
