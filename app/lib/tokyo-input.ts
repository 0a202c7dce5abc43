/**
 * `datetime-local` inputs hold Tokyo wall-clock time ("2026-12-01T10:00"); stored timestamps
 * are UTC text. The conversion lives in server/domain/tokyo.
 */
export { toTokyoInput } from "#domain/tokyo";
