import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MemberCell } from "#app/components/admin/cells";
import { SectionTabs } from "#app/components/admin/SectionTabs";
import { formatTradeDate } from "#app/components/cashback/months";
import { priceColumn } from "#app/components/cashback/RowPrice";
import { tradeColumns } from "#app/components/cashback/trade-columns";
import { EmailText } from "#app/components/cells";
import { PeriodFields } from "#app/components/PeriodFields";
import { timeColumn, yenColumn } from "#app/components/table/columns";
import { DataTable } from "#app/components/table/DataTable";
import {
  InputFilter,
  MemberFilter,
  SelectFilter,
  TableFilters,
} from "#app/components/table/TableFilters";
import { searchParamsObject } from "#app/components/table/url";
import { formatYen } from "#app/lib/money";
import { card } from "#app/components/ui/card";
import { textLink } from "#app/components/ui/link";
import { PageTitle } from "#app/components/ui/PageTitle";
import { answerRefusals } from "#app/lib/refusals.server";

export const handle = { i18n: ["cashback", "wallet", "brokers", "errors"] };

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const [page, brokers] = await Promise.all([
      context.trpc.cashback.list(searchParamsObject(request.url)),
      context.trpc.brokers.list(),
    ]);
    return json({ page, brokers: brokers.map((b) => ({ id: b.id, name: b.name })) });
  },
);

/** /admin/cashback: every cashback history row, filtered by member, broker, account and period. */
export default function AdminCashback() {
  const { t } = useTranslation(["cashback", "wallet"]);
  const { page, brokers } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <PageTitle>{t("list.title")}</PageTitle>
      <SectionTabs section="cashback" />
      <TableFilters label={t("list.filters.label")}>
        <MemberFilter
          label={t("list.filters.member")}
          hint={t("list.filters.memberHint")}
          testId="filter-member"
        />
        <SelectFilter
          name="broker"
          label={t("list.filters.broker")}
          allLabel={t("list.filters.all")}
          options={brokers.map((b) => ({ value: b.id, label: b.name }))}
          testId="filter-broker"
        />
        <InputFilter name="account" label={t("list.filters.account")} testId="filter-account" />
        <PeriodFields />
      </TableFilters>

      <p className={`${card} px-4 py-3 text-sm font-semibold`} data-testid="cashback-total">
        {t("list.total", { amount: formatYen(page.totalAmount), count: page.total })}
      </p>

      <DataTable
        label={t("list.tableLabel")}
        page={page}
        empty={t("list.empty")}
        csvHref="/admin/cashback/export"
        testId="admin-cashback"
        columns={[
          timeColumn("tradeDate", t("list.columns.date"), {
            sorted: true,
            format: formatTradeDate,
          }),
          {
            key: "member",
            header: t("list.columns.member"),
            cell: (r) => (
              <MemberCell
                id={r.userId}
                name={r.nickname || r.name || r.email}
                detail={<EmailText email={r.email} />}
                className="block min-w-32"
              />
            ),
          },
          ...tradeColumns({
            broker: t("list.columns.broker"),
            account: t("list.columns.account"),
            lots: t("list.columns.lots"),
          }),
          yenColumn("amount", t("list.columns.amount"), { sorted: true, figures: "strong" }),
          priceColumn(t("batch.columns.price")),
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

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
