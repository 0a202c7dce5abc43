import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { countLinkColumn, dateColumn, nameLinkColumn } from "~/components/admin/cells";
import { AccountTypeBadge, CategoryBadge } from "~/components/ea/badges";
import { focusRing } from "~/components/shell/styles";
import { DataTable } from "~/components/table/DataTable";
import { cellLink, ListHeading, SearchFilter } from "~/components/table/ListHeading";
import { SelectFilter, TableFilters } from "~/components/table/TableFilters";
import { searchParamsObject } from "~/components/table/url";

export const handle = { i18n: ["ea", "errors"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  return json({ page: await context.trpc.eas.adminList(searchParamsObject(request.url)) });
}

const secondary = `inline-flex items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700 ${focusRing}`;

/** One row of the list, as the loader serialises it. */
type Ea = ReturnType<typeof useLoaderData<typeof loader>>["page"]["rows"][number];

/** /admin/eas: every EA with its version, licences issued and requests waiting. */
export default function AdminEas() {
  const { t } = useTranslation("ea");
  const { page } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const saved = params.get("saved");
  return (
    <div className="space-y-4">
      <ListHeading
        title={t("admin.title")}
        create={{ to: "/admin/eas/create", label: t("admin.create"), testId: "ea-create" }}
        links={
          <>
            <Link to="/admin/eas/licenses" className={secondary} data-testid="all-licenses">
              {t("admin.licenses.title")}
            </Link>
            <Link to="/admin/eas/accounts" className={secondary} data-testid="ea-accounts">
              {t("admin.accounts.title")}
            </Link>
            <Link
              to="/admin/eas/licenses/create"
              className={secondary}
              data-testid="license-create"
            >
              {t("admin.issue.title")}
            </Link>
          </>
        }
        notices={[{ text: saved && t("admin.saved", { name: saved }), testId: "ea-saved" }]}
      />
      <TableFilters label={t("admin.filters")}>
        <SearchFilter label={t("admin.search")} />
        <SelectFilter
          name="category"
          label={t("admin.fields.category")}
          allLabel={t("allCategories")}
          options={[
            { value: "trend", label: t("category.trend") },
            { value: "cashback", label: t("category.cashback") },
          ]}
        />
      </TableFilters>
      <DataTable
        label={t("admin.title")}
        page={page}
        rowKey={(e) => e.id}
        empty={t("admin.empty")}
        testId="admin-eas"
        columns={[
          nameLinkColumn<Ea>({
            key: "name",
            header: t("admin.fields.name"),
            href: (e) => `/admin/eas/${e.id}`,
            name: (e) => e.name,
            notes: (e) => [e.developer, !e.active && t("admin.inactive")],
            testId: "admin-ea-link",
          }),
          {
            key: "category",
            header: t("admin.fields.category"),
            cell: (e) => <CategoryBadge category={e.category} />,
          },
          {
            key: "type",
            header: t("admin.fields.accountType"),
            cell: (e) => <AccountTypeBadge type={e.accountType} />,
          },
          {
            key: "version",
            header: t("version"),
            cell: (e) => <span className="font-mono text-xs">{e.version ?? "—"}</span>,
          },
          countLinkColumn<Ea>("licenses", t("admin.activeLicenses"), {
            href: (e) => `/admin/eas/${e.id}/licenses`,
            count: (e) => e.activeLicenses,
          }),
          {
            key: "pending",
            header: t("admin.pendingLicenses"),
            align: "right",
            cell: (e) =>
              e.pendingLicenses > 0 ? (
                <Link
                  to={`/admin/eas/${e.id}/licenses?status=pending`}
                  className={`${cellLink} font-semibold`}
                  data-testid="pending-count"
                >
                  {e.pendingLicenses}
                </Link>
              ) : (
                <span className="text-slate-400">0</span>
              ),
          },
          dateColumn("createdAt", t("createdAt"), { sorted: true }),
          dateColumn("updatedAt", t("updatedAt"), { sorted: true }),
        ]}
      />
    </div>
  );
}
