import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CampaignStatusBadge } from "~/components/campaign/badges";
import { dateColumn } from "~/components/admin/cells";
import { DataTable } from "~/components/table/DataTable";
import { cellLink, ListHeading, SearchFilter } from "~/components/table/ListHeading";
import { TableFilters } from "~/components/table/TableFilters";
import { searchParamsObject } from "~/components/table/url";

export const handle = { i18n: ["campaign", "errors"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  return json({ page: await context.trpc.campaigns.adminList(searchParamsObject(request.url)) });
}

/** /admin/campaigns: every campaign with its period, status, capacity and entries. */
export default function AdminCampaigns() {
  const { t } = useTranslation("campaign");
  const { page } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const saved = params.get("saved");
  return (
    <div className="space-y-4">
      <ListHeading
        title={t("admin.title")}
        create={{
          to: "/admin/campaigns/create",
          label: t("admin.create"),
          testId: "campaign-create",
        }}
        notices={[{ text: saved && t("admin.saved", { title: saved }), testId: "campaign-saved" }]}
      />
      <TableFilters label={t("admin.filters")}>
        <SearchFilter label={t("admin.search")} />
      </TableFilters>
      <DataTable
        label={t("admin.title")}
        page={page}
        rowKey={(c) => c.id}
        empty={t("admin.empty")}
        testId="admin-campaigns"
        columns={[
          {
            key: "title",
            header: t("admin.columns.title"),
            sortKey: "title",
            className: "min-w-48",
            cell: (c) => (
              <span className="block">
                <Link
                  to={`/admin/campaigns/${c.id}`}
                  className={`${cellLink} break-words`}
                  data-testid="admin-campaign-link"
                >
                  {c.title}
                </Link>
                {!c.active && (
                  <span className="mt-1 block text-xs text-slate-500 dark:text-slate-400">
                    {t("admin.inactive")}
                  </span>
                )}
              </span>
            ),
          },
          {
            key: "status",
            header: t("admin.status"),
            cell: (c) => <CampaignStatusBadge status={c.status} />,
          },
          dateColumn("startsAt", t("admin.columns.startsAt"), { sorted: true }),
          dateColumn("endsAt", t("admin.columns.endsAt")),
          {
            key: "capacity",
            header: t("admin.columns.capacity"),
            align: "right",
            nowrap: true,
            cell: (c) => (c.capacity === null ? t("unlimited") : c.capacity.toLocaleString("en")),
          },
          {
            key: "entries",
            header: t("admin.columns.entries"),
            align: "right",
            cell: (c) => (
              <Link
                to={`/admin/campaigns/${c.id}/entries`}
                className={cellLink}
                data-testid="admin-campaign-entries"
              >
                {c.entries.toLocaleString("en")}
              </Link>
            ),
          },
        ]}
      />
    </div>
  );
}
