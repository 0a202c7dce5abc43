import { type ActionFunctionArgs, json, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { agreement, CONSENT_KINDS, LEGAL_PATHS } from "#domain/legal";
import { AgreeCheckbox } from "#app/components/legal/AgreeCheckbox";
import { LogoutButton } from "#app/components/shell/LogoutButton";
import { Badge } from "#app/components/ui/Badge";
import { FormErrorAlert } from "#app/components/ui/Alert";
import { buttonClass } from "#app/components/ui/button";
import { card } from "#app/components/ui/card";
import { SubmitButton, useFieldError } from "#app/components/ui/form";
import { PageTitle } from "#app/components/ui/PageTitle";
import { textLink } from "#app/components/ui/link";
import { formatDate } from "#app/lib/format";
import { attempt, parseForm } from "#app/lib/forms.server";
import { afterConsent } from "#app/lib/guards.server";
import { useFormValidation } from "#app/lib/validation";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = { title: title.key("footer.terms"), i18n: ["legal", "errors"] };

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const pending = await context.trpc.legal.pending();
    // Nothing to agree to (agreed in another tab, or opened by hand): on to where they were going.
    if (pending.length === 0) throw redirect(afterConsent(request));
    return json({ pending });
  },
);

/** The box is checked, in the browser and in the action, with the procedure's own rule. */
const agreeForm = z.object({ agree: agreement });

/** Each notice row sends "kind:version", the versions the member read. */
function shownVersions(form: FormData) {
  return form.getAll("document").flatMap((value) => {
    const [kind, version] = String(value).split(":");
    const known = CONSENT_KINDS.find((k) => k === kind);
    return known ? [{ kind: known, version: Number(version) }] : [];
  });
}

export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: ActionFunctionArgs) => {
    const parsed = await parseForm(request, agreeForm);
    if (!parsed.ok) return parsed.response;
    const { value, form } = parsed;
    const result = await attempt(parsed.values, () =>
      context.trpc.legal.accept({ agree: value.agree, documents: shownVersions(form) }),
    );
    if (!result.ok) return result.response;
    return redirect(afterConsent(request));
  },
);

/**
 * /users/consent: the notice of a new version of the terms or privacy policy that asks members
 * to agree again. Every other member page leads here until they agree (users.tsx); logging out,
 * reading the documents and switching the language stay possible.
 */
export default function Consent() {
  const { t } = useTranslation(["legal", "errors"]);
  const { pending } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const { formProps, error } = useFormValidation(
    agreeForm,
    failure && !failure.ok ? failure.error : null,
  );
  const agreeError = useFieldError(error, "agree", "legal:consents.title");
  return (
    <div className="mx-auto max-w-2xl space-y-4" data-testid="consent-notice">
      <PageTitle>{t("consent.title")}</PageTitle>
      <p className="text-slate-700 dark:text-slate-300">{t("consent.intro")}</p>
      <FormErrorAlert error={error?.key ? error : null} />
      <ul className="space-y-4">
        {pending.map((doc) => (
          <li key={doc.kind} className={`${card} space-y-3 p-4 sm:p-6`} data-testid="consent-doc">
            <div>
              <h2 className="text-lg font-semibold">{t(`kinds.${doc.kind}`)}</h2>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {t("page.version", { version: doc.version })}
                <span aria-hidden="true"> · </span>
                {t("page.publishedAt", { date: formatDate(doc.publishedAt) })}
              </p>
            </div>
            <div>
              <h3 className="flex flex-wrap items-center gap-2 text-sm font-semibold">
                {t("consent.changes")}
                {doc.inJapanese && <Badge tone="muted">{t("page.inJapanese")}</Badge>}
              </h3>
              <p
                className="mt-1 whitespace-pre-line text-sm leading-6"
                lang={doc.inJapanese ? "ja" : undefined}
                data-testid="consent-summary"
              >
                {doc.summary}
              </p>
            </div>
            <Link
              to={`${LEGAL_PATHS[doc.kind]}?version=${doc.version}`}
              target="_blank"
              className={`${textLink} inline-flex min-h-11 items-center text-sm`}
            >
              {t("consent.read")}
            </Link>
          </li>
        ))}
      </ul>
      <Form method="post" className={`${card} space-y-4 p-4 sm:p-6`} {...formProps}>
        <AgreeCheckbox error={agreeError}>{t("consent.agree")}</AgreeCheckbox>
        <p className="text-xs text-slate-500 dark:text-slate-400">{t("consent.moneyNote")}</p>
        <SubmitButton>{t("consent.submit")}</SubmitButton>
        {/* The versions read, after the visible fields (spacing counts hidden inputs). */}
        {pending.map((doc) => (
          <input
            key={doc.kind}
            type="hidden"
            name="document"
            value={`${doc.kind}:${doc.version}`}
          />
        ))}
      </Form>
      <LogoutButton
        withIcon={false}
        className={buttonClass({ variant: "secondary", block: true })}
      />
    </div>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
