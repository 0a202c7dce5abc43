import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EmailText, Stamp } from "~/components/cells";
import { DataTable } from "~/components/table/DataTable";
import { InputFilter, TableFilters } from "~/components/table/TableFilters";
import { searchParamsObject } from "~/components/table/url";
import { orNotFound } from "~/lib/not-found.server";
import { textLink } from "~/components/ui/link";

export const handle = { i18n: ["campaign", "errors"] };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const campaignId = params.id ?? "";
  const page = await orNotFound(() =>
    context.trpc.campaigns.entries({ ...searchParamsObject(request.url), campaignId }),
  );
  return json({ campaignId, page });
}

/** /admin/campaigns/{id}/entries: who entered the campaign and when; CSV export. */
export default function AdminCampaignEntries() {
  const { t } = useTranslation("campaign");
  const { campaignId, page } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <TableFilters label={t("admin.entries.filters")}>
        <InputFilter
          name="member"
          label={t("admin.entries.member")}
          placeholder={t("admin.entries.memberHint")}
        />
      </TableFilters>
      <DataTable
        label={t("admin.entries.title", { title: page.campaign.title })}
        page={page}
        rowKey={(r) => r.id}
        empty={t("admin.entries.empty")}
        csvHref={`/admin/campaigns/${campaignId}/entries/export`}
        testId="admin-campaign-entries-table"
        columns={[
          {
            key: "createdAt",
            header: t("admin.entries.date"),
            sortKey: "createdAt",
            firstDir: "desc",
            cell: (r) => <Stamp utc={r.createdAt} />,
          },
          {
            key: "member",
            header: t("admin.entries.name"),
            className: "min-w-40",
            cell: (r) => (
              <span className="block">
                <Link
                  to={`/admin/customer/${r.member.id}`}
                  className={`${textLink} font-medium`}
                  data-testid="entry-member"
                >
                  {r.member.name}
                </Link>
                <span className="block text-xs text-slate-500 dark:text-slate-400">
                  {r.member.nickname}
                </span>
              </span>
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
