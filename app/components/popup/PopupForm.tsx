import { Form } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { CheckboxField } from "~/components/fields";
import { Field, type FormErrorShape, FormErrorAlert, SubmitButton } from "~/components/form";

export interface PopupFormValues {
  title: string;
  body: string;
  linkUrl: string;
  startsAt: string;
  endsAt: string;
  active: boolean;
  imageUrl: string | null;
}

export const EMPTY_POPUP: PopupFormValues = {
  title: "",
  body: "",
  linkUrl: "",
  startsAt: "",
  endsAt: "",
  active: true,
  imageUrl: null,
};

const textarea =
  "mt-1 block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:outline-none focus:ring-2 dark:bg-slate-800 dark:text-slate-100";

/** Create / edit a popup: title, text, image, link, period (Tokyo) and whether it is active. */
export function PopupForm({
  initial,
  error,
  submitLabel,
}: {
  initial: PopupFormValues;
  error: FormErrorShape | null;
  submitLabel: string;
}) {
  const { t } = useTranslation(["popup", "errors"]);
  const bodyId = useId();
  const imageId = useId();
  const fieldError = (name: string) => {
    const key = error?.fieldErrors[`popup.${name}`] ?? error?.fieldErrors[name];
    if (!key) return null;
    const field = t(`popup:admin.fields.${name}`);
    return t(`popup:fieldErrors.${key}`, { defaultValue: t(`errors:field.${key}`, { field }) });
  };
  const text = (name: "title" | "linkUrl" | "startsAt" | "endsAt") => ({
    name,
    label: t(`popup:admin.fields.${name}`),
    defaultValue: initial[name],
    error: fieldError(name),
  });
  const bodyError = fieldError("body");
  const imageError = fieldError("image");
  return (
    <>
      <FormErrorAlert error={error} />
      <Form
        method="post"
        encType="multipart/form-data"
        noValidate
        data-testid="popup-form"
        className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-6 dark:border-slate-700 dark:bg-slate-900"
      >
        <input type="hidden" name="intent" value="save" />
        <Field {...text("title")} className="sm:col-span-2" required maxLength={100} />
        <div className="sm:col-span-2">
          <label
            htmlFor={bodyId}
            className="block text-sm font-medium text-slate-800 dark:text-slate-200"
          >
            {t("popup:admin.fields.body")}
          </label>
          <textarea
            id={bodyId}
            name="body"
            rows={6}
            maxLength={4000}
            required
            defaultValue={initial.body}
            aria-invalid={bodyError ? true : undefined}
            aria-describedby={`${bodyId}-hint${bodyError ? ` ${bodyId}-error` : ""}`}
            className={`${textarea} ${
              bodyError
                ? "border-red-500 focus:border-red-500 focus:ring-red-500/30"
                : "border-slate-300 focus:border-emerald-600 focus:ring-emerald-600/30 dark:border-slate-600"
            }`}
          />
          <p id={`${bodyId}-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
            {t("popup:admin.hints.body")}
          </p>
          {bodyError && (
            <p
              id={`${bodyId}-error`}
              className="mt-1 text-sm text-red-600 dark:text-red-400"
              data-testid="error-body"
            >
              {bodyError}
            </p>
          )}
        </div>
        <Field
          {...text("linkUrl")}
          type="url"
          inputMode="url"
          className="sm:col-span-2"
          maxLength={2000}
          placeholder="https://"
          hint={t("popup:admin.hints.linkUrl")}
        />
        <Field
          {...text("startsAt")}
          type="datetime-local"
          hint={t("popup:admin.hints.tokyo")}
          required
        />
        <Field
          {...text("endsAt")}
          type="datetime-local"
          hint={t("popup:admin.hints.tokyo")}
          required
        />
        <div className="space-y-2 sm:col-span-2">
          <label
            htmlFor={imageId}
            className="block text-sm font-medium text-slate-800 dark:text-slate-200"
          >
            {t("popup:admin.fields.image")}
          </label>
          {initial.imageUrl && (
            <img
              src={initial.imageUrl}
              alt=""
              className="aspect-[16/9] w-full max-w-xs rounded border border-slate-200 object-cover dark:border-slate-700"
            />
          )}
          <input
            id={imageId}
            type="file"
            name="image"
            accept="image/jpeg,image/png,image/webp"
            aria-describedby={`${imageId}-hint${imageError ? ` ${imageId}-error` : ""}`}
            aria-invalid={imageError ? true : undefined}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-200 dark:text-slate-200 dark:file:bg-slate-700 dark:file:text-slate-100"
          />
          <p id={`${imageId}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
            {t("popup:admin.hints.image")}
          </p>
          {imageError && (
            <p
              id={`${imageId}-error`}
              className="text-sm text-red-600 dark:text-red-400"
              data-testid="error-image"
            >
              {imageError}
            </p>
          )}
          {initial.imageUrl && (
            <CheckboxField name="removeImage" label={t("popup:admin.fields.removeImage")} />
          )}
        </div>
        <div className="sm:col-span-2">
          <CheckboxField
            name="active"
            label={t("popup:admin.fields.active")}
            hint={t("popup:admin.hints.active")}
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
