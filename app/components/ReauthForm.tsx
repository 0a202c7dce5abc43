import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import {
  Alert,
  Field,
  FormErrorAlert,
  type FormErrorShape,
  SubmitButton,
  useFieldError,
} from "~/components/ui/form";

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
  const emailError = useFieldError(error, "email", "auth:fields.email");
  const passwordError = useFieldError(error, "password", "auth:fields.password");
  const codeError = useFieldError(error, "code", "auth:fields.code");
  return (
    <section aria-labelledby="reauth-title" className="space-y-4" data-testid="reauth">
      <h2 id="reauth-title" className="text-base font-semibold">
        {t("title.reauth")}
      </h2>
      <Alert tone="info">{t("notices.reauthNeeded")}</Alert>
      <FormErrorAlert error={error} />
      <Form method="post" className="max-w-md space-y-4" noValidate>
        <input type="hidden" name="intent" value="reauth" />
        <Field
          name="email"
          type="email"
          autoComplete="username"
          label={t("fields.email")}
          defaultValue={email}
          error={emailError}
          required
        />
        <Field
          name="password"
          type="password"
          autoComplete="current-password"
          label={t("fields.password")}
          error={passwordError}
          required
        />
        {mfaEnabled && (
          <Field
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            label={t("fields.code")}
            hint={t("hints.code")}
            error={codeError}
            required
          />
        )}
        <SubmitButton>{t("actions.reauth")}</SubmitButton>
      </Form>
    </section>
  );
}
