import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { MonthlyCashback } from "#app/components/cashback/MonthlyCashback";
import { formatTradeDate } from "#app/components/cashback/months";
import { tradeColumns } from "#app/components/cashback/trade-columns";
import { fetchFailedBoundary } from "#app/components/FetchFailed";
import { StatFigures } from "#app/components/StatFigures";
import { card } from "#app/components/ui/card";
import { PeriodFilter } from "#app/components/PeriodFilter";
import { timeColumn, yenColumn } from "#app/components/table/columns";
import { DataTable } from "#app/components/table/DataTable";
import { searchParamsObject } from "#app/components/table/url";
import { formatYen } from "#app/lib/money";
import { yenPerLot } from "#domain/broker-terms";
import { PERIOD_PRESETS, type PeriodPreset } from "#domain/periods";
import { PageTitle } from "#app/components/ui/PageTitle";
import { PageSection } from "#app/components/PageSection";
import { SummaryTable } from "#app/components/cashback/SummaryTable";
import { RateApplied } from "#app/components/brokers/rates";
import { AccountTypeBanner } from "#app/components/brokers/AccountTypeBanner";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = {
  title: title.key("nav.cashback"),
  i18n: ["cashback", "wallet", "brokers", "accounts", "errors"],
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The period the summary is for, as the procedures read it: an unknown preset, or a custom
 * range without valid dates, is "all" (server/features/cashback/schema.ts).
 */
function periodOf(params: Record<string, string>) {
  const period = (PERIOD_PRESETS as readonly string[]).includes(params.period ?? "")
    ? (params.period as PeriodPreset)
    : "all";
  if (period !== "custom") return { period } as const;
  const { from = "", to = "" } = params;
  if (!DAY.test(from) || !DAY.test(to) || from > to) return { period: "all" } as const;
  return { period, from, to } as const;
}

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const params = searchParamsObject(request.url);
    const [summary, history, monthly, missingType] = await Promise.all([
      context.trpc.cashback.summary(params),
      context.trpc.cashback.history(params),
      context.trpc.cashback.monthly({ months: 12 }),
      context.trpc.brokers.accounts.missingType(),
    ]);
    return json({ period: periodOf(params), summary, history, monthly, missingType });
  },
);

/**
 * /users/cashback: the summary for the chosen period and all time (by company and by
 * account), cashback by month as a bar chart and a table, and the history with the period
 * presets, page size and CSV export. One period filter drives the summary and the history;
 * the monthly figures always cover the last 12 months.
 */
export default function Cashback() {
  const { t } = useTranslation(["cashback", "wallet"]);
  const { period, summary, history, monthly, missingType } = useLoaderData<typeof loader>();
  const periodName =
    period.period === "custom"
      ? `${formatTradeDate(period.from)} – ${formatTradeDate(period.to)}`
      : t(`wallet:period.${period.period}`);
  return (
    <div className="space-y-8">
      <PageTitle>{t("title")}</PageTitle>
      <AccountTypeBanner accounts={missingType} />
      <PeriodFilter label={t("wallet:period.label")} />

      <PageSection id="cb-summary" title={t("summary.title")} testId="cashback-summary">
        <StatFigures
          className="grid-cols-2"
          items={[
            {
              label: t("summary.periodTotal", { period: periodName }),
              value: formatYen(summary.periodTotal),
              testId: "summary-period",
            },
            {
              label: t("summary.allTime"),
              value: formatYen(summary.allTime),
              testId: "summary-all",
            },
          ]}
        />
        <div className="grid gap-3 md:grid-cols-2">
          <Breakdown
            title={t("summary.byBroker")}
            empty={t("summary.empty")}
            testId="summary-by-broker"
            head={[t("summary.broker")]}
            rows={summary.byBroker.map((b) => ({
              key: b.brokerName,
              cells: [b.brokerName],
              amount: b.amount,
            }))}
          />
          <Breakdown
            title={t("summary.byAccount")}
            empty={t("summary.empty")}
            testId="summary-by-account"
            head={[t("summary.broker"), t("summary.account")]}
            rows={summary.byAccount.map((a) => ({
              key: a.accountId,
              cells: [a.brokerName, a.accountNumber],
              amount: a.amount,
            }))}
          />
        </div>
      </PageSection>

      <PageSection id="cb-monthly" title={t("monthly.title")}>
        <div className={`${card} p-3 sm:p-4`}>
          <MonthlyCashback data={monthly} height={320} />
        </div>
      </PageSection>
      <PageSection id="cb-history" title={t("history.title")}>
        <DataTable
          label={t("history.title")}
          page={history}
          empty={t("history.empty")}
          csvHref="/users/cashback/export"
          testId="cashback-history"
          columns={[
            timeColumn("tradeDate", t("history.date"), { sorted: true, format: formatTradeDate }),
            ...tradeColumns({
              broker: t("history.broker"),
              account: t("history.account"),
              lots: t("history.lots"),
            }),
            {
              // The rate card's rate the row was priced at, with the type it came from. Rows
              // credited before rates were stored with them show what they paid per lot.
              key: "rate",
              header: t("history.rate"),
              align: "right",
              cell: (r) => {
                if (r.rate) return <RateApplied rate={r.rate} />;
                const perLot = yenPerLot(r.amount, r.lotsMilli);
                return perLot === null ? (
                  "—"
                ) : (
                  <span className="whitespace-nowrap tabular-nums" data-testid="row-rate">
                    {t("history.perLot", { amount: formatYen(perLot) })}
                  </span>
                );
              },
            },
            yenColumn("amount", t("history.amount"), { sorted: true, figures: "strong" }),
          ]}
        />
      </PageSection>
    </div>
  );
}

/** A small table of amounts by company or by account, largest first. */
function Breakdown({
  title,
  head,
  rows,
  empty,
  testId,
}: {
  title: string;
  head: string[];
  rows: { key: string; cells: ReactNode[]; amount: number }[];
  empty: string;
  testId: string;
}) {
  const { t } = useTranslation("cashback");
  return (
    <SummaryTable
      caption={title}
      columns={[
        ...head.map((header) => ({
          header,
          cellClassName: "text-slate-800 dark:text-slate-100",
        })),
        {
          header: t("summary.amount"),
          align: "right" as const,
          cellClassName:
            "whitespace-nowrap font-semibold tabular-nums text-slate-900 dark:text-white",
        },
      ]}
      rows={rows.map((r) => ({ key: r.key, cells: [...r.cells, formatYen(r.amount)] }))}
      empty={empty}
      testId={testId}
      rowTestId="breakdown-row"
    />
  );
}

/** The "data fetch failed" message when the cashback cannot be loaded. */
export const ErrorBoundary = fetchFailedBoundary("/users/cashback");

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
