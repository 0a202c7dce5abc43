import ShieldCheckIcon from "@heroicons/react/20/solid/ShieldCheckIcon";
import { JapaneseBadge, JapaneseOnly } from "#app/components/JapaneseOnly";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { drawBlocker } from "#app/components/gachas/blocker";
import { GachaArt } from "#app/components/gachas/GachaArt";
import { GachaStatusBadge, PlayedBadge } from "#app/components/gachas/badges";
import { RewardKindDetail, OddsFraction } from "#app/components/gachas/validity";
import { formatDateTime } from "#app/lib/format";
import { formatYen } from "#app/lib/money";
import { orNotFound } from "#app/lib/not-found.server";
import { buttonClass } from "#app/components/ui/button";
import { card } from "#app/components/ui/card";
import { BackLink } from "#app/components/BackLink";
import { PageSection } from "#app/components/PageSection";
import { DataTable, wholeList } from "#app/components/table/DataTable";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = { title: title.named("gacha.name"), i18n: ["gacha", "errors"] };

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ context, params }: LoaderFunctionArgs) => {
    const gacha = await orNotFound(() => context.trpc.gachas.get({ id: params.gachaId ?? "" }));
    return json({ gacha });
  },
);

/**
 * /users/gachas/{id}: the gacha, every reward it can give with its exact chance (the same
 * weights the draw uses), the member's draws so far, and the way to the draw.
 */
export default function GachaDetails() {
  const { t } = useTranslation("gacha");
  const { gacha: g } = useLoaderData<typeof loader>();
  const blocker = drawBlocker(g);
  return (
    <div className="space-y-6">
      <BackLink to="/users/gachas">{t("detail.back")}</BackLink>

      <section
        className={`${card} overflow-hidden md:grid md:grid-cols-[minmax(0,2fr),minmax(0,3fr)]`}
      >
        <GachaArt src={g.imageUrl} className="md:h-full md:rounded-none md:rounded-l-xl" />
        <div className="space-y-4 p-5">
          <div className="flex flex-wrap items-center gap-2">
            <GachaStatusBadge status={g.status} soldOut={g.soldOut} />
            {g.played && <PlayedBadge />}
            {(g.japanese.name || g.japanese.description) && <JapaneseBadge />}
          </div>
          <h1
            className="break-phrase text-xl font-bold leading-snug sm:text-2xl"
            data-testid="gacha-name"
            lang={g.japanese.name ? "ja" : undefined}
          >
            {g.name}
          </h1>
          {g.description && (
            <p className="whitespace-pre-line text-sm text-slate-700 dark:text-slate-300">
              {g.description}
            </p>
          )}
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            <Fact label={t("periodLabel")}>
              {formatDateTime(g.startsAt)} – {formatDateTime(g.endsAt)}
            </Fact>
            <Fact label={t("cost")}>
              <span className="font-semibold" data-testid="gacha-cost">
                {g.cost === 0 ? t("free") : formatYen(g.cost)}
              </span>
            </Fact>
            <Fact label={t("method.label")}>
              {t(`method.${g.method}`)}
              {g.remaining !== null && (
                <span className="block text-xs text-slate-500 dark:text-slate-400">
                  {t("remaining", { count: g.remaining })}
                </span>
              )}
            </Fact>
            <Fact label={t("plays")}>
              <span data-testid="gacha-plays">
                {t("playsOf", { plays: g.plays, limit: g.challengeLimit })}
              </span>
            </Fact>
            <Fact label={t("balance")}>{formatYen(g.balance)}</Fact>
          </dl>
          <div className="space-y-2 pt-1">
            {blocker ? (
              <p
                data-testid="draw-blocked"
                className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200"
              >
                {t(`blocked.${blocker}`, { limit: g.challengeLimit })}
              </p>
            ) : (
              <Link
                to={`/users/gachas/${g.id}/draw`}
                data-testid="go-draw"
                className={buttonClass({ block: true })}
              >
                {g.cost === 0 ? t("drawFree") : t("drawFor", { cost: formatYen(g.cost) })}
              </Link>
            )}
          </div>
        </div>
      </section>

      <PageSection id="odds-title" title={t("detail.rewards")}>
        <DataTable
          label={t("detail.rewards")}
          page={wholeList(g.rewards)}
          hidePaging
          hideRange
          testId="odds-table"
          rowTestId="odds-row"
          columns={[
            {
              key: "reward",
              header: t("detail.reward"),
              cell: (r) => (
                <span className="flex items-center gap-3">
                  <GachaArt src={r.imageUrl} size="thumb" className="shrink-0" />
                  <span className="font-medium">
                    <JapaneseOnly text={r.name} japanese={r.nameInJapanese} />
                  </span>
                </span>
              ),
            },
            {
              key: "prize",
              header: t("detail.prize"),
              cell: (r) => <RewardKindDetail reward={r} />,
            },
            // Only a box gacha has a stock that runs out.
            ...(g.method === "box"
              ? [
                  {
                    key: "stock",
                    header: t("detail.stock"),
                    align: "right" as const,
                    nowrap: true,
                    className: "tabular-nums",
                    cell: (r: (typeof g.rewards)[number]) => r.stock,
                  },
                ]
              : []),
            {
              key: "chance",
              header: t("detail.chance"),
              align: "right",
              nowrap: true,
              className: "tabular-nums",
              cell: (r) => (
                <span>
                  <span className="block font-semibold" data-testid="odds-percent">
                    {formatPercent(r.odds.percent, r.odds.numerator)}
                  </span>
                  <OddsFraction odds={r.odds} />
                </span>
              ),
            },
          ]}
        />
        <div className="space-y-1.5 rounded-xl bg-slate-100 p-4 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          <p className="flex gap-2">
            <ShieldCheckIcon
              className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600"
              aria-hidden="true"
            />
            <span>{t(g.method === "box" ? "detail.boxNote" : "detail.weightedNote")}</span>
          </p>
          <p>{t("detail.rngNote")}</p>
          {g.cost > 0 && (
            <p data-testid="expected-cash">
              {t("detail.expected", { amount: formatYen(g.expectedCash), cost: formatYen(g.cost) })}
            </p>
          )}
        </div>
      </PageSection>
    </div>
  );
}

/** Two decimals, but never "0.00%" for a chance that exists. */
function formatPercent(percent: number, numerator: number): string {
  if (numerator > 0 && percent < 0.01) return "<0.01%";
  return `${percent.toFixed(2)}%`;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
