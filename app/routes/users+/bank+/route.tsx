import { ArrowTopRightOnSquareIcon } from "@heroicons/react/20/solid";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { RateCard } from "../../../server/features/brokers/terms";
import { useState } from "react";
import { z } from "zod";
import { useTranslation } from "react-i18next";
import { AccountStatusBadge } from "~/components/AccountStatus";
import { Field, type FormErrorShape, SelectField, SubmitButton } from "~/components/ui/form";
import { Alert, FormErrorAlert } from "~/components/ui/Alert";
import { Section } from "~/components/ui/card";
import { Button } from "~/components/ui/button";
import { focusRing } from "~/components/shell/styles";
import { timeColumn } from "~/components/table/columns";
import { DataTable } from "~/components/table/DataTable";
import { attempt, attemptMoney, parseForm } from "~/lib/forms.server";
import { EaAccountTypes } from "~/components/brokers/EaAccountTypes";
import { keepWorkWhenOffline } from "~/lib/forms-offline";
import { formatDate } from "~/lib/format";
import { searchParamsObject } from "~/components/table/url";
import { PageTitle } from "~/components/ui/PageTitle";
import { normalizeAccountId, setMyAccountTypeInput } from "../../../server/domain/broker-account";
import { requestDedicatedInput } from "../../../server/domain/broker-account";
import { addAccountInput } from "../../../server/domain/broker-account";
import { actionLink } from "~/components/ui/link";
import { RateLines, ScheduleLine } from "~/components/brokers/rates";
import { accountTypesOf } from "../../../server/domain/broker-terms";
import { useFormValidation } from "~/lib/validation";
import { answerRefusals } from "~/lib/refusals.server";
import { title } from "~/lib/page-title";

/** A broker's rates and crediting schedule under its banner (the same as on /brokers). */
function BrokerTerms({ terms }: { terms: RateCard["brokers"][number] | undefined }) {
  if (!terms) return null;
  return (
    <div
      className="space-y-1 border-t border-slate-100 px-3 py-2 dark:border-slate-700"
      data-testid="bank-rates"
    >
      <RateLines rates={terms.rates} />
      <ScheduleLine schedule={terms.schedule} nextCrediting={terms.nextCrediting} />
    </div>
  );
}

export const handle = {
  title: title.key("accounts:title"),
  i18n: ["accounts", "brokers", "ea", "errors"],
};

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const [brokers, accounts, rateCard, eaTypes, missingType] = await Promise.all([
      context.trpc.brokers.active(),
      context.trpc.brokers.accounts.mine(searchParamsObject(request.url)),
      context.trpc.brokers.rates(),
      context.trpc.eas.myAccountTypes(),
      context.trpc.brokers.accounts.missingType(),
    ]);
    return json({ brokers, accounts, rateCard, eaTypes, missingType });
  },
);

export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: ActionFunctionArgs) => {
    // The page's three forms say which they are (`intent`); the registration names none.
    const parsed = await parseForm(request, (form) => {
      const intent = form.get("intent");
      return intent === "eaRequest"
        ? eaRequestForm()
        : intent === "setType"
          ? setTypeForm()
          : addAccountInput;
    });
    if (!parsed.ok) return parsed.response;
    const { value, values } = parsed;
    if ("intent" in value) {
      return value.intent === "eaRequest"
        ? requestEaDedicated(context, values, value)
        : setAccountType(context, values, value);
    }
    const result = await attemptMoney(
      values,
      () => context.trpc.brokers.accounts.add(value),
      context.log,
      // A registration is one row: after a failure, the member's newest accounts say whether it
      // was recorded (then sending again would only be refused as taken).
      { recorded: () => registered(context, value) },
    );
    if (!result.ok) return result.response;
    return json({ ok: true as const, accountNumber: result.data.accountNumber });
  },
);

/** The EA-dedicated request's form: the procedure's input and the form's name. */
function eaRequestForm() {
  return requestDedicatedInput.extend({ intent: z.literal("eaRequest") });
}

/** The type prompt's form: the procedure's input, the account named `accountId` there. */
function setTypeForm() {
  return setMyAccountTypeInput
    .omit({ id: true })
    .extend({ intent: z.literal("setType"), accountId: setMyAccountTypeInput.shape.id });
}

/** Asks for one of the member's approved accounts to be made EA-dedicated. */
async function requestEaDedicated(
  context: ActionFunctionArgs["context"],
  values: Record<string, string>,
  input: { accountId: string },
) {
  const result = await attempt(values, () =>
    context.trpc.eas.requestDedicated({ accountId: input.accountId }),
  );
  if (!result.ok) return result.response;
  const { broker, accountNumber } = result.data;
  return json({
    ok: true as const,
    intent: "eaRequest" as const,
    label: `${broker} ${accountNumber}`,
  });
}

/** The member gives the type of one of their accounts that has none. */
async function setAccountType(
  context: ActionFunctionArgs["context"],
  values: Record<string, string>,
  input: { accountId: string; accountType: string },
) {
  const result = await attempt(values, () =>
    context.trpc.brokers.accounts.setMyType({
      id: input.accountId,
      accountType: input.accountType,
    }),
  );
  if (!result.ok) return result.response;
  return json({ ok: true as const, intent: "setType" as const, accountId: input.accountId });
}

/** A request lost on the way (no signal) keeps the page and the input too. */
export const clientAction = keepWorkWhenOffline("submitUnsureAccount");

/** Whether the member's pending registration of this number at this broker is there. */
async function registered(
  context: ActionFunctionArgs["context"],
  values: { brokerId: string; accountNumber: string },
): Promise<boolean> {
  const [brokers, mine] = await Promise.all([
    context.trpc.brokers.active(),
    context.trpc.brokers.accounts.mine({ sort: "createdAt", dir: "desc" }),
  ]);
  const broker = brokers.find((b) => b.id === values.brokerId);
  const number = normalizeAccountId(values.accountNumber);
  return mine.rows.some(
    (r) => r.status === "pending" && r.brokerName === broker?.name && r.accountNumber === number,
  );
}

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

type ActionData = ReturnType<typeof useActionData<typeof action>>;

/** Which form an answer is for: the EA-type request and the type prompt say so (their intent). */
function intentOf(data: ActionData): string | null {
  if (!data) return null;
  const intent = data.ok
    ? "intent" in data
      ? data.intent
      : null
    : (data.values as Record<string, string>).intent;
  return intent || null;
}

/**
 * Accounts registered without a type at a broker that lists several: each is paid at the
 * broker's default type until the member picks theirs here (once; an admin changes it later).
 */
function MissingTypePrompt({
  accounts,
  answer,
}: {
  accounts: { id: string; brokerName: string; accountNumber: string; types: string[] }[];
  answer: ActionData;
}) {
  const { t } = useTranslation(["accounts", "errors"]);
  const navigation = useNavigation();
  const saved = answer?.ok && "accountId" in answer ? answer.accountId : null;
  const failed = answer && !answer.ok ? answer : null;
  const failedId = failed ? (failed.values as Record<string, string>).accountId : null;
  const { error, formProps, summary } = useFormValidation(null, failed ? failed.error : null);
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
      <FormErrorAlert error={summary.error} focusKey={summary.focusKey} />
      <ul className="divide-y divide-slate-100 dark:divide-slate-700">
        {accounts.map((a) => {
          const typeError =
            failedId === a.id && error?.fieldErrors.accountType
              ? t(`errors:field.${error.fieldErrors.accountType}`, {
                  field: t("accounts:add.accountType"),
                })
              : null;
          return (
            <li
              key={a.id}
              className="py-3"
              data-testid="missing-type-row"
              data-account={a.accountNumber}
            >
              <Form
                method="post"
                preventScrollReset
                className="grid max-w-2xl gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
                {...formProps}
              >
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
              </Form>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

/**
 * /users/bank: the brokers (each banner opens its sign-up page), the form to register a
 * cashback account, the member's registered accounts with their status, and their approved
 * accounts' EA type with the request for the EA-dedicated type.
 */
export default function Bank() {
  const { t } = useTranslation(["accounts", "errors"]);
  const { brokers, accounts, rateCard, eaTypes, missingType } = useLoaderData<typeof loader>();
  const termsOf = new Map(rateCard.brokers.map((b) => [b.id, b]));
  const actionData = useActionData<typeof action>();
  const intent = intentOf(actionData);
  const eaAnswer = intent === "eaRequest" ? actionData : undefined;
  const typeAnswer = intent === "setType" ? actionData : undefined;
  const result = intent === null ? actionData : undefined;
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
    <div className="space-y-6">
      <PageTitle>{t("title")}</PageTitle>

      <Section title={t("banners.title")} testId="broker-banners">
        <ul className="grid gap-3 sm:grid-cols-2 sm:gap-4 xl:grid-cols-3">
          {brokers.map((b) => (
            <li
              key={b.id}
              className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-800"
            >
              <a
                href={b.signupUrl}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="broker-banner"
                className={`group flex flex-col transition hover:bg-slate-50 dark:hover:bg-slate-700/50 ${focusRing}`}
              >
                {b.bannerPath ? (
                  <img
                    src={b.bannerPath}
                    alt=""
                    width={600}
                    height={200}
                    loading="lazy"
                    className="aspect-[3/1] w-full object-cover"
                  />
                ) : (
                  <div className="flex aspect-[3/1] w-full items-center justify-center bg-slate-100 dark:bg-slate-700">
                    {b.logoPath && (
                      <img
                        src={b.logoPath}
                        alt=""
                        width={160}
                        height={48}
                        className="h-10 w-auto"
                      />
                    )}
                  </div>
                )}
                <div className="flex flex-1 flex-col gap-0.5 px-3 py-2">
                  <span className="font-medium text-slate-900 dark:text-white">{b.name}</span>
                  <span className="flex items-center gap-1 text-sm text-emerald-700 group-hover:underline dark:text-emerald-400">
                    {t("banners.open")}
                    <ArrowTopRightOnSquareIcon className="h-4 w-4 shrink-0" aria-hidden="true" />
                    <span className="sr-only">{t("banners.newTab")}</span>
                  </span>
                  {b.autoRebate && (
                    <span className="text-xs text-sky-700 dark:text-sky-300">
                      {t("banners.autoRebate")}
                    </span>
                  )}
                </div>
              </a>
              <BrokerTerms terms={termsOf.get(b.id)} />
            </li>
          ))}
        </ul>
        <Link to="/brokers" className={`${actionLink} text-sm`} data-testid="all-rates-link">
          {t("brokers:allRates")}
        </Link>
      </Section>

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

      <Section title={t("list.title")} testId="my-accounts">
        <DataTable
          label={t("list.title")}
          page={accounts}
          empty={t("list.empty")}
          columns={[
            {
              key: "broker",
              header: t("list.company"),
              sortKey: "broker",
              cell: (r) => r.brokerName,
              nowrap: true,
            },
            {
              key: "number",
              header: t("list.accountNumber"),
              cell: (r) => <span className="font-mono">{r.accountNumber}</span>,
              nowrap: true,
            },
            {
              key: "accountType",
              header: t("list.accountType"),
              cell: (r) => r.accountType ?? "—",
            },
            {
              key: "status",
              header: t("list.status"),
              sortKey: "status",
              cell: (r) => (
                <AccountStatusBadge
                  status={r.status}
                  reason={r.denyReason}
                  reasonLang={r.denyReasonLang}
                />
              ),
            },
            {
              key: "approvedAt",
              header: t("list.approvedAt"),
              sortKey: "decidedAt",
              firstDir: "desc",
              cell: (r) => (r.approvedAt ? formatDate(r.approvedAt) : "—"),
              nowrap: true,
            },
            timeColumn("createdAt", t("list.createdAt"), { sorted: true, format: formatDate }),
          ]}
        />
      </Section>

      <MissingTypePrompt accounts={missingType} answer={typeAnswer} />

      <EaAccountTypes
        accounts={eaTypes}
        requested={eaAnswer?.ok && "label" in eaAnswer ? eaAnswer.label : null}
        error={eaAnswer && !eaAnswer.ok ? eaAnswer.error : null}
      />
    </div>
  );
}
