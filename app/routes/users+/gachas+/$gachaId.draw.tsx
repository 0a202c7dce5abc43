import { type ActionFunctionArgs, json, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { JapaneseBadge } from "#app/components/JapaneseOnly";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { drawBlocker } from "#app/components/gachas/blocker";
import { GachaArt } from "#app/components/gachas/GachaArt";
import { LogStateBadge } from "#app/components/gachas/badges";
import { ValidityPeriod } from "#app/components/gachas/validity";
import { FormErrorAlert } from "#app/components/ui/Alert";
import { card } from "#app/components/ui/card";
import { submitForm } from "#app/lib/forms.server";
import { formatYen } from "#app/lib/money";
import { orNotFound } from "#app/lib/not-found.server";
import { buttonClass } from "#app/components/ui/button";
import { BackLink } from "#app/components/BackLink";
import { answerRefusals } from "#app/lib/refusals.server";
import { drawForm } from "./draw.server";
import { title } from "#app/lib/page-title";

export const handle = {
  title: title.named("gacha.name", "gacha:draw.title"),
  i18n: ["gacha", "errors"],
};

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context, params }: LoaderFunctionArgs) => {
    const id = params.gachaId ?? "";
    const gacha = await orNotFound(() => context.trpc.gachas.get({ id }));
    const resultId = new URL(request.url).searchParams.get("result");
    const result = resultId
      ? await orNotFound(() => context.trpc.gachas.result({ id: resultId }))
      : null;
    // A result belongs to the gacha in the address, or it is not a result of this page.
    if (result && result.gachaId !== gacha.id) throw new Response("Not found", { status: 404 });
    // A fresh key for each form shown: a double submit of this form draws once.
    return json({ gacha, result, requestKey: crypto.randomUUID() });
  },
);

export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context, params }: ActionFunctionArgs) => {
    const gachaId = params.gachaId ?? "";
    // The gacha is the page's; the form sends its one-time key.
    const drawn = await submitForm(request, drawForm, ({ requestKey }) =>
      context.trpc.gachas.draw({ gachaId, requestKey }),
    );
    if (!drawn.ok) return drawn.response;
    // The result is its own page: reloading it shows the same result, never draws again.
    return redirect(`/users/gachas/${gachaId}/draw?result=${drawn.data.logId}`);
  },
);

/**
 * /users/gachas/{id}/draw: what the draw costs and what is left, the draw button, and after
 * a draw a short reveal of what came out (no animation for people who ask for reduced motion).
 */
export default function Draw() {
  const { t } = useTranslation("gacha");
  const { gacha: g, result, requestKey } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const navigation = useNavigation();
  const drawing = navigation.state !== "idle" && navigation.formMethod === "POST";
  const blocker = drawBlocker(g);
  return (
    <div className="mx-auto max-w-xl space-y-5">
      <BackLink to={`/users/gachas/${g.id}`}>{t("draw.back", { name: g.name })}</BackLink>

      {result ? (
        <Reveal result={result} gachaId={g.id} playsLeft={g.playsLeft} blocked={blocker !== null} />
      ) : (
        <section className={`${card} space-y-4 p-5`}>
          <h1 className="break-phrase text-xl font-bold">{t("draw.title", { name: g.name })}</h1>
          <dl className="grid grid-cols-[auto,1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-500 dark:text-slate-400">{t("cost")}</dt>
            <dd className="font-semibold" data-testid="draw-cost">
              {g.cost === 0 ? t("free") : formatYen(g.cost)}
            </dd>
            <dt className="text-slate-500 dark:text-slate-400">{t("balance")}</dt>
            <dd data-testid="draw-balance">{formatYen(g.balance)}</dd>
            <dt className="text-slate-500 dark:text-slate-400">{t("plays")}</dt>
            <dd data-testid="draw-plays-left">{t("playsLeft", { count: g.playsLeft })}</dd>
          </dl>
          <FormErrorAlert error={failure && !failure.ok ? failure.error : null} />
          {blocker ? (
            <p
              data-testid="draw-blocked"
              className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200"
            >
              {t(`blocked.${blocker}`, { limit: g.challengeLimit })}
            </p>
          ) : (
            <Form method="post" className="space-y-3">
              <input type="hidden" name="requestKey" value={requestKey} />
              {g.cost > 0 && (
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  {t("draw.charge", { cost: formatYen(g.cost) })}
                </p>
              )}
              <button
                type="submit"
                disabled={drawing}
                data-testid="draw-button"
                className={buttonClass({ size: "lg", className: "w-full" })}
              >
                {drawing ? t("draw.drawing") : t("draw.button")}
              </button>
            </Form>
          )}
        </section>
      )}
    </div>
  );
}

type Result = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["result"]>;

/**
 * The reveal: a capsule shakes and bursts, then the reward appears (about 1.5 s). With
 * prefers-reduced-motion the capsule is not drawn and the reward is simply there. Focus moves
 * to the result's heading, so a screen reader reads what was won.
 */
function Reveal({
  result,
  gachaId,
  playsLeft,
  blocked,
}: {
  result: Result;
  gachaId: string;
  playsLeft: number;
  blocked: boolean;
}) {
  const { t } = useTranslation("gacha");
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [result.id]);
  const won = result.rewardKind !== "none";
  return (
    <section className="space-y-5" data-testid="draw-result" data-kind={result.rewardKind}>
      <div className="grid place-items-center">
        {/* The capsule: decoration only, gone for reduced motion. */}
        <div
          aria-hidden="true"
          className="col-start-1 row-start-1 flex h-40 w-40 animate-gacha-capsule flex-col overflow-hidden rounded-full border-4 border-white shadow-xl motion-reduce:hidden dark:border-slate-800"
        >
          <div className="h-1/2 bg-gradient-to-br from-rose-400 to-amber-400" />
          <div className="h-1/2 bg-white dark:bg-slate-200" />
        </div>
        <div className="col-start-1 row-start-1 w-full animate-gacha-reveal motion-reduce:animate-none">
          <div
            className={`overflow-hidden rounded-2xl border shadow-lg ${
              won
                ? "border-amber-300 bg-gradient-to-b from-amber-50 to-white dark:border-amber-700 dark:from-amber-950 dark:to-slate-900"
                : "border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900"
            }`}
          >
            <div className="flex flex-col items-center gap-3 p-6 text-center">
              <GachaArt
                src={result.rewardImageUrl}
                size="thumb"
                className="!h-24 !w-24 rounded-xl"
              />
              <p className="text-sm font-medium text-slate-600 dark:text-slate-300">
                {won ? t("draw.youWon") : t("draw.noPrize")}
              </p>
              <h1
                ref={heading}
                tabIndex={-1}
                data-testid="result-name"
                className="break-phrase text-2xl font-bold focus:outline-none"
              >
                {result.rewardName}
                {result.japanese.rewardName && <JapaneseBadge className="ml-2 align-middle" />}
              </h1>
              {result.rewardKind === "cash" && result.amount !== null && (
                <p
                  className="text-lg font-semibold text-amber-700 dark:text-amber-300"
                  data-testid="result-amount"
                >
                  {t("draw.credited", { amount: formatYen(result.amount) })}
                </p>
              )}
              {result.rewardKind === "item" && (
                <div className="flex flex-col items-center gap-2 text-sm">
                  <LogStateBadge state={result.state} />
                  <ValidityPeriod validFrom={result.validFrom} validUntil={result.validUntil} />
                </div>
              )}
            </div>
          </div>
        </div>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
        {!blocked && (
          <Link
            to={`/users/gachas/${gachaId}/draw`}
            data-testid="draw-again"
            className={buttonClass()}
          >
            {t("draw.again", { count: playsLeft })}
          </Link>
        )}
        <Link
          to="/users/gacha_logs"
          data-testid="to-history"
          className={buttonClass({ variant: "secondary" })}
        >
          {t("historyLink")}
        </Link>
      </div>
    </section>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
