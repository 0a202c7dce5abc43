import type { RouteHandle } from "#app/lib/shell";
import { actionLink } from "#app/components/ui/link";
import { LinkButton } from "#app/components/ui/button";
import ChevronRightIcon from "@heroicons/react/20/solid/ChevronRightIcon";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { accountStatusBadge } from "#app/components/AccountStatus";
import { MonthlyCashback } from "#app/components/cashback/MonthlyCashback";
import { formatTradeDate } from "#app/components/cashback/months";
import { NavIcon } from "#app/components/shell/icons";
import { VerifyEmailNotice } from "#app/components/VerifyEmailNotice";
import { type IconName, MEMBER_NAV } from "#app/components/shell/nav-items";
import { attempt } from "#app/lib/forms.server";
import { requireMember } from "#app/lib/guards.server";
import { formatYen } from "#app/lib/money";
import type { loader as rootLoader } from "#app/root";
import { card } from "#app/components/ui/card";
import { Money } from "#app/components/ui/Money";
import { PageTitle } from "#app/components/ui/PageTitle";
import { UsdtAddressBanner } from "#app/components/UsdtAddressBanner";
import { AccountTypeBanner } from "#app/components/brokers/AccountTypeBanner";
import { PageSection } from "#app/components/PageSection";
import { RowList } from "#app/components/RowList";
import { NextCrediting } from "./__next-crediting";
import { RateApplied } from "#app/components/brokers/rates";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle: RouteHandle = {
  title: title.key("nav.dashboard"),
  i18n: ["auth", "cashback", "accounts", "wallet", "brokers", "errors"],
  // The member home is always light (the toggle is hidden there).
  lightOnly: true,
};

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const me = await requireMember(request, context);
    const { features } = await context.trpc.shell.viewer();
    const [security, dashboard, usdtNotice, missingType] = await Promise.all([
      context.trpc.auth.security(),
      context.trpc.cashback.dashboard(),
      context.trpc.wallet.usdtAddressNotice(),
      context.trpc.brokers.accounts.missingType(),
    ]);
    // The balance leaves the server only when the walletBalance feature is on, the report only
    // when summaryReport is. Its months and totals are the dashboard's own reads.
    const { wallet, monthly, summary, crediting, ...rest } = dashboard;
    return json({
      me,
      security,
      dashboard: { ...rest, wallet: features.walletBalance ? wallet : null },
      crediting,
      report: features.summaryReport ? { summary, monthly } : null,
      usdtNotice,
      missingType,
    });
  },
);

/** Mails the verification link again: VerifyEmailNotice posts here from every member page. */
export const action = /* @__PURE__ */ answerRefusals(async ({ context }: ActionFunctionArgs) => {
  const result = await attempt({}, () => context.trpc.auth.resendVerification());
  if (!result.ok) return result.response;
  return json({ ok: true as const });
});

const panel = `${card} p-4 sm:p-5`;
const linkText = `${actionLink} text-sm`;

/** A dashboard shortcut that is also a sidebar entry: same path, icon and label. */
function navShortcut(to: string) {
  const item = MEMBER_NAV.find((n) => n.to === to);
  if (!item?.icon) throw new Error(`no sidebar entry with an icon for ${to}`);
  return { to, icon: item.icon, label: `common:${item.labelKey}` };
}

const SHORTCUTS: { to: string; icon: IconName; label: string }[] = [
  navShortcut("/users/cashback"),
  { to: "/users/withdraw/new", icon: "withdraw", label: "wallet:tabs.new" },
  ...["/withdraw", "/present", "/bank", "/mypage", "/affiliate", "/chat"].map((path) =>
    navShortcut(`/users${path}`),
  ),
];

/**
 * The member's home: the greeting and the account's security state, then the money at a
 * glance (balance, this and last month's cashback, the summary report, recent cashback,
 * pending withdrawals), the cashback accounts and their states, and shortcuts.
 */
export default function Dashboard() {
  const { t } = useTranslation(["auth", "cashback", "accounts", "wallet", "common"]);
  const { me, security, dashboard, crediting, report, usdtNotice, missingType } =
    useLoaderData<typeof loader>();
  const features = useRouteLoaderData<typeof rootLoader>("root")?.viewer.features;
  const wallet = features?.walletBalance ? dashboard.wallet : null;
  return (
    <div className="space-y-6">
      <div>
        <PageTitle>{t("title.dashboard")}</PageTitle>
        <p className="mt-1 text-slate-600 dark:text-slate-300" data-testid="welcome">
          {t("notices.welcome", { nickname: me.nickname })}
        </p>
      </div>
      <VerifyEmailNotice />
      <UsdtAddressBanner notice={usdtNotice} />
      <AccountTypeBanner accounts={missingType} />

      <dl className={`grid grid-cols-2 gap-3 ${wallet ? "sm:grid-cols-3" : ""}`}>
        {wallet && (
          <div className={`col-span-2 sm:col-span-1 ${panel}`} data-testid="dashboard-wallet">
            <dt className="text-sm text-slate-500 dark:text-slate-400">
              {t("cashback:dashboard.available")}
            </dt>
            <dd className="mt-1" data-testid="wallet-available">
              <Money yen={wallet.available} size="lg" />
            </dd>
            <dd className="mt-1 text-xs text-slate-600 dark:text-slate-300">
              {t("cashback:dashboard.held")}:{" "}
              <span className="tabular-nums" data-testid="wallet-held">
                {formatYen(wallet.held)}
              </span>
            </dd>
            <dd className="mt-3">
              <LinkButton to="/users/withdraw/new" block>
                {t("cashback:dashboard.withdraw")}
              </LinkButton>
            </dd>
            <dd className="mt-1">
              <Link to="/users/statement" className={linkText} data-testid="statement-link">
                {t("wallet:statementLink")}
              </Link>
            </dd>
          </div>
        )}
        {[
          {
            label: "cashback:dashboard.thisMonth",
            testId: "cashback-this-month",
            yen: dashboard.thisMonth,
          },
          {
            label: "cashback:dashboard.lastMonth",
            testId: "cashback-last-month",
            yen: dashboard.lastMonth,
          },
        ].map((month) => (
          <div key={month.testId} className={panel}>
            <dt className="text-sm text-slate-500 dark:text-slate-400">{t(month.label)}</dt>
            <dd className="mt-1" data-testid={month.testId}>
              <Money yen={month.yen} size="lg" />
            </dd>
          </div>
        ))}
      </dl>

      <NextCrediting rows={crediting} />

      {features?.summaryReport && report && (
        <Section title={t("cashback:dashboard.report")} id="dash-report" testId="summary-report">
          <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
            <div className="space-y-3">
              <div>
                <p className="text-sm text-slate-500 dark:text-slate-400">
                  {t("cashback:dashboard.allTime")}
                </p>
                <p data-testid="report-all-time">
                  <Money yen={report.summary.allTime} size="lg" />
                </p>
              </div>
              {report.summary.byBroker.length > 0 && (
                <div>
                  <p className="text-sm text-slate-500 dark:text-slate-400">
                    {t("cashback:dashboard.byBroker")}
                  </p>
                  <ul className="mt-1 divide-y divide-slate-100 text-sm dark:divide-slate-800">
                    {report.summary.byBroker.map((b) => (
                      <li key={b.brokerName} className="flex justify-between gap-3 py-1">
                        <span>{b.brokerName}</span>
                        <span className="font-semibold tabular-nums">{formatYen(b.amount)}</span>
                      </li>
                    ))}
                  </ul>
                </div>
              )}
            </div>
            <div className="min-w-0">
              <p className="text-sm text-slate-500 dark:text-slate-400">
                {t("cashback:dashboard.lastMonths")}
              </p>
              <MonthlyCashback
                data={report.monthly}
                height={180}
                tableShown={false}
                lite
                testId="report-monthly"
              />
            </div>
          </div>
          <Link to="/users/cashback" className={linkText}>
            {t("cashback:dashboard.details")}
          </Link>
        </Section>
      )}

      <div className="grid gap-6 lg:grid-cols-2">
        <Section title={t("cashback:dashboard.recent")} id="dash-recent" testId="recent-cashback">
          <RowList
            rows={dashboard.recent}
            empty={t("cashback:dashboard.recentEmpty")}
            rowClassName="flex items-center justify-between gap-3 py-2"
            rowTestId="recent-row"
          >
            {(r) => (
              <>
                <span className="min-w-0 text-sm">
                  <span className="block tabular-nums text-slate-500 dark:text-slate-400">
                    {formatTradeDate(r.tradeDate)}
                  </span>
                  <span className="block [overflow-wrap:anywhere]">
                    {r.brokerName} · {r.accountNumber}
                  </span>
                  <RateApplied rate={r.rate} />
                </span>
                <span className="shrink-0 font-semibold tabular-nums">{formatYen(r.amount)}</span>
              </>
            )}
          </RowList>
          <Link to="/users/cashback" className={linkText}>
            {t("cashback:dashboard.seeAll")}
          </Link>
        </Section>

        <div className="space-y-6">
          <Section
            title={t("cashback:dashboard.pendingWithdrawals")}
            id="dash-pending"
            testId="pending-withdrawals"
          >
            {dashboard.pendingWithdrawals.count > 0 ? (
              <p className="text-lg font-semibold tabular-nums" data-testid="pending-value">
                {t("cashback:dashboard.pendingValue", {
                  count: dashboard.pendingWithdrawals.count,
                  amount: formatYen(dashboard.pendingWithdrawals.amount),
                })}
              </p>
            ) : (
              <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="pending-value">
                {t("cashback:dashboard.pendingNone")}
              </p>
            )}
            <Link to="/users/withdraw" className={linkText}>
              {t("cashback:dashboard.withdrawHistory")}
            </Link>
          </Section>

          <Section title={t("cashback:dashboard.accounts")} id="dash-accounts" testId="accounts">
            <RowList
              rows={dashboard.accounts}
              empty={t("cashback:dashboard.accountsEmpty")}
              rowClassName="flex items-center justify-between gap-3 py-2 text-sm"
              rowTestId="account-row"
            >
              {(a) => (
                <>
                  <span className="min-w-0 [overflow-wrap:anywhere]">
                    {a.brokerName} · <span className="tabular-nums">{a.accountNumber}</span>
                  </span>
                  <AccountState status={a.status} />
                </>
              )}
            </RowList>
            <Link to="/users/bank" className={linkText}>
              {t("cashback:dashboard.manageAccounts")}
            </Link>
          </Section>
        </div>
      </div>

      <Section title={t("cashback:dashboard.shortcuts")} id="dash-shortcuts" testId="shortcuts">
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {SHORTCUTS.map((s) => (
            <li key={s.to}>
              <Link to={s.to} className="quick-link">
                <span className="text-emerald-700 dark:text-emerald-400">
                  <NavIcon name={s.icon} />
                </span>
                <span className="min-w-0 sm:flex-1">{t(s.label)}</span>
                <ChevronRightIcon
                  className="hidden h-4 w-4 shrink-0 text-slate-400 sm:block"
                  aria-hidden="true"
                />
              </Link>
            </li>
          ))}
        </ul>
      </Section>

      <PageSection id="dash-identity" title={t("cashback:dashboard.identity")}>
        <dl className="grid gap-4 sm:grid-cols-2">
          <div className={panel}>
            <dt className="text-sm text-slate-500 dark:text-slate-400">
              {t("notices.emailStatus")}
            </dt>
            <dd className="mt-1 break-all font-medium">{security.email}</dd>
            <dd className="mt-1 text-sm">
              {security.emailVerified ? t("notices.verifiedYes") : t("notices.verifiedNo")}
            </dd>
            <dd className="mt-3">
              <Link to="/users/change-email" className={linkText}>
                {t("links.changeEmail")}
              </Link>
            </dd>
          </div>
          <div className={panel}>
            <dt className="text-sm text-slate-500 dark:text-slate-400">{t("notices.mfaStatus")}</dt>
            <dd className="mt-1 font-medium" data-testid="mfa-status">
              {security.mfaEnabled ? t("notices.enabled") : t("notices.disabled")}
            </dd>
            <dd className="mt-3">
              <Link to="/users/security" className={linkText}>
                {t("links.security")}
              </Link>
            </dd>
          </div>
        </dl>
      </PageSection>
    </div>
  );
}

function Section({
  title,
  id,
  testId,
  children,
}: {
  title: string;
  id: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={`space-y-3 ${panel}`} data-testid={testId}>
      <h2 id={id} className="text-base font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A cashback account's state in words on the dashboard (the word carries the meaning). */
const AccountState = accountStatusBadge("account-state");

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
