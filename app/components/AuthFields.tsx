import { Form, Link, useActionData } from "@remix-run/react";
import type { InputHTMLAttributes, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { $ZodType } from "zod/v4/core";
import { FormErrorAlert } from "#app/components/ui/Alert";
import { Field, type FormErrorShape, SubmitButton, useFieldError } from "#app/components/ui/form";
import { textLink } from "#app/components/ui/link";
import { useFormValidation } from "#app/lib/validation";

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

/**
 * The form of a sign-in, sign-up or recovery page: what the action refused (the values sent
 * back and the error), checked first in the browser with the procedure's own schema.
 */
export function useAuthForm(schema: $ZodType) {
  const failure =
    failureOf(
      useActionData<{ ok: boolean; error?: FormErrorShape; values?: Record<string, string> }>(),
    );
  const { formProps, error, summary } = useFormValidation(schema, failure.error);
  return { values: failure.values, error, formProps, summary };
}

/** That form, posting to the page's action, with its page-level error above it. */
export function AuthForm({
  form: { formProps, summary },
  submit,
  children,
}: {
  form: ReturnType<typeof useAuthForm>;
  submit: string;
  children: ReactNode;
}) {
  return (
    <>
      <Form method="post" className="space-y-4" {...formProps}>
        <FormErrorAlert {...summary} />
        {children}
        <SubmitButton>{submit}</SubmitButton>
      </Form>
    </>
  );
}

/**
 * One required credential input. The label's key also names the field in the server's error
 * ("auth:fields.email"), so label and error message always speak of the same thing.
 */
function CredentialField({
  ns = "auth",
  labelKey,
  hintKey,
  error,
  ...input
}: {
  ns?: "auth" | "profile";
  labelKey: string;
  hintKey?: string;
  error: FormErrorShape | null;
  name: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "name">) {
  const { t } = useTranslation(ns);
  return (
    <Field
      label={t(labelKey)}
      hint={hintKey ? t(hintKey) : undefined}
      error={useFieldError(error, input.name, `${ns}:${labelKey}`)}
      required
      {...input}
    />
  );
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
  return (
    <CredentialField
      name="email"
      type="email"
      autoComplete={autoComplete}
      labelKey="fields.email"
      defaultValue={defaultValue}
      error={error}
    />
  );
}

export function CurrentPasswordField({ error }: { error: FormErrorShape | null }) {
  return (
    <CredentialField
      name="password"
      type="password"
      autoComplete="current-password"
      labelKey="fields.password"
      error={error}
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
  return (
    <>
      <CredentialField
        ns={ns}
        name="name"
        autoComplete="name"
        labelKey="fields.name"
        hintKey="hints.name"
        defaultValue={defaults.name}
        error={error}
      />
      <CredentialField
        ns={ns}
        name="nickname"
        autoComplete="nickname"
        labelKey="fields.nickname"
        defaultValue={defaults.nickname}
        error={error}
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
  return (
    <>
      <CredentialField
        name="password"
        type="password"
        autoComplete="new-password"
        labelKey={labelKey}
        hintKey="hints.password"
        error={error}
      />
      <CredentialField
        name="passwordConfirm"
        type="password"
        autoComplete="new-password"
        labelKey="fields.passwordConfirm"
        error={error}
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
  return (
    <CredentialField
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      labelKey="fields.code"
      hintKey={hintKey}
      error={error}
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
