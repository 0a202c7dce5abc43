import { useTranslation } from "react-i18next";
import { gachaInput } from "#domain/gacha";
import { LabelledOptions } from "#app/components/admin/LabelledOptions";
import { Field, SelectField } from "#app/components/ui/form";
import { BilingualField } from "#app/components/admin/BilingualField";
import {
  EntityForm,
  FlagField,
  PeriodInputs,
  type RecordFormProps,
  useRecordForm,
} from "#app/components/admin/EntityForm";
import { RecordImageField } from "#app/components/admin/ImageFields";

export interface GachaFormValues {
  name: string;
  description: string;
  nameEn: string;
  descriptionEn: string;
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
  nameEn: "",
  descriptionEn: "",
  startsAt: "",
  endsAt: "",
  cost: "0",
  method: "weighted",
  challengeLimit: "1",
  published: true,
  imageUrl: null,
};

/** Create / edit a gacha: name, text, image, period (Tokyo), cost, method, limit, published. */
export function GachaForm({
  initial,
  error,
  submitLabel,
  methodLocked = false,
}: RecordFormProps<GachaFormValues> & {
  /** The gacha has been drawn: its method can no longer change. */
  methodLocked?: boolean;
}) {
  const { t } = useTranslation(["gacha", "errors"]);
  const { form, text, numeric, bilingual, flag, period, image } = useRecordForm(error, {
    labels: "gacha:admin.fields",
    initial,
    path: "gacha",
    schema: gachaInput,
  });
  return (
    <EntityForm form={form} submitLabel={submitLabel} testId="gacha-form">
      <BilingualField field={bilingual("name")} />
      <BilingualField field={bilingual("description")} rows={3} />
      <PeriodInputs {...period()} />
      <Field {...numeric("cost")} required />
      <Field {...numeric("challengeLimit")} required />
      <SelectField
        {...text("method")}
        disabled={methodLocked}
        hint={methodLocked ? t("gacha:admin.hints.methodLocked") : t("gacha:admin.hints.method")}
        className="sm:col-span-2"
      >
        <LabelledOptions values={["weighted", "box"]} labels="gacha:method" />
      </SelectField>
      {/* A disabled select is not sent: the locked method still travels with the form. */}
      {methodLocked && <input type="hidden" name="method" value={initial.method} />}
      <RecordImageField {...image(initial.imageUrl)} />
      <FlagField {...flag("published")} />
    </EntityForm>
  );
}
