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
 * A small bar chart drawn with plain elements, so a page never downloads the charting library
 * (about 100 KB compressed) for it. No axis or tooltip: each labelled bar shows its value over
 * it and its tick under it; with many bars only every `every`-th one, counted back from the
 * latest (always labelled), so the labels never overlap on a phone. The exact figures are in
 * the table the caller keeps beside it or for screen readers.
 */
export function ValueBars({
  points,
  height,
  every = 1,
}: {
  points: BarPoint[];
  height: number;
  every?: number;
}) {
  const max = Math.max(1, ...points.map((p) => p.amount));
  const { labelled } = tickPlan(
    points.map((p) => p.key),
    every,
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
            {labelled[i] && p.amount > 0 ? p.value : ""}
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
