/**
 * The withdrawal rules a member sees on the form and the service enforces: one list, so the
 * page never restates them (pure: imported by the browser bundle too).
 */

/** The payout methods, in the order the form offers them. */
export const WITHDRAWAL_METHODS = [
  "bank",
  "bitwallet",
  "usdt",
  "exness",
  "paypay",
  "peska",
] as const;
export type Method = (typeof WITHDRAWAL_METHODS)[number];

/** Minimum withdrawal per method, in yen. */
export const WITHDRAWAL_MINIMUMS: Record<Method, number> = {
  bank: 1_000,
  bitwallet: 1_000,
  usdt: 5_000,
  peska: 5_000,
  exness: 500,
  paypay: 500,
};

/** A withdrawal request's states: waiting for the admin, paid out, refused, withdrawn by the member. */
export const WITHDRAWAL_STATUSES = ["pending", "completed", "rejected", "cancelled"] as const;
export type WithdrawalState = (typeof WITHDRAWAL_STATUSES)[number];
