import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field, SubmitButton, useFieldError } from "#app/components/ui/form";
import { Alert, FormErrorAlert } from "#app/components/ui/Alert";
import { card } from "#app/components/ui/card";
import { passkeyStepUp, ReauthForm } from "#app/components/ReauthForm";
import { changeEmailInput } from "./change-email.server";
import { submitForm } from "#app/lib/forms.server";
import { handleReauth } from "#app/lib/reauth.server";
import { PageTitle } from "#app/components/ui/PageTitle";
import { answerRefusals, readForm } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = { title: title.key("titles.changeEmail"), i18n: ["auth", "errors"] };

export const loader = /* @__PURE__ */ answerRefusals(async ({ context }: LoaderFunctionArgs) => {
  const status = await context.trpc.auth.security();
  return json({
    email: status.email,
    mfaEnabled: status.mfaEnabled,
    passkey: passkeyStepUp(status),
    reauthValid: status.reauthValid,
  });
});

export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: ActionFunctionArgs) => {
    const form = await readForm(request);
    if (form.get("intent") === "reauth") {
      const result = await handleReauth(form, context);
      return result.ok ? json({ ok: true as const, sent: false }) : result.response;
    }
    const result = await submitForm(form, changeEmailInput, (input) =>
      context.trpc.auth.requestEmailChange(input),
    );
    if (!result.ok) return result.response;
    return json({ ok: true as const, sent: true });
  },
);

/** Change of email: reauthentication first, then a confirmation link to the new address. */
export default function ChangeEmail() {
  const { t } = useTranslation("auth");
  const { email, mfaEnabled, passkey, reauthValid } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const error = result && !result.ok ? result.error : null;
  const newEmailError = useFieldError(error, "newEmail", "auth:fields.newEmail");
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <PageTitle>{t("title.changeEmail")}</PageTitle>
      <div className={`${card} space-y-4 p-5 sm:p-6`}>
        {!reauthValid ? (
          <ReauthForm email={email} mfaEnabled={mfaEnabled} passkey={passkey} error={error} />
        ) : result?.ok && result.sent ? (
          <Alert tone="success" testId="change-sent">
            {t("notices.changeSent")}
          </Alert>
        ) : (
          <>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {t("fields.currentEmail")}:{" "}
              <span className="break-all font-medium text-slate-900 dark:text-white">{email}</span>
            </p>
            <FormErrorAlert error={error} />
            <Form method="post" className="space-y-4" noValidate>
              <Field
                name="newEmail"
                type="email"
                autoComplete="email"
                label={t("fields.newEmail")}
                error={newEmailError}
                required
              />
              <SubmitButton>{t("actions.changeEmail")}</SubmitButton>
            </Form>
          </>
        )}
      </div>
    </div>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
