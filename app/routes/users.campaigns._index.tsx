import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CardPager, EmptyCards, FilterPills } from "~/components/CardList";
import { CampaignArt } from "~/components/campaign/CampaignArt";
import { CampaignStatusBadge, EnteredBadge } from "~/components/campaign/badges";
import { focusRing } from "~/components/shell/styles";
import { searchParamsObject } from "~/components/table/url";
import { formatDateTime } from "~/lib/format";
import { buttonClass } from "~/components/ui/button";
import { card } from "~/components/ui/card";
import { PageTitle } from "~/components/ui/PageTitle";

export const handle = { i18n: ["campaign", "errors"] };

const FILTERS = ["", "open", "upcoming", "ended", "entered"] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = await context.trpc.campaigns.list(searchParamsObject(request.url));
  return json({ page });
}

/**
 * /users/campaign (the sidebar's entry) and /users/campaigns: the active campaigns, open ones
 * first, each with its status and whether the member entered.
 */
export default function Campaigns() {
  const { t } = useTranslation("campaign");
  const { page } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-5">
      <div className="space-y-1">
        <PageTitle>{t("title")}</PageTitle>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("lead")}</p>
      </div>

      <FilterPills
        label={t("filters.label")}
        param="filter"
        options={FILTERS.map((f) => ({
          value: f,
          label: t(`filters.${f || "all"}`),
          testId: `campaign-filter-${f || "all"}`,
        }))}
      />

      {page.rows.length === 0 ? (
        <EmptyCards testId="campaign-empty">{t("empty")}</EmptyCards>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="campaign-list">
          {page.rows.map((c) => (
            <li
              key={c.id}
              data-testid="campaign-card"
              data-id={c.id}
              className={`${card} flex flex-col overflow-hidden`}
            >
              <CampaignArt src={c.imageUrl} />
              <div className="flex flex-1 flex-col gap-3 p-4">
                <div className="flex flex-wrap items-center gap-2">
                  <CampaignStatusBadge status={c.status} />
                  {c.entered && <EnteredBadge />}
                </div>
                <h2 className="break-words text-lg font-semibold leading-snug">
                  <Link
                    to={`/users/campaigns/${c.id}`}
                    className={`rounded-sm hover:text-emerald-700 dark:hover:text-emerald-400 ${focusRing}`}
                  >
                    {c.title}
                  </Link>
                </h2>
                <dl className="grid grid-cols-[auto,1fr] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-slate-500 dark:text-slate-400">{t("period")}</dt>
                  <dd className="tabular-nums">
                    {formatDateTime(c.startsAt)} –<wbr /> {formatDateTime(c.endsAt)}
                  </dd>
                  <dt className="text-slate-500 dark:text-slate-400">{t("capacity")}</dt>
                  <dd>
                    {c.capacity === null ? (
                      t("unlimited")
                    ) : (
                      <>
                        {t("capacityOf", { count: c.capacity })}
                        <span className="ml-2 text-slate-500 dark:text-slate-400">
                          ({t("remaining", { count: c.remaining ?? 0 })})
                        </span>
                      </>
                    )}
                  </dd>
                </dl>
                <div className="mt-auto pt-1">
                  <Link
                    to={`/users/campaigns/${c.id}`}
                    data-testid="campaign-details"
                    aria-label={t("detailsOf", { title: c.title })}
                    className={buttonClass({ className: "w-full" })}
                  >
                    {t("details")}
                  </Link>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}

      <CardPager
        page={page}
        labels={{
          nav: t("pagination"),
          prev: t("prev"),
          next: t("next"),
          pageOf: (last) => t("pageOf", { page: page.page, last }),
        }}
      />
    </div>
  );
}
