import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { dateColumn } from "~/components/admin/cells";
import { GachaStatusBadge } from "~/components/gacha/badges";
import { DataTable } from "~/components/table/DataTable";
import { cellLink, ListHeading, SearchFilter } from "~/components/table/ListHeading";
import { TableFilters } from "~/components/table/TableFilters";
import { searchParamsObject } from "~/components/table/url";
import { formatYen } from "~/lib/money";

export const handle = { i18n: ["gacha", "errors"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  return json({ page: await context.trpc.gachas.adminList(searchParamsObject(request.url)) });
}

/** /admin/gachas: every gacha with its period, price, method, limit and how often it was drawn. */
export default function AdminGachas() {
  const { t } = useTranslation("gacha");
  const { page } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const saved = params.get("saved");
  return (
    <div className="space-y-4">
      <ListHeading
        title={t("admin.title")}
        create={{ to: "/admin/gachas/create", label: t("admin.create"), testId: "gacha-create" }}
        notices={[{ text: saved && t("admin.saved", { name: saved }), testId: "gacha-saved" }]}
      />
      <TableFilters label={t("admin.filters")}>
        <SearchFilter label={t("admin.search")} />
      </TableFilters>
      <DataTable
        label={t("admin.title")}
        page={page}
        rowKey={(g) => g.id}
        empty={t("admin.empty")}
        testId="admin-gachas"
        columns={[
          {
            key: "name",
            header: t("admin.fields.name"),
            sortKey: "name",
            className: "min-w-40",
            cell: (g) => (
              <span className="block">
                <Link
                  to={`/admin/gachas/${g.id}`}
                  className={cellLink}
                  data-testid="admin-gacha-link"
                >
                  {g.name}
                </Link>
                {!g.published && (
                  <span className="mt-1 block text-xs text-slate-500 dark:text-slate-400">
                    {t("admin.unpublished")}
                  </span>
                )}
              </span>
            ),
          },
          {
            key: "status",
            header: t("admin.status"),
            cell: (g) => <GachaStatusBadge status={g.status} />,
          },
          dateColumn("startsAt", t("admin.columns.startsAt"), { sorted: true }),
          dateColumn("endsAt", t("admin.columns.endsAt")),
          {
            key: "cost",
            header: t("admin.columns.cost"),
            align: "right",
            nowrap: true,
            cell: (g) => (g.cost === 0 ? t("free") : formatYen(g.cost)),
          },
          {
            key: "method",
            header: t("admin.fields.method"),
            nowrap: true,
            cell: (g) => t(`method.${g.method}`),
          },
          {
            key: "limit",
            header: t("admin.columns.limit"),
            align: "right",
            cell: (g) => g.challengeLimit,
          },
          {
            key: "rewards",
            header: t("admin.rewardsCount"),
            align: "right",
            cell: (g) => (
              <Link to={`/admin/gachas/${g.id}/rewards`} className={cellLink}>
                {g.rewards}
              </Link>
            ),
          },
          {
            key: "draws",
            header: t("admin.draws"),
            align: "right",
            cell: (g) => (
              <Link to={`/admin/gachas/${g.id}/gacha_logs`} className={cellLink}>
                {g.draws.toLocaleString("en")}
              </Link>
            ),
          },
        ]}
      />
    </div>
  );
}
