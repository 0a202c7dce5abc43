import type { LoaderFunctionArgs } from "@remix-run/node";
import { searchParamsObject } from "~/components/table/url";
import { i18nServer } from "~/i18n.server";
import { csvResponse } from "~/lib/csv.server";
import { formatDateTime } from "~/lib/format";
import { orNotFound } from "~/lib/not-found.server";

/** A gacha's logs as CSV: the page's own procedure and filters, every matching row. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(request, "gacha");
  const page = await orNotFound(() =>
    context.trpc.gachas.logs({
      ...searchParamsObject(request.url),
      gachaId: params.gachaId ?? "",
      export: true,
    }),
  );
  return csvResponse(
    "gacha-logs",
    [
      t("logs.date"),
      t("admin.logs.uid"),
      t("admin.logs.member"),
      t("admin.logs.email"),
      t("logs.reward"),
      t("admin.reward.kind"),
      t("admin.reward.amount"),
      t("cost"),
      t("admin.logs.validFrom"),
      t("admin.logs.validUntil"),
      t("logs.status"),
      t("admin.logs.usedAt"),
    ],
    page.rows.map((r) => [
      formatDateTime(r.createdAt),
      r.member.id,
      r.member.nickname,
      r.member.email,
      r.rewardName,
      t(`kind.${r.rewardKind}`),
      r.amount,
      r.cost,
      formatDateTime(r.validFrom),
      formatDateTime(r.validUntil),
      t(`states.${r.state}`),
      formatDateTime(r.usedAt),
    ]),
  );
}
