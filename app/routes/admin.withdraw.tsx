import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { focusRing } from "~/components/shell/styles";

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
 * itself) and member transfers awaiting approval, beside it as the spec allows.
 */
export default function AdminWithdrawLayout() {
  const { t } = useTranslation("admin-money");
  const { pending } = useLoaderData<typeof loader>();
  const tab = ({ isActive }: { isActive: boolean }) =>
    `inline-flex items-center gap-2 whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${focusRing} ${
      isActive
        ? "border-emerald-600 text-emerald-700 dark:text-emerald-400"
        : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
    }`;
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
      <h1 className="text-2xl font-bold">{t("withdrawals.title")}</h1>
      <nav aria-label={t("tabs.label")} className="border-b border-slate-200 dark:border-slate-700">
        <ul className="-mb-px flex gap-2 overflow-x-auto">
          <li>
            <NavLink to="/admin/withdraw" end className={tab} data-testid="tab-withdrawals">
              {t("tabs.withdrawals")}
              {count(pending.withdrawals, "pending-withdrawals")}
            </NavLink>
          </li>
          <li>
            <NavLink to="/admin/withdraw/transfers" className={tab} data-testid="tab-transfers">
              {t("tabs.transfers")}
              {count(pending.transfers, "pending-transfers")}
            </NavLink>
          </li>
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
