import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CodeField, CurrentPasswordField, EmailField } from "~/components/AuthFields";
import { PasskeyButton } from "~/components/PasskeyButton";
import { type FormErrorShape, SubmitButton } from "~/components/ui/form";
import { Alert, FormErrorAlert } from "~/components/ui/Alert";

/** What a step-up may use besides the password form: none, a passkey too, or only a passkey. */
export type PasskeyStepUp = "none" | "also" | "only";

/** The passkey part of the security status, as the re-authentication form reads it. */
export function passkeyStepUp(status: {
  reauthFactor: "totp" | "passkey" | "password";
  passkeyReauth: boolean;
}): PasskeyStepUp {
  if (status.reauthFactor === "passkey") return "only";
  return status.passkeyReauth ? "also" : "none";
}

/**
 * The step-up before a sensitive change, valid for 10 minutes, with the strongest factor the
 * account has: the password and a TOTP code when enrolled, a passkey (user verified) when the
 * account has one and no TOTP, never the password alone then. The email is asked for so that
 * a credential of another account is refused with the mismatch message.
 */
export function ReauthForm({
  email,
  mfaEnabled,
  passkey = "none",
  error,
}: {
  email: string;
  mfaEnabled: boolean;
  passkey?: PasskeyStepUp;
  error: FormErrorShape | null;
}) {
  const { t } = useTranslation("auth");
  return (
    <section aria-labelledby="reauth-title" className="space-y-4" data-testid="reauth">
      <h2 id="reauth-title" className="text-base font-semibold">
        {t("title.reauth")}
      </h2>
      <Alert tone="info">
        {passkey === "only" ? t("notices.reauthPasskeyNeeded") : t("notices.reauthNeeded")}
      </Alert>
      {passkey !== "none" && (
        <div className="max-w-md">
          <PasskeyButton ceremony="reauth" label={t("actions.reauthPasskey")} />
        </div>
      )}
      {passkey !== "only" && (
        <>
          <FormErrorAlert error={error} />
          <Form method="post" className="max-w-md space-y-4" noValidate>
            <input type="hidden" name="intent" value="reauth" />
            <EmailField error={error} defaultValue={email} autoComplete="username" />
            <CurrentPasswordField error={error} />
            {mfaEnabled && <CodeField error={error} />}
            <SubmitButton>{t("actions.reauth")}</SubmitButton>
          </Form>
        </>
      )}
    </section>
  );
}
