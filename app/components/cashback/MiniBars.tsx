import { useTranslation } from "react-i18next";
import { compactYen, type MonthAmount, monthShort, tickPlan } from "./months";

/** One bar: its height comes from `amount`; `tick` is written under it, `value` over it. */
export interface BarPoint {
  key: string;
  amount: number;
  tick: string;
  value: string;
}

/**
 * Which bars write their value: a bar with a value, if no bar within `gap` after it writes one,
 * counted back from the latest. Sparse bars (a few days with cashback in a month) all show
 * theirs; dense ones every `gap`-th, so the values never overlap on a phone.
 */
export function valuesShown(amounts: number[], gap: number): boolean[] {
  const shown = amounts.map(() => false);
  let next = Number.POSITIVE_INFINITY;
  for (let i = amounts.length - 1; i >= 0; i--) {
    if (amounts[i]! > 0 && next - i >= gap) {
      shown[i] = true;
      next = i;
    }
  }
  return shown;
}

/**
 * A small bar chart drawn with plain elements, so a page never downloads the charting library
 * (about 100 KB compressed) for it. No axis or tooltip: bars write their value over them
 * (`valuesShown`, at least `valueGap` bars apart) and every `every`-th bar its tick under it,
 * counted back from the latest (always labelled), so no labels overlap on a phone. The exact
 * figures are in the table the caller keeps beside it or for screen readers.
 */
export function ValueBars({
  points,
  height,
  every = 1,
  valueGap = every,
}: {
  points: BarPoint[];
  height: number;
  every?: number;
  valueGap?: number;
}) {
  const max = Math.max(1, ...points.map((p) => p.amount));
  const { labelled } = tickPlan(
    points.map((p) => p.key),
    every,
  );
  const withValue = valuesShown(
    points.map((p) => p.amount),
    valueGap,
  );
  return (
    <div
      className={`flex h-full items-stretch ${points.length > 12 ? "gap-px sm:gap-0.5" : "gap-1 sm:gap-1.5"}`}
      aria-hidden="true"
    >
      {points.map((p, i) => (
        <div key={p.key} className="flex min-w-0 flex-1 flex-col items-center justify-end">
          {/* A labelled bar's value may be wider than its bar: the neighbour it overlaps is unlabelled. */}
          <div
            data-testid="mini-bar-value"
            className="mb-0.5 h-3.5 w-max whitespace-nowrap text-[10px] font-medium leading-[14px] tabular-nums text-slate-700 dark:text-slate-200"
          >
            {withValue[i] ? p.value : ""}
          </div>
          <div
            data-testid="mini-bar"
            className="w-full max-w-10 rounded-t bg-emerald-600 dark:bg-emerald-500"
            style={{ height: `${Math.round((p.amount / max) * (height - 40))}px` }}
          />
          <div className="mt-1 h-4 w-max whitespace-nowrap text-[11px] leading-4 text-slate-600 dark:text-slate-300">
            {labelled[i] ? p.tick : ""}
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * Cashback by month as plain bars: the dashboard's compact report. Each labelled month shows
 * its amount over its bar (short: ¥1.2万, ¥12k); twelve labels do not fit a phone, so every
 * other month is labelled when there are many.
 */
export function MiniBars({ data, height }: { data: MonthAmount[]; height: number }) {
  const { t, i18n } = useTranslation("cashback");
  return (
    <ValueBars
      height={height}
      every={data.length > 6 ? 2 : 1}
      points={data.map((d) => ({
        key: d.month,
        amount: d.amount,
        tick: monthShort(t, d.month),
        value: compactYen(d.amount, i18n.language),
      }))}
    />
  );
}
