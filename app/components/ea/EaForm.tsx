import { Form } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import {
  CheckboxField,
  Field,
  FormErrorAlert,
  type FormErrorShape,
  SelectField,
  SubmitButton,
  TextAreaField,
} from "~/components/ui/form";
import { card } from "~/components/ui/card";

export interface EaFormValues {
  name: string;
  developer: string;
  description: string;
  category: string;
  accountType: string;
  active: boolean;
}

export const EMPTY_EA: EaFormValues = {
  name: "",
  developer: "",
  description: "",
  category: "trend",
  accountType: "regular",
  active: true,
};

/** A field's error key: by its path in the input ("ea.name", "file.version") or alone. */
function keyOf(error: FormErrorShape | null, name: string) {
  if (!error) return null;
  return (
    error.fieldErrors[`ea.${name}`] ??
    error.fieldErrors[`file.${name}`] ??
    error.fieldErrors[name] ??
    (name === "file" ? (error.fieldErrors["file.bytes"] ?? null) : null)
  );
}

function useFieldError(error: FormErrorShape | null) {
  const { t } = useTranslation(["ea", "errors"]);
  return (name: string) => {
    const key = keyOf(error, name);
    return key ? t(`errors:field.${key}`, { field: t(`ea:admin.fields.${name}`) }) : null;
  };
}

/**
 * Create / edit an EA: name, developer, description, category, the account type its licences
 * need, and whether members see it. On create (`withFile`) the first version and its file too.
 */
export function EaForm({
  initial,
  error,
  submitLabel,
  withFile,
  typeLocked = false,
}: {
  initial: EaFormValues & { version?: string };
  error: FormErrorShape | null;
  submitLabel: string;
  withFile: boolean;
  /** Licences are issued or requested: the account type can no longer change. */
  typeLocked?: boolean;
}) {
  const { t } = useTranslation(["ea", "errors"]);
  const fieldError = useFieldError(error);
  const text = (name: "name" | "developer") => ({
    name,
    label: t(`ea:admin.fields.${name}`),
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
        data-testid="ea-form"
        className={`${card} grid gap-4 p-4 sm:grid-cols-2 sm:p-6`}
      >
        <input type="hidden" name="intent" value="details" />
        <Field {...text("name")} required maxLength={100} />
        <Field {...text("developer")} required maxLength={100} />
        <TextAreaField
          name="description"
          label={t("ea:admin.fields.description")}
          rows={5}
          maxLength={4000}
          defaultValue={initial.description}
          error={fieldError("description")}
          className="sm:col-span-2"
        />
        <SelectField
          name="category"
          label={t("ea:admin.fields.category")}
          defaultValue={initial.category}
          error={fieldError("category")}
        >
          <option value="trend">{t("ea:category.trend")}</option>
          <option value="cashback">{t("ea:category.cashback")}</option>
        </SelectField>
        <SelectField
          name="accountType"
          label={t("ea:admin.fields.accountType")}
          defaultValue={initial.accountType}
          disabled={typeLocked}
          hint={typeLocked ? t("ea:admin.hints.typeLocked") : t("ea:admin.hints.accountType")}
          error={fieldError("accountType")}
        >
          <option value="regular">{t("ea:accountType.regular")}</option>
          <option value="ea_dedicated">{t("ea:accountType.ea_dedicated")}</option>
        </SelectField>
        {typeLocked && <input type="hidden" name="accountType" value={initial.accountType} />}
        {withFile && <VersionFields version={initial.version ?? ""} error={error} />}
        <div className="sm:col-span-2">
          <CheckboxField
            name="active"
            label={t("ea:admin.fields.active")}
            hint={t("ea:admin.hints.active")}
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

/** The version label and the file: part of the create form, and the upload form on its own. */
export function VersionFields({
  version,
  error,
}: {
  version: string;
  error: FormErrorShape | null;
}) {
  const { t } = useTranslation(["ea", "errors"]);
  const fieldError = useFieldError(error);
  const id = useId();
  const fileError = fieldError("file");
  return (
    <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4 sm:col-span-2 sm:grid-cols-2 dark:border-slate-700">
      <legend className="px-1 text-sm font-semibold">{t("ea:admin.fileSection")}</legend>
      <Field
        name="version"
        label={t("ea:admin.fields.version")}
        defaultValue={version}
        hint={t("ea:admin.hints.version")}
        error={fieldError("version")}
        required
        maxLength={32}
      />
      <div className="space-y-1">
        <label
          htmlFor={id}
          className="block text-sm font-medium text-slate-800 dark:text-slate-200"
        >
          {t("ea:admin.fields.file")}
        </label>
        <input
          id={id}
          type="file"
          name="file"
          accept=".ex4,.ex5,.zip"
          aria-describedby={`${id}-hint${fileError ? ` ${id}-error` : ""}`}
          aria-invalid={fileError ? true : undefined}
          data-testid="ea-file"
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-200 dark:text-slate-200 dark:file:bg-slate-700 dark:file:text-slate-100"
        />
        <p id={`${id}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
          {t("ea:admin.hints.file")}
        </p>
        {fileError && (
          <p
            id={`${id}-error`}
            className="text-sm text-red-600 dark:text-red-400"
            data-testid="error-file"
          >
            {fileError}
          </p>
        )}
      </div>
    </fieldset>
  );
}
