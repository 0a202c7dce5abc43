/**
 * Yen as people read it: "¥12,345". Formatted by hand, not with Intl, so the server's and the
 * browser's output are identical and hydration never disagrees.
 */
export function formatYen(amount: number): string {
  const digits = Math.abs(Math.trunc(amount))
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${amount < 0 ? "-" : ""}¥${digits}`;
}

/** Basis points as a percent for display: 125 → "1.25". */
export function formatRate(bp: number): string {
  return (bp / 100).toFixed(2).replace(/\.?0+$/, "");
}
