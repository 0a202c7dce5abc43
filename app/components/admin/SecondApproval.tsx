import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { RowDecisionButton } from "#app/components/admin/RowDecisions";
import { buttonClass } from "#app/components/ui/button";
import { ConfirmDialog } from "#app/components/ui/ConfirmDialog";
import { schemaLimits } from "#app/lib/constraint";
import { sendBackInput } from "#domain/withdrawal-decision";

/** A queue row as the second approval reads it. */
export interface AwaitingRow {
  id: string;
  status: string;
  /** Who gave the first approval; queues without second approvals have none. */
  firstApprover?: { id: string; name: string } | null;
}

/** A small line under a row's status: who decided it, why, or whom it waits for. */
export function StatusNote({
  width = "min-w-40",
  testId,
  children,
}: {
  width?: "min-w-24" | "min-w-32" | "min-w-40";
  testId?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={`block ${width} text-xs text-slate-600 dark:text-slate-300`}
      data-testid={testId}
    >
      {children}
    </span>
  );
}

/** Under a row's status: who gave the first approval of one awaiting its second. */
export function FirstApprover({ row }: { row: AwaitingRow }) {
  const { t } = useTranslation("admin-money");
  if (row.status !== "checking" || !row.firstApprover) return null;
  return (
    <StatusNote width="min-w-24" testId="first-approver">
      {t("approvals.firstBy", { name: row.firstApprover.name })}
    </StatusNote>
  );
}

/** For the first approver: it waits for another admin's decision. */
function AwaitingOther() {
  const { t } = useTranslation("admin-money");
  return (
    <StatusNote width="min-w-32" testId="awaiting-other">
      {t("approvals.awaitingOther")}
    </StatusNote>
  );
}

/**
 * The second admin's choices on a large withdrawal or transfer awaiting its second approval:
 * approve, or send it back to the queue with a reason. The first approver sees that it waits
 * for someone else; the server refuses them anyway (one person is never both).
 */
export function SecondApproval({ row, adminId }: { row: AwaitingRow; adminId: string }) {
  const { t } = useTranslation("admin-money");
  if (row.status !== "checking") return null;
  if (row.firstApprover?.id === adminId) {
    return <AwaitingOther />;
  }
  const reasonId = `send-back-${row.id}`;
  return (
    <div className="min-w-48 space-y-2" data-testid="second-approval">
      <Form method="post">
        <input type="hidden" name="intent" value="approve" />
        <input type="hidden" name="id" value={row.id} />
        <button type="submit" className={buttonClass()} data-testid="approve-second">
          {t("approvals.approve")}
        </button>
      </Form>
      <Form method="post" className="space-y-1">
        <input type="hidden" name="intent" value="sendBack" />
        <input type="hidden" name="id" value={row.id} />
        <label htmlFor={reasonId} className="block text-xs font-medium">
          {t("approvals.reason")}
        </label>
        <input
          id={reasonId}
          name="reason"
          // A free reason for this one decision: nothing for the browser to suggest.
          autoComplete="off"
          {...schemaLimits(sendBackInput)("reason")}
          className="block min-h-11 w-full rounded border border-slate-300 px-2 dark:border-slate-600 dark:bg-slate-900"
        />
        <button
          type="submit"
          className={buttonClass({ variant: "secondary" })}
          data-testid="send-back"
        >
          {t("approvals.sendBack")}
        </button>
      </Form>
    </div>
  );
}

/**
 * In a table row awaiting its second approval: one "decide" button opening
 * `SecondApprovalDialog` (approve, or send back with a reason), so the row stays as narrow as
 * a pending one's. The first approver sees that it waits for someone else instead.
 */
export function SecondApprovalButton({
  row,
  adminId,
  amount,
  onOpen,
}: {
  row: AwaitingRow;
  adminId: string;
  /** The row's amount as shown, naming the row for screen readers. */
  amount: string;
  onOpen: () => void;
}) {
  const { t } = useTranslation("admin-money");
  if (row.status !== "checking") return null;
  if (row.firstApprover?.id === adminId) {
    return <AwaitingOther />;
  }
  // The pending rows' button size: a 44 px target on a phone, as narrow as theirs on a desktop.
  return (
    <RowDecisionButton
      decision={{
        label: t("approvals.decide"),
        ariaLabel: t("approvals.decideOne", { amount }),
        testId: "decide-second",
        onClick: onOpen,
      }}
    />
  );
}

/**
 * The second admin's decision on a row awaiting it, in the page's decision dialog: what it is
 * and who gave the first approval, then approve, or send it back to the queue with a reason
 * (the one field; only sending back needs it). `state` is the page's `useDecisions`.
 */
export function SecondApprovalDialog({
  open,
  row,
  facts,
  state,
}: {
  open: boolean;
  row: AwaitingRow | null;
  facts: ReactNode;
  state: {
    close: () => void;
    dialogError: string | null;
    reasonError: string | null;
    refused: { values: { reason?: string } } | null;
  };
}) {
  const { t } = useTranslation("admin-money");
  return (
    <ConfirmDialog
      testId="second-approval-dialog"
      open={open}
      onClose={state.close}
      title={t("approvals.dialogTitle")}
      confirmLabel={t("approvals.sendBack")}
      tone="secondary"
      fields={{ id: row?.id ?? "" }}
      confirmField={{ name: "intent", value: "sendBack" }}
      alternative={{
        label: t("approvals.approve"),
        name: "intent",
        value: "approve",
        testId: "approve-second",
      }}
      reason={{
        schema: sendBackInput,
        label: t("approvals.reason"),
        hint: t("approvals.reasonHint"),
        error: state.reasonError,
        defaultValue: state.refused?.values.reason,
      }}
      error={state.dialogError}
    >
      {facts}
      {row?.firstApprover && (
        <p data-testid="dialog-first-approver">
          {t("approvals.firstBy", { name: row.firstApprover.name })}
        </p>
      )}
      <p>{t("approvals.dialogLead")}</p>
    </ConfirmDialog>
  );
}
