/**
 * The period presets of the history and summary filters (Tokyo days; server/lib/period.ts turns
 * one into dates). A module of their own rather than tokyo-clock.ts: only the pages with a
 * period filter load them, beside that filter, and not every page that shows a time.
 */
export const PERIOD_PRESETS = ["today", "1w", "1m", "3m", "1y", "all", "custom"] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];
