import { type ActionFunctionArgs, json, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import {
  isConsentKind,
  LEGAL_KINDS,
  LEGAL_PATHS,
  type LegalKind,
  publishForm,
} from "#domain/legal";
import { BilingualField } from "#app/components/admin/BilingualField";
import { bilingualSides } from "#app/components/admin/EntityForm";
import { SectionTabs } from "#app/components/admin/SectionTabs";
import { RowList } from "#app/components/RowList";
import { Alert, FormErrorAlert } from "#app/components/ui/Alert";
import { Badge } from "#app/components/ui/Badge";
import { Section } from "#app/components/ui/card";
import { CheckboxField, SubmitButton, useFieldError } from "#app/components/ui/form";
import { PageTitle } from "#app/components/ui/PageTitle";
import { actionLink, textLink } from "#app/components/ui/link";
import { schemaLimits } from "#app/lib/constraint";
import { formatDateTime } from "#app/lib/format";
import { answerOf } from "#app/lib/form-echo";
import { attempt, isChecked, parseForm } from "#app/lib/forms.server";
import { answerRefusals, readForm } from "#app/lib/refusals.server";
import { presentDecisionForm } from "#domain/present";
import { FirstApprover, SecondApproval } from "#app/components/admin/SecondApproval";
import type { Titler } from "#app/lib/page-title";
import { LegalPublishPreview } from "./__legal-preview";

export const handle = {
  title: ((t, data) => {
    const kind = (data as { document?: { kind?: string } } | undefined)?.document?.kind;
    return kind ? t("legal:admin.editTitle", { document: t(`legal:kinds.${kind}`) }) : undefined;
  }) satisfies Titler,
  i18n: ["legal", "errors", "admin-money"],
};

function kindOf(param: string | undefined): LegalKind {
  const kind = LEGAL_KINDS.find((k) => k === param);
  if (!kind) throw new Response("Not found", { status: 404 });
  return kind;
}

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ context, params }: LoaderFunctionArgs) => {
    const [document, me] = await Promise.all([
      context.trpc.legal.adminDocument({ kind: kindOf(params.kind) }),
      context.trpc.auth.me(),
    ]);
    return json({ document, adminId: me?.id ?? "" });
  },
);

/**
 * Two steps: "preview" answers what publishing would do (rendered texts, changes, members asked
 * again); "publish" publishes only the texts that were previewed (their fingerprint) and, when
 * members must agree again, only once the admin ticked that they will be asked. A refusal
 * keeps what was typed.
 */
export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context, params }: ActionFunctionArgs) => {
    const kind = kindOf(params.kind);
    const form = await readForm(request);
    const intent = form.get("intent");
    if (intent === "approve" || intent === "sendBack") {
      // A second admin's decision on the version awaiting it (never its first approver).
      const decision = await parseForm(form, presentDecisionForm);
      if (!decision.ok) return decision.response;
      const { input } = decision;
      const decided = await attempt(decision.values, async () =>
        input.intent === "approve"
          ? (await context.trpc.legal.approve({ id: input.id })).version
          : (await context.trpc.legal.sendBack(input), null),
      );
      if (!decided.ok) return decided.response;
      return redirect(
        decided.data === null
          ? `/admin/setting/legal/${kind}?sentBack=1`
          : `/admin/setting/legal/${kind}?published=${decided.data}`,
      );
    }
    const parsed = await parseForm(form, publishForm(kind));
    if (!parsed.ok) return parsed.response;
    const { input, values } = parsed;
    const previewed = await attempt(values, () => context.trpc.legal.preview({ kind, ...input }));
    if (!previewed.ok) return previewed.response;
    const preview = previewed.data;
    const publishing = form.get("intent") === "publish";
    const changedSincePreview = publishing && form.get("previewed") !== preview.fingerprint;
    if (!publishing || changedSincePreview) {
      return json({ ok: true as const, preview, values, changedSincePreview });
    }
    if (parsed.value.reconsent && !isChecked(form, "confirmReconsent")) {
      const error = {
        key: null,
        params: null,
        fieldErrors: { confirmReconsent: "legalConfirmReconsent" },
      };
      return json({ ...answerOf(error, values), preview }, { status: 400 });
    }
    const result = await attempt(values, () => context.trpc.legal.publish({ kind, ...input }));
    if (!result.ok) return result.response;
    return redirect(
      `/admin/setting/legal/${kind}?${"awaiting" in result.data ? "awaiting" : "published"}=${result.data.version}`,
    );
  },
);

/**
 * /admin/setting/legal/:kind: publish a new version of one document. The form starts from the
 * latest version's texts; publishing never changes an earlier version. The terms and the
 * privacy policy may ask members to agree again, with a summary of the changes they read first.
 */
export default function LegalDocumentEditor() {
  const { t } = useTranslation(["legal", "errors", "common"]);
  const { document: doc, adminId } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const published = params.get("published");
  const awaitingSent = params.get("awaiting");
  const sentBack = params.get("sentBack");
  // A second admin's refused decision answers with its own values, not the editor's.
  const decisionIntent = result ? (result.values as Record<string, unknown>).intent : undefined;
  const isDecision = decisionIntent === "approve" || decisionIntent === "sendBack";
  const decisionError = isDecision && result && !result.ok ? result.error : null;
  const error = !isDecision && result && !result.ok ? result.error : null;
  const preview = result && "preview" in result ? result.preview : null;
  const limits = schemaLimits(publishForm(doc.kind));
  const echoed: Record<string, unknown> =
    result && !isDecision
      ? result.values
      : {
          body: doc.latest?.body ?? "",
          bodyEn: doc.latest?.bodyEn ?? "",
          // Each version's summary says what it changed: the next one starts empty.
          summary: "",
          summaryEn: "",
        };
  const errorOf = (name: string, label: string) => {
    const key = error?.fieldErrors[name];
    return key ? t(`errors:field.${key}`, { field: label }) : null;
  };
  const next = (doc.latest?.version ?? 0) + 1;
  const title = t(`kinds.${doc.kind}`);
  const reconsentError = useFieldError(error, "reconsent", "legal:admin.fields.reconsent");
  const confirmError = error?.fieldErrors.confirmReconsent
    ? t(`errors:field.${error.fieldErrors.confirmReconsent}`, { count: preview?.membersToAsk ?? 0 })
    : null;
  const reconsentTicked = echoed.reconsent === "on";
  return (
    <div className="space-y-6">
      <PageTitle>{t("admin.editTitle", { document: title })}</PageTitle>
      <SectionTabs section="setting" />
      {published && !error && (
        <Alert tone="success" testId="legal-published">
          {t("admin.published", { version: published })}{" "}
          <Link to={LEGAL_PATHS[doc.kind]} className={textLink}>
            {t("admin.view")}
          </Link>
        </Alert>
      )}
      {awaitingSent && !error && (
        <Alert tone="info" testId="legal-awaiting-sent">
          {t("admin.awaitingSent", { version: awaitingSent })}
        </Alert>
      )}
      {sentBack && !error && (
        <Alert tone="info" testId="legal-sent-back">
          {t("admin.sentBackNow")}
        </Alert>
      )}
      {doc.awaiting && (
        <Section
          title={t("admin.awaitingTitle", { version: doc.awaiting.version })}
          testId="legal-awaiting"
        >
          <div className="space-y-3">
            {/* A refused decision (its own first approver, or decided meanwhile) says why here. */}
            <FormErrorAlert error={decisionError} />
            <p className="text-sm text-slate-600 dark:text-slate-300">{t("admin.awaitingNote")}</p>
            <p className="text-sm">
              <FirstApprover row={doc.awaiting} />
              <span className="block text-xs text-slate-600 dark:text-slate-300">
                {t("admin.firstApprovedAt", {
                  time: formatDateTime(doc.awaiting.firstApprovedAt),
                })}
              </span>
            </p>
            {doc.awaiting.summary && (
              <p className="whitespace-pre-line text-sm" data-testid="legal-awaiting-summary">
                {doc.awaiting.summary}
              </p>
            )}
            <SecondApproval row={doc.awaiting} adminId={adminId} />
          </div>
        </Section>
      )}
      {doc.returned && (
        <Alert tone="warning" testId="legal-returned">
          {t("admin.returnedTitle", { version: doc.returned.version })}{" "}
          {t("admin.returnedReason", {
            name: doc.returned.decidedBy ?? "",
            reason: doc.returned.sendBackReason ?? "",
          })}
        </Alert>
      )}
      <Section title={title} testId="legal-editor">
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {doc.latest
            ? t("admin.startsFrom", { version: doc.latest.version, next })
            : t("admin.firstVersion")}
        </p>
        <Form method="post" className="space-y-4" noValidate>
          <FormErrorAlert error={error} />
          <BilingualField
            field={bilingualSides(t, "body", t("admin.fields.body"), echoed, errorOf, limits)}
            rows={16}
            hint={t("admin.hints.body")}
          />
          <BilingualField
            field={bilingualSides(t, "summary", t("admin.fields.summary"), echoed, errorOf, limits)}
            rows={4}
            hint={t("admin.hints.summary")}
          />
          {isConsentKind(doc.kind) && (
            <CheckboxField
              name="reconsent"
              label={t("admin.fields.reconsent")}
              hint={t("admin.hints.reconsent")}
              defaultChecked={reconsentTicked}
              error={reconsentError}
            />
          )}
          <SubmitButton name="intent" value="preview" tone={preview ? "secondary" : "primary"}>
            {t(preview ? "admin.previewAgain" : "admin.previewButton")}
          </SubmitButton>
          {preview && (
            <LegalPublishPreview
              key={preview.fingerprint}
              preview={preview}
              reconsent={isConsentKind(doc.kind) && reconsentTicked}
              changedSincePreview={"changedSincePreview" in result! && result.changedSincePreview}
              confirmError={confirmError}
            />
          )}
        </Form>
      </Section>
      <Section title={t("admin.history")} testId="legal-versions">
        <RowList
          rows={doc.versions}
          rowKey={(v) => String(v.version)}
          empty={t("admin.none")}
          rowClassName="flex flex-wrap items-center justify-between gap-2 py-1"
          rowTestId="legal-version-row"
        >
          {(v) => (
            <>
              <span className="flex items-center gap-2">
                <Link to={`${LEGAL_PATHS[doc.kind]}?version=${v.version}`} className={actionLink}>
                  {t("page.version", { version: v.version })}
                </Link>
                {v.reconsent && <Badge tone="warning">{t("admin.reconsentBadge")}</Badge>}
              </span>
              <span className="text-sm text-slate-500 dark:text-slate-400">
                {formatDateTime(v.publishedAt)}
              </span>
            </>
          )}
        </RowList>
      </Section>
    </div>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
