import { useId } from "react";
import { useTranslation } from "react-i18next";
import { FieldErrorText, ImageField } from "#app/components/ui/form";

/**
 * A record's image upload (campaign, popup, gacha, reward, broker logo and banner), its texts
 * from the record's namespace by one naming rule: `{labels}.fields.{name}`,
 * `{labels}.hints.{name}` and `{labels}.fields.remove{Name}` for the box that removes it.
 */
export function RecordImageField({
  labels,
  name = "image",
  current,
  error,
  previewClassName,
  className = "sm:col-span-2",
}: {
  /** Where the texts are, e.g. "campaign:admin" or "admin:brokers". */
  labels: string;
  name?: string;
  current: string | null;
  error: string | null;
  previewClassName?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const removeName = `remove${name.charAt(0).toUpperCase()}${name.slice(1)}`;
  return (
    <ImageField
      name={name}
      label={t(`${labels}.fields.${name}`)}
      hint={t(`${labels}.hints.${name}`)}
      removeName={removeName}
      removeLabel={t(`${labels}.fields.${removeName}`)}
      current={current}
      error={error}
      previewClassName={previewClassName}
      className={className}
    />
  );
}

/**
 * A file upload with no preview and no "remove" box (an EA version's file, an affiliate
 * banner): the label, the file input, the hint and the error, tied together for screen readers.
 */
export function FileField({
  name,
  label,
  hint,
  error,
  accept,
  required,
  testId,
}: {
  name: string;
  label: string;
  hint: string;
  error: string | null;
  accept: string;
  required?: boolean;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <input
        id={id}
        type="file"
        name={name}
        accept={accept}
        required={required}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        aria-invalid={error ? true : undefined}
        data-testid={testId}
        className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-200 dark:text-slate-200 dark:file:bg-slate-700 dark:file:text-slate-100"
      />
      <p id={`${id}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
        {hint}
      </p>
      <FieldErrorText id={`${id}-error`} name={name} error={error} />
    </div>
  );
}
