import { csvExport } from "#app/lib/csv.server";
import { formatDateTime } from "#app/lib/format";
import { orNotFound } from "#app/lib/not-found.server";
import { answerRefusals } from "#app/lib/refusals.server";

/** A campaign's entries as CSV: the page's own procedure and filters, every matching row. */
export const loader = /* @__PURE__ */ answerRefusals(
  /* @__PURE__ */ csvExport({
    name: "campaign-entries",
    ns: "campaign",
    read: (trpc, input, { params }) =>
      orNotFound(() => trpc.campaigns.entries({ ...input, campaignId: params.id ?? "" })),
    columns: (t) => [
      [t("admin.entries.date"), (r) => formatDateTime(r.createdAt)],
      [t("admin.entries.uid"), (r) => r.member.id],
      [t("admin.entries.name"), (r) => r.member.name],
      [t("admin.entries.nickname"), (r) => r.member.nickname],
      [t("admin.entries.email"), (r) => r.member.email],
    ],
  }),
);
