import { useTranslation } from "react-i18next";
import { Alert } from "~/components/ui/Alert";
import { formatDateTime } from "~/lib/format";
import { formatYen } from "~/lib/money";
import { payeeSummary } from "~/lib/payee";
import type { ActionData, Row } from "./route";

/* The pieces of the withdrawal list that show a decision: its outcome, its facts, its result. */

/** Under the status: the completion date, or the rejection date and reason. */
export function Outcome({ row }: { row: Row }) {
  const { t } = useTranslation("admin-money");
  const small = "block text-xs text-slate-600 dark:text-slate-300";
  if (row.status === "completed") {
    return (
      <span className={`${small} whitespace-nowrap`} data-testid="completed-at">
        {formatDateTime(row.completedAt)}
      </span>
    );
  }
  if (row.status === "sent") {
    return (
      <span className={`${small} whitespace-nowrap`} data-testid="sent-at">
        {t("withdrawals.sentAt", { date: formatDateTime(row.sentAt) })}
      </span>
    );
  }
  if (row.status === "rejected") {
    return (
      <>
        <span className={`${small} whitespace-nowrap`}>{formatDateTime(row.rejectedAt)}</span>
        <span className={`${small} min-w-40`} data-testid="reject-reason">
          {t("withdrawals.reason", { reason: row.rejectReason ?? "" })}
        </span>
      </>
    );
  }
  if (row.status === "cancelled") {
    return <span className={small}>{t("withdrawals.byMember")}</span>;
  }
  return null;
}

/** The request a dialog is about: member, method, amount and payee. */
export function RowFacts({ row }: { row: Row }) {
  const { t } = useTranslation(["admin-money", "wallet"]);
  return (
    <dl className="grid grid-cols-[auto,1fr] gap-x-4 gap-y-1 rounded-md bg-slate-50 p-3 dark:bg-slate-800">
      <dt className="text-slate-500 dark:text-slate-400">{t("withdrawals.columns.member")}</dt>
      <dd className="[overflow-wrap:anywhere]">
        {row.member.nickname} ({row.member.email})
      </dd>
      <dt className="text-slate-500 dark:text-slate-400">{t("withdrawals.columns.method")}</dt>
      <dd>{t(`wallet:methods.${row.method}`)}</dd>
      <dt className="text-slate-500 dark:text-slate-400">{t("withdrawals.columns.amount")}</dt>
      <dd className="font-semibold" data-testid="dialog-amount">
        {formatYen(row.amount)}
      </dd>
      <dt className="text-slate-500 dark:text-slate-400">{t("withdrawals.columns.payee")}</dt>
      <dd className="[overflow-wrap:anywhere]">{payeeSummary(row.method, row.payout, t)}</dd>
    </dl>
  );
}

/** What the last decision did; for a bulk completion, which requests were refused and why. */
export function DoneAlert({ data, rows }: { data: NonNullable<ActionData>; rows: Row[] }) {
  const { t } = useTranslation(["admin-money", "errors"]);
  // Marking as sent reports in the Zengin panel.
  if (!data.ok || data.intent === "markSent") return null;
  const row = rows[0];
  const who = row
    ? { amount: formatYen(row.amount), member: row.member.nickname || row.member.email }
    : null;
  if (data.intent === "complete") {
    return (
      <Alert tone="success" testId="decided">
        {who ? t("withdrawals.complete.done", who) : t("withdrawals.complete.doneShort")}
      </Alert>
    );
  }
  if (data.intent === "reject") {
    return (
      <Alert tone="success" testId="decided">
        {who ? t("withdrawals.reject.done", who) : t("withdrawals.reject.doneShort")}
      </Alert>
    );
  }
  const completed = data.results.filter((r) => r.ok).length;
  const refused = data.results.filter((r) => !r.ok);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return (
    <Alert tone={refused.length > 0 ? "info" : "success"} testId="decided">
      <p data-testid="bulk-completed">{t("withdrawals.bulk.done", { count: completed })}</p>
      {refused.length > 0 && (
        <>
          <p className="mt-1" data-testid="bulk-refused">
            {t("withdrawals.bulk.refused", { count: refused.length })}
          </p>
          <ul className="mt-1 list-disc pl-5">
            {refused.map((r) => {
              const row = byId.get(r.id);
              return (
                <li key={r.id} data-testid="bulk-refused-row">
                  {row
                    ? `${row.member.nickname || row.member.email} ${formatYen(row.amount)}`
                    : r.id}
                  : {t(`errors:${r.key ?? "internal"}`)}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </Alert>
  );
}
