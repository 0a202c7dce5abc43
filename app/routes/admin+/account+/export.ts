import { csvExport } from "#app/lib/csv.server";
import { formatDateTime } from "#app/lib/format";
import { answerRefusals } from "#app/lib/refusals.server";

/**
 * The account list as CSV: the same procedure, filters and order as the page (its search
 * params), every matching row instead of one page.
 */
export const loader = /* @__PURE__ */ answerRefusals(
  /* @__PURE__ */ csvExport({
    name: "accounts",
    ns: ["admin", "accounts"],
    read: (trpc, input) => trpc.brokers.accounts.list(input),
    columns: (t) => [
      [t("admin:accounts.columns.createdAt"), (r) => formatDateTime(r.createdAt)],
      [t("admin:accounts.csv.uid"), (r) => r.userId],
      [t("admin:accounts.columns.member"), (r) => r.nickname],
      [t("admin:accounts.csv.email"), (r) => r.email],
      [t("admin:accounts.columns.broker"), (r) => r.brokerName],
      [t("admin:accounts.columns.account"), (r) => r.accountNumber],
      [t("admin:accounts.columns.status"), (r) => t(`accounts:status.${r.status}`)],
      [t("admin:accounts.csv.reason"), (r) => r.denyReason],
      [t("admin:accounts.columns.decidedAt"), (r) => formatDateTime(r.decidedAt)],
      [t("admin:accounts.csv.decidedBy"), (r) => r.decidedBy],
    ],
  }),
);
