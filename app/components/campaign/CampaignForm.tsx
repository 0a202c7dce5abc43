import { useTranslation } from "react-i18next";
import { Field, type FormErrorShape, TextAreaField } from "~/components/ui/form";
import { RecordImageField } from "~/components/admin/ImageFields";
import {
  EntityForm,
  FlagField,
  PeriodInputs,
  useEntityFields,
} from "~/components/admin/EntityForm";

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
  const { fieldError, text } = useEntityFields({
    labels: "campaign:admin.fields",
    initial,
    error,
    path: "campaign",
  });
  return (
    <EntityForm error={error} submitLabel={submitLabel} testId="campaign-form">
      <Field {...text("title")} className="sm:col-span-2" required maxLength={200} />
      <TextAreaField
        className="sm:col-span-2"
        name="body"
        rows={8}
        maxLength={10000}
        label={t("campaign:admin.fields.body")}
        hint={t("campaign:admin.hints.body")}
        defaultValue={initial.body}
        error={fieldError("body")}
        required
      />
      <TextAreaField
        className="sm:col-span-2"
        name="conditions"
        rows={3}
        maxLength={5000}
        label={t("campaign:admin.fields.conditions")}
        hint={t("campaign:admin.hints.conditions")}
        defaultValue={initial.conditions}
        error={fieldError("conditions")}
      />
      <PeriodInputs
        start={text("startsAt")}
        end={text("endsAt")}
        hint={t("campaign:admin.hints.tokyo")}
      />
      <Field {...text("capacity")} inputMode="numeric" hint={t("campaign:admin.hints.capacity")} />
      <RecordImageField
        labels="campaign:admin"
        current={initial.imageUrl}
        error={fieldError("image")}
      />
      <FlagField
        name="active"
        label={t("campaign:admin.fields.active")}
        hint={t("campaign:admin.hints.active")}
        defaultChecked={initial.active}
      />
    </EntityForm>
  );
}
