import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { PageRow } from "#app/components/table/DataTable";
import { ApproveOrDenyTable, memberFact, StatusFilter } from "#app/components/admin/Decisions";
import { DialogFacts } from "#app/components/ui/ConfirmDialog";
import { EmailText } from "#app/components/cells";
import { dateColumn } from "#app/components/admin/cells";
import { StatusBadge } from "#app/components/StatusBadge";
import { yenColumn } from "#app/components/table/columns";
import { TableFilters } from "#app/components/table/TableFilters";
import { searchParamsObject } from "#app/components/table/url";
import { formatDateTime } from "#app/lib/format";
import { attempt, parseForm } from "#app/lib/forms.server";
import { FirstApprover, StatusNote } from "#app/components/admin/SecondApproval";
import { rejectInput, transferDecisionForm } from "#domain/withdrawal-decision";
import { formatYen } from "#app/lib/money";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = {
  title: title.tab("adminTabs.withdraw.transfers", "admin-money:withdrawals.title"),
  i18n: ["admin-money", "wallet", "errors"],
};

const STATUSES = ["pending", "checking", "completed", "failed", "all"] as const;
const KINDS = {
  section: "transfers",
  accept: "approve",
  refuse: "deny",
  reason: rejectInput,
} as const;

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const [page, me] = await Promise.all([
      context.trpc.wallet.adminTransfers(searchParamsObject(request.url)),
      context.trpc.auth.me(),
    ]);
    return json({ page, adminId: me?.id ?? "" });
  },
);

/**
 * Approve (the receiver is credited, the fee goes to the house) or deny with a reason (the
 * sender gets amount and fee back). A large one's approval is the first of two: it then awaits
 * another admin, who approves it or sends it back with a reason. A transfer someone already
 * decided is refused.
 */
export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: ActionFunctionArgs) => {
    const parsed = await parseForm(request, transferDecisionForm);
    if (!parsed.ok) return parsed.response;
    const { input } = parsed;
    const wallet = context.trpc.wallet;
    const result = await attempt(parsed.values, async () => {
      switch (input.intent) {
        case "approve":
          return (await wallet.approveTransfer({ id: input.id })).status === "checking";
        case "deny":
          await wallet.denyTransfer(input);
          return false;
        case "sendBack":
          await wallet.sendBackTransfer(input);
          return false;
      }
    });
    if (!result.ok) return result.response;
    return json({ ok: true as const, intent: input.intent, awaitsSecond: result.data });
  },
);

type Row = PageRow<typeof loader>;
/**
 * /admin/withdraw/transfers: member-to-member transfers, pending until an admin decides; a
 * large one awaits a second admin's approval, with who gave the first.
 */
export default function AdminTransfers() {
  const { t } = useTranslation(["admin-money", "wallet", "errors"]);
  const { page, adminId } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();

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
        <StatusFilter
          id="t-status"
          label={t("transfers.filters.status")}
          statuses={STATUSES}
          value={params.get("status") ?? "pending"}
        />
      </TableFilters>

      <ApproveOrDenyTable
        english
        adminId={adminId}
        kinds={KINDS}
        names={who}
        facts={(row) => <TransferFacts row={row} />}
        label={t("transfers.tableLabel")}
        page={page}
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
          yenColumn("amount", t("transfers.columns.amount"), { sorted: true, figures: "strong" }),
          yenColumn("fee", t("transfers.columns.fee"), { figures: "tabular" }),
          {
            key: "message",
            header: t("transfers.columns.message"),
            className: "min-w-24 max-w-48 break-words text-xs",
            cell: (r) => r.message ?? "",
          },
          {
            key: "status",
            header: t("transfers.columns.status"),
            cell: (r) => (
              // A long state ("awaiting second approval") wraps inside its badge: the row's
              // decision stays within the table at 1280 px.
              <span className="block min-w-24 space-y-1 [&>[data-status]]:whitespace-normal [&>[data-status]]:rounded-lg">
                <StatusBadge status={r.status} />
                <FirstApprover row={r} />
                {r.decidedAt && (
                  <span className="block whitespace-nowrap text-xs text-slate-600 dark:text-slate-300">
                    {formatDateTime(r.decidedAt)}
                  </span>
                )}
                {r.failReason && (
                  <StatusNote testId="deny-reason">
                    {t("withdrawals.reason", { reason: r.failReason })}
                  </StatusNote>
                )}
              </span>
            ),
          },
        ]}
      />
    </div>
  );
}

function TransferFacts({ row }: { row: Row }) {
  const { t } = useTranslation("admin-money");
  return (
    <DialogFacts
      items={[
        memberFact(t("transfers.columns.sender"), row.sender),
        memberFact(t("transfers.columns.receiver"), row.receiver),
        {
          label: t("transfers.columns.amount"),
          value: formatYen(row.amount),
          className: "font-semibold",
        },
        { label: t("transfers.columns.fee"), value: formatYen(row.fee) },
        { label: t("transfers.columns.message"), value: row.message, className: "break-words" },
      ]}
    />
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
