import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { LegalKind } from "#domain/legal";
import { LEGAL_PATHS } from "#domain/legal";
import { Alert } from "#app/components/ui/Alert";
import { Badge } from "#app/components/ui/Badge";
import { card } from "#app/components/ui/card";
import { PageTitle } from "#app/components/ui/PageTitle";
import { textLink } from "#app/components/ui/link";
import { formatDate } from "#app/lib/format";
import type { loadLegalDocument } from "#app/lib/legal.server";
import { JsonLd } from "#app/components/public/JsonLd";

type Loader = typeof loadLegalDocument;

/**
 * A legal document's public page: its title, version and date, the text (Markdown rendered on
 * the server, no raw HTML: server/lib/markdown.ts), and links to every earlier version. An
 * English reader of a document written only in Japanese sees a "Japanese" label and the text
 * marked lang="ja", so a screen reader reads it in Japanese.
 */
export function LegalDocumentPage() {
  const { t } = useTranslation("legal");
  const { kind, doc, unknownVersion, seo } = useLoaderData<Loader>();
  const title = t(`kinds.${kind}`);
  const path = LEGAL_PATHS[kind as LegalKind];
  if (!doc) {
    return (
      <div className="space-y-4">
        <JsonLd data={seo?.jsonLd} />
        <PageTitle>{title}</PageTitle>
        {unknownVersion ? (
          <ToLatest path={path} testId="legal-unknown-version" message={t("page.unknownVersion")} />
        ) : (
          <Alert tone="info" testId="legal-missing">
            {t("page.notPublished")}
          </Alert>
        )}
      </div>
    );
  }
  return (
    <article className="space-y-4" data-testid="legal-document">
      <JsonLd data={seo?.jsonLd} />
      <div className="space-y-1">
        <PageTitle>{title}</PageTitle>
        <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="legal-version">
          {t("page.version", { version: doc.version })}
          <span aria-hidden="true"> · </span>
          {t("page.publishedAt", { date: formatDate(doc.publishedAt) })}
        </p>
      </div>
      {!doc.latest && (
        <ToLatest path={path} testId="legal-old-version" message={t("page.oldVersion")} />
      )}
      <div className={`${card} p-4 sm:p-6`}>
        {doc.inJapanese && (
          <p className="mb-4 flex flex-wrap items-center gap-2 text-xs text-slate-500 dark:text-slate-400">
            <Badge tone="muted" data-testid="legal-in-japanese">
              {t("page.inJapanese")}
            </Badge>
            {t("page.inJapaneseHint")}
          </p>
        )}
        <div
          className="rendered-text"
          lang={doc.inJapanese ? "ja" : undefined}
          data-testid="legal-body"
          // Rendered by markdown-it with html:false on the server: the author's tags are text.
          dangerouslySetInnerHTML={{ __html: doc.html }}
        />
      </div>
      {doc.versions.length > 1 && (
        <nav aria-labelledby="legal-history" className={`${card} p-4 sm:p-6`}>
          <h2 id="legal-history" className="text-base font-semibold">
            {t("page.history")}
          </h2>
          <ul className="mt-2 flex flex-wrap gap-x-4" data-testid="legal-history">
            {doc.versions.map((v) => (
              <li key={v.version}>
                {v.version === doc.version ? (
                  <span
                    className="inline-flex min-h-11 items-center text-sm font-semibold"
                    aria-current="page"
                  >
                    {t("page.version", { version: v.version })} ({formatDate(v.publishedAt)})
                  </span>
                ) : (
                  <Link
                    to={`${path}?version=${v.version}`}
                    className={`${textLink} inline-flex min-h-11 items-center text-sm`}
                  >
                    {t("page.version", { version: v.version })} ({formatDate(v.publishedAt)})
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
      )}
    </article>
  );
}

/** A warning that this is not the document's latest version, with the way to it. */
function ToLatest({ path, testId, message }: { path: string; testId: string; message: string }) {
  const { t } = useTranslation("legal");
  return (
    <Alert tone="warning" testId={testId}>
      {message}{" "}
      <Link to={path} className={textLink}>
        {t("page.toLatest")}
      </Link>
    </Alert>
  );
}
