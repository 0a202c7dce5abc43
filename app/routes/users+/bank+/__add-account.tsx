import { Form } from "@remix-run/react";
import type { SerializeFrom } from "@remix-run/node";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert, FormErrorAlert } from "#app/components/ui/Alert";
import { Section } from "#app/components/ui/card";
import { Field, type FormErrorShape, SelectField, SubmitButton } from "#app/components/ui/form";
import { useFormValidation } from "#app/lib/validation";
import { addAccountInput } from "#domain/broker-account";
import { accountTypesOf } from "#domain/broker-terms";
import type { ActionData } from "./__missing-type";
import type { loader } from "./route";

type PageData = SerializeFrom<typeof loader>;

/**
 * The account's type, from the chosen broker's rate card (the rate its cashback is paid at):
 * required when the broker lists several types (the server refuses a registration without
 * one), optional when it lists one, absent when it lists none.
 */
function AccountTypeField({
  types,
  defaultValue,
  error,
}: {
  types: string[];
  defaultValue: string;
  error: string | null;
}) {
  const { t } = useTranslation("accounts");
  if (types.length === 0) return null;
  const several = types.length > 1;
  return (
    <SelectField
      name="accountType"
      label={t("add.accountType")}
      defaultValue={defaultValue}
      hint={several ? t("add.accountTypeRequiredHint") : t("add.accountTypeHint")}
      error={error}
      required={several}
    >
      <option value="">{several ? t("add.chooseBroker") : t("add.accountTypeNone")}</option>
      {types.map((type) => (
        <option key={type} value={type}>
          {type}
        </option>
      ))}
    </SelectField>
  );
}

/** Errors about the account number that the service finds (they depend on the broker). */
function accountNumberError(
  error: FormErrorShape | null,
  t: (key: string, params?: Record<string, unknown>) => string,
): string | null {
  if (!error) return null;
  const fieldKey = error.fieldErrors.accountNumber;
  if (fieldKey) return t(`errors:field.${fieldKey}`, { field: t("accounts:add.accountNumber") });
  if (error.key && (error.key.startsWith("accountId.") || error.key === "accountTaken")) {
    return t(`errors:${error.key}`, error.params ?? {});
  }
  return null;
}

/** The registration of a cashback account: broker, account number and, where it has several, type. */
export function AddAccount({
  brokers,
  termsOf,
  result,
}: {
  brokers: PageData["brokers"];
  termsOf: Map<string, PageData["rateCard"]["brokers"][number]>;
  /** The registration's answer (not the other forms'). */
  result: ActionData;
}) {
  const { t } = useTranslation(["accounts", "errors"]);
  const { error, formProps, summary } = useFormValidation(
    addAccountInput,
    result && !result.ok ? result.error : null,
  );
  const echoed = result && !result.ok ? result.values : null;
  const [brokerId, setBrokerId] = useState(echoed?.brokerId ?? "");
  const broker = brokers.find((b) => b.id === brokerId) ?? null;
  const numberError = accountNumberError(error, t);
  const brokerError = error?.fieldErrors.brokerId
    ? t(`errors:field.${error.fieldErrors.brokerId}`, { field: t("accounts:add.broker") })
    : null;
  const typeError = error?.fieldErrors.accountType
    ? t(`errors:field.${error.fieldErrors.accountType}`, { field: t("accounts:add.accountType") })
    : null;
  // Account number problems show under the field, the auto-rebate refusal as the notice.
  const summaryError = summary.error && {
    ...summary.error,
    key: summary.error.key === "autoRebateBroker" ? null : summary.error.key,
    field: numberError ? "accountNumber" : summary.error.field,
  };
  return (
    <Section title={t("add.title")} testId="add-account">
      {result?.ok && "accountNumber" in result && (
        <Alert tone="success" testId="account-added">
          {t("add.added", { number: result.accountNumber })}
        </Alert>
      )}
      <FormErrorAlert error={summaryError} focusKey={summary.focusKey} />
      <Form method="post" className="grid max-w-2xl gap-4 sm:grid-cols-2" {...formProps}>
        <SelectField
          name="brokerId"
          label={t("add.broker")}
          value={brokerId}
          onChange={(e) => setBrokerId(e.target.value)}
          error={brokerError}
          required
        >
          <option value="">{t("add.chooseBroker")}</option>
          {brokers.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </SelectField>
        {broker?.autoRebate || error?.key === "autoRebateBroker" ? (
          <div className="sm:col-span-2" data-testid="auto-rebate-notice">
            <Alert tone="info">
              {t("errors:autoRebateBroker", {
                broker: broker?.name ?? error?.params?.broker ?? "",
              })}
            </Alert>
          </div>
        ) : (
          <>
            <Field
              name="accountNumber"
              label={broker ? t(`kind.${broker.accountKind}`) : t("add.accountNumber")}
              autoComplete="off"
              spellCheck={false}
              defaultValue={echoed?.accountNumber ?? ""}
              // The rule is the hint; when the error already says it, it is not said twice.
              hint={
                numberError
                  ? undefined
                  : broker
                    ? t(`errors:${broker.rule.key}`, broker.rule.params)
                    : t("add.hint")
              }
              error={numberError}
              required
            />
            <AccountTypeField
              // A new broker, a new list: the choice starts over.
              key={brokerId}
              types={accountTypesOf(termsOf.get(brokerId)?.rates ?? [])}
              defaultValue={echoed?.brokerId === brokerId ? (echoed?.accountType ?? "") : ""}
              error={typeError}
            />
            <div className="sm:col-span-2">
              <SubmitButton>{t("add.submit")}</SubmitButton>
            </div>
          </>
        )}
      </Form>
    </Section>
  );
}
