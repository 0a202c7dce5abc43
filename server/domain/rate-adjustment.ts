import * as z from "zod";
import type { RateKindName } from "./broker-terms";
import { recordId } from "./fields";
import { type Commission, priceRow, rateFor, type RateVersion } from "./pricing";

/**
 * Adjustment batches: a rate change dated in the past leaves rows already
 * credited at their price; an adjustment re-prices them at the card in force on their trade
 * date and settles the difference per member. Pure, so the rate screen's summary, the batch
 * and the tests share one set of rules.
 */

/** A credited cashback row as the adjustment reads it. */
export interface CreditedRow {
  id: string;
  userId: string;
  tradeDate: string;
  /** The volume exactly as the import priced it, in hundred-millionths of a lot. */
  lotsE8: bigint;
  /** The commission as the broker reported it; null when the report had none. */
  commission: Commission | null;
  /** The batch's dollar rate, yen per dollar in millionths; null when it had none. */
  usdRateMicro: bigint | null;
  /** The account's type now; null when it has none (the default type prices it). */
  accountType: string | null;
  /** What the row is worth today: its credited amount, or the last applied adjustment's. */
  currentYen: number;
}

export interface RepricedRow {
  id: string;
  userId: string;
  tradeDate: string;
  oldYen: number;
  newYen: number;
  rate: { accountType: string; kind: RateKindName; valueX100: number; from: string };
}

/**
 * The row at the card in force on its trade date; null when that card cannot price it (the
 * version lists no rates, a dollar rate without the batch's dollar rate, a percentage without
 * a commission): such a row keeps its price, it is not taken back to zero.
 */
export function repriceRow(row: CreditedRow, versions: readonly RateVersion[]): RepricedRow | null {
  const rate = rateFor(versions, row.tradeDate, row.accountType);
  if (!rate) return null;
  const outcome = priceRow(
    { lotsE8: row.lotsE8, commission: row.commission },
    rate,
    row.usdRateMicro,
  );
  if ("error" in outcome) return null;
  return {
    id: row.id,
    userId: row.userId,
    tradeDate: row.tradeDate,
    oldYen: row.currentYen,
    newYen: outcome.yen,
    rate: {
      accountType: rate.accountType,
      kind: rate.kind,
      valueX100: rate.valueX100,
      from: rate.from,
    },
  };
}

export interface MemberLine {
  userId: string;
  rows: number;
  oldYen: number;
  newYen: number;
  /** newYen − oldYen: credited when positive, debited when negative. */
  difference: number;
}

/** The re-priced rows whose price changes, summed per member (members in first-seen order). */
export function memberLines(rows: readonly RepricedRow[]): MemberLine[] {
  const out = new Map<string, MemberLine>();
  for (const r of rows) {
    if (r.newYen === r.oldYen) continue;
    const line = out.get(r.userId) ?? {
      userId: r.userId,
      rows: 0,
      oldYen: 0,
      newYen: 0,
      difference: 0,
    };
    line.rows += 1;
    line.oldYen += r.oldYen;
    line.newYen += r.newYen;
    line.difference = line.newYen - line.oldYen;
    out.set(r.userId, line);
  }
  return [...out.values()];
}

export type DebitDecision = "waive" | "debit_available";

export type Settlement =
  | { status: "applied"; move: number }
  | { status: "held"; move: 0 }
  | { status: "waived"; move: 0 }
  | { status: "partial"; move: number };

/**
 * What the ledger moves for a member's line (signed yen): a credit in full; a debit in full
 * when the member's available balance covers it. A debit it does not cover never takes the
 * member below zero: it is held until an admin records a decision, which either waives it or
 * debits what the balance holds then (the rest waived).
 */
export function settle(
  difference: number,
  available: number,
  decision: DebitDecision | null,
): Settlement {
  if (difference >= 0 || available >= -difference) return { status: "applied", move: difference };
  if (decision === null) return { status: "held", move: 0 };
  if (decision === "waive" || available <= 0) return { status: "waived", move: 0 };
  return { status: "partial", move: -available };
}

/**
 * Whether a decision on a member's uncovered debit needs a second admin to settle it: a waived
 * debit is the house's money given up, as a present is, so the present threshold applies (more
 * than `over` yen of debit). Below it, the admin who decided may settle it alone.
 */
export function decisionNeedsSecondAdmin(difference: number, over: number): boolean {
  return difference < 0 && -difference > over;
}

/**
 * What to do with a debit the member's balance cannot cover (waive it, or take what is
 * available), with the reason: the procedure's input and, less the batch, the page's form.
 */
export const decideDebitInput = z.object({
  adjustmentId: recordId,
  userId: recordId,
  decision: z.enum(["waive", "debit_available"], { error: "required" }),
  reason: z.string().trim().min(1, "required").max(500, "tooLong"),
});
