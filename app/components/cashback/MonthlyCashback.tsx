import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/lib/hydrated";
import { formatYen } from "~/lib/money";
import { MiniBars } from "./MiniBars";
import { type MonthAmount, monthLabel } from "./months";

// recharts needs the DOM: its module is fetched in the browser only, after hydration.
const MonthlyChart = lazy(() => import("./MonthlyChart.client"));

/**
 * Cashback by month: a bar chart and the table holding the same figures, which is the chart's
 * accessible equivalent (the chart itself is one image to assistive technology). `tableShown`
 * false keeps the table for screen readers only (the dashboard's compact report).
 */
export function MonthlyCashback({
  data,
  height = 260,
  tableShown = true,
  testId = "monthly",
  lite = false,
}: {
  data: MonthAmount[];
  height?: number;
  tableShown?: boolean;
  testId?: string;
  /** Plain bars instead of the full chart: no charting library for this page (the dashboard). */
  lite?: boolean;
}) {
  const { t } = useTranslation("cashback");
  const hydrated = useHydrated();
  const placeholder = (
    <div className="flex h-full items-center justify-center text-sm text-slate-500 dark:text-slate-400">
      {t("monthly.loading")}
    </div>
  );
  return (
    <div
      className={
        tableShown ? "grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-center" : ""
      }
      data-testid={testId}
    >
      <div
        role="img"
        aria-label={t("monthly.chartLabel")}
        style={{ height }}
        className="min-w-0"
        data-testid={`${testId}-chart`}
      >
        {lite ? (
          <MiniBars data={data} height={height} />
        ) : hydrated ? (
          <Suspense fallback={placeholder}>
            <MonthlyChart data={data} height={height} />
          </Suspense>
        ) : (
          placeholder
        )}
      </div>
      <div className={tableShown ? "overflow-x-auto" : "sr-only"}>
        <table
          className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-700"
          data-testid={`${testId}-table`}
        >
          <caption className="sr-only">{t("monthly.tableLabel")}</caption>
          <thead>
            <tr>
              <th
                scope="col"
                className="px-3 py-1.5 text-left font-semibold text-slate-700 dark:text-slate-200"
              >
                {t("monthly.month")}
              </th>
              <th
                scope="col"
                className="px-3 py-1.5 text-right font-semibold text-slate-700 dark:text-slate-200"
              >
                {t("monthly.amount")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {[...data].reverse().map((m) => (
              <tr key={m.month} data-testid="monthly-row" data-month={m.month}>
                <th
                  scope="row"
                  className="whitespace-nowrap px-3 py-1.5 text-left font-normal text-slate-700 dark:text-slate-200"
                >
                  {monthLabel(t, m.month)}
                </th>
                <td className="whitespace-nowrap px-3 py-1.5 text-right tabular-nums text-slate-900 dark:text-slate-100">
                  {formatYen(m.amount)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
