import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "#app/lib/hydrated";
import { formatYen } from "#app/lib/money";
import { DataTable, wholeList } from "#app/components/table/DataTable";
import { EmptyState } from "#app/components/ui/EmptyState";
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
  // Months of nothing are said in words: bars of zero drew only an axis from ¥0 to ¥4.
  if (data.every((m) => m.amount === 0)) {
    return <EmptyState testId={`${testId}-empty`}>{t("monthly.empty")}</EmptyState>;
  }
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
      <DataTable
        label={t("monthly.tableLabel")}
        page={wholeList([...data].reverse())}
        rowKey={(m) => m.month}
        hidePaging
        hideRange
        screenReaderOnly={!tableShown}
        testId={`${testId}-table`}
        rowTestId="monthly-row"
        rowData={(m) => ({ month: m.month })}
        columns={[
          {
            key: "month",
            header: t("monthly.month"),
            rowHeader: true,
            nowrap: true,
            cell: (m) => monthLabel(t, m.month),
          },
          {
            key: "amount",
            header: t("monthly.amount"),
            align: "right",
            nowrap: true,
            className: "tabular-nums",
            cell: (m) => formatYen(m.amount),
          },
        ]}
      />
    </div>
  );
}
