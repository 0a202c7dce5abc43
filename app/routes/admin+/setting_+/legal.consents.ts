import type { LoaderFunctionArgs } from "@remix-run/node";
import { i18nServer } from "~/i18n.server";
import { csvColumnsResponse, exportInput } from "~/lib/csv.server";
import { formatDateTime } from "~/lib/format";
import { answerRefusals } from "~/lib/refusals.server";

/**
 * Every recorded agreement to the terms and the privacy policy as CSV (newest first, `?kind=`
 * for one document): who, which version, when. The admin guard is the procedure's role.
 */
export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const t = await i18nServer.getFixedT(request, "legal");
    const page = await context.trpc.legal.consents(exportInput(request));
    return csvColumnsResponse(context, "consents", page.rows, [
      [t("consents.acceptedAt"), (r) => formatDateTime(r.acceptedAt)],
      [t("consents.member"), (r) => r.userId],
      [t("consents.email"), (r) => r.email],
      [t("consents.nickname"), (r) => r.nickname],
      [t("consents.document"), (r) => t(`kinds.${r.kind}`)],
      [t("consents.version"), (r) => r.version],
      [t("consents.publishedAt"), (r) => formatDateTime(r.publishedAt)],
    ]);
  },
);
