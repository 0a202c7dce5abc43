import { csvExport } from "#app/lib/csv.server";
import { formatDateTime } from "#app/lib/format";
import { answerRefusals } from "#app/lib/refusals.server";

/** The present list as CSV: the page's filters and order, every matching row. */
export const loader = /* @__PURE__ */ answerRefusals(
  /* @__PURE__ */ csvExport({
    name: "presents",
    ns: ["admin-money", "wallet"],
    read: (trpc, input) => trpc.wallet.adminPresents(input),
    columns: (t) => [
      [t("presents.columns.createdAt"), (r) => formatDateTime(r.createdAt)],
      [t("csv.nickname"), (r) => r.member.nickname],
      [t("csv.email"), (r) => r.member.email],
      [t("presents.columns.amount"), (r) => r.amount],
      [t("presents.columns.reason"), (r) => r.reason],
      [t("presents.columns.status"), (r) => t(`wallet:status.${r.status}`)],
    ],
  }),
);
