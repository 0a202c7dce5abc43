import type { AnnualStatement } from "#server/features/wallet/annual";
import type { Translate } from "./page-title";

/**
 * The annual statement's lines as the page, the CSV and the PDF all show them: one list, so
 * the three never disagree. Labels come from the statement's own entry names (namespaces
 * statement and wallet); a line with nothing in the year is left out, except the totals.
 */

export interface AnnualRow {
  /** Stable id of the line (tests and the CSV's first column read it). */
  id: string;
  label: string;
  count: number | null;
  amount: number;
}

export interface AnnualDocument {
  income: AnnualRow[];
  outgoing: AnnualRow[];
}

export function annualDocument(y: AnnualStatement, t: Translate): AnnualDocument {
  const income: AnnualRow[] = [
    ...y.income.cashback.map((c) => ({
      id: `cashback:${c.brokerId ?? "other"}`,
      label: t("statement:annual.cashbackAt", {
        broker: c.broker ?? t("statement:annual.otherBroker"),
      }),
      count: c.count || null,
      amount: c.amount,
    })),
    { id: "affiliate", label: t("statement:entries.affiliate_reward"), ...y.income.affiliate },
    { id: "battlePrizes", label: t("statement:entries.battle_prize"), ...y.income.battlePrizes },
    {
      id: "marathonRewards",
      label: t("statement:entries.marathon_reward"),
      ...y.income.marathonRewards,
    },
    { id: "otherPrizes", label: t("statement:entries.prize"), ...y.income.otherPrizes },
    { id: "gachaWins", label: t("statement:entries.gacha_reward"), ...y.income.gachaWins },
    { id: "presents", label: t("statement:entries.present"), ...y.income.presents },
    {
      id: "transfersIn",
      label: t("statement:entries.transfer_received"),
      ...y.income.transfersIn,
    },
  ].filter((r) => r.amount !== 0 || r.count);

  const out = y.outgoing;
  const outgoing: AnnualRow[] = [
    ...out.withdrawals.flatMap((w) => [
      {
        id: `withdrawal:${w.method}`,
        label: t("statement:annual.withdrawalBy", { method: t(`wallet:methods.${w.method}`) }),
        count: w.count,
        amount: w.amount,
      },
      {
        id: `withdrawalFee:${w.method}`,
        label: t("statement:annual.withdrawalFee", { method: t(`wallet:methods.${w.method}`) }),
        count: null,
        amount: w.fees,
      },
    ]),
    {
      id: "transfersOut",
      label: t("statement:entries.transfer_sent"),
      count: out.transfersOut.count,
      amount: out.transfersOut.amount,
    },
    {
      id: "transferFees",
      label: t("statement:annual.transferFee"),
      count: null,
      amount: out.transfersOut.fees,
    },
    { id: "gachaPlays", label: t("statement:entries.gacha_cost"), ...out.gachaPlays },
  ].filter(
    (r) =>
      r.amount !== 0 ||
      r.count ||
      // A method used shows its fee line even at ¥0: the member sees there was none.
      (r.id.startsWith("withdrawalFee:") && out.withdrawals.length > 0) ||
      (r.id === "transferFees" && out.transfersOut.count > 0),
  );
  return { income, outgoing };
}

/** "YYYY/MM/DD" of a Tokyo day "YYYY-MM-DD", as the document prints dates. */
export const slashDate = (day: string) => day.replace(/-/g, "/");

/**
 * The closing balance's label: the year-end for a year that has ended, "balance as of" the day
 * of issue for the running year (the year-end has not come).
 */
export function annualClosingLabel(y: AnnualStatement, t: Translate): string {
  return y.asOf
    ? t("statement:annual.closingAsOf", { date: slashDate(y.asOf) })
    : t("statement:annual.closing");
}

/** The notes under the figures; the running year's first says it is not the whole year. */
export function annualNotes(y: AnnualStatement, t: Translate): string[] {
  return [
    ...(y.asOf
      ? [t("statement:annual.runningNote", { year: y.year, date: slashDate(y.asOf) })]
      : []),
    t("statement:annual.heldNote"),
    t("statement:annual.taxNote"),
  ];
}

/** The sum that proves the document: opening + received − out = the closing (or as-of) balance. */
export function annualCheck(
  y: AnnualStatement,
  t: Translate,
  fmt: (yen: number) => string,
): string {
  const figures = {
    opening: fmt(y.opening.total),
    income: fmt(y.totalIncome),
    outgoing: fmt(y.totalOutgoing),
    closing: fmt(y.closing.total),
  };
  return y.asOf
    ? t("statement:annual.checkAsOf", { ...figures, date: slashDate(y.asOf) })
    : t("statement:annual.check", figures);
}
