import type { LoaderFunctionArgs } from "@remix-run/node";
import { i18nServer } from "~/i18n.server";
import { csvColumnsResponse, exportInput } from "~/lib/csv.server";
import { formatDateTime } from "~/lib/format";
import { orNotFound } from "~/lib/not-found.server";
import { answerRefusals } from "~/lib/refusals.server";

/** A campaign's entries as CSV: the page's own procedure and filters, every matching row. */
export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context, params }: LoaderFunctionArgs) => {
    const t = await i18nServer.getFixedT(request, "campaign");
    const page = await orNotFound(() =>
      context.trpc.campaigns.entries({
        ...exportInput(request),
        campaignId: params.id ?? "",
      }),
    );
    return csvColumnsResponse(context, "campaign-entries", page.rows, [
      [t("admin.entries.date"), (r) => formatDateTime(r.createdAt)],
      [t("admin.entries.uid"), (r) => r.member.id],
      [t("admin.entries.name"), (r) => r.member.name],
      [t("admin.entries.nickname"), (r) => r.member.nickname],
      [t("admin.entries.email"), (r) => r.member.email],
    ]);
  },
);
