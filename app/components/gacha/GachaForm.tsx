import { Form } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { CheckboxField, SelectField } from "~/components/fields";
import { Field, type FormErrorShape, FormErrorAlert, SubmitButton } from "~/components/form";

export interface GachaFormValues {
  name: string;
  description: string;
  startsAt: string;
  endsAt: string;
  cost: string;
  method: string;
  challengeLimit: string;
  published: boolean;
  imageUrl: string | null;
}

export const EMPTY_GACHA: GachaFormValues = {
  name: "",
  description: "",
  startsAt: "",
  endsAt: "",
  cost: "0",
  method: "weighted",
  challengeLimit: "1",
  published: true,
  imageUrl: null,
};

/**
 * The field's error key: the schema names nested fields by path ("gacha.name"), a rule the
 * service checks names the field alone ("method").
 */
export function fieldKey(error: FormErrorShape | null, prefix: string, name: string) {
  return error?.fieldErrors[`${prefix}.${name}`] ?? error?.fieldErrors[name] ?? null;
}

/** Create / edit a gacha: name, text, image, period (Tokyo), cost, method, limit, published. */
export function GachaForm({
  initial,
  error,
  submitLabel,
  methodLocked = false,
}: {
  initial: GachaFormValues;
  error: FormErrorShape | null;
  submitLabel: string;
  /** The gacha has been drawn: its method can no longer change. */
  methodLocked?: boolean;
}) {
  const { t } = useTranslation(["gacha", "errors"]);
  const descriptionId = useId();
  const fieldError = (name: string) => {
    const key = fieldKey(error, "gacha", name);
    return key ? t(`errors:field.${key}`, { field: t(`gacha:admin.fields.${name}`) }) : null;
  };
  const text = (name: keyof GachaFormValues) => ({
    name,
    label: t(`gacha:admin.fields.${name}`),
    defaultValue: String(initial[name] ?? ""),
    error: fieldError(name),
  });
  const descriptionError = fieldError("description");
  return (
    <>
      <FormErrorAlert error={error} />
      <Form
        method="post"
        encType="multipart/form-data"
        noValidate
        className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-6 dark:border-slate-700 dark:bg-slate-900"
        data-testid="gacha-form"
      >
        <Field {...text("name")} className="sm:col-span-2" required maxLength={100} />
        <div className="sm:col-span-2">
          <label
            htmlFor={descriptionId}
            className="block text-sm font-medium text-slate-800 dark:text-slate-200"
          >
            {t("gacha:admin.fields.description")}
          </label>
          <textarea
            id={descriptionId}
            name="description"
            rows={3}
            maxLength={2000}
            defaultValue={initial.description}
            aria-invalid={descriptionError ? true : undefined}
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/30 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
          />
          {descriptionError && (
            <p className="mt-1 text-sm text-red-600 dark:text-red-400">{descriptionError}</p>
          )}
        </div>
        <Field
          {...text("startsAt")}
          type="datetime-local"
          hint={t("gacha:admin.hints.tokyo")}
          required
        />
        <Field
          {...text("endsAt")}
          type="datetime-local"
          hint={t("gacha:admin.hints.tokyo")}
          required
        />
        <Field {...text("cost")} inputMode="numeric" hint={t("gacha:admin.hints.cost")} required />
        <Field
          {...text("challengeLimit")}
          inputMode="numeric"
          hint={t("gacha:admin.hints.challengeLimit")}
          required
        />
        <SelectField
          name="method"
          label={t("gacha:admin.fields.method")}
          defaultValue={initial.method}
          disabled={methodLocked}
          hint={methodLocked ? t("gacha:admin.hints.methodLocked") : t("gacha:admin.hints.method")}
          error={fieldError("method")}
          className="sm:col-span-2"
        >
          <option value="weighted">{t("gacha:method.weighted")}</option>
          <option value="box">{t("gacha:method.box")}</option>
        </SelectField>
        {/* A disabled select is not sent: the locked method still travels with the form. */}
        {methodLocked && <input type="hidden" name="method" value={initial.method} />}
        <ImageInput current={initial.imageUrl} error={fieldError("image")} />
        <div className="sm:col-span-2">
          <CheckboxField
            name="published"
            label={t("gacha:admin.fields.published")}
            hint={t("gacha:admin.hints.published")}
            defaultChecked={initial.published}
          />
        </div>
        <div className="sm:col-span-2">
          <SubmitButton>{submitLabel}</SubmitButton>
        </div>
      </Form>
    </>
  );
}

/** An image upload with the current image and a "remove" box. */
export function ImageInput({ current, error }: { current: string | null; error: string | null }) {
  const { t } = useTranslation("gacha");
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
