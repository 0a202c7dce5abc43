import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CampaignStatusBadge } from "~/components/campaign/badges";
import { focusRing } from "~/components/shell/styles";
import { formatDateTime } from "~/lib/format";
import { orNotFound } from "~/lib/not-found.server";

export const handle = { i18n: ["campaign", "errors"] };

/** An unknown or hidden campaign: the 404 inside the shell, navigation at hand. */
export { ErrorBoundary } from "./$";

export async function loader({ context, params }: LoaderFunctionArgs) {
  const campaign = await orNotFound(() => context.trpc.campaigns.adminGet({ id: params.id ?? "" }));
  return json({ campaign });
}

/** One campaign in the admin: its summary, then tabs for editing it and for its entries. */
export default function AdminCampaign() {
  const { t } = useTranslation("campaign");
  const { campaign: c } = useLoaderData<typeof loader>();
  const tab = ({ isActive }: { isActive: boolean }) =>
    `inline-flex items-center whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${focusRing} ${
      isActive
        ? "border-emerald-600 text-emerald-700 dark:text-emerald-400"
        : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
    }`;
  return (
    <div className="space-y-5">
      <Link
        to="/admin/campaigns"
        className={`rounded-sm text-sm text-emerald-700 underline dark:text-emerald-400 ${focusRing}`}
      >
        {t("admin.back")}
      </Link>
      <div className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="break-words text-2xl font-bold" data-testid="admin-campaign-title">
            {c.title}
          </h1>
          <CampaignStatusBadge status={c.status} />
          {!c.active && (
            <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-700 dark:text-slate-100">
              {t("admin.inactive")}
            </span>
          )}
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {formatDateTime(c.startsAt)} – {formatDateTime(c.endsAt)} ·{" "}
          {c.capacity === null
            ? t("unlimited")
            : `${t("capacity")} ${t("capacityOf", { count: c.capacity })}`}{" "}
          · {t("admin.entryCount", { count: c.entries })}
        </p>
      </div>
      <nav aria-label={c.title} className="border-b border-slate-200 dark:border-slate-700">
        <ul className="-mb-px flex gap-1 overflow-x-auto">
          <li>
            <NavLink to={`/admin/campaigns/${c.id}`} end className={tab}>
              {t("admin.tabEdit")}
            </NavLink>
          </li>
          <li>
            <NavLink
              to={`/admin/campaigns/${c.id}/entries`}
              className={tab}
              data-testid="tab-entries"
            >
              {t("admin.tabEntries")}
            </NavLink>
          </li>
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
