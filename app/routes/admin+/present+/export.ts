import type { LoaderFunctionArgs } from "@remix-run/node";
import { i18nServer } from "~/i18n.server";
import { csvColumnsResponse, exportInput } from "~/lib/csvExport.server";
import { formatDateTime } from "~/lib/format";

/** The present list as CSV: the page's filters and order, every matching row. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(request, "admin-money");
  const page = await context.trpc.wallet.adminPresents(exportInput(request));
  return csvColumnsResponse(context, "presents", page.rows, [
    [t("presents.columns.createdAt"), (r) => formatDateTime(r.createdAt)],
    [t("csv.nickname"), (r) => r.member.nickname],
    [t("csv.email"), (r) => r.member.email],
    [t("presents.columns.amount"), (r) => r.amount],
    [t("presents.columns.reason"), (r) => r.reason],
  ]);
}
