import ArrowTopRightOnSquareIcon from "@heroicons/react/20/solid/ArrowTopRightOnSquareIcon";
import { json, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { BackLink } from "#app/components/BackLink";
import {
  Conditions,
  RateLines,
  rateWords,
  ScheduleLine,
  slashDate,
} from "#app/components/brokers/rates";
import { RebateCalculator } from "#app/components/brokers/RebateCalculator";
import { buttonClass, LinkButton } from "#app/components/ui/button";
import { card } from "#app/components/ui/card";
import { actionLink, textLink } from "#app/components/ui/link";
import { orNotFound } from "#app/lib/not-found.server";
import { title } from "#app/lib/page-title";
import { publicPage } from "#app/lib/public-page.server";
import { answerRefusals } from "#app/lib/refusals.server";
import { seoMeta } from "#app/lib/seo";
import { JsonLd } from "#app/components/public/JsonLd";
import { CampaignCards, HelpLinks } from "#app/components/public/sections";

export const handle = {
  title: title.named("page.broker.name", "public:broker.title"),
  i18n: ["public", "brokers"],
};

export const loader = /* @__PURE__ */ answerRefusals(async (args: LoaderFunctionArgs) => {
  const { request, context, params } = args;
  const url = new URL(request.url);
  const slug = params.slug ?? "";
  // One address per broker: /brokers/XM is /brokers/xm.
  if (slug !== slug.toLowerCase())
    return redirect(`/brokers/${slug.toLowerCase()}${url.search}`, 301);
  const page = await orNotFound(() => context.trpc.pages.broker({ slug }));
  // An earlier code of the broker: its address moved for good.
  if (page.moved !== null) return redirect(`/brokers/${page.moved}${url.search}`, 301);
  const broker = page.broker;
  const { seo, headers } = await publicPage(args, {
    path: `/brokers/${broker.slug}`,
    title: (t) => t("public:broker.title", { name: broker.name }),
    description: (t) =>
      t("public:broker.description", {
        name: broker.name,
        types: broker.rates.map((r) => r.accountType).join(", "),
      }),
    image: {
      path: `/og/brokers/${broker.slug}.png`,
      alt: (t) =>
        t("public:og.brokerAlt", {
          name: broker.name,
          rates: broker.rates.map((r) => `${r.accountType} ${rateWords(t, r)}`).join(", "),
        }),
    },
    crumbs: [
      { name: (t) => t("public:crumbs.brokers"), path: "/brokers" },
      {
        name: (t) => t("public:broker.title", { name: broker.name }),
        path: `/brokers/${broker.slug}`,
      },
    ],
  });
  return json({ page, lots: (url.searchParams.get("lots") ?? "").slice(0, 20), seo }, { headers });
});

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);
export { publicHeaders as headers } from "#app/lib/public-page";

/**
 * /brokers/<slug>: one broker for a visitor who searched for its cashback. Its rates per
 * account type and their history, the calculator for it, when it credits, how to open an
 * account through the portal's link or link one already held, its campaigns and the answers
 * about broker accounts.
 */
export default function BrokerPage() {
  const { t } = useTranslation(["public", "brokers"]);
  const { page, lots, seo } = useLoaderData<typeof loader>();
  const { broker } = page;
  return (
    <div className="space-y-6" data-testid="broker-page">
      <JsonLd data={seo.jsonLd} />
      <BackLink to="/brokers">{t("broker.back")}</BackLink>
      <div className="space-y-2">
        <div className="flex items-center gap-3">
          {broker.logoPath && (
            <img src={broker.logoPath} alt="" width={96} height={32} className="h-8 w-auto" />
          )}
          <h1 className="break-phrase text-2xl font-bold">
            {t("broker.title", { name: broker.name })}
          </h1>
        </div>
        <p className="text-slate-700 dark:text-slate-200">
          {t("broker.lead", { name: broker.name })}
        </p>
        {broker.autoRebate && (
          <p className="text-sm text-sky-700 dark:text-sky-300">{t("brokers:autoRebate")}</p>
        )}
      </div>

      <section className={`${card} space-y-3 p-4 sm:p-6`} aria-labelledby="broker-rates">
        <h2 id="broker-rates" className="text-xl font-semibold">
          {t("broker.ratesTitle")}
        </h2>
        <RateLines rates={broker.rates} previous={broker.previous} />
        {broker.history.length > 1 && (
          <details data-testid="broker-history">
            <summary className="flex min-h-11 cursor-pointer items-center text-sm font-semibold text-sky-800 dark:text-sky-300">
              {t("broker.history", { count: broker.history.length })}
            </summary>
            <ol className="space-y-3 pt-1 text-sm">
              {broker.history.map((v) => (
                <li key={v.from ?? ""} data-testid="broker-version">
                  <p className="text-slate-700 dark:text-slate-200">
                    {v.from === null
                      ? t("broker.since")
                      : t("brokers:changes.from", { day: slashDate(v.from) })}
                  </p>
                  <RateLines rates={v.rates} testId="broker-version-line" />
                </li>
              ))}
            </ol>
          </details>
        )}
        <Conditions text={broker.conditions} />
      </section>

      <RebateCalculator
        brokers={[{ id: broker.slug, name: broker.name, rates: broker.rates }]}
        usdJpyX100={page.usdJpyX100}
        initialLots={lots}
        action={`/brokers/${broker.slug}`}
      />

      <section className={`${card} space-y-2 p-4 sm:p-6`} aria-labelledby="broker-schedule">
        <h2 id="broker-schedule" className="text-xl font-semibold">
          {t("broker.scheduleTitle")}
        </h2>
        <ScheduleLine schedule={broker.schedule} nextCrediting={broker.nextCrediting} />
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {t("brokers:schedule.holidayRule")}
        </p>
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <section className={`${card} space-y-3 p-4 sm:p-6`} aria-labelledby="broker-open">
          <h2 id="broker-open" className="text-xl font-semibold">
            {t("broker.openTitle", { name: broker.name })}
          </h2>
          <ol className="list-decimal space-y-2 pl-5 text-sm" data-testid="broker-open-steps">
            <li>
              <Trans
                t={t}
                i18nKey="broker.open.register"
                components={{ register: <Link to="/register" className={textLink} /> }}
              />
            </li>
            <li>{t("broker.open.viaLink", { name: broker.name })}</li>
            <li>{t("broker.open.addAccount")}</li>
            <li>{t("broker.open.approved")}</li>
          </ol>
          <a
            href={broker.signupUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass({ variant: "secondary" })}
            data-testid="broker-signup"
          >
            {t("broker.openButton", { name: broker.name })}
            <ArrowTopRightOnSquareIcon className="ml-1 h-4 w-4" aria-hidden="true" />
            <span className="sr-only">{t("brokers:newTab")}</span>
          </a>
        </section>
        <section className={`${card} space-y-3 p-4 sm:p-6`} aria-labelledby="broker-link">
          <h2 id="broker-link" className="text-xl font-semibold">
            {t("broker.linkTitle")}
          </h2>
          <ol className="list-decimal space-y-2 pl-5 text-sm" data-testid="broker-link-steps">
            <li>{t("broker.link.register")}</li>
            <li>{t("broker.link.ib", { name: broker.name })}</li>
            <li>{t("broker.link.addAccount")}</li>
          </ol>
        </section>
      </div>

      <CampaignCards
        id="broker-campaigns"
        heading={t("broker.campaignsTitle", { name: broker.name })}
        campaigns={page.campaigns}
        columns="md:grid-cols-2"
      />

      <HelpLinks id="broker-help" heading={t("broker.helpTitle")} articles={page.help}></HelpLinks>

      <section className={`${card} space-y-3 p-4 text-center sm:p-6`} aria-labelledby="broker-cta">
        <h2 id="broker-cta" className="text-xl font-semibold">
          {t("home.ctaTitle")}
        </h2>
        <LinkButton to="/register" size="lg" data-testid="broker-register">
          {t("home.register")}
        </LinkButton>
      </section>

      {page.others.length > 0 && (
        <nav aria-labelledby="broker-others" className="space-y-2">
          <h2 id="broker-others" className="font-semibold">
            {t("broker.others")}
          </h2>
          <ul className="flex flex-wrap gap-x-4">
            {page.others.map((o) => (
              <li key={o.slug}>
                <Link to={`/brokers/${o.slug}`} className={actionLink}>
                  {t("home.brokerLink", { name: o.name })}
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
