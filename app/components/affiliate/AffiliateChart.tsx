import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatYen } from "~/lib/money";
import { EmptyState } from "~/components/ui/EmptyState";
import type { RewardPoint } from "./RewardsChart.client";

const RewardsChart = lazy(() => import("./RewardsChart.client"));

/**
 * The period's rewards as a bar chart, with a table of the same figures as its accessible
 * equivalent (visually hidden: the summary figures above already say the totals).
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
      {/* A table ignores a 1 px width: inside a screen-reader-only box, it cannot widen the page. */}
      <div className="sr-only">
        <table>
          <caption>{t("summary.chartLabel")}</caption>
          <thead>
            <tr>
              <th scope="col">{bucket === "day" ? t("summary.date") : t("summary.month")}</th>
              <th scope="col">{t("summary.registrations")}</th>
              <th scope="col">{t("summary.rewards")}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((p) => (
              <tr key={p.label}>
                <th scope="row">{p.label}</th>
                <td>{p.registrations}</td>
                <td>{formatYen(p.rewards)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
