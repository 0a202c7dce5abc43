import { useTranslation } from "react-i18next";
import { compactYen, type MonthAmount, monthShort, tickPlan } from "./months";

/**
 * A small bar chart of cashback by month drawn with plain elements: the dashboard's compact
 * report, so the dashboard never downloads the charting library (about 100 KB compressed) that
 * the full chart on /users/cashback uses. No axis or tooltip: each labelled month shows its
 * amount over its bar (short: ¥1.2万, ¥12k), the exact figures are in the table the caller keeps
 * for screen readers, and one click away on the cashback page.
 */
export function MiniBars({ data, height }: { data: MonthAmount[]; height: number }) {
  const { t, i18n } = useTranslation("cashback");
  const max = Math.max(1, ...data.map((d) => d.amount));
  // Twelve labels do not fit a phone: every other month is labelled when there are many.
  const plan = tickPlan(
    data.map((d) => d.month),
    data.length > 6 ? 2 : 1,
  );
  return (
    <div className="flex h-full items-stretch gap-1 sm:gap-1.5" aria-hidden="true">
      {data.map((d, i) => (
        <div key={d.month} className="flex min-w-0 flex-1 flex-col items-center justify-end">
          {/* A labelled month's value may be wider than its bar: the neighbour it overlaps is unlabelled. */}
          <div
            data-testid="mini-bar-value"
            className="mb-0.5 h-3.5 w-max whitespace-nowrap text-[10px] font-medium leading-[14px] tabular-nums text-slate-700 dark:text-slate-200"
          >
            {plan.labelled[i] && d.amount > 0 ? compactYen(d.amount, i18n.language) : ""}
          </div>
          <div
            data-testid="mini-bar"
            className="w-full max-w-10 rounded-t bg-emerald-600 dark:bg-emerald-500"
            style={{ height: `${Math.round((d.amount / max) * (height - 40))}px` }}
          />
          <div className="mt-1 h-4 whitespace-nowrap text-[11px] leading-4 text-slate-600 dark:text-slate-300">
            {plan.labelled[i] ? monthShort(t, d.month) : ""}
          </div>
        </div>
      ))}
    </div>
  );
}
