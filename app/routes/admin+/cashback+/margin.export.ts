import type { LoaderFunctionArgs } from "@remix-run/node";
import { i18nServer } from "~/i18n.server";
import { csvColumnsResponse } from "~/lib/csv.server";
import { searchParamsObject } from "~/components/table/url";
import { answerRefusals } from "~/lib/refusals.server";

/**
 * The margin table as CSV: the page's broker and months, a line per broker and month, figures in
 * whole yen; an unknown margin (or a percentage of no commission) is an empty cell, and the
 * coverage column says whether the commission was recorded for every row.
 */
export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const t = await i18nServer.getFixedT(request, "cashback");
    const report = await context.trpc.cashback.margin(searchParamsObject(request.url));
    return csvColumnsResponse(context, "margin", report.rows, [
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
    ]);
  },
);
