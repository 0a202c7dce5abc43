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

const SYMBOLS: Record<string, string> = { JPY: "¥", USD: "$" };

/**
 * An amount as a report wrote it, in its currency as people read it: "¥1,280", "$10.50"
 * (the decimals the report gave). Text that is not a plain amount (a refused row) stays as
 * written, with its currency code.
 */
export function formatAmount(text: string, currency: string | null): string {
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(text.trim());
  const symbol = currency ? SYMBOLS[currency] : undefined;
  if (!match || !symbol) return currency ? `${text} ${currency}` : text;
  const [, sign, whole, fraction = ""] = match;
  const digits = whole!.replace(/^0+(?=\d)/, "").replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${sign}${symbol}${digits}${fraction}`;
}
