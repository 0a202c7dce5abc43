import { csvExport } from "#app/lib/csv.server";
import { answerRefusals } from "#app/lib/refusals.server";

/** The cashback list as CSV: the same filters and order as the page, every matching row. */
export const loader = /* @__PURE__ */ answerRefusals(
  /* @__PURE__ */ csvExport({
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
      [t("csv.lots"), (r) => r.lots],
      [t("csv.amount"), (r) => r.amount],
      [t("csv.batchId"), (r) => r.batchId],
      // What the row was priced from, after the columns spreadsheets already read.
      [t("csv.tradedAt"), (r) => r.tradedAt ?? ""],
      [t("csv.symbol"), (r) => r.symbol ?? ""],
      [t("csv.rateKind"), (r) => r.rateKind ?? ""],
      [t("csv.rate"), (r) => (r.rateX100 === null ? "" : r.rateX100 / 100)],
      [t("csv.rateFrom"), (r) => r.rateFrom ?? ""],
      [t("csv.rateType"), (r) => r.rateType ?? ""],
      [t("csv.rateSource"), (r) => r.rateSource ?? ""],
      [t("csv.commission"), (r) => r.commission ?? ""],
      [t("csv.currency"), (r) => r.currency ?? ""],
      [t("csv.commissionYen"), (r) => r.commissionYen ?? ""],
      [t("csv.reward"), (r) => r.rewardYen],
      [t("csv.margin"), (r) => r.margin ?? ""],
    ],
  }),
);
