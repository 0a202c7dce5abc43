import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  CheckboxField,
  Field,
  type FormErrorShape,
  ImageField,
  SelectField,
} from "~/components/ui/form";
import { EntityForm, useEntityFields } from "~/components/admin/EntityForm";

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
};

/**
 * Create / edit a broker: its name, code, how members identify accounts there (MT4/MT5 number,
 * or a customer id / UID with its own characters and length), sign-up link, art, auto-rebate
 * (Errante), order and whether members see it.
 */
export function BrokerForm({
  initial,
  error,
  submitLabel,
}: {
  initial: BrokerFormValues;
  error: FormErrorShape | null;
  submitLabel: string;
}) {
  const { t } = useTranslation(["admin", "errors"]);
  const [kind, setKind] = useState(initial.accountKind);
  const { fieldError, text } = useEntityFields({ labels: "admin:brokers.fields", initial, error });
  return (
    <EntityForm error={error} submitLabel={submitLabel} testId="broker-form">
      <Field {...text("name")} required />
      <Field {...text("code")} hint={t("admin:brokers.hints.code")} required />
      <SelectField
        name="accountKind"
        label={t("admin:brokers.fields.accountKind")}
        value={kind}
        onChange={(e) => setKind(e.target.value)}
        error={fieldError("accountKind")}
      >
        {(["mt_number", "customer_id", "uid"] as const).map((k) => (
          <option key={k} value={k}>
            {t(`admin:brokers.kinds.${k}`)}
          </option>
        ))}
      </SelectField>
      <Field
        {...text("displayOrder")}
        inputMode="numeric"
        hint={t("admin:brokers.hints.displayOrder")}
      />
      {kind === "mt_number" ? (
        <p className="text-sm text-slate-600 sm:col-span-2 dark:text-slate-300">
          {t("admin:brokers.hints.mtRule")}
        </p>
      ) : (
        <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-3">
          <legend className="mb-2 text-sm font-semibold">{t("admin:brokers.pattern")}</legend>
          <SelectField
            name="idCharset"
            label={t("admin:brokers.fields.idCharset")}
            defaultValue={initial.idCharset}
            error={fieldError("idCharset")}
          >
            <option value="">{t("admin:brokers.choose")}</option>
            {(["digits", "alnum", "alnum_dash"] as const).map((c) => (
              <option key={c} value={c}>
                {t(`admin:brokers.charsets.${c}`)}
              </option>
            ))}
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
      <ImageInput name="logo" current={initial.logoPath} error={fieldError("logo")} />
      <ImageInput name="banner" current={initial.bannerPath} error={fieldError("banner")} />
      <div className="space-y-3 sm:col-span-2">
        <CheckboxField
          name="autoRebate"
          label={t("admin:brokers.fields.autoRebate")}
          hint={t("admin:brokers.hints.autoRebate")}
          defaultChecked={initial.autoRebate}
        />
        <CheckboxField
          name="active"
          label={t("admin:brokers.fields.active")}
          hint={t("admin:brokers.hints.active")}
          defaultChecked={initial.active}
        />
      </div>
    </EntityForm>
  );
}

function ImageInput({
  name,
  current,
  error,
}: {
  name: "logo" | "banner";
  current: string | null;
  error: string | null;
}) {
  const { t } = useTranslation("admin");
  const remove = name === "logo" ? "removeLogo" : "removeBanner";
  return (
    <ImageField
      name={name}
      label={t(`brokers.fields.${name}`)}
      hint={t(`brokers.hints.${name}`)}
      current={current}
      error={error}
      removeName={remove}
      removeLabel={t(`brokers.fields.${remove}`)}
      previewClassName={
        name === "logo"
          ? "h-12 w-auto object-contain"
          : "aspect-[3/1] w-full max-w-xs object-contain"
      }
    />
  );
}
