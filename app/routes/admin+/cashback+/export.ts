import type { LoaderFunctionArgs } from "@remix-run/node";
import { i18nServer } from "~/i18n.server";
import { csvColumnsResponse, exportInput } from "~/lib/csv.server";
import { answerRefusals } from "~/lib/refusals.server";

/** The cashback list as CSV: the same filters and order as the page, every matching row. */
export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const t = await i18nServer.getFixedT(request, "cashback");
    const page = await context.trpc.cashback.list(exportInput(request));
    return csvColumnsResponse(context, "cashback", page.rows, [
      [t("csv.date"), (r) => r.tradeDate],
      [t("csv.memberId"), (r) => r.userId],
      [t("csv.nickname"), (r) => r.nickname],
      [t("csv.email"), (r) => r.email],
      [t("csv.broker"), (r) => r.brokerName],
      [t("csv.account"), (r) => r.accountNumber],
      [t("csv.lots"), (r) => r.lotsMilli / 1000],
      [t("csv.amount"), (r) => r.amount],
      [t("csv.batchId"), (r) => r.batchId],
    ]);
  },
);
