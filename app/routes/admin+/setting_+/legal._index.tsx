import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LEGAL_PATHS } from "#domain/legal";
import { SectionTabs } from "#app/components/admin/SectionTabs";
import { RowList } from "#app/components/RowList";
import { Alert } from "#app/components/ui/Alert";
import { Section } from "#app/components/ui/card";
import { PageTitle } from "#app/components/ui/PageTitle";
import { actionLink } from "#app/components/ui/link";
import { formatDateTime } from "#app/lib/format";
import { title } from "#app/lib/page-title";
import { answerRefusals } from "#app/lib/refusals.server";

export const handle = { title: title.key("legal:admin.title"), i18n: ["legal"] };

export const loader = /* @__PURE__ */ answerRefusals(async ({ context }: LoaderFunctionArgs) => {
  return json({ documents: await context.trpc.legal.overview() });
});

/**
 * /admin/setting/legal: the four legal documents with their current version, each leading to
 * its editor, and the consents' CSV.
 */
export default function LegalDocuments() {
  const { t } = useTranslation("legal");
  const { documents } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <PageTitle>{t("admin.title")}</PageTitle>
      <SectionTabs section="setting" />
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("admin.intro")}</p>
      <Alert tone="warning" testId="legal-template-note">
        {t("admin.templateNote")}
      </Alert>
      <Section title={t("admin.title")} testId="legal-documents">
        <RowList
          rows={documents}
          rowKey={(d) => d.kind}
          empty=""
          rowClassName="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3"
          rowTestId="legal-row"
        >
          {(d) => (
            <>
              <div className="min-w-0">
                <p className="font-medium">{t(`kinds.${d.kind}`)}</p>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {d.version === null
                    ? t("admin.none")
                    : `${t("page.version", { version: d.version })} · ${formatDateTime(d.publishedAt)}`}
                  {d.version !== null && (
                    <>
                      {" · "}
                      {t("admin.columns.english")}:{" "}
                      {d.hasEnglish ? t("admin.hasEnglish") : t("admin.noEnglish")}
                    </>
                  )}
                </p>
              </div>
              <div className="flex flex-wrap gap-x-4">
                {d.version !== null && (
                  <Link to={LEGAL_PATHS[d.kind]} className={actionLink}>
                    {t("admin.view")}
                  </Link>
                )}
                <Link
                  to={`/admin/setting/legal/${d.kind}`}
                  className={actionLink}
                  data-testid={`legal-edit-${d.kind}`}
                >
                  {t("admin.edit")}
                </Link>
              </div>
            </>
          )}
        </RowList>
      </Section>
      <a
        href="/admin/setting/legal/consents"
        download
        className={actionLink}
        data-testid="legal-consents-csv"
      >
        {t("admin.consentsCsv")}
      </a>
    </div>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
