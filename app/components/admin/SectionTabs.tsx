import { useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import type { Viewer } from "#server/features/shell/service";
import { mayOpen } from "#domain/admin-access";
import { useTranslation } from "react-i18next";
import { type Tab, Tabs } from "#app/components/ui/Tabs";

/**
 * The sub-pages of the admin menu's entries that have more than one: every such
 * page shows its title, then these tabs directly under it, then its content. Labels are
 * common:adminTabs.<section>.<tab>, so every page has them whatever namespaces it loads.
 */
const SECTIONS = {
  customer: [
    { to: "/admin/customer", end: true, tab: "customers", testId: "tab-customers" },
    { to: "/admin/customer/messages", tab: "messages", testId: "tab-messages" },
  ],
  account: [
    { to: "/admin/account", end: true, tab: "accounts", testId: "tab-accounts" },
    { to: "/admin/account/brokers", tab: "brokers", testId: "tab-brokers" },
  ],
  cashback: [
    { to: "/admin/cashback", end: true, tab: "list", testId: "tab-cashback-list" },
    { to: "/admin/cashback/margin", tab: "margin", testId: "tab-cashback-margin" },
  ],
  withdraw: [
    { to: "/admin/withdraw", end: true, tab: "withdrawals", testId: "tab-withdrawals" },
    { to: "/admin/withdraw/transfers", tab: "transfers", testId: "tab-transfers" },
  ],
  ranking: [
    { to: "/admin/ranking", end: true, tab: "ranking", testId: "tab-ranking" },
    { to: "/admin/ranking/battles", tab: "battles", testId: "tab-battles" },
  ],
  affiliate: [
    { to: "/admin/affiliate", end: true, tab: "affiliates", testId: "tab-affiliates" },
    { to: "/admin/affiliate/banners", tab: "banners", testId: "tab-banners" },
  ],
  eas: [
    { to: "/admin/eas", end: true, tab: "eas", testId: "tab-eas" },
    { to: "/admin/eas/licenses", end: true, tab: "licences", testId: "all-licenses" },
    { to: "/admin/eas/accounts", tab: "accounts", testId: "ea-accounts" },
    { to: "/admin/eas/requests", tab: "requests", testId: "ea-account-requests" },
  ],
  update: [
    { to: "/admin/update", end: true, tab: "imports", testId: "tab-imports" },
    { to: "/admin/update/profiles", tab: "profiles", testId: "tab-profiles" },
  ],
  setting: [
    { to: "/admin/setting", end: true, tab: "settings", testId: "tab-settings" },
    { to: "/admin/setting/zengin", tab: "zengin", testId: "tab-zengin" },
    { to: "/admin/setting/legal", tab: "legal", testId: "tab-legal" },
    { to: "/admin/setting/help", tab: "help", testId: "tab-help" },
    { to: "/admin/setting/home", tab: "home", testId: "tab-home" },
    { to: "/admin/setting/team", tab: "team", testId: "tab-team" },
    { to: "/admin/setting/audit", tab: "audit", testId: "tab-audit" },
  ],
} as const;

export type AdminSection = keyof typeof SECTIONS;

export function SectionTabs({
  section,
  badges = {},
}: {
  section: AdminSection;
  /** Something after a tab's label (a count of what waits there), by the tab's path. */
  badges?: Record<string, ReactNode>;
}) {
  const { t } = useTranslation("common");
  // Only the tabs the admin's role reaches; the grants come with the viewer.
  const grants = useRouteLoaderData<{ viewer: Viewer }>("root")?.viewer.user?.grants ?? {};
  const tabs: Tab[] = SECTIONS[section]
    .filter((s) => mayOpen(grants, s.to))
    .map((s) => ({
      to: s.to,
      end: "end" in s ? s.end : undefined,
      testId: s.testId,
      label: (
        <>
          {t(`adminTabs.${section}.${s.tab}`)}
          {badges[s.to]}
        </>
      ),
    }));
  return <Tabs label={t(`adminTabs.${section}.label`)} tabs={tabs} />;
}
