import { randomUUID } from "node:crypto";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EmailText } from "~/components/cells";
import { dateColumn } from "~/components/admin/cells";
import { Field, SubmitButton, useFieldError } from "~/components/ui/form";
import { Alert, FormErrorAlert } from "~/components/ui/Alert";
import { Section } from "~/components/ui/card";
import { PeriodFields } from "~/components/PeriodFields";
import { DataTable } from "~/components/table/DataTable";
import { MemberFilter, TableFilters } from "~/components/table/TableFilters";
import { searchParamsObject } from "~/components/table/url";
import { attempt, parseForm } from "~/lib/forms.server";
import { presentInput } from "../../../../server/domain/present";
import { yenColumn } from "~/components/table/columns";
import { formatYen } from "~/lib/money";
import { PageTitle } from "~/components/ui/PageTitle";
import { answerRefusals } from "~/lib/refusals.server";

export const handle = { i18n: ["admin-money", "wallet", "errors"] };

/**
 * The list, and a fresh one-time key for the credit form: every rendering of the form gets its
 * own, so a double submit (or a retried post) of one form credits the member once.
 */
export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const page = await context.trpc.wallet.adminPresents(searchParamsObject(request.url));
    return json({ page, requestKey: randomUUID() });
  },
);

/** Credits a member from the house through the ledger; a refusal saves nothing. */
export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: ActionFunctionArgs) => {
    const parsed = await parseForm(request, presentInput);
    if (!parsed.ok) return parsed.response;
    const { input, value } = parsed;
    const result = await attempt(parsed.values, () =>
      // No campaign chosen is none.
      context.trpc.wallet.createPresent({
        ...input,
        campaignId: value.campaignId?.trim() || undefined,
      }),
    );
    if (!result.ok) return result.response;
    return json({
      ok: true as const,
      member: value.member,
      amount: value.amount,
      id: result.data.id,
    });
  },
);

/** /admin/present: every present credited to members, and the form to credit one. */
export default function AdminPresents() {
  const { t } = useTranslation(["admin-money", "errors", "common"]);
  const { page, requestKey } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const error = result && !result.ok ? result.error : null;
  const echoed = result && !result.ok ? result.values : null;
  const errors = {
    member: useFieldError(error, "member", "admin-money:presents.form.member"),
    amount: useFieldError(error, "amount", "admin-money:presents.form.amount"),
    reason: useFieldError(error, "reason", "admin-money:presents.form.reason"),
    reasonEn: useFieldError(error, "reasonEn", "admin-money:presents.form.reason"),
    campaignId: useFieldError(error, "campaignId", "admin-money:presents.form.campaignId"),
  };
  /** A field of the form: its label, hint and error by one naming rule, and what was sent. */
  const field = (name: "member" | "amount" | "reason" | "campaignId") => ({
    name,
    label: t(`presents.form.${name}`),
    hint: t(`presents.form.${name}Hint`),
    defaultValue: echoed?.[name],
    error: errors[name],
  });

  return (
    <div className="space-y-6">
      <PageTitle>{t("presents.title")}</PageTitle>

      <Section title={t("presents.form.title")} testId="present-form">
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("presents.form.lead")}</p>
        {result?.ok && (
          <Alert tone="success" testId="present-done">
            {t("presents.form.done", { amount: formatYen(result.amount), member: result.member })}
          </Alert>
        )}
        {error && (
          <Alert tone="error" testId="present-failed">
            {t("presents.form.failed")}
            {error.fieldErrors.requestKey && ` ${t("errors:field.requestKeyInvalid")}`}
          </Alert>
        )}
        <FormErrorAlert error={error} />
        {/* A new key after each success remounts the form empty for the next present. */}
        {/* Remounted (emptied) only after a present was credited: a refused submit keeps the
            form as typed, even when the loader's revalidation brings a fresh request key. */}
        <Form
          method="post"
          key={result?.ok ? result.id : "present-form"}
          className="grid gap-4 sm:grid-cols-2"
          noValidate
        >
          <input type="hidden" name="requestKey" value={requestKey} />
          <Field {...field("member")} type="email" autoComplete="off" required />
          <Field {...field("amount")} inputMode="numeric" autoComplete="off" required />
          <Field {...field("reason")} maxLength={200} required className="sm:col-span-2" />
          <Field
            name="reasonEn"
            lang="en"
            label={t("common:content.english", { field: t("presents.form.reason") })}
            hint={t("common:content.englishHint")}
            maxLength={200}
            defaultValue={echoed?.reasonEn}
            error={errors.reasonEn}
            className="sm:col-span-2"
          />
          <Field {...field("campaignId")} maxLength={64} />
          <div className="flex items-end sm:col-span-2">
            <SubmitButton>{t("presents.form.submit")}</SubmitButton>
          </div>
        </Form>
      </Section>

      <section className="space-y-4" aria-labelledby="presents-list">
        <h2 id="presents-list" className="text-lg font-semibold">
          {t("presents.list")}
        </h2>
        <TableFilters label={t("presents.filters.label")}>
          <MemberFilter
            label={t("presents.filters.member")}
            hint={t("withdrawals.filters.memberHint")}
            id="p-member"
            testId="filter-member"
          />
          <PeriodFields />
        </TableFilters>
        <DataTable
          label={t("presents.list")}
          page={page}
          csvHref="/admin/present/export"
          empty={t("presents.empty")}
          columns={[
            dateColumn("createdAt", t("presents.columns.createdAt"), { sorted: true }),
            {
              key: "member",
              header: t("presents.columns.member"),
              cell: (r) => (
                <span className="block min-w-32">
                  <span className="block font-medium">{r.member.nickname || r.member.email}</span>
                  <span className="block [overflow-wrap:anywhere] text-xs text-slate-500 dark:text-slate-400">
                    <EmailText email={r.member.email} />
                  </span>
                </span>
              ),
            },
            yenColumn("amount", t("presents.columns.amount"), { sorted: true, figures: "strong" }),
            {
              key: "reason",
              header: t("presents.columns.reason"),
              className: "min-w-48 break-words",
              cell: (r) => r.reason,
            },
          ]}
        />
      </section>
    </div>
  );
}
