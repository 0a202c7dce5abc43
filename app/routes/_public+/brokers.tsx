import ArrowTopRightOnSquareIcon from "@heroicons/react/20/solid/ArrowTopRightOnSquareIcon";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Conditions, RateChanges, RateLines, ScheduleLine } from "#app/components/brokers/rates";
import { RebateCalculator } from "#app/components/brokers/RebateCalculator";
import { EmptyState } from "#app/components/ui/EmptyState";
import { buttonClass, LinkButton } from "#app/components/ui/button";
import { card } from "#app/components/ui/card";
import { PageTitle } from "#app/components/ui/PageTitle";
import { HelpLinks } from "#app/components/help/HelpLinks";
import { textLink } from "#app/components/ui/link";
import type { loader as rootLoader } from "#app/root";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";
import { publicPage } from "#app/lib/public-page.server";
import { seoMeta } from "#app/lib/seo";
import { JsonLd } from "#app/components/public/JsonLd";

export const handle = {
  // Public: the rate card visitors find from search and share.
  title: title.key("brokers:title"),
  i18n: ["brokers", "help"],
};

export const loader = /* @__PURE__ */ answerRefusals(async (args: LoaderFunctionArgs) => {
  const { request, context } = args;
  const lots = new URL(request.url).searchParams.get("lots") ?? "";
  // Only what the calculator may show back; the calculator judges the number itself.
  const [rates, help, page] = await Promise.all([
    context.trpc.brokers.rates(),
    context.trpc.help.links({ page: "brokers" }),
    publicPage(args, {
      path: "/brokers",
      title: (t) => t("brokers:title"),
      description: (t) => t("brokers:intro"),
      crumbs: [{ name: (t) => t("public:crumbs.brokers"), path: "/brokers" }],
    }),
  ]);
  return json(
    { card: rates, lots: lots.slice(0, 20), help, seo: page.seo },
    { headers: page.headers },
  );
});

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);
export { publicHeaders as headers } from "#app/lib/public-page";

/**
 * /brokers: open to everyone, drawn on the server. Each partner broker with its rates per
 * account type, crediting schedule and next crediting day, conditions and sign-up link, and
 * the rebate calculator (lots a month → yen a month and a year).
 */
export default function Brokers() {
  const { t } = useTranslation("brokers");
  const { card: rateCard, lots, help, seo } = useLoaderData<typeof loader>();
  const viewer = useRouteLoaderData<typeof rootLoader>("root")?.viewer;
  const visitor = !viewer?.user;
  return (
    <div className="space-y-6">
      <JsonLd data={seo.jsonLd} />
      <div className="space-y-2">
        <PageTitle>{t("title")}</PageTitle>
        <p className="text-slate-600 dark:text-slate-300">{t("intro")}</p>
        <HelpLinks links={help} testId="brokers-help" />
        {visitor && (
          <LinkButton to="/register" data-testid="brokers-register">
            {t("register")}
          </LinkButton>
        )}
      </div>

      <RebateCalculator
        brokers={rateCard.brokers}
        usdJpyX100={rateCard.usdJpyX100}
        initialLots={lots}
      />

      {rateCard.brokers.length === 0 ? (
        <EmptyState testId="brokers-empty">{t("empty")}</EmptyState>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2" data-testid="broker-cards">
          {rateCard.brokers.map((b) => (
            <li key={b.id} className={`${card} flex flex-col gap-3 p-4`} data-testid="broker-card">
              <div className="flex items-center gap-3">
                {b.logoPath && (
                  <img src={b.logoPath} alt="" width={96} height={32} className="h-8 w-auto" />
                )}
                <h2 className="min-w-0 text-lg font-semibold [overflow-wrap:anywhere]">
                  {/* Each broker's own page: its history, steps and answers. */}
                  <Link
                    to={`/brokers/${b.code}`}
                    className={textLink}
                    data-testid="broker-page-link"
                  >
                    {b.name}
                  </Link>
                </h2>
              </div>
              {b.autoRebate && (
                <p className="text-sm text-sky-700 dark:text-sky-300">{t("autoRebate")}</p>
              )}
              <section aria-label={t("ratesTitle")}>
                <RateLines rates={b.rates} previous={b.previous} />
                {b.rates.length > 1 && (
                  <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
                    {t("defaultType", { type: b.rates[0]!.accountType })}
                  </p>
                )}
                <RateChanges changes={b.changes} />
              </section>
              <section aria-label={t("scheduleTitle")}>
                <ScheduleLine schedule={b.schedule} nextCrediting={b.nextCrediting} />
              </section>
              <Conditions text={b.conditions} />
              <a
                href={b.signupUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClass({ variant: "secondary", className: "mt-auto self-start" })}
              >
                {t("signup")}
                <ArrowTopRightOnSquareIcon className="ml-1 h-4 w-4" aria-hidden="true" />
                <span className="sr-only">{t("newTab")}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("schedule.holidayRule")}</p>
    </div>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
