import type { LoaderFunctionArgs } from "@remix-run/node";
import { i18nServer } from "~/i18n.server";
import { csvColumnsResponse, exportInput } from "~/lib/csv.server";
import { formatDateTime } from "~/lib/format";
import { answerRefusals } from "~/lib/refusals.server";

/** The present list as CSV: the page's filters and order, every matching row. */
export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const t = await i18nServer.getFixedT(request, "admin-money");
    const page = await context.trpc.wallet.adminPresents(exportInput(request));
    return csvColumnsResponse(context, "presents", page.rows, [
      [t("presents.columns.createdAt"), (r) => formatDateTime(r.createdAt)],
      [t("csv.nickname"), (r) => r.member.nickname],
      [t("csv.email"), (r) => r.member.email],
      [t("presents.columns.amount"), (r) => r.amount],
      [t("presents.columns.reason"), (r) => r.reason],
    ]);
  },
);
