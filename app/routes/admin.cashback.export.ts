import type { LoaderFunctionArgs } from "@remix-run/node";
import { searchParamsObject } from "~/components/table/url";
import { i18nServer } from "~/i18n.server";
import { csvResponse } from "~/lib/csv.server";

/** The cashback list as CSV: the same filters and order as the page, every matching row. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(request, "cashback");
  const page = await context.trpc.cashback.list({
    ...searchParamsObject(request.url),
    export: true,
  });
  return csvResponse(
    "cashback",
    [
      t("csv.date"),
      t("csv.memberId"),
      t("csv.nickname"),
      t("csv.email"),
      t("csv.broker"),
      t("csv.account"),
      t("csv.lots"),
      t("csv.amount"),
      t("csv.batchId"),
    ],
    page.rows.map((r) => [
      r.tradeDate,
      r.userId,
      r.nickname,
      r.email,
      r.brokerName,
      r.accountNumber,
      r.lotsMilli / 1000,
      r.amount,
      r.batchId,
    ]),
  );
}
