/**
 * The help centre's categories and the article's limits (pure: the admin's article form shows
 * them, the procedures' input schema enforces them).
 */

/** The categories /help groups articles by, in the order it lists them. */
export const HELP_CATEGORIES = [
  "cashback",
  "accounts",
  "withdrawals",
  "membership",
  "tax",
] as const;
export type HelpCategory = (typeof HELP_CATEGORIES)[number];

export const MAX_TITLE = 200;
export const MAX_BODY = 10_000;
