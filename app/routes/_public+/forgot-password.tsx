import { type ActionFunctionArgs, json } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthForm, BackToLoginLink, EmailField, useAuthForm } from "#app/components/AuthFields";
import { Alert } from "#app/components/ui/Alert";
import { AuthCard } from "#app/components/ui/card";
import { submitForm } from "#app/lib/forms.server";
import { forgotPasswordInput } from "#domain/account";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = { title: title.key("auth:title.forgot"), i18n: ["auth", "errors"] };

export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: ActionFunctionArgs) => {
    const result = await submitForm(request, forgotPasswordInput, (input) =>
      context.trpc.auth.requestPasswordReset(input),
    );
    if (!result.ok) return result.response;
    return json({ ok: true as const });
  },
);

export default function ForgotPassword() {
  const { t } = useTranslation("auth");
  const result = useActionData<typeof action>();
  const form = useAuthForm(forgotPasswordInput);
  return (
    <AuthCard title={t("title.forgot")}>
      {result?.ok ? (
        <Alert tone="success" testId="reset-sent">
          {t("notices.resetSent")}
        </Alert>
      ) : (
        <AuthForm form={form} submit={t("actions.sendResetLink")}>
          <EmailField error={form.error} defaultValue={form.values.email ?? ""} />
        </AuthForm>
      )}
      <BackToLoginLink />
    </AuthCard>
  );
}
