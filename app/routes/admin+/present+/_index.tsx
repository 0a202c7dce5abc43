import { randomUUID } from "node:crypto";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EmailText } from "#app/components/cells";
import { dateColumn } from "#app/components/admin/cells";
import { Field, SubmitButton, useFieldError } from "#app/components/ui/form";
import { Alert, FormErrorAlert } from "#app/components/ui/Alert";
import { Section } from "#app/components/ui/card";
import { PeriodFields } from "#app/components/PeriodFields";
import { DataTable, type PageRow } from "#app/components/table/DataTable";
import { MemberFilter, TableFilters } from "#app/components/table/TableFilters";
import { searchParamsObject } from "#app/components/table/url";
import { attempt, parseForm } from "#app/lib/forms.server";
import { presentDecisionForm, presentInput } from "#domain/present";
import { schemaLimits } from "#app/lib/constraint";
import {
  FirstApprover,
  SecondApprovalButton,
  SecondApprovalDialog,
  StatusNote,
} from "#app/components/admin/SecondApproval";
import { DialogFacts, useDecisions } from "#app/components/ui/ConfirmDialog";
import { memberFact } from "#app/components/admin/Decisions";
import { StatusBadge } from "#app/components/StatusBadge";
import { StatusFilter } from "#app/components/admin/Decisions";
import { yenColumn } from "#app/components/table/columns";
import { formatYen } from "#app/lib/money";
import { PageTitle } from "#app/components/ui/PageTitle";
import { answerRefusals, readForm } from "#app/lib/refusals.server";

/** The present form's limits, from the schema its action parses it with. */
const limits = schemaLimits(presentInput);

export const handle = { i18n: ["admin-money", "wallet", "errors"] };

const STATUSES = ["all", "checking", "completed", "returned"] as const;

/**
 * The list, and a fresh one-time key for the credit form: every rendering of the form gets its
 * own, so a double submit (or a retried post) of one form credits the member once.
 */
export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const [page, me] = await Promise.all([
      context.trpc.wallet.adminPresents(searchParamsObject(request.url)),
      context.trpc.auth.me(),
    ]);
    return json({ page, requestKey: randomUUID(), adminId: me?.id ?? "" });
  },
);

/**
 * Credits a member from the house through the ledger; a refusal saves nothing. One over the
 * threshold only waits for a second admin, whose approval (or sending back) is posted here too,
 * named by its `intent` (the credit form has none).
 */
export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: ActionFunctionArgs) => {
    const form = await readForm(request);
    const wallet = context.trpc.wallet;
    if (form.has("intent")) {
      const parsed = await parseForm(form, presentDecisionForm);
      if (!parsed.ok) return parsed.response;
      const { input } = parsed;
      const result = await attempt(parsed.values, async () => {
        if (input.intent === "approve") await wallet.approvePresent(input);
        else await wallet.sendBackPresent(input);
      });
      if (!result.ok) return result.response;
      return json({ ok: true as const, intent: input.intent });
    }
    const parsed = await parseForm(form, presentInput);
    if (!parsed.ok) return parsed.response;
    const { input, value } = parsed;
    const result = await attempt(parsed.values, () =>
      // No campaign chosen is none.
      wallet.createPresent({
        ...input,
        campaignId: value.campaignId?.trim() || undefined,
      }),
    );
    if (!result.ok) return result.response;
    return json({
      ok: true as const,
      intent: "create" as const,
      member: value.member,
      amount: value.amount,
      id: result.data.id,
      awaitsSecond: result.data.status === "checking",
    });
  },
);

/** /admin/present: every present credited to members, and the form to credit one. */
export default function AdminPresents() {
  const { t } = useTranslation(["admin-money", "errors", "common"]);
  const { page, requestKey, adminId } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const result = useActionData<typeof action>();
  // A refused second decision echoes its intent: it is the list's error, not the form's.
  const refused = result && !result.ok ? result : null;
  const decisionError = refused && "intent" in refused.values ? refused.error : null;
  const error = refused && !decisionError ? refused.error : null;
  const echoed = error ? refused!.values : null;
  const created = result?.ok && result.intent === "create" ? result : null;
  const decided = result?.ok && result.intent !== "create" ? result : null;
  // The second approval of a present awaiting it, in its dialog; a refusal is shown there.
  const decisions = useDecisions<Row, NonNullable<typeof result>>(
    result,
    t("approvals.reason"),
    () => {},
  );
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
        {created && (
          <Alert tone={created.awaitsSecond ? "info" : "success"} testId="present-done">
            {t(created.awaitsSecond ? "presents.form.awaitsSecond" : "presents.form.done", {
              amount: formatYen(created.amount),
              member: created.member,
            })}
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
          key={created ? created.id : "present-form"}
          className="grid gap-4 sm:grid-cols-2"
          noValidate
        >
          <input type="hidden" name="requestKey" value={requestKey} />
          <Field {...field("member")} {...limits("member")} type="email" autoComplete="off" />
          <Field {...field("amount")} inputMode="numeric" autoComplete="off" required />
          <Field {...field("reason")} {...limits("reason")} className="sm:col-span-2" />
          <Field
            name="reasonEn"
            lang="en"
            label={t("common:content.english", { field: t("presents.form.reason") })}
            hint={t("common:content.englishHint")}
            {...limits("reasonEn")}
            defaultValue={echoed?.reasonEn}
            error={errors.reasonEn}
            className="sm:col-span-2"
          />
          <Field {...field("campaignId")} {...limits("campaignId")} />
          <div className="flex items-end sm:col-span-2">
            <SubmitButton>{t("presents.form.submit")}</SubmitButton>
          </div>
        </Form>
      </Section>

      <section className="space-y-4" aria-labelledby="presents-list">
        <h2 id="presents-list" className="text-lg font-semibold">
          {t("presents.list")}
        </h2>
        {decided && (
          <Alert tone="success" testId="decided">
            {t(decided.intent === "approve" ? "presents.approveDone" : "presents.sendBackDone")}
          </Alert>
        )}
        <FormErrorAlert error={decisions.decision ? null : decisionError} />
        <TableFilters label={t("presents.filters.label")}>
          <StatusFilter
            id="p-status"
            label={t("presents.filters.status")}
            statuses={STATUSES}
            value={params.get("status") ?? "all"}
          />
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
            {
              key: "status",
              header: t("presents.columns.status"),
              cell: (r) => (
                <span className="block min-w-28 space-y-1">
                  <StatusBadge status={r.status} />
                  <FirstApprover row={r} />
                  {r.status === "completed" && r.approver && (
                    <StatusNote>{t("approvals.approvedBy", { name: r.approver })}</StatusNote>
                  )}
                  {r.sendBackReason && (
                    <StatusNote testId="send-back-reason">
                      {t("withdrawals.reason", { reason: r.sendBackReason })}
                    </StatusNote>
                  )}
                </span>
              ),
            },
            {
              key: "decision",
              header: t("presents.columns.decision"),
              cell: (r) => (
                <SecondApprovalButton
                  row={r}
                  adminId={adminId}
                  amount={formatYen(r.amount)}
                  onOpen={() => decisions.open(r)}
                />
              ),
            },
          ]}
        />
        <SecondApprovalDialog
          open={decisions.decision !== null}
          row={decisions.decision}
          facts={decisions.decision && <PresentFacts row={decisions.decision} />}
          state={decisions}
        />
      </section>
    </div>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";

type Row = PageRow<typeof loader>;

/** What the second approval is about: the member, the amount and the reason given. */
function PresentFacts({ row }: { row: Row }) {
  const { t } = useTranslation("admin-money");
  return (
    <DialogFacts
      items={[
        memberFact(t("presents.columns.member"), row.member),
        {
          label: t("presents.columns.amount"),
          value: formatYen(row.amount),
          className: "font-semibold",
        },
        { label: t("presents.columns.reason"), value: row.reason, className: "break-words" },
      ]}
    />
  );
}
