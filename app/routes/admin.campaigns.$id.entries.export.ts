import type { LoaderFunctionArgs } from "@remix-run/node";
import { searchParamsObject } from "~/components/table/url";
import { i18nServer } from "~/i18n.server";
import { csvResponse } from "~/lib/csv.server";
import { formatDateTime } from "~/lib/format";
import { orNotFound } from "~/lib/not-found.server";

/** A campaign's entries as CSV: the page's own procedure and filters, every matching row. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(request, "campaign");
  const page = await orNotFound(() =>
    context.trpc.campaigns.entries({
      ...searchParamsObject(request.url),
      campaignId: params.id ?? "",
      export: true,
    }),
  );
  return csvResponse(
    "campaign-entries",
    [
      t("admin.entries.date"),
      t("admin.entries.uid"),
      t("admin.entries.name"),
      t("admin.entries.nickname"),
      t("admin.entries.email"),
    ],
    page.rows.map((r) => [
      formatDateTime(r.createdAt),
      r.member.id,
      r.member.name,
      r.member.nickname,
      r.member.email,
    ]),
  );
}
