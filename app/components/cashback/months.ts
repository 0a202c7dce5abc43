import { formatYen } from "#app/lib/money";

/**
 * Month and amount labels of the cashback pages, shared by the chart and its table so both
 * say the same thing. Formatted by hand (no Intl) like app/lib/money.ts, so the server's and
 * the browser's output agree.
 */

/** A translate function (react-i18next's `t` with the cashback namespace loaded). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface MonthAmount {
  /** "YYYY-MM" (Tokyo). */
  month: string;
  amount: number;
}

function parts(month: string) {
  const [year = "", m = "1"] = month.split("-");
  return { year, month: String(Number(m)) };
}

/** "2026年11月" / "Nov 2026". */
export function monthLabel(t: Translate, month: string): string {
  const p = parts(month);
  return t("cashback:monthLabel", { year: p.year, name: t(`cashback:months.${p.month}`) });
}

/** "11月" / "Nov". */
export function monthShort(t: Translate, month: string): string {
  return t(`cashback:months.${parts(month).month}`);
}

/** "2026年" / "2026": shown under the first bar and under each January. */
export function yearTick(t: Translate, month: string): string {
  return t("cashback:yearTick", { year: parts(month).year });
}

function trimmed(value: number): string {
  return (Math.round(value * 10) / 10).toString();
}

/**
 * An axis label short enough for a 375 px chart: Japanese counts in 万 (10,000), English in
 * k and M. Exact amounts are in the tooltip and the table.
 */
export function compactYen(amount: number, language: string): string {
  if (amount === 0) return "¥0";
  if (language === "ja") {
    if (amount >= 100_000_000) return `¥${trimmed(amount / 100_000_000)}億`;
    if (amount >= 10_000) return `¥${trimmed(amount / 10_000)}万`;
    return formatYen(amount);
  }
  if (amount >= 1_000_000) return `¥${trimmed(amount / 1_000_000)}M`;
  if (amount >= 1_000) return `¥${trimmed(amount / 1_000)}k`;
  return formatYen(amount);
}

/**
 * One format for a whole axis, chosen by its largest value: every label in 万 (or k, M) once
 * any is, so an axis never reads "¥7,500" under "¥1.5万". Two decimals at most (¥0.75万).
 */
export function axisYen(max: number, language: string): (amount: number) => string {
  const units: [number, string][] =
    language === "ja"
      ? [
          [100_000_000, "億"],
          [10_000, "万"],
        ]
      : [
          [1_000_000, "M"],
          [1_000, "k"],
        ];
  const unit = units.find(([size]) => max >= size);
  if (!unit) return formatYen;
  const [size, suffix] = unit;
  return (amount) =>
    amount === 0 ? "¥0" : `¥${(Math.round((amount / size) * 100) / 100).toString()}${suffix}`;
}

/** A trade date "2026-11-21" (a Tokyo calendar day, no time) as "2026/11/21". */
export function formatTradeDate(day: string): string {
  return day.replace(/-/g, "/");
}

/** Lots stored in thousandths, with thousands separators: 1250 → "1.25", 1234500 → "1,234.5". */
export function formatLots(lotsMilli: number): string {
  // The fraction has at most three digits, so the grouping never reaches past the point.
  return (lotsMilli / 1000)
    .toFixed(3)
    .replace(/\.?0+$/, "")
    .replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** A count with thousands separators: 12345 → "12,345" (by hand, like formatYen). */
export function formatCount(n: number): string {
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * The months that carry a label, counted back from the latest (always labelled), and which of
 * them also show the year: the first labelled one and each where the year changes.
 */
export function tickPlan(months: string[], every: number) {
  const labelled = months.map((_, i) => (months.length - 1 - i) % every === 0);
  let previousYear: string | null = null;
  const year = months.map((m, i) => {
    if (!labelled[i]) return false;
    const y = m.slice(0, 4);
    const show = y !== previousYear;
    previousYear = y;
    return show;
  });
  return { labelled, year };
}
