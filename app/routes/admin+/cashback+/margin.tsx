import { title } from "#app/lib/page-title";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { SectionTabs } from "#app/components/admin/SectionTabs";
import { ValueBars } from "#app/components/cashback/MiniBars";
import { compactYen, monthLabel, monthShort } from "#app/components/cashback/months";
import { type Column, DataTable, wholeList } from "#app/components/table/DataTable";
import { InputFilter, SelectFilter, TableFilters } from "#app/components/table/TableFilters";
import { searchParamsObject } from "#app/components/table/url";
import { card } from "#app/components/ui/card";
import { PageTitle } from "#app/components/ui/PageTitle";
import { formatYen } from "#app/lib/money";
import { formatMarginPercent } from "#domain/margin";
import type { MarginRow, MarginTotal } from "#server/features/cashback/margin";
import { answerRefusals } from "#app/lib/refusals.server";

export const handle = { title: title.key("cashback:margin.title"), i18n: ["cashback", "errors"] };

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const [report, brokers] = await Promise.all([
      context.trpc.cashback.margin(searchParamsObject(request.url)),
      context.trpc.brokers.list(),
    ]);
    return json({ report, brokers: brokers.map((b) => ({ id: b.id, name: b.name })) });
  },
);

const CHART_HEIGHT = 170;
const CHART_MONTHS = 12;

/** A margin, or "—" when it is unknown (some of its rows have no IB commission recorded). */
const marginText = (margin: number | null) => (margin === null ? "—" : formatYen(margin));

/**
 * /admin/cashback/margin: the operator's margin per broker and Tokyo month: the
 * IB commission received, the members' cashback and the affiliate rewards paid on it, the margin
 * and its share of the commission; the period's totals, a chart of the last twelve months of the
 * range and a CSV of the table.
 */
export default function AdminCashbackMargin() {
  const { t, i18n } = useTranslation("cashback");
  const { report, brokers } = useLoaderData<typeof loader>();
  const note = (r: Pick<MarginRow, "coverage" | "rows" | "rowsWithoutCommission">) =>
    r.coverage === "none"
      ? t("margin.noCommission", { count: r.rowsWithoutCommission })
      : r.coverage === "partial"
        ? t("margin.partialCommission", { count: r.rowsWithoutCommission, rows: r.rows })
        : null;
  const columns: Column<MarginRow>[] = [
    {
      key: "month",
      header: t("margin.columns.month"),
      rowHeader: true,
      nowrap: true,
      cell: (r) => monthLabel(t, r.month),
    },
    { key: "broker", header: t("margin.columns.broker"), cell: (r) => r.brokerName },
    {
      key: "commission",
      header: t("margin.columns.commission"),
      align: "right",
      cell: (r) => (
        <span className="block tabular-nums">
          <span className="whitespace-nowrap">
            {r.coverage === "none" ? "—" : formatYen(r.commission)}
          </span>
          {note(r) && (
            <span
              className="block text-xs text-amber-800 dark:text-amber-200"
              data-testid="margin-commission-note"
            >
              {note(r)}
            </span>
          )}
        </span>
      ),
    },
    {
      key: "cashback",
      header: t("margin.columns.cashback"),
      align: "right",
      nowrap: true,
      cell: (r) => <span className="tabular-nums">{formatYen(r.cashback)}</span>,
    },
    {
      key: "rewards",
      header: t("margin.columns.rewards"),
      align: "right",
      nowrap: true,
      cell: (r) => <span className="tabular-nums">{formatYen(r.rewards)}</span>,
    },
    {
      key: "margin",
      header: t("margin.columns.margin"),
      align: "right",
      nowrap: true,
      cell: (r) => (
        <span
          className={`font-semibold tabular-nums ${r.margin !== null && r.margin < 0 ? "text-red-700 dark:text-red-300" : ""}`}
          data-testid="margin-value"
        >
          {marginText(r.margin)}
        </span>
      ),
    },
    {
      key: "percent",
      header: t("margin.columns.percent"),
      align: "right",
      nowrap: true,
      cell: (r) => <span className="tabular-nums">{formatMarginPercent(r.percentX10)}</span>,
    },
  ];
  const chartMonths = report.months.slice(-CHART_MONTHS);
  const signedYen = (amount: number) =>
    amount < 0 ? `-${compactYen(-amount, i18n.language)}` : compactYen(amount, i18n.language);
  return (
    <div className="space-y-4">
      <PageTitle>{t("margin.title")}</PageTitle>
      <SectionTabs section="cashback" />
      <p className="text-sm text-slate-700 dark:text-slate-300">{t("margin.intro")}</p>
      <TableFilters label={t("margin.filters.label")}>
        <SelectFilter
          name="broker"
          label={t("margin.filters.broker")}
          allLabel={t("margin.filters.all")}
          options={brokers.map((b) => ({ value: b.id, label: b.name }))}
          testId="filter-broker"
        />
        <InputFilter
          name="from"
          type="month"
          label={t("margin.filters.from")}
          current={report.from}
          testId="filter-from"
        />
        <InputFilter
          name="to"
          type="month"
          label={t("margin.filters.to")}
          current={report.to}
          testId="filter-to"
        />
      </TableFilters>

      <Totals
        total={report.total}
        range={t("margin.range", {
          from: monthLabel(t, report.from),
          to: monthLabel(t, report.to),
        })}
      />

      <MarginChart title={t("margin.chart.title")} months={chartMonths} signedYen={signedYen} />

      <DataTable
        label={t("margin.tableLabel")}
        page={wholeList(report.rows)}
        rowKey={(r) => `${r.month}:${r.brokerId}`}
        rowData={(r) => ({ month: r.month, broker: r.brokerId })}
        hidePaging
        empty={t("margin.empty")}
        csvHref="/admin/cashback/margin/export"
        testId="margin-table"
        rowTestId="margin-row"
        columns={columns}
      />
      <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="margin-rule">
        {t("margin.rule")}
      </p>
    </div>
  );
}

/** The period's totals; the margin only over the broker-months whose commission is known. */
function Totals({ total, range }: { total: MarginTotal; range: string }) {
  const { t } = useTranslation("cashback");
  const id = useId();
  const figures: [string, string, string][] = [
    ["commission", t("margin.total.commission"), formatYen(total.commission)],
    ["cashback", t("margin.total.cashback"), formatYen(total.cashback)],
    ["rewards", t("margin.total.rewards"), formatYen(total.rewards)],
    ["margin", t("margin.total.margin"), marginText(total.margin)],
    ["percent", t("margin.total.percent"), formatMarginPercent(total.percentX10)],
  ];
  return (
    <section aria-labelledby={id} className={`${card} space-y-3 p-4`} data-testid="margin-total">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id={id} className="text-base font-semibold text-slate-900 dark:text-white">
          {t("margin.total.title")}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">{range}</p>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {figures.map(([key, label, value]) => (
          <div key={key}>
            <dt className="text-sm text-slate-600 dark:text-slate-300">{label}</dt>
            <dd
              className="text-lg font-bold tabular-nums text-slate-900 dark:text-white"
              data-testid={`margin-total-${key}`}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {total.groupsWithoutMargin > 0 && (
        <p className="text-sm text-amber-800 dark:text-amber-200" data-testid="margin-excluded">
          {t("margin.total.excluded", { count: total.groupsWithoutMargin })}
        </p>
      )}
    </section>
  );
}

/**
 * The margin of each month as bars (a loss draws no bar; its value says it), with every figure
 * in a table for screen readers. A month whose margin is unknown for some broker shows the
 * known brokers' margin; the table says which months leave brokers out.
 */
function MarginChart({
  title,
  months,
  signedYen,
}: {
  title: string;
  months: ({ month: string } & MarginTotal)[];
  signedYen: (amount: number) => string;
}) {
  const { t } = useTranslation("cashback");
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={`${card} min-w-0 space-y-3 p-4`}
      data-testid="margin-chart"
    >
      <h2 id={id} className="text-base font-semibold text-slate-900 dark:text-white">
        {title}
      </h2>
      <div style={{ height: CHART_HEIGHT }}>
        <ValueBars
          height={CHART_HEIGHT}
          every={2}
          points={months.map((m) => ({
            key: m.month,
            amount: Math.max(0, m.margin ?? 0),
            tick: monthShort(t, m.month),
            value: m.margin === null ? "" : signedYen(m.margin),
          }))}
        />
      </div>
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t("margin.chart.month")}</th>
              <th scope="col">{t("margin.chart.margin")}</th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{monthLabel(t, m.month)}</th>
                <td>
                  {m.margin === null ? t("margin.chart.noData") : formatYen(m.margin)}
                  {m.groupsWithoutMargin > 0 && m.margin !== null
                    ? ` (${t("margin.total.excluded", { count: m.groupsWithoutMargin })})`
                    : ""}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
