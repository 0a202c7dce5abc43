import { csvExport } from "#app/lib/csv.server";
import { formatDateTime } from "#app/lib/format";
import { answerRefusals } from "#app/lib/refusals.server";

/**
 * Every recorded agreement to the terms and the privacy policy as CSV (newest first, `?kind=`
 * for one document): who, which version, when. The admin guard is the procedure's role.
 */
export const loader = /* @__PURE__ */ answerRefusals(
  /* @__PURE__ */ csvExport({
    name: "consents",
    ns: "legal",
    read: (trpc, input) => trpc.legal.consents(input),
    columns: (t) => [
      [t("consents.acceptedAt"), (r) => formatDateTime(r.acceptedAt)],
      [t("consents.member"), (r) => r.userId],
      [t("consents.email"), (r) => r.email],
      [t("consents.nickname"), (r) => r.nickname],
      [t("consents.document"), (r) => t(`kinds.${r.kind}`)],
      [t("consents.version"), (r) => r.version],
      [t("consents.publishedAt"), (r) => formatDateTime(r.publishedAt)],
    ],
  }),
);
