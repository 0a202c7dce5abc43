import type { CsvCell } from "#server/lib/csv";
import { annualDocument } from "#app/lib/annual";
import { annualText, annualYear, offeredYear } from "#app/lib/annual.server";
import { csvExport } from "#app/lib/csv.server";
import { answerRefusals } from "#app/lib/refusals.server";

/** One line of the annual CSV: its section, what it counts, how many, how much. */
type AnnualLine = readonly [section: string, item: string, count: CsvCell, amount: number];

/**
 * The member's annual statement of `?year=` as CSV: the same lines as the page and the PDF,
 * one per row with its section, then the balances and the totals; amounts as plain numbers.
 */
export const loader = /* @__PURE__ */ answerRefusals(
  /* @__PURE__ */ csvExport({
    ns: ["statement", "wallet"],
    read: async (trpc, _input, { request }, t) => {
      const year = annualYear(request);
      const y = await trpc.wallet.annual({ year, export: true });
      offeredYear(request, y);
      const doc = annualDocument(y, t);
      const text = annualText(y, t);
      const rows: AnnualLine[] = [
        ["", text.opening, null, y.opening.total],
        ...doc.income.map((r): AnnualLine => [text.income, r.label, r.count, r.amount]),
        [text.income, text.totalIncome, null, y.totalIncome],
        ...doc.outgoing.map((r): AnnualLine => [text.outgoing, r.label, r.count, r.amount]),
        [text.outgoing, text.totalOutgoing, null, y.totalOutgoing],
        ["", text.closing, null, y.closing.total],
      ];
      return { year, text, rows };
    },
    name: (t, page) => `${t("statement:annual.csvName")}-${page.year}`,
    columns: (t, { text }) => [
      [t("statement:annual.csvSection"), (r) => r[0]],
      [text.item, (r) => r[1]],
      [text.count, (r) => r[2]],
      [text.amount, (r) => r[3]],
    ],
  }),
);
