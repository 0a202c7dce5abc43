import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { PageRow } from "#app/components/table/DataTable";
import { countLinkColumn, dateColumn, nameLinkColumn } from "#app/components/admin/cells";
import { AccountTypeBadge, CategoryBadge } from "#app/components/eas/badges";
import { EntityList, SecondaryLink } from "#app/components/admin/EntityList";
import { cellLink } from "#app/components/table/ListHeading";
import { SelectFilter } from "#app/components/table/TableFilters";
import { SectionTabs } from "#app/components/admin/SectionTabs";
import { answerRefusals } from "#app/lib/refusals.server";
import { listLoader } from "#app/lib/list-loader.server";

export const handle = { i18n: ["ea", "errors"] };

export const loader = /* @__PURE__ */ answerRefusals(
  /* @__PURE__ */ listLoader((trpc, params) => trpc.eas.adminList(params)),
);

/** One row of the list, as the loader serialises it. */
type Ea = PageRow<typeof loader>;

/** /admin/eas: every EA with its version, licences issued and requests waiting. */
export default function AdminEas() {
  const { t } = useTranslation("ea");
  const { page } = useLoaderData<typeof loader>();
  return (
    <EntityList
      ns="ea"
      entity="ea"
      page={page}
      tabs={<SectionTabs section="eas" />}
      links={
        <>
          <SecondaryLink to="/admin/eas/licenses/create" testId="license-create">
            {t("admin.issue.title")}
          </SecondaryLink>
        </>
      }
      filters={
        <SelectFilter
          name="category"
          label={t("admin.fields.category")}
          allLabel={t("allCategories")}
          options={[
            { value: "trend", label: t("category.trend") },
            { value: "cashback", label: t("category.cashback") },
          ]}
        />
      }
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
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
