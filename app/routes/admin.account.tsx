import { NavLink, Outlet } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { focusRing } from "~/components/shell/styles";

export const handle = { i18n: ["admin", "accounts", "errors"] };

/**
 * /admin/account: the admin menu's "account list". Two tabs: the members' cashback accounts
 * (the list itself) and the brokers they are registered at (broker management lives here, as
 * the spec's admin menu has no entry of its own for it).
 */
export default function AdminAccountLayout() {
  const { t } = useTranslation("admin");
  const tab = ({ isActive }: { isActive: boolean }) =>
    `whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${focusRing} ${
      isActive
        ? "border-emerald-600 text-emerald-700 dark:text-emerald-400"
        : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
    }`;
  return (
    <div className="space-y-6">
      <nav
        aria-label={t("accounts.tabs.label")}
        className="border-b border-slate-200 dark:border-slate-700"
      >
        <ul className="-mb-px flex gap-2 overflow-x-auto">
          <li>
            <NavLink to="/admin/account" end className={tab} data-testid="tab-accounts">
              {t("accounts.tabs.accounts")}
            </NavLink>
          </li>
          <li>
            <NavLink to="/admin/account/brokers" className={tab} data-testid="tab-brokers">
              {t("accounts.tabs.brokers")}
            </NavLink>
          </li>
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
