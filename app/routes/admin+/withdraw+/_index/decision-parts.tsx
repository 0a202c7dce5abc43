import { useTranslation } from "react-i18next";
import { StatusNote } from "#app/components/admin/SecondApproval";
import { Alert } from "#app/components/ui/Alert";
import { DialogFacts } from "#app/components/ui/ConfirmDialog";
import { formatDateTime } from "#app/lib/format";
import { formatYen } from "#app/lib/money";
import { payeeSummary } from "#app/lib/payee";
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
        <StatusNote testId="reject-reason">
          {t("withdrawals.reason", { reason: row.rejectReason ?? "" })}
        </StatusNote>
      </>
    );
  }
  if (row.status === "cancelled") {
    return <span className={small}>{t("withdrawals.byMember")}</span>;
  }
  if (row.status === "checking" && row.firstApprover) {
    return (
      <StatusNote testId="first-approver">
        {t("approvals.firstBy", { name: row.firstApprover.name })}
      </StatusNote>
    );
  }
  if (row.approver) {
    return (
      <StatusNote testId="approved-by">
        {t("approvals.approvedBy", { name: row.approver })}
      </StatusNote>
    );
  }
  return null;
}

/** The request a dialog is about: member, method, amount and payee. */
export function RowFacts({ row }: { row: Row }) {
  const { t } = useTranslation(["admin-money", "wallet"]);
  return (
    <DialogFacts
      items={[
        {
          label: t("withdrawals.columns.member"),
          value: `${row.member.nickname} (${row.member.email})`,
          className: "[overflow-wrap:anywhere]",
        },
        { label: t("withdrawals.columns.method"), value: t(`wallet:methods.${row.method}`) },
        {
          label: t("withdrawals.columns.amount"),
          value: formatYen(row.amount),
          className: "font-semibold",
          testId: "dialog-amount",
        },
        {
          label: t("withdrawals.columns.payee"),
          value: payeeSummary(row.method, row.payout, t),
          className: "[overflow-wrap:anywhere]",
        },
      ]}
    />
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
  if (data.intent === "complete" && data.results.length > 0) {
    return (
      <Alert tone="info" testId="decided">
        {t("approvals.firstDone")}
      </Alert>
    );
  }
  if (data.intent === "complete") {
    return (
      <Alert tone="success" testId="decided">
        {who ? t("withdrawals.complete.done", who) : t("withdrawals.complete.doneShort")}
      </Alert>
    );
  }
  if (data.intent === "approve" || data.intent === "sendBack") {
    return (
      <Alert tone="success" testId="decided">
        {t(`approvals.${data.intent}Done`)}
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
