import { ExclamationCircleIcon, CheckCircleIcon } from "@heroicons/react/20/solid";
import { useNavigation } from "@remix-run/react";
import { type InputHTMLAttributes, type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "~/components/ui/button";
import { card } from "~/components/ui/card";

export interface FormErrorShape {
  key: string | null;
  params: Record<string, string | number> | null;
  fieldErrors: Record<string, string>;
}

/** Translates a field's error key with the field's own label. */
export function useFieldError(
  error: FormErrorShape | null | undefined,
  name: string,
  labelKey: string,
) {
  const { t } = useTranslation(["errors", "auth"]);
  const key = error?.fieldErrors[name];
  return key ? t(`errors:field.${key}`, { field: t(labelKey) }) : null;
}

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  name: string;
  label: string;
  error?: string | null;
  hint?: string;
}

export function Field({ name, label, error, hint, className = "", ...input }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy =
    [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`mt-1 block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:outline-none focus:ring-2 dark:bg-slate-800 dark:text-slate-100 ${
          error
            ? "border-red-500 focus:border-red-500 focus:ring-red-500/30"
            : "border-slate-300 focus:border-emerald-600 focus:ring-emerald-600/30 dark:border-slate-600"
        }`}
        {...input}
      />
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p
          id={errorId}
          className="mt-1 text-sm text-red-600 dark:text-red-400"
          data-testid={`error-${name}`}
        >
          {error}
        </p>
      )}
    </div>
  );
}

export function Alert({
  tone,
  children,
  testId,
}: {
  tone: "error" | "success" | "info";
  children: ReactNode;
  testId?: string;
}) {
  const styles = {
    error:
      "border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200",
    success:
      "border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
    info: "border-sky-200 bg-sky-50 text-sky-800 dark:border-sky-900 dark:bg-sky-950 dark:text-sky-200",
  }[tone];
  const Icon = tone === "error" ? ExclamationCircleIcon : CheckCircleIcon;
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      data-testid={testId ?? `alert-${tone}`}
      className={`flex gap-2 rounded-md border px-3 py-2 text-sm ${styles}`}
    >
      {tone !== "info" && <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />}
      <div>{children}</div>
    </div>
  );
}

/** The form-level error (not tied to a field), translated. */
export function FormErrorAlert({ error }: { error: FormErrorShape | null | undefined }) {
  const { t } = useTranslation("errors");
  if (!error?.key) return null;
  return (
    <Alert tone="error" testId="form-error">
      {t(error.key, error.params ?? {})}
    </Alert>
  );
}

export function SubmitButton({
  children,
  name,
  value,
  tone = "primary",
}: {
  children: ReactNode;
  name?: string;
  value?: string;
  tone?: "primary" | "danger" | "secondary";
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <button
      type="submit"
      name={name}
      value={value}
      disabled={busy}
      className={buttonClass({ variant: tone, block: true })}
    >
      {children}
    </button>
  );
}

/** The card most auth pages sit in. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={`${card} mx-auto w-full max-w-md p-6 sm:p-8`}>
      <h1 className="text-xl font-bold text-slate-900 dark:text-white">{title}</h1>
      <div className="mt-6 space-y-4">{children}</div>
    </div>
  );
}
