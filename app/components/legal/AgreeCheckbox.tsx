import { type ReactNode, useId } from "react";
import { FieldErrorText } from "#app/components/ui/form";

/**
 * The "I agree" checkbox of registration and of the notice of new terms: its label may hold
 * links (to the documents), so it is not the kit's text-only CheckboxField. The box and the
 * label's line are 44 px tall; a refusal is tied to the box (aria-invalid, aria-describedby).
 */
export function AgreeCheckbox({
  name = "agree",
  children,
  error,
  testId = "agree",
}: {
  name?: string;
  children: ReactNode;
  error: string | null | undefined;
  testId?: string;
}) {
  const id = useId();
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          name={name}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          data-testid={testId}
          className="mt-3 h-5 w-5 shrink-0 rounded border-slate-300 text-emerald-600 focus:ring-emerald-600"
        />
        <label
          htmlFor={id}
          className="flex min-h-11 items-center text-sm font-medium text-slate-800 dark:text-slate-200"
        >
          <span>{children}</span>
        </label>
      </div>
      <FieldErrorText id={`${id}-error`} name={name} error={error} className="ml-8 mt-1" />
    </div>
  );
}
