import { Form } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { CheckboxField } from "~/components/fields";
import { Field, type FormErrorShape, FormErrorAlert, SubmitButton } from "~/components/form";

export interface CampaignFormValues {
  title: string;
  body: string;
  conditions: string;
  startsAt: string;
  endsAt: string;
  capacity: string;
  active: boolean;
  imageUrl: string | null;
}

export const EMPTY_CAMPAIGN: CampaignFormValues = {
  title: "",
  body: "",
  conditions: "",
  startsAt: "",
  endsAt: "",
  capacity: "",
  active: true,
  imageUrl: null,
};

/** The field's error key: the schema names fields by path ("campaign.title"), the service alone. */
function fieldKey(error: FormErrorShape | null, name: string) {
  return error?.fieldErrors[`campaign.${name}`] ?? error?.fieldErrors[name] ?? null;
}

/** Create / edit a campaign: title, body, conditions, image, period (Tokyo), capacity, active. */
export function CampaignForm({
  initial,
  error,
  submitLabel,
}: {
  initial: CampaignFormValues;
  error: FormErrorShape | null;
  submitLabel: string;
}) {
  const { t } = useTranslation(["campaign", "errors"]);
  const fieldError = (name: string) => {
    const key = fieldKey(error, name);
    return key ? t(`errors:field.${key}`, { field: t(`campaign:admin.fields.${name}`) }) : null;
  };
  const text = (name: "title" | "startsAt" | "endsAt" | "capacity") => ({
    name,
    label: t(`campaign:admin.fields.${name}`),
    defaultValue: initial[name],
    error: fieldError(name),
  });
  return (
    <>
      <FormErrorAlert error={error} />
      <Form
        method="post"
        encType="multipart/form-data"
        noValidate
        className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-6 dark:border-slate-700 dark:bg-slate-900"
        data-testid="campaign-form"
      >
        <Field {...text("title")} className="sm:col-span-2" required maxLength={200} />
        <TextArea
          name="body"
          rows={8}
          maxLength={10000}
          label={t("campaign:admin.fields.body")}
          hint={t("campaign:admin.hints.body")}
          defaultValue={initial.body}
          error={fieldError("body")}
          required
        />
        <TextArea
          name="conditions"
          rows={3}
          maxLength={5000}
          label={t("campaign:admin.fields.conditions")}
          hint={t("campaign:admin.hints.conditions")}
          defaultValue={initial.conditions}
          error={fieldError("conditions")}
        />
        <Field
          {...text("startsAt")}
          type="datetime-local"
          hint={t("campaign:admin.hints.tokyo")}
          required
        />
        <Field
          {...text("endsAt")}
          type="datetime-local"
          hint={t("campaign:admin.hints.tokyo")}
          required
        />
        <Field
          {...text("capacity")}
          inputMode="numeric"
          hint={t("campaign:admin.hints.capacity")}
        />
        <ImageInput current={initial.imageUrl} error={fieldError("image")} />
        <div className="sm:col-span-2">
          <CheckboxField
            name="active"
            label={t("campaign:admin.fields.active")}
            hint={t("campaign:admin.hints.active")}
            defaultChecked={initial.active}
          />
        </div>
        <div className="sm:col-span-2">
          <SubmitButton>{submitLabel}</SubmitButton>
        </div>
      </Form>
    </>
  );
}

function TextArea({
  name,
  label,
  hint,
  error,
  rows,
  maxLength,
  defaultValue,
  required = false,
}: {
  name: string;
  label: string;
  hint: string;
  error: string | null;
  rows: number;
  maxLength: number;
  defaultValue: string;
  required?: boolean;
}) {
  const id = useId();
  return (
    <div className="sm:col-span-2">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        rows={rows}
        maxLength={maxLength}
        required={required}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        className={`mt-1 block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:outline-none focus:ring-2 dark:bg-slate-800 dark:text-slate-100 ${
          error
            ? "border-red-500 focus:border-red-500 focus:ring-red-500/30"
            : "border-slate-300 focus:border-emerald-600 focus:ring-emerald-600/30 dark:border-slate-600"
        }`}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
        {hint}
      </p>
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

/** An image upload with the current image and a "remove" box. */
function ImageInput({ current, error }: { current: string | null; error: string | null }) {
  const { t } = useTranslation("campaign");
  const id = useId();
  return (
    <div className="space-y-2 sm:col-span-2">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {t("admin.fields.image")}
      </label>
      {current && (
        <img
          src={current}
          alt=""
          className="aspect-[16/9] w-full max-w-xs rounded border border-slate-200 object-cover dark:border-slate-700"
        />
      )}
      <input
        id={id}
        type="file"
        name="image"
        accept="image/jpeg,image/png,image/webp"
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        aria-invalid={error ? true : undefined}
        className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-200 dark:text-slate-200 dark:file:bg-slate-700 dark:file:text-slate-100"
      />
      <p id={`${id}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
        {t("admin.hints.image")}
      </p>
      {error && (
        <p
          id={`${id}-error`}
          className="text-sm text-red-600 dark:text-red-400"
          data-testid="error-image"
        >
          {error}
        </p>
      )}
      {current && <CheckboxField name="removeImage" label={t("admin.fields.removeImage")} />}
    </div>
  );
}
