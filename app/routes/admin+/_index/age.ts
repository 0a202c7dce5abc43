/**
 * How long the oldest item of a queue has waited, in the largest whole unit that fits:
 * minutes under an hour, hours under a day, days after. Rounded down, so "1 day" means a full
 * day has passed.
 */
export function waitedFor(minutes: number): { unit: "minutes" | "hours" | "days"; n: number } {
  if (minutes < 60) return { unit: "minutes", n: Math.max(0, Math.floor(minutes)) };
  if (minutes < 24 * 60) return { unit: "hours", n: Math.floor(minutes / 60) };
  return { unit: "days", n: Math.floor(minutes / (24 * 60)) };
}
