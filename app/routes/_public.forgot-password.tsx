import { type ActionFunctionArgs, json } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BackToLoginLink, EmailField, failureOf } from "~/components/AuthFields";
import { SubmitButton } from "~/components/ui/form";
import { Alert, FormErrorAlert } from "~/components/ui/Alert";
import { AuthCard } from "~/components/ui/card";
import { attempt, formValues } from "~/lib/forms.server";
import { useFormValidation } from "~/lib/validation";
import { forgotPasswordInput } from "../../server/domain/account";

export const handle = { i18n: ["auth", "errors"] };

export async function action({ request, context }: ActionFunctionArgs) {
  const values = formValues(await request.formData(), ["email"]);
  const result = await attempt(values, () => context.trpc.auth.requestPasswordReset(values));
  if (!result.ok) return result.response;
  return json({ ok: true as const });
}

export default function ForgotPassword() {
  const { t } = useTranslation("auth");
  const result = useActionData<typeof action>();
  const failure = failureOf(result);
  const { values } = failure;
  // Checked in the browser with the procedure's own schema before it is sent.
  const { formProps, error } = useFormValidation(forgotPasswordInput, failure.error);
  return (
    <AuthCard title={t("title.forgot")}>
      {result?.ok ? (
        <Alert tone="success" testId="reset-sent">
          {t("notices.resetSent")}
        </Alert>
      ) : (
        <>
          <FormErrorAlert error={error} />
          <Form method="post" className="space-y-4" {...formProps}>
            <EmailField error={error} defaultValue={values.email ?? ""} />
            <SubmitButton>{t("actions.sendResetLink")}</SubmitButton>
          </Form>
        </>
      )}
      <BackToLoginLink />
    </AuthCard>
  );
}
