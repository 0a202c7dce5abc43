import { useTranslation } from "react-i18next";
import { LabelledOptions } from "#app/components/admin/LabelledOptions";
import { BilingualField } from "#app/components/admin/BilingualField";
import {
  EntityForm,
  FlagField,
  type RecordFormProps,
  useRecordForm,
} from "#app/components/admin/EntityForm";
import { Field, SelectField } from "#app/components/ui/form";
import { articleInput, HELP_CATEGORIES } from "#domain/help";

export interface HelpArticleFormValues {
  slug: string;
  category: string;
  position: string;
  published: boolean;
  popular: boolean;
  title: string;
  titleEn: string;
  body: string;
  bodyEn: string;
}

export const EMPTY_ARTICLE: HelpArticleFormValues = {
  slug: "",
  category: HELP_CATEGORIES[0],
  position: "100",
  published: false,
  popular: false,
  title: "",
  titleEn: "",
  body: "",
  bodyEn: "",
};

/** Create / edit a help article: the question and answer in both languages, where it shows. */
export function HelpArticleForm({
  initial,
  error,
  submitLabel,
}: RecordFormProps<HelpArticleFormValues>) {
  const { t } = useTranslation(["help", "errors"]);
  const { form, text, numeric, bilingual, flag } = useRecordForm(error, {
    labels: "help:admin.fields",
    initial,
    schema: articleInput,
  });
  return (
    <EntityForm form={form} submitLabel={submitLabel} testId="help-article-form">
      <Field
        {...text("slug")}
        autoCapitalize="none"
        spellCheck={false}
        hint={t("help:admin.hints.slug")}
        className="sm:col-span-2"
      />
      <SelectField {...text("category")}>
        <LabelledOptions values={HELP_CATEGORIES} labels="help:categories" />
      </SelectField>
      <Field {...numeric("position")} required />
      <BilingualField field={bilingual("title")} />
      <BilingualField field={bilingual("body")} rows={12} hint={t("help:admin.hints.body")} />
      <FlagField {...flag("published")} />
      <FlagField {...flag("popular")} hint={t("help:admin.hints.popular")} />
    </EntityForm>
  );
}
