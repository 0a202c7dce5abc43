import type { SubmissionResult } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from "react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "./button";

/**
 * The form kit: every input, select, text area, image upload and checkbox, and the submit
 * button (the alerts are in Alert.tsx, which pages without a form also use). A control's look and its label/hint/error wiring are defined once
 * here; errors arrive already translated (see useFieldError).
 */

export interface FormErrorShape {
  key: string | null;
  params: Record<string, string | number> | null;
  fieldErrors: Record<string, string>;
  /** The field a form-level refusal is about (the amount over the balance): marked with it. */
  field?: string | null;
  /** The same answer in conform's protocol, for its useForm (app/lib/form-echo.ts answerOf). */
  lastResult?: SubmissionResult<string[]>;
}

/**
 * Translates a field's error key with the field's own label (and any values it names); a
 * form-level refusal about this field (`error.field`) is its error too, so the field is marked.
 */
export function useFieldError(
  error: FormErrorShape | null | undefined,
  name: string,
  labelKey: string,
  params?: Record<string, string | number>,
) {
  const { t } = useTranslation(["errors", "auth"]);
  const key = error?.fieldErrors[name];
  if (key) return t(`errors:field.${key}`, { ...params, field: t(labelKey) });
  return error?.key && error.field === name ? t(`errors:${error.key}`, error.params ?? {}) : null;
}

export const labelClass = "block text-sm font-medium text-slate-800 dark:text-slate-200";
export const hintClass = "text-xs text-slate-500 dark:text-slate-400";
const errorClass = "text-sm text-red-600 dark:text-red-400";

export function controlClass(error: string | null | undefined) {
  return `mt-1 block min-h-11 w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:outline-none focus:ring-2 dark:bg-slate-800 dark:text-slate-100 ${
    error
      ? "border-red-500 focus:border-red-500 focus:ring-red-500/30"
      : "border-slate-300 focus:border-emerald-600 focus:ring-emerald-600/30 dark:border-slate-600"
  }`;
}

/**
 * A field's error under it, or nothing: `id` is what the control's aria-describedby names, the
 * test id is `error-<name>`. `className` places it (`mt-1`, `ml-6 mt-1`).
 */
export function FieldErrorText({
  id,
  name,
  error,
  className = "",
}: {
  id?: string;
  name: string;
  error: string | null | undefined;
  className?: string;
}) {
  if (!error) return null;
  return (
    <p id={id} className={`${className} ${errorClass}`.trim()} data-testid={`error-${name}`}>
      {error}
    </p>
  );
}

interface FrameProps {
  name: string;
  label: string;
  error?: string | null;
  hint?: string;
}

/**
 * A labelled control with its hint and error. `control` receives the id and the ARIA
 * attributes that tie the label, the hint and the error to it.
 */
function FieldFrame({
  name,
  label,
  error,
  hint,
  className,
  control,
}: FrameProps & {
  className: string;
  control: (aria: {
    id: string;
    "aria-invalid": true | undefined;
    "aria-describedby": string | undefined;
  }) => ReactNode;
}) {
  const id = useId();
  const describedBy =
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") ||
    undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {control({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint && (
        <p id={`${id}-hint`} className={`mt-1 ${hintClass}`}>
          {hint}
        </p>
      )}
      <FieldErrorText id={`${id}-error`} name={name} error={error} className="mt-1" />
    </div>
  );
}

export function Field({
  name,
  label,
  error,
  hint,
  className = "",
  ...input
}: FrameProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldFrame
      {...{ name, label, error, hint, className }}
      control={(aria) => <input name={name} className={controlClass(error)} {...aria} {...input} />}
    />
  );
}

export function SelectField({
  name,
  label,
  error,
  hint,
  className = "",
  children,
  ...select
}: FrameProps & SelectHTMLAttributes<HTMLSelectElement> & { children: ReactNode }) {
  return (
    <FieldFrame
      {...{ name, label, error, hint, className }}
      control={(aria) => (
        <select name={name} className={controlClass(error)} {...aria} {...select}>
          {children}
        </select>
      )}
    />
  );
}

export function TextAreaField({
  name,
  label,
  error,
  hint,
  className = "",
  rows = 4,
  ...textarea
}: FrameProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldFrame
      {...{ name, label, error, hint, className }}
      control={(aria) => (
        <textarea name={name} rows={rows} className={controlClass(error)} {...aria} {...textarea} />
      )}
    />
  );
}

/** A file input: its button a 44 px target. */
export const fileInputClass =
  "mt-1 block min-h-11 w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-200 dark:text-slate-200 dark:file:bg-slate-700 dark:file:text-slate-100";

/**
 * An image upload: the current image, the file input (JPEG, PNG or WebP), a hint, the error,
 * and a box to remove the current image.
 */
export function ImageField({
  name = "image",
  label,
  hint,
  current,
  error,
  removeName = "removeImage",
  removeLabel,
  previewClassName = "aspect-[16/9] w-full max-w-xs object-cover",
  className = "",
}: {
  name?: string;
  label: string;
  hint: string;
  current: string | null;
  error: string | null;
  removeName?: string;
  removeLabel: string;
  previewClassName?: string;
  className?: string;
}) {
  return (
    <div className={`space-y-2 ${className}`}>
      <FieldFrame
        {...{ name, label, error, hint, className: "" }}
        control={(aria) => (
          <>
            {current && (
              <img
                src={current}
                alt=""
                className={`mt-1 rounded border border-slate-200 bg-white dark:border-slate-700 ${previewClassName}`}
              />
            )}
            <input
              type="file"
              name={name}
              accept="image/jpeg,image/png,image/webp"
              className={fileInputClass}
              {...aria}
            />
          </>
        )}
      />
      {current && <CheckboxField name={removeName} label={removeLabel} />}
    </div>
  );
}

export function CheckboxField({
  name,
  label,
  hint,
  defaultChecked,
  error,
}: {
  name: string;
  label: string;
  hint?: string;
  defaultChecked?: boolean;
  error?: string | null;
}) {
  const id = useId();
  return (
    <div>
      <div className="flex items-start gap-2">
        <input
          id={id}
          type="checkbox"
          name={name}
          defaultChecked={defaultChecked}
          aria-invalid={error ? true : undefined}
          aria-describedby={
            [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") ||
            undefined
          }
          className="mt-3.5 h-4 w-4 rounded border-slate-300 text-emerald-600 focus:ring-emerald-600"
        />
        {/* The label is the touch target (44 px); the box sits on its first line. */}
        <label
          htmlFor={id}
          className="flex min-h-11 items-center text-sm font-medium text-slate-800 dark:text-slate-200"
        >
          {label}
        </label>
      </div>
      {hint && (
        <p id={`${id}-hint`} className={`ml-6 mt-1 ${hintClass}`}>
          {hint}
        </p>
      )}
      <FieldErrorText id={`${id}-error`} name={name} error={error} className="ml-6 mt-1" />
    </div>
  );
}

/** The form's main action; disabled while the form is being submitted. */
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

/**
 * A choice among a few options as a grid of cards, each a radio button with its label (at least
 * 44 px tall), the chosen one marked; its legend names the choice, its error sits under it.
 */
export function RadioCards<V extends string>({
  name,
  legend,
  options,
  value,
  onChange,
  error,
}: {
  name: string;
  legend: string;
  options: readonly { value: V; label: string }[];
  value: V;
  onChange: (value: V) => void;
  error: string | null | undefined;
}) {
  const id = useId();
  return (
    <fieldset
      id={id}
      name={name}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{legend}</legend>
      <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
        {options.map((option) => (
          <label
            key={option.value}
            className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-emerald-600 ${
              value === option.value
                ? "border-emerald-600 bg-emerald-50 font-semibold text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
                : "border-slate-300 dark:border-slate-600"
            }`}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="accent-emerald-600"
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldErrorText id={`${id}-error`} name={name} error={error} className="mt-1" />
    </fieldset>
  );
}
