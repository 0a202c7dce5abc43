import type { LoaderFunctionArgs } from "@remix-run/node";
import { searchParamsObject } from "~/components/table/url";
import { i18nServer } from "~/i18n.server";
import { csvResponse } from "~/lib/csv.server";
import { formatRate } from "~/lib/money";

/** The referrer list as CSV: the same search and order as the page, every matching row. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(request, "affiliate");
  const page = await context.trpc.affiliate.referrers({
    ...searchParamsObject(request.url),
    export: true,
  });
  return csvResponse(
    "affiliates",
    [
      "uid",
      t("admin.nickname"),
      t("admin.email"),
      t("admin.code"),
      t("admin.customers"),
      t("admin.rewards"),
      t("admin.rate"),
    ],
    page.rows.map((r) => [
      r.id,
      r.nickname,
      r.email,
      r.code,
      r.customers,
      r.rewards,
      formatRate(r.rateBp ?? page.defaultRateBp),
    ]),
  );
}
