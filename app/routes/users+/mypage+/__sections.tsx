import UserCircleIcon from "@heroicons/react/24/solid/UserCircleIcon";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { VerifyEmailNotice } from "#app/components/VerifyEmailNotice";
import {
  CheckboxField,
  Field,
  type FormErrorShape,
  SelectField,
  SubmitButton,
  useFieldError,
  fileInputClass,
} from "#app/components/ui/form";
import { Alert, FormErrorAlert } from "#app/components/ui/Alert";
import { Facts, Section } from "#app/components/ui/card";
import { Badge } from "#app/components/ui/Badge";
import { NameFields } from "#app/components/AuthFields";
import { type PasskeyStepUp, ReauthForm } from "#app/components/ReauthForm";
import { LanguageSelect } from "#app/components/shell/LanguageSelect";
import { formatDateTime } from "#app/lib/format";
import type { Loaded, PAYMENT_FIELDS, Result } from "./route";
import { BankPickers, useBankFields } from "./__bank-pickers";
import { actionLink } from "#app/components/ui/link";
import { useFormValidation } from "#app/lib/validation";
import { paymentDetailsForm, profileInput } from "#domain/profile";

/* The sections of /users/mypage: profile, image, and payment details behind re-authentication. */

export function ProfileSection({
  profile,
  result,
}: {
  profile: Loaded["profile"];
  result: Result;
}) {
  const { t } = useTranslation("profile");
  const { error, formProps, summary } = useFormValidation(profileInput, result.error);
  const value = (name: string, fallback: string | null) => result.values[name] ?? fallback ?? "";
  return (
    <Section title={t("sections.profile")} testId="profile-section">
      <Facts
        items={[
          { label: t("fields.uid"), value: profile.uid, testId: "profile-uid" },
          {
            label: t("fields.email"),
            value: (
              <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span data-testid="profile-email">{profile.email}</span>
                <span className="text-xs text-slate-500 dark:text-slate-400">
                  {profile.emailVerified ? t("notices.verified") : t("notices.unverified")}
                </span>
                <Link to="/users/change-email" className={actionLink}>
                  {t("actions.changeEmail")}
                </Link>
              </span>
            ),
          },
          { label: t("fields.createdAt"), value: formatDateTime(profile.createdAt) },
        ]}
      />
      {result.ok && (
        <Alert tone="success" testId="profile-saved">
          {t("notices.saved")}
        </Alert>
      )}
      <FormErrorAlert {...summary} />
      <Form method="post" className="grid gap-4 sm:grid-cols-2" {...formProps}>
        <input type="hidden" name="intent" value="profile" />
        <NameFields
          ns="profile"
          error={error}
          defaults={{
            name: value("name", profile.name),
            nickname: value("nickname", profile.nickname),
          }}
        />
        <Field
          name="twitterUrl"
          type="url"
          inputMode="url"
          autoComplete="url"
          className="sm:col-span-2"
          label={t("fields.twitterUrl")}
          hint={t("hints.twitterUrl")}
          defaultValue={value("twitterUrl", profile.twitterUrl)}
          error={useFieldError(error, "twitterUrl", "profile:fields.twitterUrl")}
        />
        <div className="space-y-4 sm:col-span-2">
          <CheckboxField
            name="rankingOptOut"
            label={t("fields.rankingOptOut")}
            hint={t("hints.rankingOptOut")}
            defaultChecked={profile.rankingOptOut}
          />
          <SubmitButton>{t("actions.save")}</SubmitButton>
        </div>
      </Form>
      <div className="border-t border-slate-200 pt-4 dark:border-slate-700">
        <LanguageSelect />
        <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{t("hints.language")}</p>
      </div>
    </Section>
  );
}

export function ImageSection({
  imageVersion,
  nickname,
  result,
  removed,
}: {
  imageVersion: string | null;
  nickname: string;
  result: Result;
  removed: Result;
}) {
  const { t } = useTranslation("profile");
  return (
    <Section title={t("sections.image")} testId="image-section">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        {imageVersion ? (
          <img
            src={`/users/mypage/image?v=${imageVersion}`}
            alt={t("imageAlt", { nickname })}
            width={96}
            height={96}
            data-testid="profile-image"
            className="h-24 w-24 shrink-0 rounded-full border border-slate-200 object-cover dark:border-slate-700"
          />
        ) : (
          <div className="flex h-24 w-24 shrink-0 flex-col items-center justify-center rounded-full bg-slate-100 text-slate-400 dark:bg-slate-800">
            <UserCircleIcon className="h-16 w-16" aria-hidden="true" />
            <span className="sr-only">{t("notices.noImage")}</span>
          </div>
        )}
        <div className="min-w-0 flex-1 space-y-3">
          {result.ok && <Alert tone="success">{t("notices.imageSaved")}</Alert>}
          {removed.ok && <Alert tone="success">{t("notices.imageRemoved")}</Alert>}
          <FormErrorAlert error={result.error ?? removed.error} />
          <Form method="post" encType="multipart/form-data" className="space-y-3">
            <div>
              <label
                htmlFor="profile-image-file"
                className="block text-sm font-medium text-slate-800 dark:text-slate-200"
              >
                {t("fields.image")}
              </label>
              <input
                id="profile-image-file"
                type="file"
                name="image"
                accept="image/jpeg,image/png,image/webp"
                aria-describedby="profile-image-hint"
                className={fileInputClass}
              />
              <p
                id="profile-image-hint"
                className="mt-1 text-xs text-slate-500 dark:text-slate-400"
              >
                {t("hints.image")}
              </p>
            </div>
            <SubmitButton>{t("actions.upload")}</SubmitButton>
          </Form>
          {imageVersion && (
            <Form method="post">
              <input type="hidden" name="intent" value="removeImage" />
              <SubmitButton tone="secondary">{t("actions.removeImage")}</SubmitButton>
            </Form>
          )}
        </div>
      </div>
    </Section>
  );
}

export function PaymentSection({
  payment,
  email,
  mfaEnabled,
  passkey,
  lineReauth,
  reauth,
  result,
  changed,
}: {
  payment: Loaded["payment"];
  email: string;
  mfaEnabled: boolean;
  passkey: PasskeyStepUp;
  /** A member whose only way in is LINE confirms it is them through LINE. */
  lineReauth: "start" | "code" | null;
  reauth: Result;
  result: Result;
  changed: number | null;
}) {
  const { t } = useTranslation("profile");
  const masked = payment.masked;
  const hasAny = Object.values(masked).some((v) => v !== null);
  const shown = (v: string | null) =>
    v ?? <span className="text-slate-500 dark:text-slate-400">{t("notices.notSet")}</span>;
  return (
    <Section title={t("sections.payment")} testId="payment-section">
      {/* The payout-details link of the network-change notice lands here. */}
      <span id="payment" className="sr-only" />
      <VerifyEmailNotice money />
      {payment.staleUsdtNetwork && (
        <Alert tone="warning" testId="usdt-address-stale">
          {t("notices.usdtAddressStale", {
            addressNetwork: payment.staleUsdtNetwork,
            network: payment.usdtNetwork,
          })}
        </Alert>
      )}
      {result.ok && (
        <Alert tone="success" testId="payment-saved">
          {changed ? t("notices.paymentSaved") : t("notices.paymentUnchanged")}
        </Alert>
      )}
      {!payment.reauthValid ? (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {hasAny ? t("notices.paymentMasked") : t("notices.paymentNone")}
          </p>
          <div data-testid="payment-masked" hidden={!hasAny}>
            <Facts
              items={[
                { label: t("fields.bankName"), value: shown(masked.bankName) },
                { label: t("fields.bankCode"), value: shown(masked.bankCode) },
                { label: t("fields.branchName"), value: shown(masked.branchName) },
                { label: t("fields.branchNumber"), value: shown(masked.branchNumber) },
                {
                  label: t("fields.accountType"),
                  value: shown(masked.accountType && t(`accountTypes.${masked.accountType}`)),
                },
                { label: t("fields.bankAccountNumber"), value: shown(masked.bankAccountNumber) },
                { label: t("fields.accountHolder"), value: shown(masked.accountHolder) },
                {
                  label: t("fields.usdtAddress"),
                  value: payment.staleUsdtNetwork ? (
                    <>
                      {masked.usdtAddress}{" "}
                      <Badge tone="warning">
                        {t("notices.usdtOldNetwork", { network: payment.staleUsdtNetwork })}
                      </Badge>
                    </>
                  ) : (
                    shown(masked.usdtAddress)
                  ),
                },
                { label: t("fields.exnessEmail"), value: shown(masked.exnessEmail) },
                { label: t("fields.peskaEmail"), value: shown(masked.peskaEmail) },
                { label: t("fields.bitwalletEmail"), value: shown(masked.bitwalletEmail) },
                { label: t("fields.paypayId"), value: shown(masked.paypayId) },
              ]}
            />
          </div>
          <div className="border-t border-slate-200 pt-4 dark:border-slate-700">
            <ReauthForm
              email={email}
              mfaEnabled={mfaEnabled}
              passkey={passkey}
              line={lineReauth}
              lineFrom="reauth-profile"
              error={reauth.error}
            />
          </div>
        </>
      ) : (
        <PaymentForm
          values={payment.values}
          network={payment.usdtNetwork}
          staleNetwork={payment.staleUsdtNetwork}
          error={result.error}
          echoed={result.values}
        />
      )}
    </Section>
  );
}

function PaymentForm({
  values,
  network,
  staleNetwork,
  error: answer,
  echoed,
}: {
  values: Loaded["payment"]["values"];
  network: "TRC20" | "ERC20";
  /** The saved address's network when it is the old one: marked beside the field. */
  staleNetwork: "TRC20" | "ERC20" | null;
  error: FormErrorShape | null;
  echoed: Record<string, string>;
}) {
  const { t } = useTranslation(["profile", "errors"]);
  const { error, formProps, summary } = useFormValidation(paymentDetailsForm, answer);
  const field = (name: (typeof PAYMENT_FIELDS)[number]) => {
    const key = error?.fieldErrors[name];
    const label = t(`profile:fields.${name}`);
    return {
      name,
      label,
      defaultValue: echoed[name] ?? values?.[name] ?? "",
      error: key ? t(`errors:field.${key}`, { field: label }) : null,
    };
  };
  // The bank fields the pickers fill; typed by hand, they work as before.
  const bank = useBankFields({
    bankName: field("bankName").defaultValue,
    bankCode: field("bankCode").defaultValue,
    branchName: field("branchName").defaultValue,
    branchNumber: field("branchNumber").defaultValue,
  });
  const bankField = (name: keyof typeof bank.fields) => {
    const { defaultValue: _typed, ...rest } = field(name);
    return {
      ...rest,
      value: bank.fields[name],
      onChange: (e: { target: { value: string } }) => bank.set(name, e.target.value),
    };
  };
  const group = "grid gap-4 sm:grid-cols-2";
  const legend = "mb-3 text-sm font-semibold text-slate-800 dark:text-slate-100";
  return (
    <>
      <Form method="post" className="space-y-6" data-testid="payment-form" {...formProps}>
        <FormErrorAlert {...summary} />
        <input type="hidden" name="intent" value="payment" />
        <fieldset>
          <legend className={legend}>{t("profile:sections.bank")}</legend>
          <p className="mb-3 text-xs text-slate-500 dark:text-slate-400">
            {t("profile:hints.bankAllOrNothing")}
          </p>
          <BankPickers
            bankCode={bank.fields.bankCode}
            onBank={bank.pickBank}
            onBranch={bank.pickBranch}
          />
          <div className={group}>
            <Field {...bankField("bankName")} autoComplete="off" />
            <Field
              {...bankField("bankCode")}
              inputMode="numeric"
              maxLength={4}
              hint={t("profile:hints.bankCode")}
            />
            <Field {...bankField("branchName")} autoComplete="off" />
            <Field
              {...bankField("branchNumber")}
              inputMode="numeric"
              maxLength={3}
              hint={t("profile:hints.branchNumber")}
            />
            <SelectField {...field("accountType")}>
              <option value="">{t("profile:accountTypes.choose")}</option>
              <option value="savings">{t("profile:accountTypes.savings")}</option>
              <option value="current">{t("profile:accountTypes.current")}</option>
            </SelectField>
            <Field
              {...field("bankAccountNumber")}
              inputMode="numeric"
              maxLength={7}
              hint={t("profile:hints.bankAccountNumber")}
            />
            <Field
              {...field("accountHolder")}
              className="sm:col-span-2"
              hint={t("profile:hints.accountHolder")}
            />
          </div>
        </fieldset>
        <fieldset>
          <legend className={legend}>{t("profile:sections.crypto")}</legend>
          <Field
            {...field("usdtAddress")}
            autoComplete="off"
            spellCheck={false}
            hint={
              staleNetwork
                ? t("profile:hints.usdtStale", { addressNetwork: staleNetwork, network })
                : t(network === "TRC20" ? "profile:hints.usdtTrc20" : "profile:hints.usdtErc20")
            }
          />
        </fieldset>
        <fieldset>
          <legend className={legend}>{t("profile:sections.wallets")}</legend>
          <div className={group}>
            <Field {...field("exnessEmail")} type="email" autoComplete="off" />
            <Field {...field("peskaEmail")} type="email" autoComplete="off" />
            <Field {...field("bitwalletEmail")} type="email" autoComplete="off" />
            <Field
              {...field("paypayId")}
              autoComplete="off"
              maxLength={15}
              hint={t("profile:hints.paypayId")}
            />
          </div>
        </fieldset>
        <SubmitButton>{t("profile:actions.savePayment")}</SubmitButton>
      </Form>
    </>
  );
}
