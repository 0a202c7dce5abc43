/**
 * Maker-checker for money: a withdrawal or transfer of at least the threshold
 * (the admin's setting, ¥300,000 by default) moves only after two different admins approved it.
 * Pure rules, shared by the services and the queue's pages.
 */

/** The default threshold, in yen: withdrawals and transfers of this much or more. */
export const DEFAULT_SECOND_APPROVAL_FROM = 300_000;

/** The default present threshold, in yen: presents of more than this need a second admin. */
export const DEFAULT_PRESENT_SECOND_APPROVAL_OVER = 10_000;

/**
 * Whether a present (a manual credit from the house) of `amount` needs a second admin under
 * `over`: strictly more than it, so ¥10,000 itself is credited by one admin.
 */
export function presentNeedsSecondApproval(amount: number, over: number): boolean {
  return amount > over;
}

/** Whether a request of `amount` needs a second admin's approval under `threshold`. */
export function needsSecondApproval(amount: number, threshold: number): boolean {
  return amount >= threshold;
}

/**
 * Whether a withdrawal may be paid now (completed, or put into a bank file): a small one
 * always; a large one only once a second admin approved it.
 */
export function mayPay(
  w: { amount: number; approvedBy: string | null },
  threshold: number,
): boolean {
  return !needsSecondApproval(w.amount, threshold) || w.approvedBy !== null;
}

/**
 * The member reads a request awaiting the second approval as still in review: the state is the
 * admins' own step, not a new answer to them.
 */
export function memberStatus<S extends string>(status: S): S | "pending" {
  return status === "checking" ? "pending" : status;
}
