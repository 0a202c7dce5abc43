import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { focusRing } from "#app/components/shell/styles";
import { formatDateTime } from "#app/lib/format";
import { card } from "#app/components/ui/card";
import { PageHeading } from "#app/components/ui/PageTitle";
import { SectionTabs } from "#app/components/admin/SectionTabs";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";
import { Badge } from "#app/components/ui/Badge";
import { EmptyState } from "#app/components/ui/EmptyState";

export const handle = { title: title.key("chat:admin.inbox"), i18n: ["chat", "errors"] };

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const params = new URL(request.url).searchParams;
    const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get("page") ?? "1", 10) || 1));
    const unreadOnly = params.get("unread") === "1";
    return json({ threads: await context.trpc.chat.admin.threads({ page, unreadOnly }) });
  },
);

/** /admin/customer/messages: every member's support thread, the latest conversation first. */
export default function AdminMessages() {
  const { t } = useTranslation("chat");
  const { threads } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const unreadOnly = params.get("unread") === "1";
  const pages = Math.max(1, Math.ceil(threads.total / threads.pageSize));
  const href = (page: number, unread = unreadOnly) => {
    const q = new URLSearchParams();
    if (unread) q.set("unread", "1");
    if (page > 1) q.set("page", String(page));
    const s = q.toString();
    return s ? `?${s}` : "/admin/customer/messages";
  };
  // Text links, each as tall as a fingertip (44 px).
  const link = `inline-flex min-h-11 items-center rounded-sm text-sm font-medium text-emerald-700 underline dark:text-emerald-400 ${focusRing}`;
  return (
    <div className="space-y-4">
      <PageHeading title={t("admin.inbox")} lead={t("admin.inboxLead")} />
      <SectionTabs section="customer" />
      <Link to={href(1, !unreadOnly)} className={link} data-testid="inbox-filter">
        {unreadOnly ? t("admin.all") : t("admin.unreadOnly")}
      </Link>
      {threads.rows.length === 0 ? (
        <EmptyState testId="inbox-empty">{t("admin.none")}</EmptyState>
      ) : (
        <ul
          className={`${card} divide-y divide-slate-200 dark:divide-slate-700`}
          data-testid="inbox"
        >
          {threads.rows.map((r) => (
            <li
              key={r.memberId}
              className="flex items-start gap-3 p-3 sm:p-4"
              data-testid="inbox-row"
            >
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-baseline gap-x-2">
                  <Link
                    to={`/admin/customer/${r.memberId}/chat`}
                    className={`break-all font-semibold text-slate-900 underline-offset-2 hover:underline dark:text-white ${focusRing}`}
                  >
                    {r.nickname}
                  </Link>
                  <span className="break-all text-xs text-slate-500 dark:text-slate-400">
                    {r.email}
                  </span>
                </p>
                <p className="mt-1 truncate text-sm text-slate-700 dark:text-slate-300">
                  {r.lastMessage ?? ""}
                </p>
                <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                  {t("admin.lastAt")}: {formatDateTime(r.lastMessageAt)}
                </p>
              </div>
              {r.unread > 0 && (
                <Badge tone="alert" className="shrink-0" data-testid="inbox-unread">
                  <span className="sr-only">{t("admin.unread")}: </span>
                  {r.unread}
                </Badge>
              )}
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className="flex items-center justify-between text-sm" aria-label={t("admin.inbox")}>
          {threads.page > 1 ? (
            <Link to={href(threads.page - 1)} className={link}>
              {t("admin.previous")}
            </Link>
          ) : (
            <span />
          )}
          <span>{t("admin.pageOf", { page: threads.page, pages })}</span>
          {threads.page < pages ? (
            <Link to={href(threads.page + 1)} className={link}>
              {t("admin.next")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </div>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
