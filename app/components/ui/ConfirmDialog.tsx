import {
  Description,
  Dialog,
  DialogBackdrop,
  DialogPanel,
  DialogTitle,
} from "#app/components/ui/headless/dialog";
import { Form } from "@remix-run/react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { $ZodType } from "zod/v4/core";
import { type FormErrorShape, SubmitButton } from "#app/components/ui/form";
import { schemaLimits } from "#app/lib/constraint";
import { Alert } from "#app/components/ui/Alert";
import { buttonClass } from "#app/components/ui/button";
import { card } from "#app/components/ui/card";

/**
 * The one confirmation dialog: a question before something that cannot be undone (an admin's
 * money decision, a member marking a won item used). It says what is about to happen, may ask
 * for a required reason, and posts its hidden fields to the page's action. Focus starts on the
 * harmless choice (or the reason). The page closes it when the action succeeds; a refusal (a
 * blank reason, a request someone else already decided) is shown inside it.
 */
export function ConfirmDialog({
  open,
  onClose,
  title,
  children,
  confirmLabel,
  cancelLabel,
  tone = "primary",
  fields,
  reason,
  error,
  confirmField,
  alternative,
  testId = "confirm-dialog",
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  /** What the decision does, in words (amount, member, payee). */
  children: ReactNode;
  confirmLabel: string;
  /** The harmless choice's label; "Cancel" unless the page says otherwise. */
  cancelLabel?: string;
  tone?: "primary" | "danger" | "secondary";
  /** Hidden inputs naming the decision (intent, id or ids). */
  fields: Record<string, string | string[]>;
  /**
   * Asks for a reason (required), with its translated label and error; `english` adds the
   * optional English of it (`reasonEn`), which members reading English get.
   */
  reason?: {
    /** The refusal's schema: the reason's limits (and its English one's) are read from it. */
    schema: $ZodType;
    label: string;
    hint: string;
    error?: string | null;
    defaultValue?: string;
    english?: { label: string; hint: string; defaultValue?: string };
  };
  /** A translated refusal of the whole decision. */
  error?: string | null;
  /** The confirm button's own field, when a second choice posts the same form (its `intent`). */
  confirmField?: { name: string; value: string };
  /**
   * A second way to decide in the same form (approve beside send back): its own field, and no
   * reason needed, so the browser does not ask for one.
   */
  alternative?: { label: string; name: string; value: string; testId: string };
  testId?: string;
}) {
  const { t } = useTranslation();
  const reasonId = useId();
  const englishId = useId();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  // A reason the action refused: in view with focus, to be put right.
  const reasonError = reason?.error;
  useEffect(() => {
    if (open && reasonError) {
      reasonRef.current?.focus();
      reasonRef.current?.scrollIntoView({ block: "nearest" });
    }
  }, [open, reasonError]);
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-slate-900/50 transition-opacity duration-150 ease-out data-[closed]:opacity-0 motion-reduce:transition-none dark:bg-black/70"
      />
      <div className="fixed inset-0 flex w-screen items-end justify-center overflow-y-auto p-4 sm:items-center">
        <DialogPanel
          transition
          data-testid={testId}
          className={`${card} w-full max-w-lg p-5 shadow-xl transition duration-150 ease-out data-[closed]:scale-95 data-[closed]:opacity-0 motion-reduce:transition-none sm:p-6`}
        >
          <DialogTitle className="text-lg font-semibold text-slate-900 dark:text-white">
            {title}
          </DialogTitle>
          <Description
            as="div"
            className="mt-3 space-y-2 text-sm text-slate-700 dark:text-slate-200"
          >
            {children}
          </Description>
          <Form method="post" className="mt-4 space-y-4" preventScrollReset>
            {Object.entries(fields).flatMap(([name, value]) =>
              (Array.isArray(value) ? value : [value]).map((v) => (
                <input key={`${name}-${v}`} type="hidden" name={name} value={v} />
              )),
            )}
            {error && (
              <Alert tone="error" testId="dialog-error">
                {error}
              </Alert>
            )}
            {reason && (
              <div>
                <label
                  htmlFor={reasonId}
                  className="block text-sm font-medium text-slate-800 dark:text-slate-200"
                >
                  {reason.label}
                </label>
                <textarea
                  ref={reasonRef}
                  id={reasonId}
                  name="reason"
                  {...schemaLimits(reason.schema)("reason")}
                  rows={3}
                  defaultValue={reason.defaultValue}
                  data-autofocus
                  aria-invalid={reason.error ? true : undefined}
                  aria-describedby={`${reasonId}-${reason.error ? "error" : "hint"}`}
                  className={`mt-1 block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:outline-none focus:ring-2 dark:bg-slate-800 dark:text-slate-100 ${
                    reason.error
                      ? "border-red-500 focus:border-red-500 focus:ring-red-500/30"
                      : "border-slate-300 focus:border-emerald-600 focus:ring-emerald-600/30 dark:border-slate-600"
                  }`}
                />
                {reason.error ? (
                  <p
                    id={`${reasonId}-error`}
                    className="mt-1 text-sm text-red-600 dark:text-red-400"
                    data-testid="error-reason"
                  >
                    {reason.error}
                  </p>
                ) : (
                  <p
                    id={`${reasonId}-hint`}
                    className="mt-1 text-xs text-slate-500 dark:text-slate-400"
                  >
                    {reason.hint}
                  </p>
                )}
              </div>
            )}
            {reason?.english && (
              <div>
                <label
                  htmlFor={englishId}
                  className="block text-sm font-medium text-slate-800 dark:text-slate-200"
                >
                  {reason.english.label}
                </label>
                <textarea
                  id={englishId}
                  name="reasonEn"
                  lang="en"
                  {...schemaLimits(reason.schema)("reasonEn")}
                  rows={2}
                  defaultValue={reason.english.defaultValue}
                  aria-describedby={`${englishId}-hint`}
                  className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/30 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
                />
                <p
                  id={`${englishId}-hint`}
                  className="mt-1 text-xs text-slate-500 dark:text-slate-400"
                >
                  {reason.english.hint}
                </p>
              </div>
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <button
                type="button"
                onClick={onClose}
                // Without a reason to type, focus starts on the harmless choice.
                data-autofocus={reason ? undefined : true}
                data-testid="dialog-cancel"
                className={buttonClass({ variant: "secondary", block: true })}
              >
                {cancelLabel ?? t("dialog.cancel")}
              </button>
              <SubmitButton tone={tone} name={confirmField?.name} value={confirmField?.value}>
                {confirmLabel}
              </SubmitButton>
              {alternative && (
                <button
                  type="submit"
                  name={alternative.name}
                  value={alternative.value}
                  formNoValidate
                  data-testid={alternative.testId}
                  className={buttonClass({ block: true })}
                >
                  {alternative.label}
                </button>
              )}
            </div>
          </Form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

type DecisionResult = { ok: true } | { ok: false; error: FormErrorShape };

/**
 * The state behind a page's confirmation dialogs. `open(d)` opens one; when the page's action
 * answers ok, `onDone(result, decision)` reports it and the dialog closes; a refusal answered
 * to the open dialog is shown inside it (`dialogError`, `reasonError` with the reason's
 * label, `refused` for the values sent), and one that came without a dialog (no JavaScript)
 * above the table (`pageError`).
 */
export function useDecisions<D, R extends DecisionResult>(
  result: R | undefined,
  /** The reason field's label, or the open decision's (a refusal and a send-back differ). */
  reasonLabel: string | ((decision: D) => string),
  onDone: (result: Extract<R, { ok: true }>, decision: D | null) => void,
) {
  const { t } = useTranslation("errors");
  const [state, setState] = useState<{ decision: D; openedWith: R | undefined } | null>(null);
  useEffect(() => {
    if (result?.ok) {
      onDone(result as Extract<R, { ok: true }>, state?.decision ?? null);
      setState(null);
    }
    // Only a new action result matters here, not the dialog changing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);
  const fresh = state && result !== state.openedWith ? result : undefined;
  const refused = fresh && !fresh.ok ? (fresh as Extract<R, { ok: false }>) : null;
  const error = refused?.error ?? null;
  return {
    decision: state?.decision ?? null,
    /** The action's refusal of the open dialog (with the values it was sent), if any. */
    refused,
    open: (decision: D) => setState({ decision, openedWith: result }),
    close: () => setState(null),
    dialogError: error?.key ? t(error.key, error.params ?? {}) : null,
    reasonError: error?.fieldErrors.reason
      ? t(`field.${error.fieldErrors.reason}`, {
          field:
            typeof reasonLabel === "string" || !state ? reasonLabel : reasonLabel(state.decision),
        })
      : null,
    pageError: !state && result && !result.ok ? result.error : null,
  };
}

export interface DialogFact {
  label: ReactNode;
  value: ReactNode;
  /** Layout of the value (`font-semibold`, `[overflow-wrap:anywhere]`). */
  className?: string;
  testId?: string;
}

/**
 * What a confirmation is about (member, amount, payee…): a two-column list on a grey panel
 * inside the dialog. A fact whose value is null, false or empty is left out.
 */
export function DialogFacts({ items }: { items: readonly DialogFact[] }) {
  return (
    <dl className="grid grid-cols-[auto,1fr] gap-x-4 gap-y-1 rounded-md bg-slate-50 p-3 dark:bg-slate-800">
      {items
        .filter((fact) => fact.value !== null && fact.value !== false && fact.value !== "")
        .map((fact, i) => (
          <div key={i} className="contents">
            <dt className="text-slate-500 dark:text-slate-400">{fact.label}</dt>
            <dd className={fact.className} data-testid={fact.testId}>
              {fact.value}
            </dd>
          </div>
        ))}
    </dl>
  );
}
