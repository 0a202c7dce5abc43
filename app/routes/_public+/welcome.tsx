import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RateLines, ScheduleLine } from "#app/components/brokers/rates";
import { RebateCalculator } from "#app/components/brokers/RebateCalculator";
import { LinkButton } from "#app/components/ui/button";
import { card } from "#app/components/ui/card";
import { actionLink, textLink } from "#app/components/ui/link";
import { formatRate, formatYen } from "#app/lib/money";
import { answerRefusals } from "#app/lib/refusals.server";
import type { Titler } from "#app/lib/page-title";
import { languageUrl, seoMeta } from "#app/lib/seo";
import { JsonLd } from "#app/components/public/JsonLd";
import { CampaignCards, HelpLinks } from "#app/components/public/sections";
import { publicPage } from "#app/lib/public-page.server";

export const handle = {
  // The heading: the pitch's first line, as the admin wrote it, else the default pitch.
  title: ((t, data) =>
    (data as { home?: { hero?: string[] | null } } | undefined)?.home?.hero?.[0] ??
    t("public:home.pitch.0")) satisfies Titler,
  i18n: ["public", "brokers", "wallet"],
};

export const loader = /* @__PURE__ */ answerRefusals(async (args: LoaderFunctionArgs) => {
  const { request, context } = args;
  const lots = new URL(request.url).searchParams.get("lots") ?? "";
  const home = await context.trpc.pages.home();
  const page = await publicPage(args, {
    path: "/welcome",
    // The title is the heading: the pitch's first line, as the admin wrote it.
    title: (t) => home.hero?.[0] ?? t("public:home.pitch.0"),
    description: (t) =>
      home.hero?.join(" ") ?? `${t("public:home.pitch.0")} ${t("public:home.pitch.1")}`,
    crumbs: [],
    image: {
      path: "/og/welcome.png",
      alt: (t) =>
        t("public:og.homeAlt", {
          site: t("common:app.name"),
          pitch: home.hero?.[0] ?? t("public:home.pitch.0"),
        }),
    },
    // Who runs the service, as the company page states it (only the facts it states).
    jsonLd: (t, { origin, lang }) => [
      {
        "@context": "https://schema.org",
        "@type": "Organization",
        name: t("common:app.name"),
        url: languageUrl(origin, "/welcome", lang),
        logo: `${origin}/logo.svg`,
        ...(home.company ?? {}),
      },
    ],
  });
  return json({ home, lots: lots.slice(0, 20), seo: page.seo }, { headers: page.headers });
});

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);
export { publicHeaders as headers } from "#app/lib/public-page";

/**
 * /welcome: the public home for newcomers (/ stays the members' dashboard). What the service
 * is, the first brokers' rates, the calculator, how and when members are paid, the campaigns
 * open now, the newest answers, and the way to sign up. All from what admins already manage.
 */
export default function Welcome() {
  const { t } = useTranslation(["public", "brokers", "wallet"]);
  const { home, lots, seo } = useLoaderData<typeof loader>();
  const pitch: string[] = home.hero ?? [0, 1, 2].map((i) => t(`home.pitch.${i}`));
  return (
    <div className="space-y-8" data-testid="welcome">
      <JsonLd data={seo.jsonLd} />
      <section className="space-y-3" aria-labelledby="welcome-title">
        <h1 id="welcome-title" className="break-phrase text-2xl font-bold sm:text-3xl">
          {pitch[0]}
        </h1>
        {pitch.slice(1).map((line) => (
          <p key={line} className="text-slate-700 dark:text-slate-200" data-testid="welcome-pitch">
            {line}
          </p>
        ))}
        <div className="flex flex-wrap gap-3 pt-1">
          <LinkButton to="/register" size="lg" data-testid="welcome-register">
            {t("home.register")}
          </LinkButton>
          <LinkButton to="/login" size="lg" variant="secondary">
            {t("home.login")}
          </LinkButton>
        </div>
      </section>

      <section className="space-y-3" aria-labelledby="welcome-rates">
        <h2 id="welcome-rates" className="text-xl font-semibold">
          {t("home.ratesTitle")}
        </h2>
        <ul className="grid gap-4 md:grid-cols-2" data-testid="welcome-brokers">
          {home.brokers.map((b) => (
            <li key={b.slug} className={`${card} space-y-2 p-4`} data-testid="welcome-broker">
              <h3 className="text-lg font-semibold">
                <Link to={`/brokers/${b.slug}`} className={actionLink}>
                  {t("home.brokerLink", { name: b.name })}
                </Link>
              </h3>
              <RateLines rates={b.rates} previous={b.previous} />
              <ScheduleLine schedule={b.schedule} nextCrediting={b.nextCrediting} />
            </li>
          ))}
        </ul>
        <Link to="/brokers" className={textLink}>
          {t("home.allBrokers", { count: home.brokerCount })}
        </Link>
      </section>

      <RebateCalculator
        brokers={home.brokers.map((b) => ({ id: b.slug, name: b.name, rates: b.rates }))}
        usdJpyX100={home.usdJpyX100}
        initialLots={lots}
        action="/welcome"
      />

      <section className={`${card} space-y-3 p-4 sm:p-6`} aria-labelledby="welcome-payment">
        <h2 id="welcome-payment" className="text-xl font-semibold">
          {t("home.paymentTitle")}
        </h2>
        <ol className="list-decimal space-y-1 pl-5 text-sm">
          <li>{t("home.payment.credit")}</li>
          <li>{t("home.payment.balance")}</li>
          <li>{t("home.payment.withdraw", { days: home.payment.processingDays })}</li>
        </ol>
        <table className="w-full text-sm" data-testid="welcome-methods">
          <caption className="sr-only">{t("home.methodsCaption")}</caption>
          <thead>
            <tr className="text-left text-slate-600 dark:text-slate-300">
              <th scope="col" className="py-1 font-medium">
                {t("home.method")}
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                {t("home.minimum")}
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                {t("home.fee")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {home.payment.methods.map((m) => (
              <tr key={m.method}>
                <th scope="row" className="py-1 text-left font-normal">
                  {t(`wallet:methods.${m.method}`)}
                </th>
                <td className="py-1 text-right tabular-nums">{formatYen(m.minimum)}</td>
                <td className="py-1 text-right tabular-nums">
                  {m.fee === 0 ? t("home.free") : formatYen(m.fee)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {home.payment.transferFeeRateBp === 0
            ? t("home.transferFree")
            : t("home.transferFee", { rate: formatRate(home.payment.transferFeeRateBp) })}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {t("brokers:schedule.holidayRule")}
        </p>
      </section>

      <CampaignCards
        id="welcome-campaigns"
        heading={t("home.campaignsTitle")}
        campaigns={home.campaigns}
        columns="md:grid-cols-3"
      />

      <HelpLinks id="welcome-help" heading={t("home.helpTitle")} articles={home.help}>
        <Link to="/help" className={`${textLink} mt-2 inline-block`}>
          {t("home.allHelp")}
        </Link>
      </HelpLinks>

      <section className={`${card} space-y-3 p-4 text-center sm:p-6`} aria-labelledby="welcome-cta">
        <h2 id="welcome-cta" className="text-xl font-semibold">
          {t("home.ctaTitle")}
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-200">{t("home.ctaBody")}</p>
        <LinkButton to="/register" size="lg" data-testid="welcome-register-bottom">
          {t("home.register")}
        </LinkButton>
      </section>
    </div>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
