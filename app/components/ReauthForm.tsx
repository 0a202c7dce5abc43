import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CodeField, CurrentPasswordField, EmailField } from "#app/components/AuthFields";
import { PasskeyButton } from "#app/components/PasskeyButton";
import { type FormErrorShape, SubmitButton } from "#app/components/ui/form";
import { Alert, FormErrorAlert } from "#app/components/ui/Alert";
import { focusRing } from "#app/components/shell/styles";

/** LINE's green, darkened until white text on it is readable (4.6:1), as a 44 px button. */
export const lineButton = `inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-md bg-[#05873a] px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-[#046c2e] sm:w-auto ${focusRing}`;

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
  line = null,
  lineFrom = "reauth-security",
  error,
}: {
  email: string;
  mfaEnabled: boolean;
  passkey?: PasskeyStepUp;
  /**
   * A member whose only way in is LINE steps up through LINE ("start"), then types the
   * authenticator code when TOTP is on ("code": LINE matched); null: the password.
   */
  line?: "start" | "code" | null;
  /** Which page LINE returns to; its code form then posts to the security page. */
  lineFrom?: "reauth-security" | "reauth-profile";
  error: FormErrorShape | null;
}) {
  const { t } = useTranslation("auth");
  const viaLine = passkey !== "only" && line !== null;
  return (
    <section aria-labelledby="reauth-title" className="space-y-4" data-testid="reauth">
      <h2 id="reauth-title" className="text-base font-semibold">
        {t("title.reauth")}
      </h2>
      <Alert tone="info">
        {passkey === "only"
          ? t("notices.reauthPasskeyNeeded")
          : line === "code"
            ? t("line.security.reauthCode")
            : line === "start"
              ? t("line.security.reauthLead")
              : t("notices.reauthNeeded")}
      </Alert>
      {passkey !== "none" && line !== "code" && (
        <div className="max-w-md">
          <PasskeyButton ceremony="reauth" label={t("actions.reauthPasskey")} />
        </div>
      )}
      {viaLine && line === "start" && (
        <div className="max-w-md">
          {/* A plain link: the start page answers with a redirect to LINE, a top-level
              navigation that the form-action rule does not cover. */}
          <a
            href={`/users/line-connect/start?for=${lineFrom}`}
            className={lineButton}
            data-testid="reauth-line"
          >
            {t("line.security.reauthButton")}
          </a>
        </div>
      )}
      {viaLine && line === "code" && (
        <>
          <FormErrorAlert error={error} />
          <Form
            method="post"
            action={lineFrom === "reauth-security" ? undefined : "/users/security"}
            className="max-w-md space-y-4"
            noValidate
          >
            <input type="hidden" name="intent" value="lineReauthCode" />
            <CodeField error={error} />
            <SubmitButton>{t("actions.reauth")}</SubmitButton>
          </Form>
        </>
      )}
      {passkey !== "only" && !viaLine && (
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
