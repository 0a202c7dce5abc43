import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { JapaneseBadge, JapaneseOnly } from "#app/components/JapaneseOnly";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BattleBoard, BattlePhaseBadge, PrizeList } from "#app/components/battles/BattleParts";
import { MyPlace } from "#app/components/ranking/Standings";
import { formatYen } from "#app/lib/money";
import { orNotFound } from "#app/lib/not-found.server";
import { buttonClass } from "#app/components/ui/button";
import { card } from "#app/components/ui/card";
import { PageHeading, PageTitle } from "#app/components/ui/PageTitle";
import { EmptyState } from "#app/components/ui/EmptyState";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = { title: title.key("battle:title"), i18n: ["battle"] };

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const id = new URL(request.url).searchParams.get("id") ?? undefined;
    return json(await orNotFound(() => context.trpc.battles.view({ id })));
  },
);

/** /users/cashback-battle: the current ranking battle, its prizes, the top, the member's place. */
export default function CashbackBattle() {
  const { t } = useTranslation("battle");
  const { battle, prizes, top, me, battles } = useLoaderData<typeof loader>();
  if (!battle) {
    return (
      <div className="space-y-4">
        <PageTitle>{t("title")}</PageTitle>
        <EmptyState testId="battle-empty">{t("empty")}</EmptyState>
      </div>
    );
  }
  const others = battles.filter((b) => b.id !== battle.id);
  return (
    <div className="space-y-6">
      <PageHeading title={t("title")} lead={t("intro")} />

      <section aria-labelledby="battle-title" className={`${card} space-y-4 p-4 sm:p-6`}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2
              id="battle-title"
              data-testid="battle-title"
              className="text-lg font-bold [overflow-wrap:anywhere]"
            >
              <span lang={battle.japanese.title ? "ja" : undefined}>{battle.title}</span>
              {battle.japanese.title && <JapaneseBadge className="ml-2 align-middle" />}
            </h2>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              <span className="sr-only">{t("period")}: </span>
              {t("periodRange", { start: battle.startsOn, end: battle.endsOn })}
            </p>
          </div>
          <BattlePhaseBadge phase={battle.phase} />
        </div>
        {prizes.length > 0 && (
          <div className="space-y-2">
            <h3 className="text-sm font-semibold">{t("prizes")}</h3>
            <PrizeList prizes={prizes} />
            <p className="text-xs text-slate-500 dark:text-slate-400">{t("tieNote")}</p>
          </div>
        )}
      </section>

      {me && (
        <MyPlace
          ns="battle"
          testId="battle-me"
          me={me}
          detail={
            !me.optedOut && (
              <span className="mt-1 flex flex-wrap justify-end gap-x-3 text-sm text-slate-700 dark:text-slate-200">
                <span className="whitespace-nowrap">
                  {t("meAmount", { amount: formatYen(me.amount) })}
                </span>
                {me.prize > 0 && (
                  <span className="whitespace-nowrap font-semibold">
                    {t("mePrize", { amount: formatYen(me.prize) })}
                  </span>
                )}
              </span>
            )
          }
        />
      )}

      <section aria-labelledby="battle-standings" className="space-y-2">
        <h2 id="battle-standings" className="text-lg font-semibold">
          {battle.phase === "settled" ? t("standingsFinal") : t("standings")}
        </h2>
        {top.length === 0 ? (
          <EmptyState testId="battle-standings-empty">{t("standingsEmpty")}</EmptyState>
        ) : (
          <BattleBoard rows={top} caption={battle.title} />
        )}
      </section>

      {others.length > 0 && (
        <nav aria-labelledby="battle-others" className="space-y-2">
          <h2 id="battle-others" className="text-sm font-semibold">
            {t("otherBattles")}
          </h2>
          <ul className="flex flex-wrap gap-2">
            {others.map((b) => (
              <li key={b.id}>
                <Link to={`?id=${b.id}`} className={buttonClass({ variant: "secondary" })}>
                  <JapaneseOnly text={b.title} japanese={b.japanese.title} />
                  <span className="ml-2 inline-block whitespace-nowrap text-xs text-slate-500 dark:text-slate-400">
                    {b.startsOn} – {b.endsOn}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
