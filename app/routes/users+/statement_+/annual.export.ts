import type { LoaderFunctionArgs } from "@remix-run/node";
import { i18nServer } from "~/i18n.server";
import { annualDocument } from "~/lib/annual";
import { annualText, annualYear, offeredYear } from "~/lib/annual.server";
import { answerRefusals } from "~/lib/refusals.server";

/**
 * The member's annual statement of `?year=` as CSV: the same lines as the page and the PDF,
 * one per row with its section, then the balances and the totals; amounts as plain numbers.
 */
export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const year = annualYear(request);
    const t = await i18nServer.getFixedT(request, ["statement", "wallet"]);
    const y = await context.trpc.wallet.annual({ year, export: true });
    offeredYear(request, y);
    const doc = annualDocument(y, t);
    const text = annualText(y, t);
    return context.csv(
      `${t("statement:annual.csvName")}-${year}`,
      [t("statement:annual.csvSection"), text.item, text.count, text.amount],
      [
        ["", text.opening, null, y.opening.total],
        ...doc.income.map((r) => [text.income, r.label, r.count, r.amount]),
        [text.income, text.totalIncome, null, y.totalIncome],
        ...doc.outgoing.map((r) => [text.outgoing, r.label, r.count, r.amount]),
        [text.outgoing, text.totalOutgoing, null, y.totalOutgoing],
        ["", text.closing, null, y.closing.total],
      ],
    );
  },
);
