import type { LoaderFunctionArgs } from "@remix-run/node";
import { i18nServer } from "~/i18n.server";
import { exportInput } from "~/lib/csv.server";
import { formatDateTime } from "~/lib/format";
import { answerRefusals } from "~/lib/refusals.server";

/**
 * The member's statement as CSV, with the same kind, period and order as the page, read as the
 * page reads: headers and labels in the member's language, times in Tokyo, signed amounts.
 */
export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const t = await i18nServer.getFixedT(request, ["statement", "wallet"]);
    const page = await context.trpc.wallet.statement(exportInput(request));
    return context.csv(
      "statement",
      [
        t("columns.date"),
        t("columns.entry"),
        t("csv.availableChange"),
        t("csv.heldChange"),
        t("columns.availableAfter"),
        t("columns.heldAfter"),
        t("csv.fee"),
        t("csv.counterparty"),
        t("csv.method"),
      ],
      page.rows.map((r) => [
        formatDateTime(r.createdAt),
        t(`entries.${r.entry}`),
        r.availableDelta,
        r.heldDelta,
        r.availableAfter,
        r.heldAfter,
        r.fee,
        r.counterparty,
        r.method ? t(`wallet:methods.${r.method}`) : null,
      ]),
    );
  },
);
