import * as z from "zod";
import { WITHDRAWAL_MINIMUMS } from "./withdrawal";

/**
 * The rules of a member closing their own account (退会). Pure: the profile page
 * shows the same refusals the service enforces.
 */

/** Why the member leaves: a choice, optional; the admin sees it, nobody else. */
export const CLOSE_REASONS = [
  "notUsing",
  "tooFewRewards",
  "otherService",
  "privacy",
  "hardToUse",
  "other",
] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];

/** The closing form: a reason or none, and the tick that says they understood (required). */
export const closeAccountInput = z
  .object({
    reason: z.preprocess((v) => (v === "" ? undefined : v), z.enum(CLOSE_REASONS).optional()),
    understood: z.union([z.boolean(), z.literal("on")]).optional(),
  })
  // On the object: a missing optional key never reaches its own checks.
  .superRefine((v, ctx) => {
    if (v.understood !== true && v.understood !== "on") {
      ctx.addIssue({ code: "custom", path: ["understood"], message: "closeNotConfirmed" });
    }
  });

/**
 * A balance from here up can still be paid out (the smallest method's minimum), so it must be
 * withdrawn first; one below it cannot leave the ledger and stays recorded against the closed
 * account.
 */
export const CLOSE_BALANCE_LIMIT = Math.min(...Object.values(WITHDRAWAL_MINIMUMS));

/** Admins may reopen a closed account for this many days; its personal data waits as long. */
export const REOPEN_WINDOW_DAYS = 30;

/** What stands in the way of closing, each with the page where the member deals with it. */
export type CloseBlocker =
  | { kind: "balance"; amount: number; minimum: number; link: "/users/withdraw/new" }
  | { kind: "withdrawals"; count: number; link: "/users/withdraw" }
  | { kind: "transfers"; count: number; link: "/users/withdraw" }
  | { kind: "brokerAccounts"; count: number; link: "/users/bank" }
  | { kind: "eaRequests"; count: number; link: "/users/ea" };

/** The member's money and open requests, as the service counts them. */
export interface CloseSituation {
  /** Yen the member can spend (not held for a withdrawal). */
  available: number;
  /** Withdrawals not yet paid out or refused (pending, sent). */
  openWithdrawals: number;
  /** Transfers the member sent that the admin has not decided. */
  openTransfers: number;
  /** Broker accounts waiting for review. */
  pendingBrokerAccounts: number;
  /** EA account requests waiting for review. */
  pendingEaRequests: number;
}

/** Every reason the account cannot be closed now; none: it can. */
export function closeBlockers(s: CloseSituation): CloseBlocker[] {
  const blockers: CloseBlocker[] = [];
  if (s.available >= CLOSE_BALANCE_LIMIT) {
    blockers.push({
      kind: "balance",
      amount: s.available,
      minimum: CLOSE_BALANCE_LIMIT,
      link: "/users/withdraw/new",
    });
  }
  if (s.openWithdrawals > 0) {
    blockers.push({ kind: "withdrawals", count: s.openWithdrawals, link: "/users/withdraw" });
  }
  if (s.openTransfers > 0) {
    blockers.push({ kind: "transfers", count: s.openTransfers, link: "/users/withdraw" });
  }
  if (s.pendingBrokerAccounts > 0) {
    blockers.push({ kind: "brokerAccounts", count: s.pendingBrokerAccounts, link: "/users/bank" });
  }
  if (s.pendingEaRequests > 0) {
    blockers.push({ kind: "eaRequests", count: s.pendingEaRequests, link: "/users/ea" });
  }
  return blockers;
}

/** How long the erasure job waits, the operator's setting (ACCOUNT_*_RETENTION_*). */
export interface Retention {
  /** Personal data not needed for money records: days after closing, never within the reopen window. */
  personalDays: number;
  /** Name and payout details kept with the money records: years after closing. */
  moneyYears: number;
}

export const DEFAULT_RETENTION: Retention = { personalDays: REOPEN_WINDOW_DAYS, moneyYears: 7 };

const DAY_MS = 24 * 60 * 60 * 1000;

/** Accounts closed at or before this have their personal data (not the money records) erased. */
export function personalCutoff(now: Date, retention: Retention): Date {
  const days = Math.max(retention.personalDays, REOPEN_WINDOW_DAYS);
  return new Date(now.getTime() - days * DAY_MS);
}

/** Accounts closed at or before this lose the name and payout details kept for money records. */
export function moneyCutoff(now: Date, retention: Retention): Date {
  const cutoff = new Date(now.getTime());
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - retention.moneyYears);
  return cutoff;
}

/** Whether an admin may still reopen an account closed at `closedAt`. */
export function reopenable(closedAt: Date, now: Date): boolean {
  return now.getTime() - closedAt.getTime() < REOPEN_WINDOW_DAYS * DAY_MS;
}
