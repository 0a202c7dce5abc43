import { CheckCircleIcon, ExclamationCircleIcon } from "@heroicons/react/20/solid";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { FormErrorShape } from "./form";

/**
 * A message box (error, success, info) and the form-level error. Apart from form.tsx because
 * pages without a form show them too (the dashboard's e-mail notice): bundled with the form
 * controls, every such page would download them all.
 */

export function Alert({
  tone,
  children,
  testId,
}: {
  tone: "error" | "success" | "info" | "warning";
  children: ReactNode;
  testId?: string;
}) {
  const styles = {
    error:
      "border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200",
    success:
      "border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
    warning:
      "border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100",
    info: "border-sky-200 bg-sky-50 text-sky-800 dark:border-sky-900 dark:bg-sky-950 dark:text-sky-200",
  }[tone];
  const Icon = tone === "error" || tone === "warning" ? ExclamationCircleIcon : CheckCircleIcon;
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
  // A failed try that was recorded after all is good news, not an error.
  return (
    <Alert tone={error.key === "submitRecorded" ? "success" : "error"} testId="form-error">
      {t(error.key, error.params ?? {})}
    </Alert>
  );
}
