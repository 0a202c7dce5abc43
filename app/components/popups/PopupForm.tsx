import { useTranslation } from "react-i18next";
import { popupInput } from "#domain/popup";
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

export interface PopupFormValues {
  title: string;
  body: string;
  titleEn: string;
  bodyEn: string;
  linkUrl: string;
  startsAt: string;
  endsAt: string;
  active: boolean;
  imageUrl: string | null;
}

export const EMPTY_POPUP: PopupFormValues = {
  title: "",
  body: "",
  titleEn: "",
  bodyEn: "",
  linkUrl: "",
  startsAt: "",
  endsAt: "",
  active: true,
  imageUrl: null,
};

/** Create / edit a popup: title, text, image, link, period (Tokyo) and whether it is active. */
export function PopupForm({ initial, error, submitLabel }: RecordFormProps<PopupFormValues>) {
  const { t } = useTranslation(["popup", "errors"]);
  const { form, text, bilingual, flag, period, image } = useRecordForm(error, {
    labels: "popup:admin.fields",
    initial,
    path: "popup",
    messages: "popup:fieldErrors",
    schema: popupInput,
  });
  return (
    <EntityForm form={form} submitLabel={submitLabel} testId="popup-form">
      <input type="hidden" name="intent" value="save" />
      <BilingualField field={bilingual("title")} />
      <BilingualField field={bilingual("body")} hint={t("popup:admin.hints.body")} rows={6} />
      <Field
        {...text("linkUrl")}
        type="url"
        inputMode="url"
        className="sm:col-span-2"
        placeholder="https://"
        hint={t("popup:admin.hints.linkUrl")}
      />
      <PeriodInputs {...period()} />
      <RecordImageField {...image(initial.imageUrl)} />
      <FlagField {...flag("active")} />
    </EntityForm>
  );
}
