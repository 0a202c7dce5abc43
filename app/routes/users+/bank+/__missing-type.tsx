import { Form, type useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Alert, FormErrorAlert } from "#app/components/ui/Alert";
import { Button } from "#app/components/ui/button";
import { Section } from "#app/components/ui/card";
import { type FormErrorShape, SelectField, useFieldError } from "#app/components/ui/form";
import { accountTypeForm } from "#domain/broker-account";
import { useFormValidation } from "#app/lib/validation";
import type { action } from "./route";

export type ActionData = ReturnType<typeof useActionData<typeof action>>;

/** Which form an answer is for: the EA-type request and the type prompt say so (their intent). */
export function intentOf(data: ActionData): string | null {
  if (!data) return null;
  const intent = data.ok
    ? "intent" in data
      ? data.intent
      : null
    : (data.values as Record<string, string>).intent;
  return intent || null;
}

/** An account of the prompt: its broker, number and the types to choose from. */
interface UntypedAccount {
  id: string;
  brokerName: string;
  accountNumber: string;
  types: string[];
}

/**
 * Accounts registered without a type at a broker that lists several: each is paid at the
 * broker's default type until the member picks theirs here (once; an admin changes it later).
 * Each account is a form of its own, checked in the browser with the action's schema.
 */
export function MissingTypePrompt({
  accounts,
  answer,
}: {
  accounts: UntypedAccount[];
  answer: ActionData;
}) {
  const { t } = useTranslation(["accounts", "errors"]);
  const saved = answer?.ok && "accountId" in answer ? answer.accountId : null;
  const failed = answer && !answer.ok ? answer : null;
  const failedId = failed ? (failed.values as Record<string, string>).accountId : null;
  if (accounts.length === 0 && !saved) return null;
  return (
    <Section title={t("missingType.title")} testId="missing-type">
      {saved && (
        <Alert tone="success" testId="type-saved">
          {t("missingType.saved")}
        </Alert>
      )}
      {accounts.length > 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("missingType.lead")}</p>
      )}
      <ul className="divide-y divide-slate-100 dark:divide-slate-700">
        {accounts.map((a) => (
          <MissingTypeRow
            key={a.id}
            account={a}
            refused={failed && failedId === a.id ? failed.error : null}
          />
        ))}
      </ul>
    </Section>
  );
}

/** One account's type: the choice and its button, its refusal shown above it. */
function MissingTypeRow({
  account: a,
  refused,
}: {
  account: UntypedAccount;
  refused: FormErrorShape | null;
}) {
  const { t } = useTranslation(["accounts", "errors"]);
  const navigation = useNavigation();
  const { error, formProps, summary } = useFormValidation(accountTypeForm, refused);
  const typeError = useFieldError(error, "accountType", "accounts:add.accountType");
  return (
    <li className="py-3" data-testid="missing-type-row" data-account={a.accountNumber}>
      <Form method="post" preventScrollReset className="max-w-2xl space-y-2" {...formProps}>
        <FormErrorAlert error={summary.error} focusKey={summary.focusKey} />
        <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
          <input type="hidden" name="intent" value="setType" />
          <input type="hidden" name="accountId" value={a.id} />
          <SelectField
            name="accountType"
            label={t("missingType.label", { broker: a.brokerName, number: a.accountNumber })}
            defaultValue=""
            error={typeError}
            required
          >
            <option value="">{t("add.chooseBroker")}</option>
            {a.types.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </SelectField>
          <Button
            type="submit"
            variant="secondary"
            disabled={navigation.state === "submitting"}
            data-testid="set-type"
          >
            {t("missingType.submit")}
          </Button>
        </div>
      </Form>
    </li>
  );
}
