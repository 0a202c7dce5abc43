import MagnifyingGlassIcon from "@heroicons/react/20/solid/MagnifyingGlassIcon";
import StarIcon from "@heroicons/react/20/solid/StarIcon";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "#app/components/ui/button";
import { card } from "#app/components/ui/card";
import { EmptyState } from "#app/components/ui/EmptyState";
import { controlClass } from "#app/components/ui/form";
import { actionLink, textLink } from "#app/components/ui/link";
import { PageHeading } from "#app/components/ui/PageTitle";
import { HelpContact } from "#app/components/help/HelpContact";
import { JapaneseOnly } from "#app/components/JapaneseOnly";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";
import { publicPage } from "#app/lib/public-page.server";
import { seoMeta } from "#app/lib/seo";
import { JsonLd } from "#app/components/public/JsonLd";
import { MAX_QUERY } from "#domain/help";

export const handle = { title: title.key("titles.help"), i18n: ["help"] };

export const loader = /* @__PURE__ */ answerRefusals(async (args: LoaderFunctionArgs) => {
  const q = new URL(args.request.url).searchParams.get("q") ?? "";
  const [help, page] = await Promise.all([
    args.context.trpc.help.list({ q }),
    // A search's results are this page too: its canonical address is /help.
    publicPage(args, {
      path: "/help",
      title: (t) => t("help:title"),
      description: (t) => t("help:intro"),
      crumbs: [{ name: (t) => t("public:crumbs.help"), path: "/help" }],
    }),
  ]);
  return json({ help, seo: page.seo }, { headers: page.headers });
});

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);
export { publicHeaders as headers } from "#app/lib/public-page";

/**
 * /help: open to everyone. The published questions by category, and a search (?q=, a GET
 * form, so it works without JavaScript) over the questions and answers in both languages.
 */
export default function HelpCentre() {
  const { t } = useTranslation("help");
  const { help, seo } = useLoaderData<typeof loader>();
  const searchId = useId();
  return (
    <div className="space-y-5">
      <JsonLd data={seo.jsonLd} />
      <PageHeading title={t("title")} lead={t("intro")} />

      <Form method="get" role="search" className="space-y-1" data-testid="help-search">
        <label htmlFor={searchId} className="block text-sm font-medium">
          {t("search.label")}
        </label>
        <div className="flex gap-2">
          <input
            id={searchId}
            type="search"
            name="q"
            defaultValue={help.q}
            maxLength={MAX_QUERY}
            placeholder={t("search.placeholder")}
            className={`${controlClass(null)} min-h-11 min-w-0 flex-1`}
            data-testid="help-q"
          />
          <button type="submit" className={buttonClass({ className: "shrink-0" })}>
            <MagnifyingGlassIcon className="h-4 w-4" aria-hidden="true" />
            {t("search.submit")}
          </button>
        </div>
      </Form>

      {help.searched && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p role="status" className="text-sm font-medium" data-testid="help-results">
            {help.total > 0
              ? t("results", { count: help.total, q: help.q })
              : t("noResults", { q: help.q })}
          </p>
          <Link to="/help" className={`${textLink} text-sm`}>
            {t("search.clear")}
          </Link>
        </div>
      )}

      {help.popular.length > 0 && (
        <section
          aria-labelledby="help-popular"
          className={`${card} border-emerald-200 p-4 dark:border-emerald-900`}
          data-testid="help-popular"
        >
          <h2 id="help-popular" className="flex items-center gap-2 text-lg font-semibold">
            <StarIcon className="h-5 w-5 text-amber-500" aria-hidden="true" />
            {t("popular")}
          </h2>
          <ArticleLinks articles={help.popular} testId="help-popular-link" />
        </section>
      )}

      {help.total === 0 && !help.searched ? (
        <EmptyState testId="help-empty">{t("empty")}</EmptyState>
      ) : (
        help.categories.map((c) => (
          <section
            key={c.category}
            aria-labelledby={`help-${c.category}`}
            className={`${card} p-4`}
            data-testid="help-category"
          >
            <h2 id={`help-${c.category}`} className="text-lg font-semibold">
              {t(`categories.${c.category}`)}
            </h2>
            <ArticleLinks articles={c.articles} testId="help-article-link" />
          </section>
        ))
      )}
      <HelpContact />
    </div>
  );
}

/** A list of articles, each a link to its page, its title marked when it is only in Japanese. */
function ArticleLinks({
  articles,
  testId,
}: {
  articles: { slug: string; title: string; inJapanese: boolean }[];
  testId: string;
}) {
  return (
    <ul className="mt-1 divide-y divide-slate-100 dark:divide-slate-800">
      {articles.map((a) => (
        <li key={a.slug}>
          <Link to={`/help/${a.slug}`} className={`${actionLink} w-full py-1`} data-testid={testId}>
            <JapaneseOnly text={a.title} japanese={a.inJapanese} />
          </Link>
        </li>
      ))}
    </ul>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
