import ClockIcon from "@heroicons/react/20/solid/ClockIcon";
import { JapaneseBadge } from "#app/components/JapaneseOnly";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CardFacts, CardListPage, ListCard, stateFilter } from "#app/components/CardList";
import { GachaArt } from "#app/components/gachas/GachaArt";
import { GachaStatusBadge, PlayedBadge } from "#app/components/gachas/badges";
import { EmptyState } from "#app/components/ui/EmptyState";
import { formatDateTime } from "#app/lib/format";
import { formatYen } from "#app/lib/money";
import { orNotFound } from "#app/lib/not-found.server";
import { answerRefusals } from "#app/lib/refusals.server";
import { listLoader } from "#app/lib/list-loader.server";
import { title } from "#app/lib/page-title";

export const handle = { title: title.key("nav.gachas"), i18n: ["gacha", "errors"] };

const FILTERS = ["", "open", "upcoming", "closed", "played"] as const;

export const loader = /* @__PURE__ */ answerRefusals(
  /* @__PURE__ */ listLoader((trpc, params) => orNotFound(() => trpc.gachas.list(params))),
);

/** /users/gachas: open gachas first, then upcoming, then closed; each says if it was played. */
export default function Gachas() {
  const { t } = useTranslation("gacha");
  const { page } = useLoaderData<typeof loader>();
  return (
    <CardListPage
      ns="gacha"
      title={t("title")}
      sideLink={{
        to: "/users/gacha_logs",
        testId: "gacha-history-link",
        label: t("historyLink"),
        icon: ClockIcon,
      }}
      filter={stateFilter(t, FILTERS, "gacha-filter")}
      page={page}
      empty={<EmptyState testId="gacha-empty">{t("empty")}</EmptyState>}
      listTestId="gacha-list"
      gridClassName="sm:grid-cols-2 xl:grid-cols-3"
      renderCard={(g) => (
        <ListCard
          key={g.id}
          kind="gacha"
          art={<GachaArt src={g.imageUrl} />}
          badges={
            <>
              <GachaStatusBadge status={g.status} soldOut={g.soldOut} />
              {g.played && <PlayedBadge />}
              {g.japanese.name && <JapaneseBadge />}
            </>
          }
          title={g.name}
          href={`/users/gachas/${g.id}`}
        >
          <CardFacts
            items={[
              {
                label: t("periodLabel"),
                className: "tabular-nums",
                value: `${formatDateTime(g.startsAt)} – ${formatDateTime(g.endsAt)}`,
              },
              {
                label: t("cost"),
                className: "font-semibold",
                value: g.cost === 0 ? t("free") : formatYen(g.cost),
              },
              {
                label: t("plays"),
                testId: "gacha-plays",
                value: t("playsOf", { plays: g.plays, limit: g.challengeLimit }),
              },
            ]}
          />
        </ListCard>
      )}
    />
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
