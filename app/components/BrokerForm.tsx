import { Form } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CheckboxField, SelectField } from "./fields";
import { Field, type FormErrorShape, FormErrorAlert, SubmitButton } from "./form";

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
  const fieldError = (name: string) => {
    const key = error?.fieldErrors[name];
    return key ? t(`errors:field.${key}`, { field: t(`admin:brokers.fields.${name}`) }) : null;
  };
  const text = (name: keyof BrokerFormValues) => ({
    name,
    label: t(`admin:brokers.fields.${name}`),
    defaultValue: String(initial[name] ?? ""),
    error: fieldError(name),
  });
  return (
    <>
      <FormErrorAlert error={error} />
      <Form
        method="post"
        encType="multipart/form-data"
        className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-6 dark:border-slate-700 dark:bg-slate-900"
        noValidate
        data-testid="broker-form"
      >
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
        <div className="sm:col-span-2">
          <SubmitButton>{submitLabel}</SubmitButton>
        </div>
      </Form>
    </>
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
  const id = `broker-${name}`;
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {t(`brokers.fields.${name}`)}
      </label>
      {current && (
        <img
          src={current}
          alt=""
          className={`rounded border border-slate-200 bg-white object-contain dark:border-slate-700 ${
            name === "logo" ? "h-12 w-auto" : "aspect-[3/1] w-full max-w-xs"
          }`}
        />
      )}
      <input
        id={id}
        type="file"
        name={name}
        accept="image/jpeg,image/png,image/webp"
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        aria-invalid={error ? true : undefined}
        className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-200 dark:text-slate-200 dark:file:bg-slate-700 dark:file:text-slate-100"
      />
      <p id={`${id}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
        {t(`brokers.hints.${name}`)}
      </p>
      {error && (
        <p
          id={`${id}-error`}
          className="text-sm text-red-600 dark:text-red-400"
          data-testid={`error-${name}`}
        >
          {error}
        </p>
      )}
      {current && (
        <CheckboxField
          name={name === "logo" ? "removeLogo" : "removeBanner"}
          label={t(`brokers.fields.${name === "logo" ? "removeLogo" : "removeBanner"}`)}
        />
      )}
    </div>
  );
}
