import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field, type FormErrorShape, useFieldError } from "~/components/ui/form";
import { textLink } from "~/components/ui/link";

/*
 * The credential inputs of the sign-in, sign-up, recovery and security pages. Each input's
 * name, autocomplete token and label are fixed here so that password managers and the server's
 * field errors line up the same way on every page.
 */

/** The form error of an action's answer, if the answer is a refusal. */
export function failureOf(
  result: { ok: boolean; error?: FormErrorShape; values?: Record<string, string> } | undefined,
) {
  const failed = result && !result.ok ? result : null;
  return { error: failed?.error ?? null, values: failed?.values ?? {} };
}

export function EmailField({
  error,
  defaultValue,
  autoComplete = "email",
}: {
  error: FormErrorShape | null;
  defaultValue?: string;
  /** "username" where the address identifies an account already signed in (re-auth). */
  autoComplete?: "email" | "username";
}) {
  const { t } = useTranslation("auth");
  return (
    <Field
      name="email"
      type="email"
      autoComplete={autoComplete}
      label={t("fields.email")}
      defaultValue={defaultValue}
      error={useFieldError(error, "email", "auth:fields.email")}
      required
    />
  );
}

export function CurrentPasswordField({ error }: { error: FormErrorShape | null }) {
  const { t } = useTranslation("auth");
  return (
    <Field
      name="password"
      type="password"
      autoComplete="current-password"
      label={t("fields.password")}
      error={useFieldError(error, "password", "auth:fields.password")}
      required
    />
  );
}

/** The member's name and nickname, on sign-up ("auth") and on the profile ("profile"). */
export function NameFields({
  ns,
  error,
  defaults,
}: {
  ns: "auth" | "profile";
  error: FormErrorShape | null;
  defaults: { name?: string; nickname?: string };
}) {
  const { t } = useTranslation(ns);
  return (
    <>
      <Field
        name="name"
        autoComplete="name"
        label={t("fields.name")}
        hint={t("hints.name")}
        defaultValue={defaults.name}
        error={useFieldError(error, "name", `${ns}:fields.name`)}
        required
      />
      <Field
        name="nickname"
        autoComplete="nickname"
        label={t("fields.nickname")}
        defaultValue={defaults.nickname}
        error={useFieldError(error, "nickname", `${ns}:fields.nickname`)}
        required
      />
    </>
  );
}

/** A new password and its confirmation (sign-up, reset, change). */
export function NewPasswordFields({
  error,
  labelKey = "fields.newPassword",
}: {
  error: FormErrorShape | null;
  labelKey?: "fields.newPassword" | "fields.password";
}) {
  const { t } = useTranslation("auth");
  return (
    <>
      <Field
        name="password"
        type="password"
        autoComplete="new-password"
        label={t(labelKey)}
        hint={t("hints.password")}
        error={useFieldError(error, "password", `auth:${labelKey}`)}
        required
      />
      <Field
        name="passwordConfirm"
        type="password"
        autoComplete="new-password"
        label={t("fields.passwordConfirm")}
        error={useFieldError(error, "passwordConfirm", "auth:fields.passwordConfirm")}
        required
      />
    </>
  );
}

/** A one-time code from the authenticator app (or a recovery code where the hint says so). */
export function CodeField({
  error,
  hintKey = "hints.code",
}: {
  error: FormErrorShape | null;
  hintKey?: "hints.code" | "hints.mfaCode";
}) {
  const { t } = useTranslation("auth");
  return (
    <Field
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      label={t("fields.code")}
      hint={t(hintKey)}
      error={useFieldError(error, "code", "auth:fields.code")}
      required
    />
  );
}

/** The way back to sign-in under a recovery or link page. */
export function BackToLoginLink() {
  const { t } = useTranslation("auth");
  return (
    <Link to="/login" className={`${textLink} block text-sm`}>
      {t("actions.goLogin")}
    </Link>
  );
}
