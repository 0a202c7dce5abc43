import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { codeColumn, linkColumn, textColumn, timeColumn } from "#app/components/table/columns";
import { type PageRow } from "#app/components/table/DataTable";
import { ListPage } from "#app/components/table/ListPage";
import { SearchFilter } from "#app/components/table/ListHeading";
import { SectionTabs } from "#app/components/admin/SectionTabs";
import { answerRefusals } from "#app/lib/refusals.server";
import { listLoader } from "#app/lib/list-loader.server";
import { Badge } from "#app/components/ui/Badge";

export const handle = { i18n: ["admin", "accounts", "errors"] };

export const loader = /* @__PURE__ */ answerRefusals(
  /* @__PURE__ */ listLoader((trpc, params) => trpc.admin.customers.list(params)),
);

type Row = PageRow<typeof loader>;

/** /admin/customer: members, searched by name, nickname, email, uid or account number. */
export default function AdminCustomers() {
  const { t } = useTranslation("admin");
  const { page } = useLoaderData<typeof loader>();
  return (
    <ListPage
      title={t("customers.title")}
      intro={<SectionTabs section="customer" />}
      filters={{
        label: t("customers.searchLabel"),
        fields: (
          <div className="sm:col-span-2">
            <SearchFilter label={t("customers.search")} hint={t("customers.searchHint")} />
          </div>
        ),
      }}
      page={page}
      csvHref="/admin/customer/export"
      columns={[
        linkColumn<Row>("nickname", t("customers.columns.nickname"), {
          to: (r) => `/admin/customer/${r.id}`,
          text: (r) => r.nickname,
          sorted: true,
          testId: "customer-link",
        }),
        textColumn("name", t("customers.columns.name"), { sorted: true }),
        {
          key: "email",
          header: t("customers.columns.email"),
          sortKey: "email",
          nowrap: true,
          cell: (r) => (
            <span>
              {r.email}
              {r.closed && (
                <Badge tone="neutral" className="ml-2" data-testid="customer-closed-badge">
                  {t("customers.closed.badge")}
                </Badge>
              )}
            </span>
          ),
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
        codeColumn("id", t("customers.columns.uid"), { key: "uid", small: true }),
      ]}
    />
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
