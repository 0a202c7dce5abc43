import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AccountStatusBadge } from "#app/components/AccountStatus";
import { Field, SubmitButton } from "#app/components/ui/form";
import { Alert, FormErrorAlert } from "#app/components/ui/Alert";
import { card } from "#app/components/ui/card";
import { timeColumn } from "#app/components/table/columns";
import { ListPage } from "#app/components/table/ListPage";
import {
  DateRangeFilter,
  filterControl,
  MemberFilter,
  SelectFilter,
} from "#app/components/table/TableFilters";
import { searchParamsObject } from "#app/components/table/url";
import { attempt, parseForm, submitForm } from "#app/lib/forms.server";
import type { FormErrorShape } from "#app/components/ui/form";
import { decideAccountsInput, setAccountTypeInput } from "#domain/broker-account";
import { schemaLimits } from "#app/lib/constraint";
import { accountTypesOf } from "#domain/broker-terms";
import { formatDateTime } from "#app/lib/format";
import { buttonClass } from "#app/components/ui/button";
import { textLink } from "#app/components/ui/link";
import { SectionTabs } from "#app/components/admin/SectionTabs";
import { answerRefusals, readForm } from "#app/lib/refusals.server";

/** The bulk decision's reasons, limited as the decision's schema says. */
const decisionLimits = schemaLimits(decideAccountsInput);

export const handle = { i18n: ["admin", "accounts", "errors"] };

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const [page, brokers, rateCard] = await Promise.all([
      context.trpc.brokers.accounts.list(searchParamsObject(request.url)),
      context.trpc.brokers.list(),
      context.trpc.brokers.rates(),
    ]);
    // Each broker's account types, the choices of an account's type.
    const types = Object.fromEntries(rateCard.brokers.map((b) => [b.id, accountTypesOf(b.rates)]));
    return json({ page, brokers: brokers.map((b) => ({ id: b.id, name: b.name })), types });
  },
);

/**
 * The page's two forms: a row's type (`intent=setType`), or the decision on the ticked accounts
 * (the decision buttons name it), each parsed with its procedure's own schema.
 */
export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: ActionFunctionArgs) => {
    const accounts = context.trpc.brokers.accounts;
    const form = await readForm(request);
    if (form.get("intent") === "setType") {
      const saved = await submitForm(form, setAccountTypeInput, (input) => accounts.setType(input));
      if (!saved.ok) return saved.response;
      return json({
        ok: true as const,
        intent: "setType" as const,
        // The row's number, for the notice: shown, not saved.
        accountNumber: saved.values.accountNumber ?? "",
        ...saved.data,
      });
    }
    const parsed = await parseForm(form, decideAccountsInput);
    if (!parsed.ok) return parsed.response;
    const { input, value } = parsed;
    const result = await attempt(parsed.values, () => accounts.decide(input));
    if (!result.ok) return result.response;
    return json({
      ok: true as const,
      intent: "decide" as const,
      decision: value.decision,
      ...result.data,
    });
  },
);

const BULK_FORM = "decide-accounts";

/** /admin/account: every member's cashback accounts; approve or deny one or many. */
export default function AdminAccounts() {
  const { t } = useTranslation(["admin", "accounts", "errors", "common"]);
  const { page, brokers, types } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const error = result && !result.ok ? result.error : null;
  const reasonError = error?.fieldErrors.reason
    ? t(`errors:field.${error.fieldErrors.reason}`, { field: t("admin:accounts.reason") })
    : null;
  const reasonEnError = error?.fieldErrors.reasonEn
    ? t(`errors:field.${error.fieldErrors.reasonEn}`, {
        field: t("common:content.english", { field: t("admin:accounts.reason") }),
      })
    : null;
  const idsError = error?.fieldErrors.ids
    ? t(`errors:field.${error.fieldErrors.ids}`, { field: t("admin:accounts.columns.account") })
    : null;

  return (
    <ListPage
      title={t("admin:accounts.title")}
      intro={
        <>
          <SectionTabs section="account" />
        </>
      }
      filters={{
        label: t("admin:accounts.filters.label"),
        fields: (
          <>
            <SelectFilter
              name="status"
              label={t("admin:accounts.filters.status")}
              allLabel={t("admin:accounts.filters.all")}
              options={(["pending", "approved", "denied"] as const).map((s) => ({
                value: s,
                label: t(`accounts:status.${s}`),
              }))}
            />
            <SelectFilter
              name="broker"
              label={t("admin:accounts.filters.broker")}
              allLabel={t("admin:accounts.filters.all")}
              options={brokers.map((b) => ({ value: b.id, label: b.name }))}
            />
            <div className="lg:col-span-2">
              <MemberFilter
                label={t("admin:accounts.filters.member")}
                hint={t("admin:accounts.filters.memberHint")}
              />
            </div>
            <DateRangeFilter
              fromLabel={t("admin:accounts.filters.from")}
              toLabel={t("admin:accounts.filters.to")}
            />
          </>
        ),
      }}
      notices={
        <>
          {result?.ok && result.intent === "setType" && (
            <Alert tone="success" testId="type-saved">
              {result.changed
                ? t("admin:accounts.typeSaved", { number: result.accountNumber })
                : t("admin:accounts.typeUnchanged")}
            </Alert>
          )}
          {result?.ok && result.intent === "decide" && (
            <Alert tone="success" testId="decided">
              {t(
                result.decision === "approve" ? "admin:accounts.approved" : "admin:accounts.denied",
                {
                  count: result.changed,
                },
              )}
              {result.unchanged > 0 &&
                ` ${t("admin:accounts.unchanged", { count: result.unchanged })}`}
              {result.conflicts.length > 0 &&
                ` ${t("admin:accounts.conflicts", { numbers: result.conflicts.join(", ") })}`}
            </Alert>
          )}
          <FormErrorAlert error={error} />
          {idsError && (
            <Alert tone="error" testId="error-ids">
              {idsError}
            </Alert>
          )}

          <Form
            method="post"
            id={BULK_FORM}
            data-testid="bulk-decide"
            className={`${card} flex flex-col gap-3 p-4 sm:flex-row sm:items-end`}
          >
            <p className="text-sm font-medium text-slate-700 sm:mb-2 dark:text-slate-200">
              {t("admin:accounts.bulk")}
            </p>
            <SubmitButton name="decision" value="approve">
              {t("admin:accounts.approve")}
            </SubmitButton>
            {/* Side by side, top-aligned: the hints below differ in length. */}
            <div className="grid min-w-0 flex-1 gap-3 sm:grid-cols-2 sm:items-start">
              <Field
                {...decisionLimits("reason")}
                name="reason"
                label={t("admin:accounts.reason")}
                hint={t("admin:accounts.reasonHint")}
                error={reasonError}
              />
              <Field
                {...decisionLimits("reasonEn")}
                name="reasonEn"
                lang="en"
                label={t("common:content.english", { field: t("admin:accounts.reason") })}
                hint={t("common:content.englishHint")}
                error={reasonEnError}
              />
            </div>
            <SubmitButton name="decision" value="deny" tone="danger">
              {t("admin:accounts.deny")}
            </SubmitButton>
          </Form>
        </>
      }
      page={page}
      csvHref="/admin/account/export"
      selection={{
        form: BULK_FORM,
        name: "ids",
        rowLabel: (r) =>
          t("admin:accounts.selectRow", { number: r.accountNumber, broker: r.brokerName }),
      }}
      columns={[
        {
          key: "status",
          header: t("admin:accounts.columns.status"),
          sortKey: "status",
          cell: (r) => (
            <div className="flex items-start gap-2">
              <AccountStatusBadge status={r.status} reason={r.denyReason} />
              {r.status === "pending" && (
                <Form method="post">
                  <input type="hidden" name="ids" value={r.id} />
                  <button
                    type="submit"
                    name="decision"
                    value="approve"
                    data-testid="approve-one"
                    aria-label={t("admin:accounts.approveOne", { number: r.accountNumber })}
                    className={buttonClass({ size: "sm" })}
                  >
                    {t("admin:accounts.approve")}
                  </button>
                </Form>
              )}
            </div>
          ),
        },
        {
          key: "accountNumber",
          header: t("admin:accounts.columns.account"),
          sortKey: "accountNumber",
          nowrap: true,
          cell: (r) => <span className="font-mono">{r.accountNumber}</span>,
        },
        {
          key: "broker",
          header: t("admin:accounts.columns.broker"),
          sortKey: "broker",
          nowrap: true,
          cell: (r) => r.brokerName,
        },
        {
          key: "accountType",
          header: t("admin:accounts.columns.accountType"),
          cell: (r) => (
            <AccountTypeForm
              account={r}
              types={types[r.brokerId] ?? []}
              // A refusal belongs to the row whose form was sent.
              error={
                result && !result.ok && "id" in result.values && result.values.id === r.id
                  ? result.error
                  : null
              }
            />
          ),
        },
        {
          key: "member",
          header: t("admin:accounts.columns.member"),
          sortKey: "member",
          cell: (r) => (
            <Link to={`/admin/customer/${r.userId}`} className={`${textLink}`}>
              {r.nickname}
            </Link>
          ),
        },
        timeColumn("createdAt", t("admin:accounts.columns.createdAt"), { sorted: true }),
        {
          key: "decidedAt",
          header: t("admin:accounts.columns.decidedAt"),
          sortKey: "decidedAt",
          firstDir: "desc",
          cell: (r) =>
            r.decidedAt ? (
              <span className="whitespace-nowrap">
                {formatDateTime(r.decidedAt)}
                {r.decidedBy && (
                  <span className="block text-xs text-slate-500 dark:text-slate-400">
                    {r.decidedBy}
                  </span>
                )}
              </span>
            ) : (
              "—"
            ),
        },
      ]}
    />
  );
}

/**
 * An account's type and, when its broker lists types, the form that sets or clears it (one
 * row, one small form, like the approve button).
 */
function AccountTypeForm({
  account,
  types,
  error,
}: {
  account: { id: string; accountNumber: string; accountType: string | null };
  types: string[];
  error: FormErrorShape | null;
}) {
  const { t } = useTranslation(["admin", "errors"]);
  const id = `account-type-${account.id}`;
  // A type the broker no longer lists (renamed since) stays shown and choosable until changed.
  const choices =
    account.accountType && !types.includes(account.accountType)
      ? [account.accountType, ...types]
      : types;
  if (choices.length === 0) return <span>{account.accountType ?? "—"}</span>;
  const fieldError = error?.fieldErrors.accountType;
  return (
    <Form
      method="post"
      className="flex flex-wrap items-center gap-2"
      data-testid="account-type-form"
    >
      <input type="hidden" name="intent" value="setType" />
      <input type="hidden" name="id" value={account.id} />
      <input type="hidden" name="accountNumber" value={account.accountNumber} />
      <label htmlFor={id} className="sr-only">
        {t("admin:accounts.setTypeOf", { number: account.accountNumber })}
      </label>
      <select
        id={id}
        name="accountType"
        defaultValue={account.accountType ?? ""}
        className={`${filterControl} w-auto`}
        data-testid="account-type"
      >
        <option value="">{t("admin:accounts.typeNone")}</option>
        {choices.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </select>
      <button type="submit" className={buttonClass({ size: "sm", variant: "secondary" })}>
        {t("admin:accounts.setType")}
      </button>
      {fieldError && (
        <span className="text-sm text-red-600 dark:text-red-400" role="alert">
          {t(`errors:field.${fieldError}`, { field: t("admin:accounts.columns.accountType") })}
        </span>
      )}
    </Form>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
