import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { DiffRow } from "#server/features/legal/diff";
import { Alert } from "#app/components/ui/Alert";
import { card } from "#app/components/ui/card";
import { CheckboxField, SubmitButton } from "#app/components/ui/form";

/** What the action's preview answers (server/features/legal/service.ts, previewPublish). */
export interface LegalPreview {
  currentVersion: number | null;
  version: number;
  html: string;
  htmlEn: string | null;
  diff: DiffRow[] | null;
  diffEn: DiffRow[] | null;
  englishStale: boolean;
  membersToAsk: number;
  fingerprint: string;
}

const cellTone = {
  same: "",
  removed: "bg-red-50 dark:bg-red-950/60",
  added: "bg-emerald-50 dark:bg-emerald-950/60",
} as const;

/** One language of the new version as the public page shows it, or `missing` without one. */
function RenderedPane({
  title,
  lang,
  html,
  missing,
}: {
  title: string;
  lang: "ja" | "en";
  html: string | null;
  missing?: string;
}) {
  return (
    <div className={`${card} p-4`}>
      <h3 className="mb-2 text-sm font-semibold text-slate-600 dark:text-slate-300">{title}</h3>
      {html === null ? (
        <p
          className="text-sm text-slate-600 dark:text-slate-300"
          data-testid={`legal-preview-${lang}`}
        >
          {missing}
        </p>
      ) : (
        <div
          className="rendered-text"
          lang={lang}
          data-testid={`legal-preview-${lang}`}
          // Rendered by markdown-it with html:false on the server, as the public page is.
          dangerouslySetInnerHTML={{ __html: html }}
        />
      )}
    </div>
  );
}

/** One language's changes: the current version left, the new one right, line against line. */
function DiffTable({
  rows,
  caption,
  before,
  after,
  testId,
}: {
  rows: DiffRow[];
  caption: string;
  before: string;
  after: string;
  testId: string;
}) {
  const { t } = useTranslation("legal");
  return (
    <div className={`${card} overflow-hidden`}>
      <table className="w-full table-fixed border-collapse text-xs sm:text-sm" data-testid={testId}>
        <caption className="px-3 py-2 text-left text-sm font-semibold">{caption}</caption>
        <thead className="bg-slate-50 text-left dark:bg-slate-800">
          <tr>
            <th scope="col" className="w-1/2 px-2 py-1 font-medium">
              {before}
            </th>
            <th scope="col" className="w-1/2 px-2 py-1 font-medium">
              {after}
            </th>
          </tr>
        </thead>
        <tbody className="align-top font-mono">
          {rows.map((row, i) =>
            row.kind === "skipped" ? (
              <tr key={i} className="border-t border-slate-200 dark:border-slate-700">
                <td colSpan={2} className="px-2 py-1 text-center font-sans text-slate-500">
                  {t("admin.preview.skipped", { count: row.lines })}
                </td>
              </tr>
            ) : (
              <tr
                key={i}
                className="border-t border-slate-200 dark:border-slate-700"
                data-testid="legal-diff-row"
                data-kind={row.kind}
              >
                <td
                  className={`whitespace-pre-wrap break-words px-2 py-1 ${row.kind === "same" ? "" : cellTone.removed}`}
                >
                  {row.left === null ? null : row.kind === "same" ? (
                    row.left
                  ) : (
                    <del>{row.left}</del>
                  )}
                </td>
                <td
                  className={`whitespace-pre-wrap break-words px-2 py-1 ${row.kind === "same" ? "" : cellTone.added}`}
                >
                  {row.right === null ? null : row.kind === "same" ? (
                    row.right
                  ) : (
                    <ins className="no-underline">{row.right}</ins>
                  )}
                </td>
              </tr>
            ),
          )}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The check before publishing, inside the editor's form: the new version rendered as readers
 * will see it, its changes against the current version, a warning when the English was left
 * as it was while the Japanese changed, and for a version that asks members to agree again the
 * number of members it stops, to be confirmed. The publish button sends the previewed
 * fingerprint: a text changed after the preview is previewed again, not published.
 */
export function LegalPublishPreview({
  preview,
  reconsent,
  changedSincePreview,
  confirmError,
}: {
  preview: LegalPreview;
  reconsent: boolean;
  changedSincePreview: boolean;
  confirmError: string | null;
}) {
  const { t } = useTranslation("legal");
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // A new preview takes focus, so a keyboard or screen reader user lands on what to check.
  useEffect(() => {
    if (confirmError) return;
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView({ block: "start" });
  }, [preview.fingerprint, changedSincePreview, confirmError]);
  const current =
    preview.currentVersion === null
      ? t("admin.preview.nothing")
      : t("admin.preview.current", { version: preview.currentVersion });
  const next = t("admin.preview.next", { version: preview.version });
  return (
    <section aria-labelledby={headingId} className="space-y-4" data-testid="legal-preview">
      <h2
        id={headingId}
        ref={heading}
        tabIndex={-1}
        className="text-lg font-semibold text-slate-900 focus:outline-none dark:text-white"
      >
        {t("admin.preview.title", { version: preview.version })}
      </h2>
      {changedSincePreview && (
        <Alert tone="warning" testId="legal-preview-changed">
          {t("admin.preview.changed")}
        </Alert>
      )}
      {preview.englishStale && (
        <Alert tone="warning" testId="legal-english-stale">
          {t("admin.preview.englishStale")}
        </Alert>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        <RenderedPane title={t("admin.preview.japanese")} lang="ja" html={preview.html} />
        <RenderedPane
          title={t("admin.preview.english")}
          lang="en"
          html={preview.htmlEn}
          missing={t("admin.preview.noEnglish")}
        />
      </div>
      {preview.diff === null && preview.diffEn === null ? (
        <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="legal-no-changes">
          {t("admin.preview.noChanges")}
        </p>
      ) : (
        <>
          {preview.diff && (
            <DiffTable
              rows={preview.diff}
              caption={t("admin.preview.changesJa")}
              before={current}
              after={next}
              testId="legal-diff-ja"
            />
          )}
          {preview.diffEn && (
            <DiffTable
              rows={preview.diffEn}
              caption={t("admin.preview.changesEn")}
              before={current}
              after={next}
              testId="legal-diff-en"
            />
          )}
        </>
      )}
      <input type="hidden" name="previewed" value={preview.fingerprint} />
      {reconsent && (
        <div className="space-y-2" data-testid="legal-reconsent-confirm">
          <Alert tone="warning">
            {t("admin.preview.membersAsked", { count: preview.membersToAsk })}
          </Alert>
          <CheckboxField
            name="confirmReconsent"
            label={t("admin.preview.confirmReconsent", { count: preview.membersToAsk })}
            error={confirmError}
          />
        </div>
      )}
      <SubmitButton name="intent" value="publish">
        {t("admin.publish", { version: preview.version })}
      </SubmitButton>
    </section>
  );
}
