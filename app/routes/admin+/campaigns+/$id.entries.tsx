import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EmailText } from "#app/components/cells";
import { dateColumn, MemberCell } from "#app/components/admin/cells";
import { DataTable } from "#app/components/table/DataTable";
import { MemberFilter, TableFilters } from "#app/components/table/TableFilters";
import { searchParamsObject } from "#app/components/table/url";
import { orNotFound } from "#app/lib/not-found.server";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = {
  title: title.tabNamed("campaign:admin.tabEntries", "campaign.title"),
  i18n: ["campaign", "errors"],
};

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context, params }: LoaderFunctionArgs) => {
    const campaignId = params.id ?? "";
    const page = await orNotFound(() =>
      context.trpc.campaigns.entries({ ...searchParamsObject(request.url), campaignId }),
    );
    return json({ campaignId, page });
  },
);

/** /admin/campaigns/{id}/entries: who entered the campaign and when; CSV export. */
export default function AdminCampaignEntries() {
  const { t } = useTranslation("campaign");
  const { campaignId, page } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <TableFilters label={t("admin.entries.filters")}>
        <MemberFilter label={t("admin.entries.member")} hint={t("admin.entries.memberHint")} />
      </TableFilters>
      <DataTable
        label={t("admin.entries.title", { title: page.campaign.title })}
        page={page}
        empty={t("admin.entries.empty")}
        csvHref={`/admin/campaigns/${campaignId}/entries/export`}
        testId="admin-campaign-entries-table"
        columns={[
          dateColumn("createdAt", t("admin.entries.date"), { sorted: true }),
          {
            key: "member",
            header: t("admin.entries.name"),
            className: "min-w-40",
            cell: (r) => (
              <MemberCell
                id={r.member.id}
                name={r.member.name}
                detail={r.member.nickname}
                testId="entry-member"
              />
            ),
          },
          {
            key: "email",
            header: t("admin.entries.email"),
            cell: (r) => (
              <span data-testid="entry-email">
                <EmailText email={r.member.email} />
              </span>
            ),
          },
        ]}
      />
    </div>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
