import { Outlet } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SectionTabs } from "#app/components/admin/SectionTabs";
import { PageTitle } from "#app/components/ui/PageTitle";
import { usePendingCounts } from "#app/lib/admin-pending";
import { title } from "#app/lib/page-title";
import { Badge } from "#app/components/ui/Badge";

export const handle = {
  title: title.key("admin-money:withdrawals.title"),
  i18n: ["admin-money", "wallet", "errors"],
};

/**
 * /admin/withdraw: the admin menu's "withdrawal list". Two tabs: withdrawal requests (the list
 * itself) and member transfers awaiting approval, beside it rather than as a menu entry of their own.
 */
export default function AdminWithdrawLayout() {
  const { t } = useTranslation("admin-money");
  // How many requests wait on each tab: the admin area's counts, which the menu's badge sums.
  const pending = usePendingCounts() ?? { withdrawals: 0, transfers: 0 };
  const count = (n: number, testId: string) =>
    n > 0 ? (
      <Badge tone="warning" data-testid={testId}>
        <span aria-hidden="true">{n}</span>
        <span className="sr-only">{t("tabs.pendingCount", { count: n })}</span>
      </Badge>
    ) : null;
  return (
    <div className="space-y-6">
      <PageTitle>{t("withdrawals.title")}</PageTitle>
      <SectionTabs
        section="withdraw"
        badges={{
          "/admin/withdraw": count(pending.withdrawals, "pending-withdrawals"),
          "/admin/withdraw/transfers": count(pending.transfers, "pending-transfers"),
        }}
      />
      <Outlet />
    </div>
  );
}
