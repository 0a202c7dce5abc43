import { ChevronRightIcon } from "@heroicons/react/20/solid";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatCount } from "~/components/cashback/months";
import { focusRing } from "~/components/shell/styles";
import { formatYen } from "~/lib/money";
import { tokyoDay } from "../../server/domain/tokyo";
import { PageTitle } from "~/components/ui/PageTitle";

export const handle = { i18n: ["cashback", "errors"] };

export async function loader({ context }: LoaderFunctionArgs) {
  const today = tokyoDay();
  return json({
    home: await context.trpc.cashback.home(),
    thisMonth: { from: `${today.slice(0, 7)}-01`, to: today },
  });
}

/** /admin: the figures that need an admin's eye today, each leading to its list. */
export default function AdminHome() {
  const { t } = useTranslation(["cashback", "common"]);
  const { home, thisMonth } = useLoaderData<typeof loader>();
  const monthQuery = new URLSearchParams({ period: "custom", ...thisMonth }).toString();
  return (
    <div className="space-y-6">
      <PageTitle>{t("home.title")}</PageTitle>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="admin-home">
        <Card
          to="/admin/cashback?period=today"
          label={t("home.cashbackToday")}
          testId="home-cashback-today"
          value={formatYen(home.cashbackToday)}
        />
        <Card
          to={`/admin/cashback?${monthQuery}`}
          label={t("home.cashbackThisMonth")}
          testId="home-cashback-month"
          value={formatYen(home.cashbackThisMonth)}
        />
        <Card
          to="/admin/withdraw"
          label={t("home.pendingWithdrawals")}
          testId="home-pending-withdrawals"
          value={t("home.pendingWithdrawalsValue", {
            n: formatCount(home.pendingWithdrawals.count),
          })}
          detail={t("home.pendingWithdrawalsSum", {
            amount: formatYen(home.pendingWithdrawals.amount),
          })}
          attention={home.pendingWithdrawals.count > 0}
        />
        <Card
          to="/admin/account?status=pending"
          label={t("home.pendingAccounts")}
          testId="home-pending-accounts"
          value={t("home.count", { n: formatCount(home.pendingAccounts) })}
          attention={home.pendingAccounts > 0}
        />
        <Card
          to="/admin/withdraw/transfers"
          label={t("home.pendingTransfers")}
          testId="home-pending-transfers"
          value={t("home.count", { n: formatCount(home.pendingTransfers) })}
          attention={home.pendingTransfers > 0}
        />
        <Card
          to="/admin/customer"
          label={t("home.newMembers")}
          testId="home-new-members"
          value={t("home.newMembersToday", { n: formatCount(home.newMembers.today) })}
          detail={t("home.newMembersMonth", { n: formatCount(home.newMembers.thisMonth) })}
        />
      </ul>
    </div>
  );
}

function Card({
  to,
  label,
  value,
  detail,
  attention = false,
  testId,
}: {
  to: string;
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  attention?: boolean;
  testId: string;
}) {
  return (
    <li>
      <Link
        to={to}
        data-testid={testId}
        className={`group flex h-full items-center justify-between gap-3 rounded-xl border bg-white p-4 shadow-sm hover:border-emerald-500 hover:bg-emerald-50/40 dark:bg-slate-900 dark:hover:bg-slate-800 ${
          attention
            ? "border-amber-300 dark:border-amber-700"
            : "border-slate-200 dark:border-slate-700"
        } ${focusRing}`}
      >
        <span className="min-w-0">
          <span className="block text-sm text-slate-600 dark:text-slate-300">{label}</span>
          <span className="mt-1 block text-2xl font-bold tabular-nums text-slate-900 dark:text-white">
            {value}
          </span>
          {detail && (
            <span className="mt-0.5 block text-sm tabular-nums text-slate-600 dark:text-slate-300">
              {detail}
            </span>
          )}
        </span>
        <ChevronRightIcon
          className="h-5 w-5 shrink-0 text-slate-400 group-hover:text-emerald-600"
          aria-hidden="true"
        />
      </Link>
    </li>
  );
}
