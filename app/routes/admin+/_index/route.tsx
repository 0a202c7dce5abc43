import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { formatCount, monthLabel } from "#app/components/cashback/months";
import { PageTitle } from "#app/components/ui/PageTitle";
import { focusRing } from "#app/components/shell/styles";
import { formatYen } from "#app/lib/money";
import { formatDateTime, formatDay } from "#app/lib/format";
import { formatMarginPercent } from "#domain/margin";
import { allows } from "#domain/admin-access";
import type { WorkQueue } from "#server/features/admin/home";
import type { AwaitingSecond } from "#server/features/admin/awaiting-second";
import { tokyoDay } from "#domain/tokyo-clock";
import { waitedFor } from "./age";
import { HomeCharts } from "./charts";
import { HomeCard } from "./HomeCard";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = {
  title: title.key("cashback:home.title"),
  i18n: ["cashback", "legal", "errors"],
};

/** Each queue's list, filtered to what waits where the list has a filter. */
export const QUEUE_LISTS: Record<WorkQueue, string> = {
  withdrawals: "/admin/withdraw?status=pending",
  transfers: "/admin/withdraw/transfers?status=pending",
  accounts: "/admin/account?status=pending",
  licences: "/admin/eas/licenses?status=pending",
  eaAccounts: "/admin/eas/requests?status=pending",
  chats: "/admin/customer/messages?unread=1",
};

export const loader = /* @__PURE__ */ answerRefusals(async ({ context }: LoaderFunctionArgs) => {
  const today = tokyoDay();
  const access = await context.trpc.admin.access();
  const [home, margin, me] = await Promise.all([
    context.trpc.admin.home(),
    // The margin is the cashback import's figure: a role without it still has its home.
    allows(access.grants, "cashback.import") ? context.trpc.cashback.monthMargin() : null,
    context.trpc.auth.me(),
  ]);
  return json({
    home,
    margin,
    adminId: me?.id ?? "",
    thisMonth: { from: `${today.slice(0, 7)}-01`, to: today },
  });
});

/**
 * /admin: what waits for an admin (each queue's count and how long its oldest item has
 * waited, leading to its list), the day's and the month's figures, and the trends.
 */
export default function AdminHome() {
  const { t } = useTranslation(["cashback", "common"]);
  const { home, margin, adminId, thisMonth } = useLoaderData<typeof loader>();
  const monthQuery = new URLSearchParams({ period: "custom", ...thisMonth }).toString();
  const queueId = useId();
  const figuresId = useId();
  const marginId = useId();
  return (
    <div className="space-y-6">
      <PageTitle>{t("home.title")}</PageTitle>
      {/* The work queue, and this month's margin beside it (under it on a phone). */}
      <div className={`grid gap-6 ${margin ? "xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]" : ""}`}>
        <section aria-labelledby={queueId} className="space-y-3">
          <h2 id={queueId} className="text-lg font-semibold text-slate-900 dark:text-white">
            {t("home.queue.title")}
          </h2>
          <ul className="grid grid-cols-2 gap-3 2xl:grid-cols-3" data-testid="work-queue">
            {home.queue.map((item) => {
              const age = item.oldestMinutes === null ? null : waitedFor(item.oldestMinutes);
              const oldest = !age
                ? t("home.queue.nothing")
                : age.n === 0
                  ? t("home.queue.oldest", { age: t("home.queue.age.justNow") })
                  : t("home.queue.oldest", { age: t(`home.queue.age.${age.unit}`, { n: age.n }) });
              return (
                <HomeCard
                  key={item.queue}
                  to={QUEUE_LISTS[item.queue]}
                  testId={`home-pending-${item.queue}`}
                  label={t(`home.queue.${item.queue}`)}
                  value={t("home.count", { n: formatCount(item.count) })}
                  detail={
                    item.queue === "withdrawals" && item.count > 0 ? (
                      <>
                        <span className="block">{oldest}</span>
                        <span className="block">
                          {t("home.pendingWithdrawalsSum", {
                            amount: formatYen(home.pendingWithdrawalAmount),
                          })}
                        </span>
                      </>
                    ) : (
                      oldest
                    )
                  }
                  attention={item.count > 0}
                />
              );
            })}
          </ul>
          <AwaitingSecondList items={home.awaitingSecond} adminId={adminId} />
        </section>
        {margin && (
          <section aria-labelledby={marginId} className="space-y-3">
            <h2 id={marginId} className="text-lg font-semibold text-slate-900 dark:text-white">
              {t("home.margin")}
            </h2>
            <ul className="grid gap-3">
              <HomeCard
                to="/admin/cashback/margin"
                label={monthLabel(t, margin.month)}
                testId="home-margin"
                value={margin.margin === null ? "—" : formatYen(margin.margin)}
                detail={
                  <>
                    <span className="block" data-testid="home-margin-percent">
                      {margin.margin === null
                        ? t("home.marginUnknown")
                        : t("home.marginPercent", {
                            percent: formatMarginPercent(margin.percentX10),
                          })}
                    </span>
                    {margin.margin !== null && margin.groupsWithoutMargin > 0 && (
                      <span className="block">
                        {t("home.marginExcluded", { count: margin.groupsWithoutMargin })}
                      </span>
                    )}
                  </>
                }
              />
            </ul>
          </section>
        )}
      </div>
      <section aria-labelledby={figuresId} className="space-y-3">
        <h2 id={figuresId} className="text-lg font-semibold text-slate-900 dark:text-white">
          {t("home.figures")}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="admin-home">
          <HomeCard
            to="/admin/cashback?period=today"
            label={t("home.cashbackToday")}
            testId="home-cashback-today"
            value={formatYen(home.cashbackToday)}
          />
          <HomeCard
            to={`/admin/cashback?${monthQuery}`}
            label={t("home.cashbackThisMonth")}
            testId="home-cashback-month"
            value={formatYen(home.cashbackThisMonth)}
          />
          <HomeCard
            to="/admin/customer"
            label={t("home.newMembers")}
            testId="home-new-members"
            value={t("home.newMembersToday", { n: formatCount(home.newMembers.today) })}
            detail={t("home.newMembersMonth", { n: formatCount(home.newMembers.thisMonth) })}
          />
        </ul>
      </section>
      <HomeCharts charts={home.charts} />
    </div>
  );
}

/**
 * Everything awaiting a second approval that this admin may decide, in one list: what it is
 * (with its amount and member, or its broker and day, or its document and version), who gave
 * the first approval and when; an admin sees at once which ones are theirs to approve (not
 * their own first approvals). Each row leads to the page where it is decided.
 */
function AwaitingSecondList({ items, adminId }: { items: AwaitingSecond[]; adminId: string }) {
  const { t } = useTranslation(["cashback", "legal"]);
  const headingId = useId();
  if (items.length === 0) return null;
  const what = (item: AwaitingSecond) => {
    const subject = item.subject;
    if (subject && "broker" in subject) {
      return t("home.awaitingSecond.rateChange", {
        broker: subject.broker,
        day: formatDay(subject.from),
      });
    }
    if (subject && "document" in subject) {
      return t("home.awaitingSecond.legalVersion", {
        document: t(`legal:kinds.${subject.document}`),
        version: subject.version,
      });
    }
    return item.member ?? "";
  };
  return (
    <section aria-labelledby={headingId} className="space-y-2" data-testid="home-awaiting-second">
      <h3 id={headingId} className="text-base font-semibold">
        {t("home.awaitingSecond.title")}
      </h3>
      <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
        {items.map((item) => {
          const at = formatDateTime(item.firstApprovedAt);
          return (
            <li key={`${item.kind}-${item.id}`}>
              <Link
                to={item.href}
                className={`flex min-h-11 flex-wrap items-baseline justify-between gap-x-3 gap-y-1 px-3 py-2 text-sm hover:bg-slate-50 dark:hover:bg-slate-800 ${focusRing}`}
                data-testid="awaiting-second-item"
                data-kind={item.kind}
              >
                <span className="min-w-0 [overflow-wrap:anywhere]">
                  <span className="font-medium">{t(`home.awaitingSecond.${item.kind}`)}</span>
                  {" · "}
                  {what(item)}
                </span>
                {item.amount !== null && (
                  <span className="font-semibold tabular-nums">{formatYen(item.amount)}</span>
                )}
                <span
                  className="w-full text-xs text-slate-600 [overflow-wrap:anywhere] dark:text-slate-300"
                  data-testid="awaiting-first-approver"
                >
                  {item.firstApprover.id === adminId
                    ? t("home.awaitingSecond.yours", { at })
                    : t("home.awaitingSecond.firstBy", { name: item.firstApprover.name, at })}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
