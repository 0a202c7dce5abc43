import { csvExport } from "~/lib/csv.server";
import { answerRefusals } from "~/lib/refusals.server";

/** The cashback list as CSV: the same filters and order as the page, every matching row. */
export const loader = /* @__PURE__ */ answerRefusals(
  csvExport({
    name: "cashback",
    ns: "cashback",
    read: (trpc, input) => trpc.cashback.list(input),
    columns: (t) => [
      [t("csv.date"), (r) => r.tradeDate],
      [t("csv.memberId"), (r) => r.userId],
      [t("csv.nickname"), (r) => r.nickname],
      [t("csv.email"), (r) => r.email],
      [t("csv.broker"), (r) => r.brokerName],
      [t("csv.account"), (r) => r.accountNumber],
      [t("csv.lots"), (r) => r.lotsMilli / 1000],
      [t("csv.amount"), (r) => r.amount],
      [t("csv.batchId"), (r) => r.batchId],
    ],
  }),
);
