import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CodeField, NewPasswordFields } from "#app/components/AuthFields";
import { type FormErrorShape, SubmitButton } from "#app/components/ui/form";
import { Alert, FormErrorAlert } from "#app/components/ui/Alert";
import { card } from "#app/components/ui/card";
import { type PasskeyItem, PasskeySettings } from "./PasskeySettings";
import { passkeyStepUp, ReauthForm } from "./ReauthForm";
import { type LineLoginState, LineLoginSettings } from "./LineLoginSettings";
import { PageTitle } from "#app/components/ui/PageTitle";

export interface SecurityStatus {
  email: string;
  emailVerified: boolean;
  mfaEnabled: boolean;
  reauthFactor: "totp" | "passkey" | "password";
  passkeyReauth: boolean;
  recoveryCodesLeft: number;
  reauthValid: boolean;
  pendingEnrollment: { secret: string; qrDataUrl: string } | null;
  passwordSet: boolean;
  lineReauth: "start" | "code" | null;
}

/** What LINE sent the member back to this page with (`?line=` and `?lineError=`). */
export interface LineReturn {
  done: "linked" | "reauth" | null;
  /** An errors: key, already checked against the ones LINE's return may carry. */
  error: string | null;
}

type ActionResult =
  | { ok: true; intent: string; recoveryCodes: string[] | null }
  | { ok: false; error: FormErrorShape; values: Record<string, string> }
  | undefined;

const panel = `${card} space-y-4 p-5 sm:p-6`;

export function SecuritySettings({
  status,
  passkeys,
  enrolmentRequired,
  result,
  line = null,
  lineReturn = { done: null, error: null },
}: {
  status: SecurityStatus;
  passkeys: PasskeyItem[];
  /** An admin without a second factor: only enrolment is open to them. */
  enrolmentRequired: boolean;
  result: ActionResult;
  /** LINE Login on a member's page; null on the admins' page. */
  line?: LineLoginState | null;
  lineReturn?: LineReturn;
}) {
  const { t } = useTranslation(["auth", "errors"]);
  const error = result && !result.ok ? result.error : null;
  const done = result?.ok ? result.intent : null;
  const enrolNotice = enrolmentRequired && (
    <Alert tone="info" testId="mfa-enrolment-required">
      {t("notices.adminMfaRequired")}
    </Alert>
  );
  const lineError = lineReturn.error && (
    <Alert tone="error" testId="line-login-error">
      {t(`errors:${lineReturn.error}`)}
    </Alert>
  );

  if (!status.reauthValid) {
    return (
      <div className="space-y-6">
        <PageTitle>{t("title.security")}</PageTitle>
        {enrolNotice}
        {lineError}
        <div className={panel}>
          <ReauthForm
            email={status.email}
            mfaEnabled={status.mfaEnabled}
            passkey={passkeyStepUp(status)}
            line={line ? status.lineReauth : null}
            error={error}
          />
        </div>
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <PageTitle>{t("title.security")}</PageTitle>
      {enrolNotice}
      {(done === "reauth" || done === "lineReauthCode" || lineReturn.done === "reauth") && (
        <Alert tone="success">{t("notices.reauthDone")}</Alert>
      )}
      {lineError}
      <FormErrorAlert error={error} />

      <section className={panel} aria-labelledby="mfa-title" data-testid="mfa-section">
        <h2 id="mfa-title" className="text-base font-semibold">
          {t("notices.mfaStatus")}
        </h2>
        {result?.ok && result.recoveryCodes ? (
          <div className="space-y-3" data-testid="recovery-codes">
            <Alert tone="success">{t("notices.mfaEnabled")}</Alert>
            <h3 className="font-semibold">{t("notices.mfaRecoveryTitle")}</h3>
            <p className="text-sm text-slate-600 dark:text-slate-300">{t("notices.mfaRecovery")}</p>
            <ul className="grid grid-cols-2 gap-2 rounded-md bg-slate-100 p-3 font-mono text-sm dark:bg-slate-800">
              {result.recoveryCodes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </ul>
          </div>
        ) : status.mfaEnabled ? (
          <>
            <p className="text-sm" data-testid="mfa-on">
              {t("notices.mfaEnabled")}
            </p>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {t("notices.mfaRecoveryLeft", { count: status.recoveryCodesLeft })}
            </p>
            <Form method="post">
              <input type="hidden" name="intent" value="mfaDisable" />
              <SubmitButton tone="danger">{t("actions.disableMfa")}</SubmitButton>
            </Form>
          </>
        ) : status.pendingEnrollment ? (
          <div className="space-y-4" data-testid="mfa-enroll">
            <p className="text-sm text-slate-600 dark:text-slate-300">{t("notices.mfaScan")}</p>
            <img
              src={status.pendingEnrollment.qrDataUrl}
              alt="QR"
              width={220}
              height={220}
              className="h-[220px] w-[220px] rounded-md border border-slate-200 bg-white p-1"
            />
            <div>
              <p className="text-sm font-medium">{t("notices.mfaKey")}</p>
              <code
                className="mt-1 block break-all rounded bg-slate-100 px-2 py-1 font-mono text-sm dark:bg-slate-800"
                data-testid="mfa-secret"
              >
                {status.pendingEnrollment.secret}
              </code>
            </div>
            <Form method="post" className="max-w-md space-y-4" noValidate>
              <input type="hidden" name="intent" value="mfaConfirm" />
              <CodeField error={error} hintKey="hints.mfaCode" />
              <SubmitButton>{t("actions.confirmMfa")}</SubmitButton>
            </Form>
          </div>
        ) : (
          <>
            {done === "mfaDisable" && <Alert tone="success">{t("notices.mfaTurnedOff")}</Alert>}
            <p className="text-sm" data-testid="mfa-off">
              {t("notices.mfaDisabled")}
            </p>
            <p className="text-sm text-slate-600 dark:text-slate-300">{t("notices.mfaIntro")}</p>
            <Form method="post">
              <input type="hidden" name="intent" value="mfaStart" />
              <SubmitButton>{t("actions.startMfa")}</SubmitButton>
            </Form>
          </>
        )}
      </section>

      {line?.available && (
        <LineLoginSettings
          line={line}
          linkedNow={lineReturn.done === "linked"}
          unlinked={done === "lineUnlink"}
          className={panel}
        />
      )}

      <PasskeySettings passkeys={passkeys} removed={done === "passkeyRemove"} className={panel} />

      {!enrolmentRequired && (
        <section className={panel} aria-labelledby="password-title">
          <h2 id="password-title" className="text-base font-semibold">
            {t("actions.changePassword")}
          </h2>
          {done === "changePassword" && (
            <Alert tone="success">{t("notices.passwordChanged")}</Alert>
          )}
          <Form method="post" className="max-w-md space-y-4" noValidate>
            <input type="hidden" name="intent" value="changePassword" />
            <NewPasswordFields error={error} />
            <SubmitButton>{t("actions.changePassword")}</SubmitButton>
          </Form>
        </section>
      )}
    </div>
  );
}
