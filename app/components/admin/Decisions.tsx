import { useActionData } from "@remix-run/react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { RowDecisions } from "#app/components/admin/RowDecisions";
import {
  type AwaitingRow,
  SecondApprovalButton,
  SecondApprovalDialog,
} from "#app/components/admin/SecondApproval";
import { type Column, DataTable, type TablePage } from "#app/components/table/DataTable";
import { FilterField, filterControl } from "#app/components/table/TableFilters";
import { Alert, FormErrorAlert } from "#app/components/ui/Alert";
import { ConfirmDialog, type DialogFact, useDecisions } from "#app/components/ui/ConfirmDialog";
import type { FormErrorShape } from "#app/components/ui/form";
import type { $ZodType } from "zod/v4/core";

/*
 * The pieces of an admin list where each pending row waits for a decision, accepted or refused
 * with a reason (withdrawals: complete or reject; transfers: approve or deny; EA-dedicated
 * account requests). The texts live in `ns` (admin-money unless said) under
 * `<section>.<intent>.*` and `<section>.columns.actions`, the row buttons' test ids are
 * `<intent>-one` and the intents are what the page's action reads.
 */

export interface DecisionKinds<A extends string, R extends string> {
  /** The texts' key prefix: `withdrawals`, `transfers`. */
  section: string;
  /** The texts' namespace; admin-money by default. */
  ns?: string;
  accept: A;
  refuse: R;
  /** The refusal's schema, the one its procedure takes: the reason's limits come from it. */
  reason: $ZodType;
}

/** The last column: the two decision buttons on a pending row, naming the row for screen readers. */
export function decisionColumn<Row extends { status: string }, A extends string, R extends string>(
  t: (key: string, params?: Record<string, string>) => string,
  { section, accept, refuse }: DecisionKinds<A, R>,
  names: (row: Row) => Record<string, string>,
  open: (kind: A | R, row: Row) => void,
): Column<Row> {
  const button = (kind: A | R, row: Row) => ({
    label: t(`${section}.${kind}.button`),
    ariaLabel: t(`${section}.${kind}.one`, names(row)),
    testId: `${kind}-one`,
    onClick: () => open(kind, row),
  });
  return {
    key: "actions",
    header: <span className="sr-only">{t(`${section}.columns.actions`)}</span>,
    // A bank withdrawal sent to the bank (Zengin file) still waits for completion or rejection.
    cell: (row) =>
      row.status === "pending" || row.status === "sent" ? (
        <RowDecisions accept={button(accept, row)} refuse={button(refuse, row)} />
      ) : null,
  };
}

/**
 * The two confirmations of one row's decision; the refusal asks for its reason. `facts` shows
 * what the open one is about, `kind` is the open one's (or none).
 */
export function DecisionDialogs<A extends string, R extends string>({
  kinds: { section, accept, refuse, ns = "admin-money", reason },
  kind,
  id,
  facts,
  state: { close, dialogError: error, reasonError, refused },
  english = false,
}: {
  kinds: DecisionKinds<A, R>;
  /** The refusal's reason may also be written in English (`reasonEn`), for members reading it. */
  english?: boolean;
  kind: string | undefined;
  id: string;
  facts: ReactNode;
  /** The page's `useDecisions`: closing, and a refusal of the open dialog (with what was typed). */
  state: {
    close: () => void;
    dialogError: string | null;
    reasonError: string | null;
    refused: { values: { reason?: string; reasonEn?: string } } | null;
  };
}) {
  const { t } = useTranslation([ns, "common"]);
  const dialog = (intent: A | R) => ({
    testId: "decision-dialog",
    open: kind === intent,
    onClose: close,
    title: t(`${section}.${intent}.title`),
    confirmLabel: t(`${section}.${intent}.confirm`),
    fields: { intent, id },
    error,
  });
  return (
    <>
      <ConfirmDialog {...dialog(accept)}>
        {facts}
        <p>{t(`${section}.${accept}.lead`)}</p>
      </ConfirmDialog>
      <ConfirmDialog
        {...dialog(refuse)}
        tone="danger"
        reason={{
          schema: reason,
          label: t(`${section}.${refuse}.reason`),
          hint: t(`${section}.${refuse}.reasonHint`),
          error: reasonError,
          defaultValue: refused?.values.reason,
          ...(english
            ? {
                english: {
                  label: t("common:content.english", {
                    field: t(`${section}.${refuse}.reason`),
                  }),
                  hint: t("common:content.englishHint"),
                  defaultValue: refused?.values.reasonEn,
                },
              }
            : {}),
        }}
      >
        {facts}
        <p>{t(`${section}.${refuse}.lead`)}</p>
      </ConfirmDialog>
    </>
  );
}

/** The status filter of a decision list: each status and "all", defaulting to pending. */
export function StatusFilter({
  id,
  label,
  statuses,
  value,
}: {
  id: string;
  label: string;
  statuses: readonly string[];
  value: string;
}) {
  const { t } = useTranslation(["admin-money", "wallet"]);
  return (
    <FilterField label={label} htmlFor={id}>
      <select
        id={id}
        name="status"
        defaultValue={value}
        className={filterControl}
        data-testid="filter-status"
      >
        {statuses.map((s) => (
          <option key={s} value={s}>
            {s === "all" ? t("withdrawals.filters.all") : t(`wallet:status.${s}`)}
          </option>
        ))}
      </select>
    </FilterField>
  );
}

/**
 * What `approveOrDeny` (lib/decisions.server) answers; a queue with second approvals also
 * answers "sendBack", and `awaitsSecond` when an approval was the first of two.
 */
type ApproveOrDenyResult =
  | { ok: true; intent: "approve" | "deny" | "sendBack"; awaitsSecond?: boolean }
  | { ok: false; error: FormErrorShape; values: Record<string, string> };

/**
 * The table of an approve-or-deny page (transfers, EA account requests) with its notices and
 * dialogs; the page's action is `approveOrDeny`. `names` fills the texts that name a row,
 * `facts` shows what an open dialog is about, `done` the notice after a decision.
 */
export function ApproveOrDenyTable<Row extends AwaitingRow>({
  kinds,
  names,
  facts,
  label,
  empty,
  page,
  columns,
  testId,
  english = false,
  adminId,
}: {
  kinds: DecisionKinds<"approve", "deny">;
  /**
   * Given on a queue with second approvals: a row awaiting its second approval offers this
   * admin approve or send back (or says it waits for another admin).
   */
  adminId?: string;
  /** The denial's reason may be written in English too (the page's `deny` passes it on). */
  english?: boolean;
  names: (row: Row) => Record<string, string>;
  facts: (row: Row) => ReactNode;
  label: string;
  empty: string;
  page: TablePage<Row>;
  columns: Column<Row>[];
  testId?: string;
}) {
  const { section, ns = "admin-money" } = kinds;
  const { t } = useTranslation([ns, "admin-money"]);
  const result = useActionData<ApproveOrDenyResult>();
  // "second": the second approval of a row awaiting it (approve or send back).
  type Decision = { kind: "approve" | "deny" | "second"; row: Row };
  type Done = Extract<ApproveOrDenyResult, { ok: true }>;
  const [done, setDone] = useState<{ result: Done; row: Row | null } | null>(null);
  const decisions = useDecisions<Decision, ApproveOrDenyResult>(
    result,
    (d) => t(d.kind === "second" ? "admin-money:approvals.reason" : `${section}.deny.reason`),
    (ok, decided) => setDone({ result: ok, row: decided?.row ?? null }),
  );
  const { decision, pageError } = decisions;
  const open = (kind: Decision["kind"], row: Row) => decisions.open({ kind, row });
  return (
    <>
      {done && (
        <Alert tone={done.result.awaitsSecond ? "info" : "success"} testId="decided">
          {done.result.awaitsSecond
            ? t("admin-money:approvals.transferFirstDone")
            : done.result.intent === "sendBack"
              ? t("admin-money:approvals.sendBackDone")
              : done.row
                ? t(`${section}.${done.result.intent}.done`, names(done.row))
                : t(`${section}.${done.result.intent}.doneShort`)}
        </Alert>
      )}
      <FormErrorAlert error={pageError} />
      <DataTable
        label={label}
        page={page}
        empty={empty}
        testId={testId}
        columns={[
          ...columns,
          awaitingSecond(decisionColumn(t, kinds, names, open), adminId, names, open),
        ]}
      />
      <DecisionDialogs
        kinds={kinds}
        kind={decision?.kind}
        id={decision?.row.id ?? ""}
        facts={decision && facts(decision.row)}
        state={decisions}
        english={english}
      />
      <SecondApprovalDialog
        open={decision?.kind === "second"}
        row={decision?.row ?? null}
        facts={decision && facts(decision.row)}
        state={decisions}
      />
    </>
  );
}

/** The decisions column; a row awaiting its second approval opens the second admin's dialog. */
function awaitingSecond<Row extends AwaitingRow>(
  column: Column<Row>,
  adminId: string | undefined,
  names: (row: Row) => Record<string, string>,
  open: (kind: "second", row: Row) => void,
): Column<Row> {
  if (adminId === undefined) return column;
  return {
    ...column,
    cell: (row) =>
      row.status === "checking" ? (
        <SecondApprovalButton
          row={row}
          adminId={adminId}
          amount={names(row).amount ?? ""}
          onOpen={() => open("second", row)}
        />
      ) : (
        column.cell(row)
      ),
  };
}

/** A decision dialog's line naming a member: nickname and address, wrapped anywhere. */
export function memberFact(label: string, member: { nickname: string; email: string }): DialogFact {
  return {
    label,
    value: `${member.nickname} (${member.email})`,
    className: "[overflow-wrap:anywhere]",
  };
}
