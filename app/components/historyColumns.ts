/*
 * The two sortable columns of the member money histories (cashback, withdrawals, deposits):
 * when, newest first, and how much, largest first and right-aligned. Spread into a column
 * beside its key, header and cell: `{ key, header, ...newestFirst(key), cell }`.
 */

/** A date column sorted by `sortKey` (the history procedure's), newest first on first click. */
export function newestFirst(sortKey: string) {
  return { sortKey, firstDir: "desc", nowrap: true } as const;
}

/** The amount column: sorted by "amount", largest first, figures right-aligned. */
export const largestFirst = {
  sortKey: "amount",
  firstDir: "desc",
  align: "right",
  nowrap: true,
} as const;
