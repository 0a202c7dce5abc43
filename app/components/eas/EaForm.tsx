import { useTranslation } from "react-i18next";
import { createEaForm, editEaForm } from "#domain/ea";
import { schemaLimits } from "#app/lib/constraint";
import { LabelledOptions } from "#app/components/admin/LabelledOptions";
import { Field, type FormErrorShape, SelectField } from "#app/components/ui/form";
import { BilingualField } from "#app/components/admin/BilingualField";
import {
  EntityForm,
  FlagField,
  type RecordFormProps,
  useRecordForm,
} from "#app/components/admin/EntityForm";
import { FileField } from "#app/components/admin/ImageFields";

export interface EaFormValues {
  name: string;
  developer: string;
  description: string;
  nameEn: string;
  descriptionEn: string;
  category: string;
  accountType: string;
  active: boolean;
}

export const EMPTY_EA: EaFormValues = {
  name: "",
  developer: "",
  description: "",
  nameEn: "",
  descriptionEn: "",
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
  error: refused,
  submitLabel,
  withFile,
  typeLocked = false,
}: RecordFormProps<EaFormValues & { version?: string }> & {
  withFile: boolean;
  /** Licences are issued or requested: the account type can no longer change. */
  typeLocked?: boolean;
}) {
  const { t } = useTranslation(["ea", "errors"]);
  const { form, error, bilingual, flag } = useRecordForm(refused, {
    labels: "ea:admin.fields",
    initial,
    path: "ea",
    // The create form sends the first version too; the edit form names its intent.
    schema: withFile ? createEaForm : editEaForm,
  });
  const fieldError = useFieldError(error);
  const text = (name: "developer" | "category" | "accountType") => ({
    ...form.limits(name),
    name,
    label: t(`ea:admin.fields.${name}`),
    defaultValue: initial[name],
    error: fieldError(name),
  });
  return (
    <EntityForm form={form} submitLabel={submitLabel} testId="ea-form">
      <input type="hidden" name="intent" value="details" />
      <BilingualField field={bilingual("name")} />
      <Field {...text("developer")} />
      <BilingualField field={bilingual("description")} rows={5} />
      <SelectField {...text("category")}>
        <LabelledOptions values={["trend", "cashback"]} labels="ea:category" />
      </SelectField>
      <SelectField
        {...text("accountType")}
        disabled={typeLocked}
        hint={typeLocked ? t("ea:admin.hints.typeLocked") : t("ea:admin.hints.accountType")}
      >
        <LabelledOptions values={["regular", "ea_dedicated"]} labels="ea:accountType" />
      </SelectField>
      {typeLocked && <input type="hidden" name="accountType" value={initial.accountType} />}
      {withFile && <VersionFields version={initial.version ?? ""} error={error} />}
      <FlagField {...flag("active")} />
    </EntityForm>
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
  return (
    <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4 sm:col-span-2 sm:grid-cols-2 dark:border-slate-700">
      <legend className="px-1 text-sm font-semibold">{t("ea:admin.fileSection")}</legend>
      <Field
        name="version"
        label={t("ea:admin.fields.version")}
        defaultValue={version}
        hint={t("ea:admin.hints.version")}
        error={fieldError("version")}
        {...schemaLimits(createEaForm)("version")}
      />
      <FileField
        name="file"
        label={t("ea:admin.fields.file")}
        hint={t("ea:admin.hints.file")}
        error={fieldError("file")}
        accept=".ex4,.ex5,.zip"
        testId="ea-file"
      />
    </fieldset>
  );
}
