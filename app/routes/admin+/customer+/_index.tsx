import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { timeColumn } from "~/components/table/columns";
import { DataTable } from "~/components/table/DataTable";
import { SearchFilter } from "~/components/table/ListHeading";
import { TableFilters } from "~/components/table/TableFilters";
import { searchParamsObject } from "~/components/table/url";
import { textLink } from "~/components/ui/link";
import { PageTitle } from "~/components/ui/PageTitle";
import { SectionTabs } from "~/components/admin/SectionTabs";
import { answerRefusals } from "~/lib/refusals.server";
import { Badge } from "~/components/ui/Badge";

export const handle = { i18n: ["admin", "accounts", "errors"] };

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    return json({
      page: await context.trpc.admin.customers.list(searchParamsObject(request.url)),
    });
  },
);

/** /admin/customer: members, searched by name, nickname, email, uid or account number. */
export default function AdminCustomers() {
  const { t } = useTranslation("admin");
  const { page } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <PageTitle>{t("customers.title")}</PageTitle>
      <SectionTabs section="customer" />
      <TableFilters label={t("customers.searchLabel")}>
        <div className="sm:col-span-2">
          <SearchFilter label={t("customers.search")} hint={t("customers.searchHint")} />
        </div>
      </TableFilters>
      <DataTable
        label={t("customers.title")}
        page={page}
        csvHref="/admin/customer/export"
        columns={[
          {
            key: "nickname",
            header: t("customers.columns.nickname"),
            sortKey: "nickname",
            cell: (r) => (
              <Link
                to={`/admin/customer/${r.id}`}
                data-testid="customer-link"
                className={`${textLink} font-medium`}
              >
                {r.nickname}
              </Link>
            ),
          },
          {
            key: "name",
            header: t("customers.columns.name"),
            sortKey: "name",
            cell: (r) => r.name,
          },
          {
            key: "email",
            header: t("customers.columns.email"),
            sortKey: "email",
            nowrap: true,
            cell: (r) => r.email,
          },
          {
            key: "accounts",
            header: t("customers.columns.accounts"),
            align: "right",
            nowrap: true,
            cell: (r) => (
              <span>
                {r.accountCount}
                {r.pendingCount > 0 && (
                  <Badge tone="warning" className="ml-2">
                    {t("customers.pending", { count: r.pendingCount })}
                  </Badge>
                )}
              </span>
            ),
          },
          timeColumn("createdAt", t("customers.columns.createdAt"), { sorted: true }),
          {
            key: "uid",
            header: t("customers.columns.uid"),
            cell: (r) => <span className="font-mono text-xs">{r.id}</span>,
          },
        ]}
      />
    </div>
  );
}
