import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { DecisionDialogs, decisionColumn, StatusFilter } from "#app/components/admin/Decisions";
import { ConfirmDialog, useDecisions } from "#app/components/ui/ConfirmDialog";
import { Alert, FormErrorAlert } from "#app/components/ui/Alert";
import { PeriodFields } from "#app/components/PeriodFields";
import { EmailText } from "#app/components/cells";
import { dateColumn, MemberCell } from "#app/components/admin/cells";
import { StatusBadge } from "#app/components/StatusBadge";
import { yenColumn } from "#app/components/table/columns";
import { DataTable, type PageRow } from "#app/components/table/DataTable";
import { MemberFilter, SelectFilter, TableFilters } from "#app/components/table/TableFilters";
import { searchParamsObject } from "#app/components/table/url";
import { attempt, parseForm } from "#app/lib/forms.server";
import { formatYen } from "#app/lib/money";
import { payeeSummary } from "#app/lib/payee";
import { buttonClass } from "#app/components/ui/button";
import { WITHDRAWAL_METHODS, WITHDRAWAL_STATUSES } from "#domain/withdrawal";
import { rejectInput, withdrawalDecisionForm } from "#domain/withdrawal-decision";
import { SecondApprovalButton, SecondApprovalDialog } from "#app/components/admin/SecondApproval";
import { DoneAlert, Outcome, RowFacts } from "./decision-parts";
import type { Column } from "#app/components/table/DataTable";
import { ZenginPanel } from "./zengin-panel";
import { answerRefusals } from "#app/lib/refusals.server";

export const handle = { i18n: ["admin-money", "wallet", "errors"] };

const STATUSES = [...WITHDRAWAL_STATUSES, "all"] as const;
const BULK_FORM = "bulk-complete";
const KINDS = {
  section: "withdrawals",
  accept: "complete",
  refuse: "reject",
  reason: rejectInput,
} as const;

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const filter = searchParamsObject(request.url);
    const page = await context.trpc.wallet.adminWithdrawals(filter);
    // The Zengin file is made from the pending bank withdrawals of the same filter.
    const zengin =
      (filter.status ?? "pending") === "pending" &&
      ["all", "bank", undefined].includes(filter.method)
        ? await context.trpc.wallet.zenginPreview(filter)
        : null;
    const me = await context.trpc.auth.me();
    return json({ page, zengin, adminId: me?.id ?? "" });
  },
);

/**
 * One decision per post: complete one, reject one (with its reason), or complete the selected
 * ones. Each procedure checks the request is still pending, so a decision made meanwhile by
 * another admin (or a member's cancellation) is refused, never applied twice.
 */
export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: ActionFunctionArgs) => {
    const parsed = await parseForm(request, withdrawalDecisionForm);
    if (!parsed.ok) return parsed.response;
    const { input } = parsed;
    const wallet = context.trpc.wallet;
    const result = await attempt(parsed.values, async () => {
      switch (input.intent) {
        case "complete":
          // A large one comes back "checking": the first approval, reported as such.
          return wallet
            .completeWithdrawal(input)
            .then((r) =>
              r.status === "checking"
                ? [{ id: r.id, ok: false, key: "sentForSecondApproval" }]
                : [],
            );
        case "approve":
          return wallet.approveWithdrawal(input).then(() => []);
        case "sendBack":
          return wallet.sendBackWithdrawal(input).then(() => []);
        case "reject":
          return wallet.rejectWithdrawal(input).then(() => []);
        case "markSent":
          return wallet.markWithdrawalsSent(input);
        case "bulkComplete":
          return wallet.bulkCompleteWithdrawals(input);
      }
    });
    if (!result.ok) return result.response;
    return json({ ok: true as const, intent: input.intent, results: result.data });
  },
);

/** The decisions column; a row awaiting its second approval opens the second admin's dialog. */
function secondApprovalColumn(
  column: Column<Row>,
  adminId: string,
  open: (row: Row) => void,
): Column<Row> {
  return {
    ...column,
    cell: (r) =>
      r.status === "checking" ? (
        <SecondApprovalButton
          row={r}
          adminId={adminId}
          amount={formatYen(r.amount)}
          onOpen={() => open(r)}
        />
      ) : (
        column.cell(r)
      ),
  };
}

export type Row = PageRow<typeof loader>;
export type ActionData = ReturnType<typeof useActionData<typeof action>>;

/**
 * The dialog open now and the rows it is about (kept for the message once they have left the
 * pending list), with the action result it opened over, so only a newer result shows in it.
 */
interface Decision {
  /** "second": the second approval of one awaiting it (approve or send back). */
  kind: "complete" | "reject" | "bulk" | "second";
  rows: Row[];
}

/** /admin/withdraw: every withdrawal request; complete, reject, or complete many at once. */
export default function AdminWithdrawals() {
  const { t } = useTranslation(["admin-money", "wallet", "errors"]);
  const { page, zengin, adminId } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  // What the list shows: an unknown status in the URL falls back to pending, as on the server.
  const asked = params.get("status");
  const status = STATUSES.find((s) => s === asked) ?? "pending";
  // Pending and sent requests wait for a decision: completed when paid, rejected otherwise.
  const awaitsDecision = status === "pending" || status === "sent";
  const [done, setDone] = useState<{ data: ActionData; rows: Row[] } | null>(null);
  const [noneSelected, setNoneSelected] = useState(false);
  // A decision that went through closes its dialog and is reported above the table.
  const decisions = useDecisions<Decision, NonNullable<ActionData>>(
    result,
    (d) => t(d.kind === "second" ? "approvals.reason" : "withdrawals.reject.reason"),
    (ok, decided) => setDone({ data: ok, rows: decided?.rows ?? [] }),
  );

  const { decision, pageError } = decisions;
  const open = (kind: Decision["kind"], rows: Row[]) => {
    setNoneSelected(false);
    decisions.open({ kind, rows });
  };

  const onBulk = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const ids = new FormData(event.currentTarget).getAll("ids").map(String);
    const rows = page.rows.filter((r) => ids.includes(r.id));
    if (rows.length === 0) {
      setNoneSelected(true);
      return;
    }
    open("bulk", rows);
  };

  const memberLabel = (r: Row) => r.member.nickname || r.member.email;
  const bulkTotal = decision?.rows.reduce((sum, r) => sum + r.amount, 0) ?? 0;

  return (
    <div className="space-y-4">
      <TableFilters label={t("withdrawals.filters.label")}>
        <StatusFilter
          id="f-status"
          label={t("withdrawals.filters.status")}
          statuses={STATUSES}
          value={status}
        />
        <SelectFilter
          name="method"
          label={t("withdrawals.filters.method")}
          allValue="all"
          allLabel={t("withdrawals.filters.all")}
          options={WITHDRAWAL_METHODS.map((m) => ({ value: m, label: t(`wallet:methods.${m}`) }))}
          testId="filter-method"
        />
        <MemberFilter
          label={t("withdrawals.filters.member")}
          hint={t("withdrawals.filters.memberHint")}
          testId="filter-member"
        />
        <PeriodFields />
      </TableFilters>

      {zengin && <ZenginPanel preview={zengin} result={result} />}
      {done?.data?.ok && <DoneAlert data={done.data} rows={done.rows} />}
      <FormErrorAlert error={pageError} />

      <DataTable
        label={t("withdrawals.tableLabel")}
        page={page}
        csvHref="/admin/withdraw/export"
        empty={t("withdrawals.empty")}
        selection={
          awaitsDecision
            ? {
                form: BULK_FORM,
                name: "ids",
                rowLabel: (r) =>
                  t("withdrawals.selectRow", {
                    amount: formatYen(r.amount),
                    member: memberLabel(r),
                  }),
              }
            : undefined
        }
        toolbar={
          <>
            {awaitsDecision && (
              <Form
                method="post"
                id={BULK_FORM}
                onSubmit={onBulk}
                className="flex items-center gap-2"
              >
                <input type="hidden" name="intent" value="bulkComplete" />
                <button type="submit" data-testid="bulk-complete" className={buttonClass()}>
                  {t("withdrawals.bulk.button")}
                </button>
              </Form>
            )}
          </>
        }
        columns={[
          dateColumn("createdAt", t("withdrawals.columns.createdAt"), { sorted: true }),
          {
            key: "member",
            header: t("withdrawals.columns.member"),
            cell: (r) => (
              <MemberCell
                id={r.member.id}
                name={memberLabel(r)}
                detail={<EmailText email={r.member.email} />}
                className="block min-w-32"
              />
            ),
          },
          {
            key: "method",
            header: t("withdrawals.columns.methodPayee"),
            cell: (r) => (
              <span className="block min-w-40 max-w-56">
                <span className="block font-medium">{t(`wallet:methods.${r.method}`)}</span>
                {r.nextBusinessDay && (
                  <span
                    data-testid="next-business-day"
                    className="my-0.5 block w-fit rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-100"
                  >
                    {t("withdrawals.nextBusinessDay")}
                  </span>
                )}
                <span
                  className="block text-xs text-slate-600 [overflow-wrap:anywhere] dark:text-slate-300"
                  data-testid="payee"
                >
                  {payeeSummary(r.method, r.payout, t)}
                </span>
              </span>
            ),
          },
          yenColumn("amount", t("withdrawals.columns.amount"), { sorted: true, figures: "strong" }),
          {
            key: "status",
            header: t("withdrawals.columns.status"),
            cell: (r) => (
              <span className="block space-y-1">
                <StatusBadge status={r.status} />
                <Outcome row={r} />
              </span>
            ),
          },
          secondApprovalColumn(
            decisionColumn<Row, "complete", "reject">(
              t,
              KINDS,
              (r) => ({ amount: formatYen(r.amount), member: memberLabel(r) }),
              (kind, r) => open(kind, [r]),
            ),
            adminId,
            (r) => open("second", [r]),
          ),
        ]}
      />
      {(noneSelected || pageError?.fieldErrors.ids) && (
        <Alert tone="error" testId="none-selected">
          {t("withdrawals.bulk.none")}
        </Alert>
      )}

      <DecisionDialogs
        kinds={KINDS}
        kind={decision?.kind}
        id={decision?.rows[0]?.id ?? ""}
        facts={decision?.rows[0] && <RowFacts row={decision.rows[0]} />}
        state={decisions}
        english
      />
      <SecondApprovalDialog
        open={decision?.kind === "second"}
        row={decision?.rows[0] ?? null}
        facts={decision?.rows[0] && <RowFacts row={decision.rows[0]} />}
        state={decisions}
      />

      <ConfirmDialog
        open={decision?.kind === "bulk"}
        onClose={decisions.close}
        title={t("withdrawals.bulk.title")}
        confirmLabel={t("withdrawals.bulk.confirm", { count: decision?.rows.length ?? 0 })}
        fields={{ intent: "bulkComplete", ids: decision?.rows.map((r) => r.id) ?? [] }}
        error={decisions.dialogError}
        testId="bulk-dialog"
      >
        <p data-testid="bulk-summary">
          {t("withdrawals.bulk.lead", {
            count: decision?.rows.length ?? 0,
            total: formatYen(bulkTotal),
          })}
        </p>
        <ul className="max-h-48 list-disc space-y-0.5 overflow-y-auto pl-5">
          {decision?.rows.map((r) => (
            <li key={r.id}>
              {memberLabel(r)} · {t(`wallet:methods.${r.method}`)} · {formatYen(r.amount)}
            </li>
          ))}
        </ul>
      </ConfirmDialog>
    </div>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
