import type { LoaderFunctionArgs } from "@remix-run/node";
import { searchParamsObject } from "~/components/table/url";
import { i18nServer } from "~/i18n.server";
import { csvResponse } from "~/lib/csv.server";
import { formatDateTime } from "~/lib/format";

/** The customer list as CSV: the same search and order as the page, every matching row. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(request, "admin");
  const page = await context.trpc.admin.customers.list({
    ...searchParamsObject(request.url),
    export: true,
  });
  return csvResponse(
    "customers",
    [
      t("customers.columns.uid"),
      t("customers.columns.nickname"),
      t("customers.columns.name"),
      t("customers.columns.email"),
      t("customers.columns.accounts"),
      t("customers.csv.pending"),
      t("customers.columns.createdAt"),
    ],
    page.rows.map((r) => [
      r.id,
      r.nickname,
      r.name,
      r.email,
      r.accountCount,
      r.pendingCount,
      formatDateTime(r.createdAt),
    ]),
  );
}
