import { searchParamsObject } from "#app/components/table/url";
import { csvExport } from "#app/lib/csv.server";
import { answerRefusals } from "#app/lib/refusals.server";

/**
 * The margin table as CSV: the page's broker and months, a line per broker and month, figures in
 * whole yen; an unknown margin (or a percentage of no commission) is an empty cell, and the
 * coverage column says whether the commission was recorded for every row.
 */
export const loader = /* @__PURE__ */ answerRefusals(
  /* @__PURE__ */ csvExport({
    name: "margin",
    ns: "cashback",
    // Not a paged list: the report reads the page's own params.
    read: (trpc, _, { request }) => trpc.cashback.margin(searchParamsObject(request.url)),
    columns: (t) => [
      [t("margin.csv.month"), (r) => r.month],
      [t("margin.csv.brokerId"), (r) => r.brokerId],
      [t("margin.csv.broker"), (r) => r.brokerName],
      [t("margin.csv.rows"), (r) => r.rows],
      [t("margin.csv.rowsWithoutCommission"), (r) => r.rowsWithoutCommission],
      [t("margin.csv.coverage"), (r) => t(`margin.coverage.${r.coverage}`)],
      [t("margin.csv.commission"), (r) => (r.coverage === "none" ? "" : r.commission)],
      [t("margin.csv.cashback"), (r) => r.cashback],
      [t("margin.csv.rewards"), (r) => r.rewards],
      [t("margin.csv.margin"), (r) => r.margin ?? ""],
      // A number (12.3, -4.5), so a negative percentage stays a number in a spreadsheet.
      [t("margin.csv.percent"), (r) => (r.percentX10 === null ? "" : r.percentX10 / 10)],
    ],
  }),
);
