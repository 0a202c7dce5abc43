import type { LoaderFunctionArgs } from "@remix-run/node";
import { i18nServer } from "~/i18n.server";
import { exportInput } from "~/lib/csv.server";
import { formatDateTime } from "~/lib/format";
import { answerRefusals } from "~/lib/refusals.server";

/**
 * The member's withdrawal history as CSV, with the same period and order as the page, read as
 * the page reads: headers and labels in the member's language, times in Tokyo.
 */
export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const t = await i18nServer.getFixedT(request, "wallet");
    const page = await context.trpc.wallet.withdrawals(exportInput(request));
    return context.csv(
      "withdrawals",
      [
        t("history.requestedAt"),
        t("history.completedAt"),
        t("history.method"),
        t("history.amount"),
        t("csv.fee"),
        t("history.status"),
        t("csv.reason"),
      ],
      page.rows.map((r) => [
        formatDateTime(r.createdAt),
        formatDateTime(r.completedAt),
        t(`methods.${r.method}`),
        r.amount,
        r.fee,
        t(`status.${r.status}`),
        r.rejectReason,
      ]),
    );
  },
);
