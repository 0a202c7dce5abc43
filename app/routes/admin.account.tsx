import { Outlet } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Tabs } from "~/components/ui/Tabs";

export const handle = { i18n: ["admin", "accounts", "errors"] };

/**
 * /admin/account: the admin menu's "account list". Two tabs: the members' cashback accounts
 * (the list itself) and the brokers they are registered at (broker management lives here, as
 * the admin menu has no entry of its own for it).
 */
export default function AdminAccountLayout() {
  const { t } = useTranslation("admin");
  return (
    <div className="space-y-6">
      <Tabs
        label={t("accounts.tabs.label")}
        tabs={[
          {
            to: "/admin/account",
            end: true,
            label: t("accounts.tabs.accounts"),
            testId: "tab-accounts",
          },
          {
            to: "/admin/account/brokers",
            label: t("accounts.tabs.brokers"),
            testId: "tab-brokers",
          },
        ]}
      />
      <Outlet />
    </div>
  );
}
