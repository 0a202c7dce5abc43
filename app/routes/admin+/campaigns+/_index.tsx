import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { PageRow } from "#app/components/table/DataTable";
import { CampaignStatusBadge } from "#app/components/campaigns/badges";
import { countLinkColumn, dateColumn, nameLinkColumn } from "#app/components/admin/cells";
import { EntityList } from "#app/components/admin/EntityList";
import { cellLink } from "#app/components/table/ListHeading";
import { answerRefusals } from "#app/lib/refusals.server";
import { listLoader } from "#app/lib/list-loader.server";

export const handle = { i18n: ["campaign", "errors"] };

export const loader = /* @__PURE__ */ answerRefusals(
  /* @__PURE__ */ listLoader((trpc, params) => trpc.campaigns.adminList(params)),
);

/** One row of the list, as the loader serialises it. */
type Campaign = PageRow<typeof loader>;

/** /admin/campaigns: every campaign with its period, status, capacity and entries. */
export default function AdminCampaigns() {
  const { t } = useTranslation("campaign");
  const { page } = useLoaderData<typeof loader>();
  return (
    <EntityList
      ns="campaign"
      entity="campaign"
      savedParam="title"
      page={page}
      columns={[
        nameLinkColumn<Campaign>({
          key: "title",
          header: t("admin.columns.title"),
          href: (c) => `/admin/campaigns/${c.id}`,
          name: (c) => c.title,
          notes: (c) => [!c.active && t("admin.inactive")],
          testId: "admin-campaign-link",
          className: "min-w-48",
          linkClassName: `${cellLink} break-words`,
          spaced: true,
        }),
        {
          key: "status",
          header: t("admin.status"),
          cell: (c) => <CampaignStatusBadge status={c.status} />,
        },
        dateColumn("startsAt", t("admin.columns.startsAt"), { sorted: true }),
        dateColumn("endsAt", t("admin.columns.endsAt")),
        {
          key: "capacity",
          header: t("admin.columns.capacity"),
          align: "right",
          nowrap: true,
          cell: (c) => (c.capacity === null ? t("unlimited") : c.capacity.toLocaleString("en")),
        },
        countLinkColumn<Campaign>("entries", t("admin.columns.entries"), {
          href: (c) => `/admin/campaigns/${c.id}/entries`,
          count: (c) => c.entries,
          testId: "admin-campaign-entries",
        }),
      ]}
    />
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
