import type { LoaderFunctionArgs } from "@remix-run/node";
import { i18nServer } from "~/i18n.server";
import { exportInput } from "~/lib/csv.server";
import { yenPerLot } from "../../../../server/domain/broker-terms";
import { answerRefusals } from "~/lib/refusals.server";

/**
 * The member's cashback history as CSV: the same period and order as the page, every row, with
 * the lots, the rate per lot applied (yen) and the account type it came from.
 */
export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const t = await i18nServer.getFixedT(request, "cashback");
    const page = await context.trpc.cashback.history(exportInput(request));
    return context.csv(
      "cashback",
      [
        t("csv.date"),
        t("csv.broker"),
        t("csv.account"),
        t("csv.lots"),
        t("csv.ratePerLot"),
        t("csv.amount"),
        t("csv.rateType"),
      ],
      page.rows.map((r) => [
        r.tradeDate,
        r.brokerName,
        r.accountNumber,
        r.lotsMilli / 1000,
        // The rate applied when the row stored it; older rows: what each lot paid.
        r.rate?.kind === "jpy_per_lot" ? r.rate.valueX100 / 100 : yenPerLot(r.amount, r.lotsMilli),
        r.amount,
        r.rate?.accountType ?? "",
      ]),
    );
  },
);
