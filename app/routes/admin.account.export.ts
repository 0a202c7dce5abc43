import type { LoaderFunctionArgs } from "@remix-run/node";
import { searchParamsObject } from "~/components/table/url";
import { i18nServer } from "~/i18n.server";
import { csvResponse } from "~/lib/csv.server";
import { formatDateTime } from "~/lib/format";

/**
 * The account list as CSV: the same procedure, filters and order as the page (its search
 * params), every matching row instead of one page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(request, ["admin", "accounts"]);
  const page = await context.trpc.brokers.accounts.list({
    ...searchParamsObject(request.url),
    export: true,
  });
  return csvResponse(
    "accounts",
    [
      t("admin:accounts.columns.createdAt"),
      t("admin:accounts.csv.uid"),
      t("admin:accounts.columns.member"),
      t("admin:accounts.csv.email"),
      t("admin:accounts.columns.broker"),
      t("admin:accounts.columns.account"),
      t("admin:accounts.columns.status"),
      t("admin:accounts.csv.reason"),
      t("admin:accounts.columns.decidedAt"),
      t("admin:accounts.csv.decidedBy"),
    ],
    page.rows.map((r) => [
      formatDateTime(r.createdAt),
      r.userId,
      r.nickname,
      r.email,
      r.brokerName,
      r.accountNumber,
      t(`accounts:status.${r.status}`),
      r.denyReason,
      formatDateTime(r.decidedAt),
      r.decidedBy,
    ]),
  );
}
