import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { type BarPoint, ValueBars } from "#app/components/cashback/MiniBars";
import { compactYen, formatCount, monthLabel, monthShort } from "#app/components/cashback/months";
import { card } from "#app/components/ui/card";
import { formatYen } from "#app/lib/money";

const CHART_HEIGHT = 170;

interface Charts {
  daily: { day: string; amount: number }[];
  monthly: { month: string; amount: number }[];
  byBroker: { brokerId: string; name: string; amount: number }[];
  newMembersWeekly: { week: string; count: number }[];
}

/** "2026-11-25" → "11/25". */
const monthDay = (day: string) => `${Number(day.slice(5, 7))}/${Number(day.slice(8, 10))}`;

/**
 * The admin home's four charts. Bars carry their values as text (every few bars on a phone),
 * each chart's total is written beside its title, and a table of every figure is there for
 * screen readers (the bars themselves are hidden from them).
 */
export function HomeCharts({ charts }: { charts: Charts }) {
  const { t, i18n } = useTranslation("cashback");
  const yen = (amount: number) => compactYen(amount, i18n.language);
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const daily: BarPoint[] = charts.daily.map((d) => ({
    key: d.day,
    amount: d.amount,
    tick: monthDay(d.day),
    value: yen(d.amount),
  }));
  const monthly: BarPoint[] = charts.monthly.map((m) => ({
    key: m.month,
    amount: m.amount,
    tick: monthShort(t, m.month),
    value: yen(m.amount),
  }));
  const weekly: BarPoint[] = charts.newMembersWeekly.map((w) => ({
    key: w.week,
    amount: w.count,
    tick: monthDay(w.week),
    value: formatCount(w.count),
  }));
  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <ChartCard
        title={t("home.charts.daily")}
        total={formatYen(sum(charts.daily.map((d) => d.amount)))}
        testId="chart-daily"
        rows={charts.daily.map((d) => [d.day.replaceAll("-", "/"), formatYen(d.amount)])}
        columns={[t("home.charts.day"), t("home.charts.amount")]}
      >
        <Bars>
          <ValueBars points={daily} height={CHART_HEIGHT} every={7} valueGap={4} />
        </Bars>
      </ChartCard>
      <ChartCard
        title={t("home.charts.monthly")}
        total={formatYen(sum(charts.monthly.map((m) => m.amount)))}
        testId="chart-monthly"
        rows={charts.monthly.map((m) => [monthLabel(t, m.month), formatYen(m.amount)])}
        columns={[t("home.charts.month"), t("home.charts.amount")]}
      >
        <Bars>
          <ValueBars points={monthly} height={CHART_HEIGHT} every={2} />
        </Bars>
      </ChartCard>
      <ChartCard
        title={t("home.charts.byBroker")}
        total={formatYen(sum(charts.byBroker.map((b) => b.amount)))}
        testId="chart-brokers"
        rows={charts.byBroker.map((b) => [b.name, formatYen(b.amount)])}
        columns={[t("home.charts.broker"), t("home.charts.amount")]}
      >
        <BrokerBars brokers={charts.byBroker} />
      </ChartCard>
      <ChartCard
        title={t("home.charts.newMembers")}
        total={t("home.charts.people", {
          n: formatCount(sum(charts.newMembersWeekly.map((w) => w.count))),
        })}
        testId="chart-members"
        rows={charts.newMembersWeekly.map((w) => [
          t("home.charts.weekOf", { day: w.week.replaceAll("-", "/") }),
          formatCount(w.count),
        ])}
        columns={[t("home.charts.week"), t("home.charts.members")]}
      >
        <Bars>
          <ValueBars points={weekly} height={CHART_HEIGHT} every={2} />
        </Bars>
      </ChartCard>
    </div>
  );
}

/** The bar charts' box: its height is the bars' scale. */
function Bars({ children }: { children: ReactNode }) {
  return <div style={{ height: CHART_HEIGHT }}>{children}</div>;
}

function ChartCard({
  title,
  total,
  testId,
  rows,
  columns,
  children,
}: {
  title: string;
  total: string;
  testId: string;
  rows: [string, string][];
  columns: [string, string];
  children: ReactNode;
}) {
  const { t } = useTranslation("cashback");
  const id = useId();
  return (
    <section aria-labelledby={id} className={`${card} min-w-0 space-y-3 p-4`} data-testid={testId}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id={id} className="text-base font-semibold text-slate-900 dark:text-white">
          {title}
        </h2>
        <p
          className="text-sm font-semibold tabular-nums text-slate-700 dark:text-slate-200"
          data-testid={`${testId}-total`}
        >
          {t("home.charts.total", { value: total })}
        </p>
      </div>
      <div className="min-w-0">{children}</div>
      {/* A table ignores a 1 px width: inside a screen-reader-only box it cannot widen the page. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{columns[0]}</th>
              <th scope="col">{columns[1]}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, value]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Cashback by broker: a row per broker, the largest first, its amount written out. */
function BrokerBars({ brokers }: { brokers: Charts["byBroker"] }) {
  const { t } = useTranslation("cashback");
  if (brokers.length === 0) {
    return (
      <p className="py-8 text-center text-sm text-slate-600 dark:text-slate-300">
        {t("home.charts.noCashback")}
      </p>
    );
  }
  const max = Math.max(1, ...brokers.map((b) => b.amount));
  return (
    <ul className="space-y-2" aria-hidden="true">
      {brokers.map((b) => (
        <li key={b.brokerId} className="text-sm" data-testid="broker-bar">
          <div className="flex items-baseline justify-between gap-3">
            <span className="min-w-0 break-words text-slate-700 dark:text-slate-200">{b.name}</span>
            <span className="shrink-0 tabular-nums font-medium text-slate-900 dark:text-slate-100">
              {formatYen(b.amount)}
            </span>
          </div>
          <div className="mt-1 h-2 rounded bg-slate-100 dark:bg-slate-800">
            <div
              className="h-2 rounded bg-emerald-600 dark:bg-emerald-500"
              style={{ width: `${Math.max(1, Math.round((b.amount / max) * 100))}%` }}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
