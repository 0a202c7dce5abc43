import CheckCircleIcon from "@heroicons/react/20/solid/CheckCircleIcon";
import ExclamationCircleIcon from "@heroicons/react/20/solid/ExclamationCircleIcon";
import { useActionData } from "@remix-run/react";
import { type ReactNode, useEffect, useRef, useState } from "react";
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

/** The number of an answer object, so the same message answered twice takes focus twice. */
const answers = new WeakMap<object, number>();
let lastAnswer = 0;
export function answerNumber(value: unknown): number {
  if (!value || typeof value !== "object") return 0;
  let n = answers.get(value);
  if (n === undefined) answers.set(value, (n = ++lastAnswer));
  return n;
}

interface SummaryItem {
  id: string;
  name: string | null;
  message: string;
}

/**
 * The fields its form marks invalid, with the message each names as its error: read from the
 * page, so every control of the kit (and any that marks itself the same way) is listed under
 * its own label's words without the summary knowing the form.
 */
function invalidFields(summary: HTMLElement): SummaryItem[] {
  const scope = summary.closest("form") ?? summary.parentElement;
  if (!scope) return [];
  const items: SummaryItem[] = [];
  for (const control of scope.querySelectorAll<HTMLElement>('[aria-invalid="true"][id]')) {
    const errorId = (control.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .find((id) => id.endsWith("-error"));
    const message = errorId ? document.getElementById(errorId)?.textContent?.trim() : null;
    if (message) items.push({ id: control.id, name: control.getAttribute("name"), message });
  }
  return items;
}

/**
 * The form's error summary: the form-level message (or "check the following") and a link to
 * each invalid field. After a refused submit it takes focus and is scrolled into view, so a
 * member who pressed the button at the bottom of a phone screen sees why; `role="alert"` has
 * it read out. `focusKey` says when a submit was refused (useFormValidation gives it); without
 * one, every new answer from the page's action counts as one.
 */
export function FormErrorAlert({
  error,
  focusKey,
}: {
  error: FormErrorShape | null | undefined;
  focusKey?: string;
}) {
  const { t } = useTranslation("errors");
  const ref = useRef<HTMLDivElement>(null);
  const [items, setItems] = useState<SummaryItem[]>([]);
  const answer = useActionData();
  const fields = Object.keys(error?.fieldErrors ?? {});
  const shown = Boolean(error?.key) || fields.length > 0;
  const trigger = focusKey ?? `${answerNumber(answer)}:${error ? JSON.stringify(error) : ""}`;

  // After every render: a field's message may change with another input (the method's minimum);
  // the same list keeps its identity, so this settles at once.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- reads the page after each render
  useEffect(() => {
    const next = shown && ref.current ? invalidFields(ref.current) : [];
    setItems((before) => (JSON.stringify(before) === JSON.stringify(next) ? before : next));
  });

  useEffect(() => {
    const summary = ref.current;
    if (!shown || !summary) return;
    summary.focus({ preventScroll: true });
    summary.scrollIntoView({ block: "start" });
    // Only a refused submit moves focus, never an error shown while typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [trigger]);

  if (!shown || !error) return null;
  // A failed try that was recorded after all is good news, not an error.
  if (error.key === "submitRecorded")
    return (
      <Alert tone="success" testId="form-error">
        {t(error.key, error.params ?? {})}
      </Alert>
    );
  // The form's own message is the title; when it is about one field, the title links to it.
  const title = error.key ? t(error.key, error.params ?? {}) : t("summaryTitle");
  const titled = error.key && error.field ? items.find((i) => i.name === error.field) : undefined;
  const listed = items.filter((item) => item !== titled);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      data-testid="form-error"
      className="flex scroll-mt-36 gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-500 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
    >
      <ExclamationCircleIcon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0 space-y-1">
        <p className="font-medium">
          {titled ? <FieldLink id={titled.id}>{title}</FieldLink> : title}
        </p>
        {listed.length > 0 && (
          <ul className="list-disc space-y-1 pl-5">
            {listed.map((item) => (
              <li key={item.id}>
                <FieldLink id={item.id}>{item.message}</FieldLink>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/** A link from the summary to a field: the cursor goes into the field, not only near it. */
function FieldLink({ id, children }: { id: string; children: ReactNode }) {
  return (
    <a
      href={`#${id}`}
      className="underline underline-offset-2"
      onClick={(event) => {
        const control = document.getElementById(id);
        if (!control) return;
        event.preventDefault();
        const target =
          control instanceof HTMLFieldSetElement
            ? control.querySelector<HTMLElement>("input, select, textarea")
            : control;
        target?.focus();
        control.scrollIntoView({ block: "center" });
      }}
    >
      {children}
    </a>
  );
}
