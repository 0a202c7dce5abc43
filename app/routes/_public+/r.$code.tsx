import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RateLines } from "#app/components/brokers/rates";
import { LinkButton } from "#app/components/ui/button";
import { card } from "#app/components/ui/card";
import { textLink } from "#app/components/ui/link";
import { orNotFound } from "#app/lib/not-found.server";
import { title } from "#app/lib/page-title";
import { publicPage } from "#app/lib/public-page.server";
import { referralCookie } from "#app/lib/referral.server";
import { answerRefusals } from "#app/lib/refusals.server";
import { seoMeta } from "#app/lib/seo";

export const handle = {
  title: title.named("landing.nickname", "public:referral.title", "nickname"),
  i18n: ["public", "brokers"],
};

export const loader = /* @__PURE__ */ answerRefusals(async (args: LoaderFunctionArgs) => {
  const { request, context, params } = args;
  const code = (params.code ?? "").trim().toLowerCase();
  const landing = await orNotFound(() => context.trpc.pages.referral({ code }));
  const { seo } = await publicPage(args, {
    path: `/r/${code}`,
    title: (t) => t("public:referral.title", { nickname: landing.nickname }),
    description: (t) => t("public:referral.description", { nickname: landing.nickname }),
    crumbs: [],
  });
  // The same attribution as /register?ref=: the first link followed wins.
  const headers = new Headers({ "Cache-Control": "private, no-cache" });
  const cookie = referralCookie(request, code);
  if (cookie) headers.append("Set-Cookie", cookie);
  return json({ landing, code, seo }, { headers });
});

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...seoMeta(data?.seo),
  // One page per member's code: previews yes, search results no.
  { name: "robots", content: "noindex" },
];
export { publicHeaders as headers } from "#app/lib/public-page";

/**
 * /r/<code>: where a member's shared link lands. Who invited the visitor, what they get, and
 * the way to sign up with the invitation (the cookie is set here, /register?ref= keeps it).
 */
export default function ReferralLanding() {
  const { t } = useTranslation(["public", "brokers"]);
  const { landing, code } = useLoaderData<typeof loader>();
  const register = `/register?ref=${encodeURIComponent(code)}`;
  return (
    <div className="space-y-6" data-testid="referral-landing">
      <section className="space-y-3">
        <h1 className="break-phrase text-2xl font-bold" data-testid="referral-title">
          {t("referral.title", { nickname: landing.nickname })}
        </h1>
        <p className="text-slate-700 dark:text-slate-200">
          {t("referral.lead", { nickname: landing.nickname })}
        </p>
        <ul className="list-disc space-y-1 pl-5 text-sm" data-testid="referral-gets">
          <li>{t("referral.gets.cashback", { count: landing.brokerCount })}</li>
          <li>{t("referral.gets.free")}</li>
          <li>{t("referral.gets.payout")}</li>
        </ul>
        <LinkButton to={register} size="lg" data-testid="referral-register">
          {t("referral.register")}
        </LinkButton>
      </section>
      <section className="space-y-3" aria-labelledby="referral-rates">
        <h2 id="referral-rates" className="text-xl font-semibold">
          {t("home.ratesTitle")}
        </h2>
        <ul className="grid gap-4 md:grid-cols-2">
          {landing.brokers.map((b) => (
            <li key={b.slug} className={`${card} space-y-2 p-4`}>
              <h3 className="font-semibold">
                <Link to={`/brokers/${b.slug}`} className={textLink}>
                  {t("home.brokerLink", { name: b.name })}
                </Link>
              </h3>
              <RateLines rates={b.rates} />
            </li>
          ))}
        </ul>
        <Link to="/welcome" className={textLink}>
          {t("referral.more")}
        </Link>
      </section>
    </div>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
