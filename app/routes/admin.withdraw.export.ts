import type { LoaderFunctionArgs } from "@remix-run/node";
import { searchParamsObject } from "~/components/table/url";
import { i18nServer } from "~/i18n.server";
import { csvResponse } from "~/lib/csv.server";
import { formatDateTime } from "~/lib/format";
import { payeeSummary } from "~/lib/payee";

/**
 * The withdrawal list as CSV: the same procedure, filters and order as the page (its search
 * params, status pending by default like the page), every matching row instead of one page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(request, ["admin-money", "wallet"]);
  const page = await context.trpc.wallet.adminWithdrawals({
    ...searchParamsObject(request.url),
    export: true,
  });
  return csvResponse(
    "withdrawals",
    [
      t("admin-money:withdrawals.columns.createdAt"),
      t("admin-money:csv.requestId"),
      t("admin-money:csv.memberId"),
      t("admin-money:csv.nickname"),
      t("admin-money:csv.email"),
      t("admin-money:withdrawals.columns.method"),
      t("admin-money:withdrawals.columns.amount"),
      t("admin-money:withdrawals.columns.status"),
      t("admin-money:csv.completedAt"),
      t("admin-money:csv.rejectedAt"),
      t("admin-money:csv.reason"),
      t("admin-money:csv.nextBusinessDay"),
      t("admin-money:withdrawals.columns.payee"),
    ],
    page.rows.map((r) => [
      formatDateTime(r.createdAt),
      r.id,
      r.member.id,
      r.member.nickname,
      r.member.email,
      t(`wallet:methods.${r.method}`),
      r.amount,
      t(`wallet:status.${r.status}`),
      formatDateTime(r.completedAt),
      formatDateTime(r.rejectedAt),
      r.rejectReason,
      r.nextBusinessDay,
      payeeSummary(r.method, r.payout, t),
    ]),
  );
}
