import { type ActionFunctionArgs, json } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Alert, Field, FormErrorAlert, SubmitButton, useFieldError } from "~/components/ui/form";
import { AuthCard } from "~/components/ui/card";
import { attempt, formValues } from "~/lib/forms.server";
import { textLink } from "~/components/ui/link";

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
  const error = result && !result.ok ? result.error : null;
  const emailError = useFieldError(error, "email", "auth:fields.email");
  return (
    <AuthCard title={t("title.forgot")}>
      {result?.ok ? (
        <Alert tone="success" testId="reset-sent">
          {t("notices.resetSent")}
        </Alert>
      ) : (
        <>
          <FormErrorAlert error={error} />
          <Form method="post" className="space-y-4" noValidate>
            <Field
              name="email"
              type="email"
              autoComplete="email"
              label={t("fields.email")}
              defaultValue={result && !result.ok ? result.values.email : ""}
              error={emailError}
              required
            />
            <SubmitButton>{t("actions.sendResetLink")}</SubmitButton>
          </Form>
        </>
      )}
      <Link to="/login" className={`${textLink} block text-sm`}>
        {t("actions.goLogin")}
      </Link>
    </AuthCard>
  );
}
