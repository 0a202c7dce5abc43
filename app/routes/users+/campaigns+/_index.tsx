import { JapaneseBadge } from "#app/components/JapaneseOnly";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CardFacts, CardListPage, ListCard, stateFilter } from "#app/components/CardList";
import { CampaignCapacity } from "#app/components/campaigns/CampaignCapacity";
import { CampaignArt } from "#app/components/campaigns/CampaignArt";
import { CampaignStatusBadge, EnteredBadge } from "#app/components/campaigns/badges";
import { EmptyState } from "#app/components/ui/EmptyState";
import { formatDateTime } from "#app/lib/format";
import { answerRefusals } from "#app/lib/refusals.server";
import { listLoader } from "#app/lib/list-loader.server";
import { title } from "#app/lib/page-title";

export const handle = { title: title.key("campaign:title"), i18n: ["campaign", "errors"] };

const FILTERS = ["", "open", "upcoming", "ended", "entered"] as const;

export const loader = /* @__PURE__ */ answerRefusals(
  /* @__PURE__ */ listLoader((trpc, params) => trpc.campaigns.list(params)),
);

/**
 * /users/campaign (the sidebar's entry) and /users/campaigns: the active campaigns, open ones
 * first, each with its status and whether the member entered.
 */
export default function Campaigns() {
  const { t } = useTranslation("campaign");
  const { page } = useLoaderData<typeof loader>();
  return (
    <CardListPage
      ns="campaign"
      title={t("title")}
      lead={t("lead")}
      filter={stateFilter(t, FILTERS, "campaign-filter")}
      page={page}
      empty={<EmptyState testId="campaign-empty">{t("empty")}</EmptyState>}
      listTestId="campaign-list"
      gridClassName="sm:grid-cols-2 xl:grid-cols-3"
      renderCard={(c) => (
        <ListCard
          key={c.id}
          kind="campaign"
          dataId={c.id}
          art={<CampaignArt src={c.imageUrl} />}
          badges={
            <>
              <CampaignStatusBadge status={c.status} />
              {c.entered && <EnteredBadge />}
              {c.japanese.title && <JapaneseBadge />}
            </>
          }
          title={c.title}
          href={`/users/campaigns/${c.id}`}
        >
          <CardFacts
            items={[
              {
                label: t("period"),
                className: "tabular-nums",
                value: (
                  <>
                    {formatDateTime(c.startsAt)} –<wbr /> {formatDateTime(c.endsAt)}
                  </>
                ),
              },
              {
                label: t("capacity"),
                value: <CampaignCapacity capacity={c.capacity} remaining={c.remaining} />,
              },
            ]}
          />
        </ListCard>
      )}
    />
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
