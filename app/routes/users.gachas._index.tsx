import { ClockIcon } from "@heroicons/react/20/solid";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CardPager, EmptyCards, FilterPills } from "~/components/CardList";
import { GachaArt } from "~/components/gacha/GachaArt";
import { GachaStatusBadge, PlayedBadge } from "~/components/gacha/badges";
import { focusRing } from "~/components/shell/styles";
import { searchParamsObject } from "~/components/table/url";
import { formatDateTime } from "~/lib/format";
import { formatYen } from "~/lib/money";
import { orNotFound } from "~/lib/not-found.server";
import { buttonClass } from "~/components/ui/button";
import { card } from "~/components/ui/card";
import { PageTitle } from "~/components/ui/PageTitle";

export const handle = { i18n: ["gacha", "errors"] };

const FILTERS = ["", "open", "upcoming", "closed", "played"] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = await orNotFound(() => context.trpc.gachas.list(searchParamsObject(request.url)));
  return json({ page });
}

/** /users/gachas: open gachas first, then upcoming, then closed; each says if it was played. */
export default function Gachas() {
  const { t } = useTranslation("gacha");
  const { page } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageTitle>{t("title")}</PageTitle>
        <Link
          to="/users/gacha_logs"
          data-testid="gacha-history-link"
          className={buttonClass({ variant: "secondary" })}
        >
          <ClockIcon className="h-4 w-4" aria-hidden="true" />
          {t("historyLink")}
        </Link>
      </div>

      <FilterPills
        label={t("filters.label")}
        param="filter"
        options={FILTERS.map((f) => ({
          value: f,
          label: t(`filters.${f || "all"}`),
          testId: `gacha-filter-${f || "all"}`,
        }))}
      />

      {page.rows.length === 0 ? (
        <EmptyCards testId="gacha-empty">{t("empty")}</EmptyCards>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="gacha-list">
          {page.rows.map((g) => (
            <li
              key={g.id}
              data-testid="gacha-card"
              className={`${card} flex flex-col overflow-hidden`}
            >
              <GachaArt src={g.imageUrl} />
              <div className="flex flex-1 flex-col gap-3 p-4">
                <div className="flex flex-wrap items-center gap-2">
                  <GachaStatusBadge status={g.status} soldOut={g.soldOut} />
                  {g.played && <PlayedBadge />}
                </div>
                <h2 className="break-phrase text-lg font-semibold leading-snug">
                  <Link
                    to={`/users/gachas/${g.id}`}
                    className={`rounded-sm hover:text-emerald-700 dark:hover:text-emerald-400 ${focusRing}`}
                  >
                    {g.name}
                  </Link>
                </h2>
                <dl className="grid grid-cols-[auto,1fr] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-slate-500 dark:text-slate-400">{t("periodLabel")}</dt>
                  <dd className="tabular-nums">
                    {formatDateTime(g.startsAt)} – {formatDateTime(g.endsAt)}
                  </dd>
                  <dt className="text-slate-500 dark:text-slate-400">{t("cost")}</dt>
                  <dd className="font-semibold">{g.cost === 0 ? t("free") : formatYen(g.cost)}</dd>
                  <dt className="text-slate-500 dark:text-slate-400">{t("plays")}</dt>
                  <dd data-testid="gacha-plays">
                    {t("playsOf", { plays: g.plays, limit: g.challengeLimit })}
                  </dd>
                </dl>
                <div className="mt-auto pt-1">
                  <Link
                    to={`/users/gachas/${g.id}`}
                    data-testid="gacha-details"
                    aria-label={t("detailsOf", { name: g.name })}
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
