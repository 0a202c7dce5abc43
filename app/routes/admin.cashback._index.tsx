import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatLots, formatTradeDate } from "~/components/cashback/months";
import { EmailText } from "~/components/cells";
import { PeriodFields } from "~/components/PeriodFields";
import { DataTable } from "~/components/table/DataTable";
import { FilterField, filterControl, TableFilters } from "~/components/table/TableFilters";
import { searchParamsObject } from "~/components/table/url";
import { formatYen } from "~/lib/money";
import { card } from "~/components/ui/card";
import { textLink } from "~/components/ui/link";
import { PageTitle } from "~/components/ui/PageTitle";

export const handle = { i18n: ["cashback", "wallet", "errors"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [page, brokers] = await Promise.all([
    context.trpc.cashback.list(searchParamsObject(request.url)),
    context.trpc.brokers.list(),
  ]);
  return json({ page, brokers: brokers.map((b) => ({ id: b.id, name: b.name })) });
}

/** /admin/cashback: every cashback history row, filtered by member, broker, account and period. */
export default function AdminCashback() {
  const { t } = useTranslation(["cashback", "wallet"]);
  const { page, brokers } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  return (
    <div className="space-y-4">
      <PageTitle>{t("list.title")}</PageTitle>
      <TableFilters label={t("list.filters.label")}>
        <FilterField label={t("list.filters.member")} htmlFor="f-member">
          <input
            id="f-member"
            name="member"
            type="search"
            defaultValue={params.get("member") ?? ""}
            placeholder={t("list.filters.memberHint")}
            className={filterControl}
            data-testid="filter-member"
          />
        </FilterField>
        <FilterField label={t("list.filters.broker")} htmlFor="f-broker">
          <select
            id="f-broker"
            name="broker"
            defaultValue={params.get("broker") ?? ""}
            className={filterControl}
            data-testid="filter-broker"
          >
            <option value="">{t("list.filters.all")}</option>
            {brokers.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField label={t("list.filters.account")} htmlFor="f-account">
          <input
            id="f-account"
            name="account"
            type="search"
            defaultValue={params.get("account") ?? ""}
            className={filterControl}
            data-testid="filter-account"
          />
        </FilterField>
        <PeriodFields />
      </TableFilters>

      <p className={`${card} px-4 py-3 text-sm font-semibold`} data-testid="cashback-total">
        {t("list.total", { amount: formatYen(page.totalAmount), count: page.total })}
      </p>

      <DataTable
        label={t("list.tableLabel")}
        page={page}
        rowKey={(r) => r.id}
        empty={t("list.empty")}
        csvHref="/admin/cashback/export"
        testId="admin-cashback"
        columns={[
          {
            key: "tradeDate",
            header: t("list.columns.date"),
            sortKey: "tradeDate",
            firstDir: "desc",
            nowrap: true,
            cell: (r) => formatTradeDate(r.tradeDate),
          },
          {
            key: "member",
            header: t("list.columns.member"),
            cell: (r) => (
              <span className="block min-w-32">
                <Link to={`/admin/customer/${r.userId}`} className={`${textLink} font-medium`}>
                  {r.nickname || r.name || r.email}
                </Link>
                <span className="block text-xs text-slate-500 [overflow-wrap:anywhere] dark:text-slate-400">
                  <EmailText email={r.email} />
                </span>
              </span>
            ),
          },
          { key: "broker", header: t("list.columns.broker"), cell: (r) => r.brokerName },
          {
            key: "account",
            header: t("list.columns.account"),
            nowrap: true,
            cell: (r) => <span className="tabular-nums">{r.accountNumber}</span>,
          },
          {
            key: "lots",
            header: t("list.columns.lots"),
            align: "right",
            nowrap: true,
            cell: (r) => <span className="tabular-nums">{formatLots(r.lotsMilli)}</span>,
          },
          {
            key: "amount",
            header: t("list.columns.amount"),
            sortKey: "amount",
            firstDir: "desc",
            align: "right",
            nowrap: true,
            cell: (r) => <span className="font-semibold tabular-nums">{formatYen(r.amount)}</span>,
          },
          {
            key: "batch",
            header: t("list.columns.batch"),
            cell: (r) =>
              r.batchId ? (
                <Link to={`/admin/update/${r.batchId}`} className={`${textLink} text-xs`}>
                  {r.batchId.slice(-8)}
                </Link>
              ) : null,
          },
        ]}
      />
    </div>
  );
}
