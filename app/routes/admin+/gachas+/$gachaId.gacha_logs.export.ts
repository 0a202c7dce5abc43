import { csvExport } from "#app/lib/csv.server";
import { formatDateTime } from "#app/lib/format";
import { orNotFound } from "#app/lib/not-found.server";
import { answerRefusals } from "#app/lib/refusals.server";

/** A gacha's logs as CSV: the page's own procedure and filters, every matching row. */
export const loader = /* @__PURE__ */ answerRefusals(
  /* @__PURE__ */ csvExport({
    name: "gacha-logs",
    ns: "gacha",
    read: (trpc, input, { params }) =>
      orNotFound(() => trpc.gachas.logs({ ...input, gachaId: params.gachaId ?? "" })),
    columns: (t) => [
      [t("logs.date"), (r) => formatDateTime(r.createdAt)],
      [t("admin.logs.uid"), (r) => r.member.id],
      [t("admin.logs.member"), (r) => r.member.nickname],
      [t("admin.logs.email"), (r) => r.member.email],
      [t("logs.reward"), (r) => r.rewardName],
      [t("admin.reward.kind"), (r) => t(`kind.${r.rewardKind}`)],
      [t("admin.reward.amount"), (r) => r.amount],
      [t("cost"), (r) => r.cost],
      [t("admin.logs.validFrom"), (r) => formatDateTime(r.validFrom)],
      [t("admin.logs.validUntil"), (r) => formatDateTime(r.validUntil)],
      [t("logs.status"), (r) => t(`states.${r.state}`)],
      [t("admin.logs.usedAt"), (r) => formatDateTime(r.usedAt)],
    ],
  }),
);
