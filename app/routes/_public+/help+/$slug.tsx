import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BackLink } from "#app/components/BackLink";
import { Alert } from "#app/components/ui/Alert";
import { card } from "#app/components/ui/card";
import { actionLink } from "#app/components/ui/link";
import { PageTitle } from "#app/components/ui/PageTitle";
import { formatDate } from "#app/lib/format";
import { HelpContact } from "#app/components/help/HelpContact";
import { isNotFound } from "#app/lib/not-found.server";
import { answerRefusals } from "#app/lib/refusals.server";
import type { Titler } from "#app/lib/page-title";
import { JapaneseBadge, JapaneseOnly } from "#app/components/JapaneseOnly";
import { publicPage } from "#app/lib/public-page.server";
import { describe, seoMeta } from "#app/lib/seo";
import { JsonLd } from "#app/components/public/JsonLd";

export const handle = {
  // An unknown slug answers its own 404 page (data without an article): titled as its heading.
  title: ((t, data) => {
    if (!data) return undefined;
    const article = (data as { article: { title: string } | null }).article;
    return article ? article.title : t("help:notFoundTitle");
  }) satisfies Titler,
  i18n: ["help"],
};

export const loader = /* @__PURE__ */ answerRefusals(async (args: LoaderFunctionArgs) => {
  const slug = args.params.slug ?? "";
  let found;
  try {
    found = await args.context.trpc.help.article({ slug });
  } catch (error) {
    if (!isNotFound(error)) throw error;
    return json({ article: null, seo: null }, { status: 404 });
  }
  // The answer's plain words go to search engines only; the page shows its HTML.
  const { text, ...article } = found;
  const path = `/help/${article.slug}`;
  const { seo, headers } = await publicPage(args, {
    path,
    title: () => article.title,
    description: () => describe(text),
    crumbs: [
      { name: (t) => t("public:crumbs.help"), path: "/help" },
      { name: () => article.title, path },
    ],
    // One question and its answer: a search result may show the answer under the question.
    jsonLd: () => [
      {
        "@context": "https://schema.org",
        "@type": "FAQPage",
        mainEntity: [
          {
            "@type": "Question",
            name: article.title,
            acceptedAnswer: { "@type": "Answer", text },
          },
        ],
      },
    ],
  });
  return json({ article, seo }, { headers });
});

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);
export { publicHeaders as headers } from "#app/lib/public-page";

/**
 * /help/<slug>: one question and its answer (the admin's Markdown, rendered on the server with
 * every typed tag escaped, so the HTML is safe to insert), then the other questions of its
 * category and where to ask when it did not help.
 */
export default function HelpArticle() {
  const { t } = useTranslation("help");
  const { article, seo } = useLoaderData<typeof loader>();
  if (!article) return <ArticleNotFound />;
  return (
    <div className="space-y-5">
      <JsonLd data={seo?.jsonLd} />
      <BackLink to="/help">{t("back")}</BackLink>
      <article className={`${card} space-y-3 p-4 sm:p-6`} data-testid="help-article">
        <p className="text-sm font-medium text-emerald-700 dark:text-emerald-400">
          {t(`categories.${article.category}`)}
        </p>
        <PageTitle lang={article.inJapanese ? "ja" : undefined}>{article.title}</PageTitle>
        {article.inJapanese && (
          <p className="text-xs text-slate-500 dark:text-slate-400">
            <JapaneseBadge />
          </p>
        )}
        <div
          className="help-answer text-[15px] leading-relaxed"
          data-testid="help-answer"
          // Rendered by markdown-it with html off: tags the admin typed arrive escaped.
          dangerouslySetInnerHTML={{ __html: article.html }}
        />
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {t("updated", { date: formatDate(article.updatedAt) })}
        </p>
      </article>
      {article.related.length > 0 && (
        <nav aria-labelledby="help-related" className={`${card} p-4`} data-testid="help-related">
          <h2 id="help-related" className="font-semibold">
            {t("related")}
          </h2>
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {article.related.map((r) => (
              <li key={r.slug}>
                <Link to={`/help/${r.slug}`} className={`${actionLink} py-1`}>
                  <JapaneseOnly text={r.title} japanese={r.inJapanese} />
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <HelpContact />
    </div>
  );
}

/** An unknown or unpublished slug: a heading and the 404 message, with the way back. */
function ArticleNotFound() {
  const { t } = useTranslation("help");
  return (
    <div className="space-y-4">
      <BackLink to="/help">{t("back")}</BackLink>
      <PageTitle>{t("notFoundTitle")}</PageTitle>
      <Alert tone="error" testId="help-not-found">
        {t("notFound")}
      </Alert>
    </div>
  );
}

/** A failure other than an unknown slug: the same way back, the message in the boundary. */
export function ErrorBoundary() {
  return <ArticleNotFound />;
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
