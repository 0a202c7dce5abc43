import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CodeField, CurrentPasswordField, EmailField } from "~/components/AuthFields";
import { type FormErrorShape, SubmitButton } from "~/components/ui/form";
import { Alert, FormErrorAlert } from "~/components/ui/Alert";

/**
 * Password (and TOTP when enrolled) before a sensitive change; valid for 10 minutes. The email
 * is asked for so that a credential of another account is refused with the mismatch message.
 */
export function ReauthForm({
  email,
  mfaEnabled,
  error,
}: {
  email: string;
  mfaEnabled: boolean;
  error: FormErrorShape | null;
}) {
  const { t } = useTranslation("auth");
  return (
    <section aria-labelledby="reauth-title" className="space-y-4" data-testid="reauth">
      <h2 id="reauth-title" className="text-base font-semibold">
        {t("title.reauth")}
      </h2>
      <Alert tone="info">{t("notices.reauthNeeded")}</Alert>
      <FormErrorAlert error={error} />
      <Form method="post" className="max-w-md space-y-4" noValidate>
        <input type="hidden" name="intent" value="reauth" />
        <EmailField error={error} defaultValue={email} autoComplete="username" />
        <CurrentPasswordField error={error} />
        {mfaEnabled && <CodeField error={error} />}
        <SubmitButton>{t("actions.reauth")}</SubmitButton>
      </Form>
    </section>
  );
}
