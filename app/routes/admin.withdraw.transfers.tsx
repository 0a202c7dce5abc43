import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { RowDecisions } from "~/components/admin/RowDecisions";
import { ConfirmDialog, useDecisions } from "~/components/ui/ConfirmDialog";
import { Alert, FormErrorAlert } from "~/components/ui/Alert";
import { EmailText } from "~/components/cells";
import { dateColumn } from "~/components/admin/cells";
import { StatusBadge } from "~/components/StatusBadge";
import { DataTable } from "~/components/table/DataTable";
import { FilterField, filterControl, TableFilters } from "~/components/table/TableFilters";
import { searchParamsObject } from "~/components/table/url";
import { formatDateTime } from "~/lib/format";
import { attempt, formValues } from "~/lib/forms.server";
import { formatYen } from "~/lib/money";

export const handle = { i18n: ["admin-money", "wallet", "errors"] };

const STATUSES = ["pending", "completed", "failed", "all"] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = await context.trpc.wallet.adminTransfers(searchParamsObject(request.url));
  return json({ page });
}

/**
 * Approve (the receiver is credited, the fee goes to the house) or deny with a reason (the
 * sender gets amount and fee back). A transfer someone already decided is refused.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const values = formValues(await request.formData(), ["intent", "id", "reason"]);
  if (values.intent === "approve") {
    const result = await attempt(values, () =>
      context.trpc.wallet.approveTransfer({ id: values.id }),
    );
    if (!result.ok) return result.response;
    return json({ ok: true as const, intent: "approve" as const });
  }
  if (values.intent === "deny") {
    const result = await attempt(values, () =>
      context.trpc.wallet.denyTransfer({ id: values.id, reason: values.reason }),
    );
    if (!result.ok) return result.response;
    return json({ ok: true as const, intent: "deny" as const });
  }
  throw new Response("Unknown intent", { status: 400 });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["page"]["rows"][number];
type ActionData = ReturnType<typeof useActionData<typeof action>>;

interface Decision {
  kind: "approve" | "deny";
  row: Row;
}

/** /admin/withdraw/transfers: member-to-member transfers, pending until an admin decides. */
export default function AdminTransfers() {
  const { t } = useTranslation(["admin-money", "wallet", "errors"]);
  const { page } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const [done, setDone] = useState<{ kind: "approve" | "deny"; row: Row | null } | null>(null);
  const {
    decision,
    open: openDecision,
    close,
    refused,
    dialogError,
    reasonError,
    pageError,
  } = useDecisions<Decision, NonNullable<ActionData>>(
    result,
    t("transfers.deny.reason"),
    (ok, decided) => setDone({ kind: ok.intent, row: decided?.row ?? null }),
  );
  const open = (kind: Decision["kind"], row: Row) => openDecision({ kind, row });

  const person = (p: { nickname: string | null; email: string }) => (
    <span className="block min-w-32">
      <span className="block font-medium">{p.nickname || p.email}</span>
      <span className="block [overflow-wrap:anywhere] text-xs text-slate-500 dark:text-slate-400">
        <EmailText email={p.email} />
      </span>
    </span>
  );
  const who = (r: Row) => ({
    amount: formatYen(r.amount),
    sender: r.sender.nickname || r.sender.email,
    receiver: r.receiver.nickname || r.receiver.email,
  });

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("transfers.lead")}</p>
      <TableFilters label={t("transfers.filters.label")}>
        <FilterField label={t("transfers.filters.status")} htmlFor="t-status">
          <select
            id="t-status"
            name="status"
            defaultValue={params.get("status") ?? "pending"}
            className={filterControl}
            data-testid="filter-status"
          >
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s === "all" ? t("withdrawals.filters.all") : t(`wallet:status.${s}`)}
              </option>
            ))}
          </select>
        </FilterField>
      </TableFilters>

      {done && (
        <Alert tone="success" testId="decided">
          {done.row
            ? t(`transfers.${done.kind}.done`, who(done.row))
            : t(`transfers.${done.kind}.doneShort`)}
        </Alert>
      )}
      <FormErrorAlert error={pageError} />

      <DataTable
        label={t("transfers.tableLabel")}
        page={page}
        rowKey={(r) => r.id}
        empty={t("transfers.empty")}
        columns={[
          dateColumn("createdAt", t("transfers.columns.createdAt"), { sorted: true }),
          {
            key: "sender",
            header: t("transfers.columns.sender"),
            cell: (r) => person(r.sender),
          },
          {
            key: "receiver",
            header: t("transfers.columns.receiver"),
            cell: (r) => person(r.receiver),
          },
          {
            key: "amount",
            header: t("transfers.columns.amount"),
            sortKey: "amount",
            firstDir: "desc",
            align: "right",
            nowrap: true,
            cell: (r) => <span className="font-semibold tabular-nums">{formatYen(r.amount)}</span>,
          },
          {
            key: "fee",
            header: t("transfers.columns.fee"),
            align: "right",
            nowrap: true,
            cell: (r) => <span className="tabular-nums">{formatYen(r.fee)}</span>,
          },
          {
            key: "message",
            header: t("transfers.columns.message"),
            className: "min-w-32 max-w-48 break-words text-xs",
            cell: (r) => r.message ?? "",
          },
          {
            key: "status",
            header: t("transfers.columns.status"),
            cell: (r) => (
              <span className="block min-w-28 space-y-1">
                <StatusBadge status={r.status} />
                {r.decidedAt && (
                  <span className="block whitespace-nowrap text-xs text-slate-600 dark:text-slate-300">
                    {formatDateTime(r.decidedAt)}
                  </span>
                )}
                {r.failReason && (
                  <span
                    className="block min-w-40 text-xs text-slate-600 dark:text-slate-300"
                    data-testid="deny-reason"
                  >
                    {t("withdrawals.reason", { reason: r.failReason })}
                  </span>
                )}
              </span>
            ),
          },
          {
            key: "actions",
            header: <span className="sr-only">{t("transfers.columns.actions")}</span>,
            cell: (r) =>
              r.status === "pending" ? (
                <RowDecisions
                  accept={{
                    label: t("transfers.approve.button"),
                    ariaLabel: t("transfers.approve.one", who(r)),
                    testId: "approve-one",
                    onClick: () => open("approve", r),
                  }}
                  refuse={{
                    label: t("transfers.deny.button"),
                    ariaLabel: t("transfers.deny.one", who(r)),
                    testId: "deny-one",
                    onClick: () => open("deny", r),
                  }}
                />
              ) : null,
          },
        ]}
      />

      <ConfirmDialog
        testId="decision-dialog"
        open={decision?.kind === "approve"}
        onClose={close}
        title={t("transfers.approve.title")}
        confirmLabel={t("transfers.approve.confirm")}
        fields={{ intent: "approve", id: decision?.row.id ?? "" }}
        error={dialogError}
      >
        {decision && <TransferFacts row={decision.row} />}
        <p>{t("transfers.approve.lead")}</p>
      </ConfirmDialog>

      <ConfirmDialog
        testId="decision-dialog"
        open={decision?.kind === "deny"}
        onClose={close}
        title={t("transfers.deny.title")}
        confirmLabel={t("transfers.deny.confirm")}
        tone="danger"
        fields={{ intent: "deny", id: decision?.row.id ?? "" }}
        reason={{
          label: t("transfers.deny.reason"),
          hint: t("transfers.deny.reasonHint"),
          error: reasonError,
          defaultValue: refused?.values.reason,
        }}
        error={dialogError}
      >
        {decision && <TransferFacts row={decision.row} />}
        <p>{t("transfers.deny.lead")}</p>
      </ConfirmDialog>
    </div>
  );
}

function TransferFacts({ row }: { row: Row }) {
  const { t } = useTranslation("admin-money");
  return (
    <dl className="grid grid-cols-[auto,1fr] gap-x-4 gap-y-1 rounded-md bg-slate-50 p-3 dark:bg-slate-800">
      <dt className="text-slate-500 dark:text-slate-400">{t("transfers.columns.sender")}</dt>
      <dd className="[overflow-wrap:anywhere]">
        {row.sender.nickname} ({row.sender.email})
      </dd>
      <dt className="text-slate-500 dark:text-slate-400">{t("transfers.columns.receiver")}</dt>
      <dd className="[overflow-wrap:anywhere]">
        {row.receiver.nickname} ({row.receiver.email})
      </dd>
      <dt className="text-slate-500 dark:text-slate-400">{t("transfers.columns.amount")}</dt>
      <dd className="font-semibold">{formatYen(row.amount)}</dd>
      <dt className="text-slate-500 dark:text-slate-400">{t("transfers.columns.fee")}</dt>
      <dd>{formatYen(row.fee)}</dd>
      {row.message && (
        <>
          <dt className="text-slate-500 dark:text-slate-400">{t("transfers.columns.message")}</dt>
          <dd className="break-words">{row.message}</dd>
        </>
      )}
    </dl>
  );
}
