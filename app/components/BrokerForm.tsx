import { useState } from "react";
import { brokerFormInput } from "#domain/broker";
import { useTranslation } from "react-i18next";
import { LabelledOptions } from "#app/components/admin/LabelledOptions";
import { CheckboxField, Field, SelectField } from "#app/components/ui/form";
import { EntityForm, type RecordFormProps, useRecordForm } from "#app/components/admin/EntityForm";
import { RecordImageField } from "#app/components/admin/ImageFields";
import {
  BrokerTermsFields,
  EMPTY_TERMS,
  type TermsFormValues,
} from "#app/components/brokers/BrokerTermsFields";

export interface BrokerFormValues {
  name: string;
  code: string;
  accountKind: string;
  idCharset: string;
  idMinLength: string;
  idMaxLength: string;
  signupUrl: string;
  displayOrder: string;
  autoRebate: boolean;
  active: boolean;
  logoPath: string | null;
  bannerPath: string | null;
  terms: TermsFormValues;
}

export const EMPTY_BROKER: BrokerFormValues = {
  name: "",
  code: "",
  accountKind: "mt_number",
  idCharset: "",
  idMinLength: "",
  idMaxLength: "",
  signupUrl: "",
  displayOrder: "0",
  autoRebate: false,
  active: true,
  logoPath: null,
  bannerPath: null,
  terms: EMPTY_TERMS,
};

/**
 * Create / edit a broker: its name, code, how members identify accounts there (MT4/MT5 number,
 * or a customer id / UID with its own characters and length), sign-up link, art, auto-rebate
 * (Errante), order and whether members see it; and its terms (rates, schedule, conditions).
 */
export function BrokerForm({
  initial,
  error: refused,
  submitLabel,
}: RecordFormProps<BrokerFormValues>) {
  const { t } = useTranslation(["admin", "errors"]);
  const [kind, setKind] = useState(initial.accountKind);
  const { form, error, fieldError, text, numeric, flag, image } = useRecordForm(refused, {
    labels: "admin:brokers.fields",
    initial,
    // The action pairs the rate rows and reads the art before the schema: limits only here.
    schema: brokerFormInput,
    check: false,
  });
  return (
    <EntityForm form={form} submitLabel={submitLabel} testId="broker-form">
      <Field {...text("name")} required />
      <Field {...text("code")} hint={t("admin:brokers.hints.code")} required />
      <SelectField
        name="accountKind"
        label={t("admin:brokers.fields.accountKind")}
        value={kind}
        onChange={(e) => setKind(e.target.value)}
        error={fieldError("accountKind")}
      >
        <LabelledOptions
          values={["mt_number", "customer_id", "uid"]}
          labels="admin:brokers.kinds"
        />
      </SelectField>
      <Field {...numeric("displayOrder")} />
      {kind === "mt_number" ? (
        <p className="text-sm text-slate-600 sm:col-span-2 dark:text-slate-300">
          {t("admin:brokers.hints.mtRule")}
        </p>
      ) : (
        <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-3">
          <legend className="mb-2 text-sm font-semibold">{t("admin:brokers.pattern")}</legend>
          <SelectField {...text("idCharset")}>
            <option value="">{t("admin:brokers.choose")}</option>
            <LabelledOptions
              values={["digits", "alnum", "alnum_dash"]}
              labels="admin:brokers.charsets"
            />
          </SelectField>
          <Field {...text("idMinLength")} inputMode="numeric" />
          <Field {...text("idMaxLength")} inputMode="numeric" />
        </fieldset>
      )}
      <Field
        {...text("signupUrl")}
        type="url"
        className="sm:col-span-2"
        hint={t("admin:brokers.hints.signupUrl")}
        required
      />
      <RecordImageField
        {...image(initial.logoPath, "logo")}
        previewClassName="h-12 w-auto object-contain"
        className=""
      />
      <RecordImageField
        {...image(initial.bannerPath, "banner")}
        previewClassName="aspect-[3/1] w-full max-w-xs object-contain"
        className=""
      />
      <BrokerTermsFields initial={initial.terms} error={error} />
      <div className="space-y-3 sm:col-span-2">
        <CheckboxField {...flag("autoRebate")} />
        <CheckboxField {...flag("active")} />
      </div>
    </EntityForm>
  );
}
