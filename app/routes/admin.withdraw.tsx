import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Tabs } from "~/components/ui/Tabs";
import { PageTitle } from "~/components/ui/PageTitle";

export const handle = { i18n: ["admin-money", "wallet", "errors"] };

/** How many requests wait for a decision on each tab (the rows themselves are the tabs'). */
export async function loader({ context }: LoaderFunctionArgs) {
  const [withdrawals, transfers] = await Promise.all([
    context.trpc.wallet.adminWithdrawals({ status: "pending", size: 10 }),
    context.trpc.wallet.adminTransfers({ status: "pending", size: 10 }),
  ]);
  return json({ pending: { withdrawals: withdrawals.total, transfers: transfers.total } });
}

/**
 * /admin/withdraw: the admin menu's "withdrawal list". Two tabs: withdrawal requests (the list
 * itself) and member transfers awaiting approval, beside it rather than as a menu entry of their own.
 */
export default function AdminWithdrawLayout() {
  const { t } = useTranslation("admin-money");
  const { pending } = useLoaderData<typeof loader>();
  const count = (n: number, testId: string) =>
    n > 0 ? (
      <span
        data-testid={testId}
        className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900/40 dark:text-amber-100"
      >
        <span aria-hidden="true">{n}</span>
        <span className="sr-only">{t("tabs.pendingCount", { count: n })}</span>
      </span>
    ) : null;
  return (
    <div className="space-y-6">
      <PageTitle>{t("withdrawals.title")}</PageTitle>
      <Tabs
        label={t("tabs.label")}
        tabs={[
          {
            to: "/admin/withdraw",
            end: true,
            testId: "tab-withdrawals",
            label: (
              <>
                {t("tabs.withdrawals")}
                {count(pending.withdrawals, "pending-withdrawals")}
              </>
            ),
          },
          {
            to: "/admin/withdraw/transfers",
            testId: "tab-transfers",
            label: (
              <>
                {t("tabs.transfers")}
                {count(pending.transfers, "pending-transfers")}
              </>
            ),
          },
        ]}
      />
      <Outlet />
    </div>
  );
}
