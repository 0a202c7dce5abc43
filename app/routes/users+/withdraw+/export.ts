import { csvExport } from "#app/lib/csv.server";
import { formatDateTime } from "#app/lib/format";
import { answerRefusals } from "#app/lib/refusals.server";

/**
 * The member's withdrawal history as CSV, with the same period and order as the page, read as
 * the page reads: headers and labels in the member's language, times in Tokyo.
 */
export const loader = /* @__PURE__ */ answerRefusals(
  /* @__PURE__ */ csvExport({
    name: "withdrawals",
    ns: "wallet",
    read: (trpc, input) => trpc.wallet.withdrawals(input),
    columns: (t) => [
      [t("history.requestedAt"), (r) => formatDateTime(r.createdAt)],
      [t("history.completedAt"), (r) => formatDateTime(r.completedAt)],
      [t("history.method"), (r) => t(`methods.${r.method}`)],
      [t("history.amount"), (r) => r.amount],
      [t("csv.fee"), (r) => r.fee],
      [t("history.status"), (r) => t(`status.${r.status}`)],
      [t("csv.reason"), (r) => r.rejectReason],
    ],
  }),
);
