import { type ReactNode, type SelectHTMLAttributes, useId } from "react";

/**
 * Form controls beside form.tsx's text Field, with the same look and error wiring: a select
 * and a checkbox. Errors are already translated strings (see useFieldError).
 */

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  name: string;
  label: string;
  error?: string | null;
  hint?: string;
  children: ReactNode;
}

export function SelectField({
  name,
  label,
  error,
  hint,
  className = "",
  children,
  ...select
}: SelectFieldProps) {
  const id = useId();
  const describedBy =
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") ||
    undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <select
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`mt-1 block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:outline-none focus:ring-2 dark:bg-slate-800 dark:text-slate-100 ${
          error
            ? "border-red-500 focus:border-red-500 focus:ring-red-500/30"
            : "border-slate-300 focus:border-emerald-600 focus:ring-emerald-600/30 dark:border-slate-600"
        }`}
        {...select}
      >
        {children}
      </select>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p
          id={`${id}-error`}
          className="mt-1 text-sm text-red-600 dark:text-red-400"
          data-testid={`error-${name}`}
        >
          {error}
        </p>
      )}
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
          aria-describedby={hint ? `${id}-hint` : undefined}
          className="mt-0.5 h-4 w-4 rounded border-slate-300 text-emerald-600 focus:ring-emerald-600"
        />
        <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {label}
        </label>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="ml-6 mt-1 text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p
          className="ml-6 mt-1 text-sm text-red-600 dark:text-red-400"
          data-testid={`error-${name}`}
        >
          {error}
        </p>
      )}
    </div>
  );
}

/** A white card with a heading: the sections of the profile and admin pages. */
export function Section({
  title,
  children,
  actions,
  testId,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  testId?: string;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      data-testid={testId}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-slate-900 dark:text-white">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** A label/value list (profile facts, masked payment details). */
export function Facts({
  items,
}: {
  items: { label: string; value: ReactNode; testId?: string }[];
}) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {items.map((item) => (
        <div key={item.label} className="min-w-0">
          <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">{item.label}</dt>
          <dd
            className="mt-0.5 break-all text-sm text-slate-900 dark:text-slate-100"
            data-testid={item.testId}
          >
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
