import { csvExport } from "#app/lib/csv.server";
import { yenPerLot } from "#domain/broker-terms";
import { answerRefusals } from "#app/lib/refusals.server";

/**
 * The member's cashback history as CSV: the same period and order as the page, every row, with
 * the lots, the rate per lot applied (yen) and the account type it came from.
 */
export const loader = /* @__PURE__ */ answerRefusals(
  /* @__PURE__ */ csvExport({
    name: "cashback",
    ns: "cashback",
    read: (trpc, input) => trpc.cashback.history(input),
    columns: (t) => [
      [t("csv.date"), (r) => r.tradeDate],
      [t("csv.broker"), (r) => r.brokerName],
      [t("csv.account"), (r) => r.accountNumber],
      [t("csv.lots"), (r) => r.lotsMilli / 1000],
      // The rate applied when the row stored it; older rows: what each lot paid.
      [
        t("csv.ratePerLot"),
        (r) =>
          r.rate?.kind === "jpy_per_lot"
            ? r.rate.valueX100 / 100
            : yenPerLot(r.amount, r.lotsMilli),
      ],
      [t("csv.amount"), (r) => r.amount],
      [t("csv.rateType"), (r) => r.rate?.accountType ?? ""],
    ],
  }),
);
