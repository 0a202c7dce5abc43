import { csvExport } from "#app/lib/csv.server";
import { formatDateTime } from "#app/lib/format";
import { payeeSummary } from "#app/lib/payee";
import { answerRefusals } from "#app/lib/refusals.server";

/**
 * The withdrawal list as CSV: the same procedure, filters and order as the page (its search
 * params, status pending by default like the page), every matching row instead of one page.
 */
export const loader = /* @__PURE__ */ answerRefusals(
  /* @__PURE__ */ csvExport({
    name: "withdrawals",
    ns: ["admin-money", "wallet"],
    read: (trpc, input) => trpc.wallet.adminWithdrawals(input),
    columns: (t) => [
      [t("admin-money:withdrawals.columns.createdAt"), (r) => formatDateTime(r.createdAt)],
      [t("admin-money:csv.requestId"), (r) => r.id],
      [t("admin-money:csv.memberId"), (r) => r.member.id],
      [t("admin-money:csv.nickname"), (r) => r.member.nickname],
      [t("admin-money:csv.email"), (r) => r.member.email],
      [t("admin-money:withdrawals.columns.method"), (r) => t(`wallet:methods.${r.method}`)],
      [t("admin-money:withdrawals.columns.amount"), (r) => r.amount],
      [t("admin-money:withdrawals.columns.status"), (r) => t(`wallet:status.${r.status}`)],
      [t("admin-money:csv.sentAt"), (r) => formatDateTime(r.sentAt)],
      [t("admin-money:csv.completedAt"), (r) => formatDateTime(r.completedAt)],
      [t("admin-money:csv.rejectedAt"), (r) => formatDateTime(r.rejectedAt)],
      [t("admin-money:csv.reason"), (r) => r.rejectReason],
      [t("admin-money:csv.nextBusinessDay"), (r) => r.nextBusinessDay],
      [t("admin-money:withdrawals.columns.payee"), (r) => payeeSummary(r.method, r.payout, t)],
    ],
  }),
);
