import { useTranslation } from "react-i18next";
import { campaignInput } from "#domain/campaign";
import { Field } from "#app/components/ui/form";
import { BilingualField } from "#app/components/admin/BilingualField";
import { RecordImageField } from "#app/components/admin/ImageFields";
import {
  EntityForm,
  FlagField,
  PeriodInputs,
  type RecordFormProps,
  useRecordForm,
} from "#app/components/admin/EntityForm";

export interface CampaignFormValues {
  title: string;
  body: string;
  conditions: string;
  titleEn: string;
  bodyEn: string;
  conditionsEn: string;
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
  titleEn: "",
  bodyEn: "",
  conditionsEn: "",
  startsAt: "",
  endsAt: "",
  capacity: "",
  active: true,
  imageUrl: null,
};

/** Create / edit a campaign: title, body, conditions, image, period (Tokyo), capacity, active. */
export function CampaignForm({ initial, error, submitLabel }: RecordFormProps<CampaignFormValues>) {
  const { t } = useTranslation(["campaign", "errors"]);
  const { form, numeric, bilingual, flag, period, image } = useRecordForm(error, {
    labels: "campaign:admin.fields",
    initial,
    path: "campaign",
    schema: campaignInput,
  });
  return (
    <EntityForm form={form} submitLabel={submitLabel} testId="campaign-form">
      <BilingualField field={bilingual("title")} />
      <BilingualField field={bilingual("body")} rows={8} hint={t("campaign:admin.hints.body")} />
      <BilingualField
        field={bilingual("conditions")}
        rows={3}
        hint={t("campaign:admin.hints.conditions")}
      />
      <PeriodInputs {...period()} />
      <Field {...numeric("capacity")} />
      <RecordImageField {...image(initial.imageUrl)} />
      <FlagField {...flag("active")} />
    </EntityForm>
  );
}
