import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatYen } from "#app/lib/money";
import { EmptyState } from "#app/components/ui/EmptyState";
import { SummaryTable } from "#app/components/cashback/SummaryTable";
import type { RewardPoint } from "./__rewards-chart.client";

const RewardsChart = lazy(() => import("./__rewards-chart.client"));

/**
 * The period's rewards as a bar chart, and under it the same figures as a table (the chart's
 * accessible equivalent, and the values a phone cannot hover for): only the days or months
 * that had a registration or a reward, so a month of quiet days is not thirty empty rows.
 */
export function AffiliateChart({ data, bucket }: { data: RewardPoint[]; bucket: "day" | "month" }) {
  const { t } = useTranslation("affiliate");
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const placeholder = (
    <div className="flex h-full items-center justify-center text-sm text-slate-500 dark:text-slate-400">
      {t("summary.loading")}
    </div>
  );
  // An empty period is said in words: a chart of zeros only drew an axis from ¥0 to ¥4.
  if (data.every((p) => p.rewards === 0 && p.registrations === 0)) {
    return <EmptyState testId="affiliate-chart-empty">{t("summary.chartEmpty")}</EmptyState>;
  }
  return (
    <div data-testid="affiliate-chart">
      <div
        role="img"
        aria-label={t("summary.chartLabel")}
        style={{ height: 240 }}
        className="min-w-0"
      >
        {hydrated ? (
          <Suspense fallback={placeholder}>
            <RewardsChart data={data} height={240} />
          </Suspense>
        ) : (
          placeholder
        )}
      </div>
      {/* The figures as text: the periods that had any, newest first (a phone has no hover). */}
      <div className="mt-4">
        <SummaryTable
          caption={bucket === "day" ? t("summary.figuresDay") : t("summary.figuresMonth")}
          columns={[
            { header: bucket === "day" ? t("summary.date") : t("summary.month"), nowrap: true },
            { header: t("summary.registrations"), align: "right", cellClassName: "tabular-nums" },
            {
              header: t("summary.rewards"),
              align: "right",
              nowrap: true,
              cellClassName: "tabular-nums",
            },
          ]}
          rows={data
            .filter((p) => p.rewards > 0 || p.registrations > 0)
            .reverse()
            .map((p) => ({
              key: p.label,
              cells: [p.label.replace(/-/g, "/"), p.registrations, formatYen(p.rewards)],
            }))}
          empty={t("summary.chartEmpty")}
          testId="affiliate-figures"
          rowTestId="affiliate-figure"
        />
      </div>
    </div>
  );
}
