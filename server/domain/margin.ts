/**
 * The operator's margin on cashback: what a broker paid the operator as IB
 * commission, less the cashback paid to the member and the affiliate reward paid on that
 * cashback. Pure integers of yen, shared by the server and the browser.
 */

/** One group of credited cashback rows (a broker's month, or a total), as the database sums it. */
export interface MarginSums {
  /** Cashback rows in the group. */
  rows: number;
  /** Rows whose IB commission the report did not give (imported before commissions, or a
   * report without the column): their commission is unknown, not zero. */
  rowsWithoutCommission: number;
  /** The commissions known (the rows that have one), in yen. */
  commission: number;
  cashback: number;
  rewards: number;
}

/**
 * - `complete`: every row has its commission: the margin is known.
 * - `partial`: some rows lack it: the margin is unknown (the commission shown is a floor).
 * - `none`: no row has it: the commission and the margin are unknown.
 */
export type CommissionCoverage = "complete" | "partial" | "none";

export interface Margin {
  coverage: CommissionCoverage;
  /** commission − cashback − rewards; null unless every row has its commission. */
  margin: number | null;
  /** The margin as tenths of a percent of the commission (123 = 12.3 %), rounded half away
   * from zero; null when the margin is unknown or the commission is zero. */
  percentX10: number | null;
}

export function coverageOf(sums: Pick<MarginSums, "rows" | "rowsWithoutCommission">) {
  if (sums.rowsWithoutCommission === 0) return "complete" as const;
  return sums.rowsWithoutCommission === sums.rows ? ("none" as const) : ("partial" as const);
}

/** The margin's share of the commission, in tenths of a percent; null for no commission. */
export function percentX10(margin: number, commission: number): number | null {
  if (commission <= 0) return null;
  // Integer arithmetic: 2·|m|·1000 + c over 2c is the quotient rounded half up, exact in yen.
  const magnitude = Math.floor((2 * Math.abs(margin) * 1000 + commission) / (2 * commission));
  return margin < 0 ? -magnitude : magnitude;
}

/** The margin of one group: known only when every row's commission is known. */
export function marginOf(sums: MarginSums): Margin {
  const coverage = coverageOf(sums);
  if (coverage !== "complete") return { coverage, margin: null, percentX10: null };
  const margin = sums.commission - sums.cashback - sums.rewards;
  return { coverage, margin, percentX10: percentX10(margin, sums.commission) };
}

/** "12.3%", "-4.0%"; "—" when there is no percentage (no commission, or an unknown margin). */
export function formatMarginPercent(x10: number | null): string {
  if (x10 === null) return "—";
  const sign = x10 < 0 ? "-" : "";
  const abs = Math.abs(x10);
  return `${sign}${Math.floor(abs / 10)}.${abs % 10}%`;
}

/** "2026-11" → the month after, "2026-12" (calendar arithmetic on the label, no time zone). */
export function nextMonth(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
}

/** "2026-11" and `n` → the month `n` months earlier (or later, for a negative `n`). */
export function monthsBefore(month: string, n: number): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const index = y * 12 + (m - 1) - n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** Every month from `from` to `to`, both included, oldest first. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let m = from; m <= to; m = nextMonth(m)) months.push(m);
  return months;
}
