import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GachaStatusBadge } from "~/components/gacha/badges";
import { focusRing } from "~/components/shell/styles";
import { formatDateTime } from "~/lib/format";
import { formatYen } from "~/lib/money";
import { orNotFound } from "~/lib/not-found.server";

export const handle = { i18n: ["gacha", "errors"] };

export async function loader({ context, params }: LoaderFunctionArgs) {
  const gacha = await orNotFound(() => context.trpc.gachas.adminGet({ id: params.gachaId ?? "" }));
  return json({ gacha });
}

/** One gacha in the admin: its summary, then tabs for its settings, rewards and logs. */
export default function AdminGacha() {
  const { t } = useTranslation("gacha");
  const { gacha: g } = useLoaderData<typeof loader>();
  const tab = ({ isActive }: { isActive: boolean }) =>
    `inline-flex items-center whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${focusRing} ${
      isActive
        ? "border-emerald-600 text-emerald-700 dark:text-emerald-400"
        : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
    }`;
  return (
    <div className="space-y-5">
      <Link
        to="/admin/gachas"
        className={`rounded-sm text-sm text-emerald-700 underline dark:text-emerald-400 ${focusRing}`}
      >
        {t("admin.back")}
      </Link>
      <div className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="break-phrase text-2xl font-bold" data-testid="admin-gacha-name">
            {g.name}
          </h1>
          <GachaStatusBadge status={g.status} />
          {!g.published && (
            <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-700 dark:text-slate-100">
              {t("admin.unpublished")}
            </span>
          )}
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {formatDateTime(g.startsAt)} – {formatDateTime(g.endsAt)} ·{" "}
          {g.cost === 0 ? t("free") : formatYen(g.cost)} · {t(`method.${g.method}`)} ·{" "}
          {t("admin.limitShort", { count: g.challengeLimit })} ·{" "}
          {t("admin.drawsShort", { count: g.draws })}
        </p>
      </div>
      <nav aria-label={t("admin.tabs")} className="border-b border-slate-200 dark:border-slate-700">
        <ul className="-mb-px flex gap-2 overflow-x-auto">
          <li>
            <NavLink to={`/admin/gachas/${g.id}`} end className={tab} data-testid="tab-settings">
              {t("admin.tabSettings")}
            </NavLink>
          </li>
          <li>
            <NavLink to={`/admin/gachas/${g.id}/rewards`} className={tab} data-testid="tab-rewards">
              {t("admin.tabRewards")}
            </NavLink>
          </li>
          <li>
            <NavLink to={`/admin/gachas/${g.id}/gacha_logs`} className={tab} data-testid="tab-logs">
              {t("admin.tabLogs")}
            </NavLink>
          </li>
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
