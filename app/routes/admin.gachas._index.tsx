import { PlusIcon } from "@heroicons/react/20/solid";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Stamp } from "~/components/cells";
import { Alert } from "~/components/form";
import { GachaStatusBadge } from "~/components/gacha/badges";
import { focusRing } from "~/components/shell/styles";
import { DataTable } from "~/components/table/DataTable";
import { FilterField, filterControl, TableFilters } from "~/components/table/TableFilters";
import { searchParamsObject } from "~/components/table/url";
import { requireAdmin } from "~/lib/guards.server";
import { formatYen } from "~/lib/money";

export const handle = { i18n: ["gacha", "errors"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return json({ page: await context.trpc.gachas.adminList(searchParamsObject(request.url)) });
}

const link = `rounded-sm font-medium text-emerald-700 underline dark:text-emerald-400 ${focusRing}`;

/** /admin/gachas: every gacha with its period, price, method, limit and how often it was drawn. */
export default function AdminGachas() {
  const { t } = useTranslation("gacha");
  const { page } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const saved = params.get("saved");
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("admin.title")}</h1>
        <Link
          to="/admin/gachas/create"
          data-testid="gacha-create"
          className={`inline-flex items-center gap-1.5 rounded-md bg-emerald-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-emerald-700 ${focusRing}`}
        >
          <PlusIcon className="h-4 w-4" aria-hidden="true" />
          {t("admin.create")}
        </Link>
      </div>
      {saved && (
        <Alert tone="success" testId="gacha-saved">
          {t("admin.saved", { name: saved })}
        </Alert>
      )}
      <TableFilters label={t("admin.filters")}>
        <FilterField label={t("admin.search")} htmlFor="f-q">
          <input
            id="f-q"
            name="q"
            type="search"
            defaultValue={params.get("q") ?? ""}
            className={filterControl}
          />
        </FilterField>
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
                <Link to={`/admin/gachas/${g.id}`} className={link} data-testid="admin-gacha-link">
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
          {
            key: "startsAt",
            header: t("admin.columns.startsAt"),
            sortKey: "startsAt",
            firstDir: "desc",
            cell: (g) => <Stamp utc={g.startsAt} />,
          },
          {
            key: "endsAt",
            header: t("admin.columns.endsAt"),
            cell: (g) => <Stamp utc={g.endsAt} />,
          },
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
              <Link to={`/admin/gachas/${g.id}/rewards`} className={link}>
                {g.rewards}
              </Link>
            ),
          },
          {
            key: "draws",
            header: t("admin.draws"),
            align: "right",
            cell: (g) => (
              <Link to={`/admin/gachas/${g.id}/gacha_logs`} className={link}>
                {g.draws.toLocaleString("en")}
              </Link>
            ),
          },
        ]}
      />
    </div>
  );
}
