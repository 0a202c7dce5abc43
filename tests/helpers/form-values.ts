/**
 * Values the admin forms take, shared by the integration tests (which call the procedures as
 * the forms do) and the browser tests (which type them).
 */

export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;

/** A `datetime-local` value in Tokyo, `offsetMs` from now (what the admin forms send). */
export function tokyoLocal(offsetMs: number): string {
  return new Date(Date.now() + offsetMs + 9 * HOUR).toISOString().slice(0, 16);
}

/** The smallest valid PNG (1×1 px), for image fields whose picture does not matter. */
export const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
