import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CampaignStatusBadge } from "#app/components/campaigns/badges";
import { formatDateTime } from "#app/lib/format";
import { orNotFound } from "#app/lib/not-found.server";
import { DetailPage } from "#app/components/ui/DetailPage";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = { title: title.named("campaign.title"), i18n: ["campaign", "errors"] };

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ context, params }: LoaderFunctionArgs) => {
    const campaign = await orNotFound(() =>
      context.trpc.campaigns.adminGet({ id: params.id ?? "" }),
    );
    return json({ campaign });
  },
);

/** One campaign in the admin: its summary, then tabs for editing it and for its entries. */
export default function AdminCampaign() {
  const { t } = useTranslation("campaign");
  const { campaign: c } = useLoaderData<typeof loader>();
  return (
    <DetailPage
      back={{ to: "/admin/campaigns", label: t("admin.back") }}
      base={`/admin/campaigns/${c.id}`}
      title={c.title}
      titleTestId="admin-campaign-title"
      badges={<CampaignStatusBadge status={c.status} />}
      hidden={!c.active && t("admin.inactive")}
      summary={
        <>
          {formatDateTime(c.startsAt)} – {formatDateTime(c.endsAt)} ·{" "}
          {c.capacity === null
            ? t("unlimited")
            : `${t("capacity")} ${t("capacityOf", { count: c.capacity })}`}{" "}
          · {t("admin.entryCount", { count: c.entries })}
        </>
      }
      tabsLabel={t("admin.tabs")}
      tabs={[
        { path: "", label: t("admin.tabEdit") },
        { path: "entries", label: t("admin.tabEntries"), testId: "tab-entries" },
      ]}
    />
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
