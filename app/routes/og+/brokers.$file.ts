import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { rateWords } from "#app/components/brokers/rates";
import { i18nServer } from "#app/i18n.server";
import { toLanguage } from "#app/i18n";
import { orNotFound } from "#app/lib/not-found.server";
import { ogImageResponse } from "#app/lib/og-image.server";
import { answerRefusals } from "#app/lib/refusals.server";

/** The rate lines a broker's picture shows; the rest are counted. */
const SHOWN_RATES = 3;

/**
 * /og/brokers/<code>.png (?lng=en in English): a broker's link preview, its name and its
 * cashback per account type. Unknown brokers are not found; an earlier code moves for good,
 * as the broker's page does.
 */
export const loader = /* @__PURE__ */ answerRefusals(async (args: LoaderFunctionArgs) => {
  const { request, context, params } = args;
  const url = new URL(request.url);
  const match = /^([a-z0-9_-]{1,32})\.png$/.exec(params.file ?? "");
  if (!match) throw new Response("Not found", { status: 404 });
  const slug = match[1]!;
  const page = await orNotFound(() => context.trpc.pages.broker({ slug }));
  if (page.moved !== null) return redirect(`/og/brokers/${page.moved}.png${url.search}`, 301);
  const lang = toLanguage(await i18nServer.getLocale(request)) ?? "ja";
  const t = await i18nServer.getFixedT(request, ["public", "common", "brokers"]);
  const { origin } = await context.trpc.pages.site();
  const { broker } = page;
  const rates = broker.rates
    .slice(0, SHOWN_RATES)
    .map((r) => `${r.accountType}  ${rateWords(t, r)}`);
  const more = broker.rates.length - SHOWN_RATES;
  return ogImageResponse(request, {
    lang,
    site: t("common:app.name"),
    heading: t("public:og.brokerHeading", { name: broker.name }),
    lines:
      rates.length === 0
        ? [t("public:og.noRates")]
        : more > 0
          ? [...rates, t("public:og.moreTypes", { n: more })]
          : rates,
    footer: `${new URL(origin).host}/brokers/${broker.slug}`,
  });
});
