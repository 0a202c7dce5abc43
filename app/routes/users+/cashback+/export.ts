import type { LoaderFunctionArgs } from "@remix-run/node";
import { i18nServer } from "~/i18n.server";
import { csvColumnsResponse, exportInput } from "~/lib/csv.server";
import { yenPerLot } from "../../../../server/domain/broker-terms";
import { answerRefusals } from "~/lib/refusals.server";

/**
 * The member's cashback history as CSV: the same period and order as the page, every row, with
 * the lots and what each lot paid (yen), as the page shows them.
 */
export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const t = await i18nServer.getFixedT(request, "cashback");
    const page = await context.trpc.cashback.history(exportInput(request));
    return csvColumnsResponse(context, "cashback", page.rows, [
      [t("csv.date"), (r) => r.tradeDate],
      [t("csv.broker"), (r) => r.brokerName],
      [t("csv.account"), (r) => r.accountNumber],
      [t("csv.lots"), (r) => r.lotsMilli / 1000],
      [t("csv.ratePerLot"), (r) => yenPerLot(r.amount, r.lotsMilli)],
      [t("csv.amount"), (r) => r.amount],
    ]);
  },
);
