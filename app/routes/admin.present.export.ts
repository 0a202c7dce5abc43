import type { LoaderFunctionArgs } from "@remix-run/node";
import { searchParamsObject } from "~/components/table/url";
import { i18nServer } from "~/i18n.server";
import { csvResponse } from "~/lib/csv.server";
import { formatDateTime } from "~/lib/format";

/** The present list as CSV: the page's filters and order, every matching row. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(request, "admin-money");
  const page = await context.trpc.wallet.adminPresents({
    ...searchParamsObject(request.url),
    export: true,
  });
  return csvResponse(
    "presents",
    [
      t("presents.columns.createdAt"),
      t("csv.nickname"),
      t("csv.email"),
      t("presents.columns.amount"),
      t("presents.columns.reason"),
    ],
    page.rows.map((r) => [
      formatDateTime(r.createdAt),
      r.member.nickname,
      r.member.email,
      r.amount,
      r.reason,
    ]),
  );
}
