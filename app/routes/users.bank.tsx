import { ArrowTopRightOnSquareIcon } from "@heroicons/react/20/solid";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { RateCard } from "../../server/features/brokers/terms";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AccountStatusBadge } from "~/components/AccountStatus";
import { Field, type FormErrorShape, SelectField, SubmitButton } from "~/components/ui/form";
import { Alert, FormErrorAlert } from "~/components/ui/Alert";
import { Section } from "~/components/ui/card";
import { focusRing } from "~/components/shell/styles";
import { timeColumn } from "~/components/table/columns";
import { DataTable } from "~/components/table/DataTable";
import { attempt, attemptMoney, formValues } from "~/lib/forms.server";
import { EaAccountTypes } from "~/components/brokers/EaAccountTypes";
import { keepWorkWhenOffline } from "~/lib/forms-offline";
import { formatDate } from "~/lib/format";
import { searchParamsObject } from "~/components/table/url";
import { PageTitle } from "~/components/ui/PageTitle";
import { normalizeAccountId } from "../../server/features/brokers/schema";
import { actionLink } from "~/components/ui/link";
import { RateLines, ScheduleLine } from "~/components/brokers/rates";
import { accountTypesOf } from "../../server/domain/broker-terms";
import { useFormValidation } from "~/lib/validation";

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

export const handle = { i18n: ["accounts", "brokers", "ea", "errors"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [brokers, accounts, rateCard, eaTypes] = await Promise.all([
    context.trpc.brokers.active(),
    context.trpc.brokers.accounts.mine(searchParamsObject(request.url)),
    context.trpc.brokers.rates(),
    context.trpc.eas.myAccountTypes(),
  ]);
  return json({ brokers, accounts, rateCard, eaTypes });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  if (form.get("intent") === "eaRequest") return requestEaDedicated(context, form);
  const values = formValues(form, ["brokerId", "accountNumber", "accountType"]);
  const result = await attemptMoney(
    values,
    () => context.trpc.brokers.accounts.add(values),
    context.log,
    // A registration is one row: after a failure, the member's newest accounts say whether it
    // was recorded (then sending again would only be refused as taken).
    { recorded: () => registered(context, values) },
  );
  if (!result.ok) return result.response;
  return json({ ok: true as const, accountNumber: result.data.accountNumber });
}

/** Asks for one of the member's approved accounts to be made EA-dedicated. */
async function requestEaDedicated(context: ActionFunctionArgs["context"], form: FormData) {
  const values = formValues(form, ["intent", "accountId"]);
  const result = await attempt(values, () =>
    context.trpc.eas.requestDedicated({ accountId: values.accountId }),
  );
  if (!result.ok) return result.response;
  const { broker, accountNumber } = result.data;
  return json({
    ok: true as const,
    intent: "eaRequest" as const,
    label: `${broker} ${accountNumber}`,
  });
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
 * The account's type, from the chosen broker's rate card (the rate its cashback is checked
 * against); optional, and absent for a broker that lists no types.
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
  return (
    <SelectField
      name="accountType"
      label={t("add.accountType")}
      defaultValue={defaultValue}
      hint={t("add.accountTypeHint")}
      error={error}
    >
      <option value="">{t("add.accountTypeNone")}</option>
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

/** The page has two forms: an answer to the EA-type request says so (its intent). */
function isEaAnswer(data: ActionData): boolean {
  if (!data) return false;
  return data.ok
    ? "intent" in data
    : (data.values as Record<string, string>).intent === "eaRequest";
}

/**
 * /users/bank: the brokers (each banner opens its sign-up page), the form to register a
 * cashback account, the member's registered accounts with their status, and their approved
 * accounts' EA type with the request for the EA-dedicated type.
 */
export default function Bank() {
  const { t } = useTranslation(["accounts", "errors"]);
  const { brokers, accounts, rateCard, eaTypes } = useLoaderData<typeof loader>();
  const termsOf = new Map(rateCard.brokers.map((b) => [b.id, b]));
  const actionData = useActionData<typeof action>();
  const eaAnswer = isEaAnswer(actionData) ? actionData : undefined;
  const result = isEaAnswer(actionData) ? undefined : actionData;
  const { error, formProps, summary } = useFormValidation(
    null,
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

      <EaAccountTypes
        accounts={eaTypes}
        requested={eaAnswer?.ok && "label" in eaAnswer ? eaAnswer.label : null}
        error={eaAnswer && !eaAnswer.ok ? eaAnswer.error : null}
      />
    </div>
  );
}
