import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AccountTypeBadge, CategoryBadge } from "~/components/ea/badges";
import { focusRing } from "~/components/shell/styles";
import { orNotFound } from "~/lib/not-found.server";

export const handle = { i18n: ["ea", "admin-money", "errors"] };

export async function loader({ context, params }: LoaderFunctionArgs) {
  const ea = await orNotFound(() => context.trpc.eas.adminGet({ id: params.id ?? "" }));
  return json({ ea });
}

/** One EA in the admin: a summary, then tabs for its details and versions, and its licences. */
export default function AdminEa() {
  const { t } = useTranslation("ea");
  const { ea } = useLoaderData<typeof loader>();
  const tab = ({ isActive }: { isActive: boolean }) =>
    `inline-flex items-center whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${focusRing} ${
      isActive
        ? "border-emerald-600 text-emerald-700 dark:text-emerald-400"
        : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
    }`;
  return (
    <div className="space-y-5">
      <Link
        to="/admin/eas"
        className={`rounded-sm text-sm text-emerald-700 underline dark:text-emerald-400 ${focusRing}`}
      >
        {t("admin.back")}
      </Link>
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-2xl font-bold" data-testid="admin-ea-name">
          {ea.name}
        </h1>
        <CategoryBadge category={ea.category} />
        <AccountTypeBadge type={ea.accountType} />
        {!ea.active && (
          <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-700 dark:text-slate-100">
            {t("admin.inactive")}
          </span>
        )}
      </div>
      <nav aria-label={t("admin.tabs")} className="border-b border-slate-200 dark:border-slate-700">
        <ul className="-mb-px flex gap-2 overflow-x-auto">
          <li>
            <NavLink to={`/admin/eas/${ea.id}`} end className={tab} data-testid="tab-details">
              {t("admin.tabDetails")}
            </NavLink>
          </li>
          <li>
            <NavLink to={`/admin/eas/${ea.id}/licenses`} className={tab} data-testid="tab-licenses">
              {t("admin.tabLicenses")}
            </NavLink>
          </li>
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
