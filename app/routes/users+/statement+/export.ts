import { csvExport } from "#app/lib/csv.server";
import { formatDateTime } from "#app/lib/format";
import { answerRefusals } from "#app/lib/refusals.server";

/**
 * The member's statement as CSV, with the same kind, period and order as the page, read as the
 * page reads: headers and labels in the member's language, times in Tokyo, signed amounts.
 */
export const loader = /* @__PURE__ */ answerRefusals(
  /* @__PURE__ */ csvExport({
    name: "statement",
    ns: ["statement", "wallet"],
    read: (trpc, input) => trpc.wallet.statement(input),
    columns: (t) => [
      [t("columns.date"), (r) => formatDateTime(r.createdAt)],
      [t("columns.entry"), (r) => t(`entries.${r.entry}`)],
      [t("csv.availableChange"), (r) => r.availableDelta],
      [t("csv.heldChange"), (r) => r.heldDelta],
      [t("columns.availableAfter"), (r) => r.availableAfter],
      [t("columns.heldAfter"), (r) => r.heldAfter],
      [t("csv.fee"), (r) => r.fee],
      [t("csv.counterparty"), (r) => r.counterparty],
      [t("csv.method"), (r) => (r.method ? t(`wallet:methods.${r.method}`) : null)],
    ],
  }),
);
