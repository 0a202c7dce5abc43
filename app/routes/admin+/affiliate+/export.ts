import { csvExport } from "#app/lib/csv.server";
import { formatRate } from "#app/lib/money";
import { answerRefusals } from "#app/lib/refusals.server";

/** The referrer list as CSV: the same search and order as the page, every matching row. */
export const loader = /* @__PURE__ */ answerRefusals(
  /* @__PURE__ */ csvExport({
    name: "affiliates",
    ns: "affiliate",
    read: (trpc, input) => trpc.affiliate.referrers(input),
    columns: (t, page) => [
      [t("admin.uid"), (r) => r.id],
      [t("admin.nickname"), (r) => r.nickname],
      [t("admin.email"), (r) => r.email],
      [t("admin.code"), (r) => r.code],
      [t("admin.customers"), (r) => r.customers],
      [t("admin.rewards"), (r) => r.rewards],
      [t("admin.rate"), (r) => formatRate(r.rateBp ?? page.defaultRateBp)],
    ],
  }),
);
