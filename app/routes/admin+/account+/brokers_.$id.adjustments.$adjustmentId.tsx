import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { AdminFormPage } from "#app/components/admin/FormPage";
import { FirstApprover, SecondApproval } from "#app/components/admin/SecondApproval";
import { MemberLines } from "#app/components/brokers/adjustments";
import { slashDate } from "#app/components/brokers/rates";
import { Stamp } from "#app/components/cells";
import { Alert, FormErrorAlert } from "#app/components/ui/Alert";
import { Badge } from "#app/components/ui/Badge";
import { StatFigures } from "#app/components/StatFigures";
import { Field, SelectField, SubmitButton } from "#app/components/ui/form";
import { attempt, parseForm } from "#app/lib/forms.server";
import { formatYen } from "#app/lib/money";
import { answerRefusals } from "#app/lib/refusals.server";
import type { Titler } from "#app/lib/page-title";
import { sendBackInput } from "#domain/withdrawal-decision";
import { decideDebitInput } from "#domain/rate-adjustment";
import { schemaLimits } from "#app/lib/constraint";

export const handle = {
  title: ((t, data) => {
    const a = (data as { adjustment?: { broker: string; from: string } } | undefined)?.adjustment;
    return a
      ? t("admin:adjustments.batchHeading", { name: a.broker, day: slashDate(a.from) })
      : undefined;
  }) satisfies Titler,
  i18n: ["admin", "admin-money", "errors"],
};

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ context, params }: LoaderFunctionArgs) => {
    try {
      const [adjustment, me] = await Promise.all([
        context.trpc.brokers.adjustments.get({ id: params.adjustmentId ?? "" }),
        context.trpc.auth.me(),
      ]);
      if (adjustment.brokerId !== params.id) throw new Response("Not found", { status: 404 });
      return json({ adjustment, adminId: me?.id ?? "" });
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === "NOT_FOUND" || code === "BAD_REQUEST")
        throw new Response("Not found", { status: 404 });
      throw error;
    }
  },
);

/** A held member's decision as the page sends it: the procedure's input less the batch. */
const decideDebitForm = decideDebitInput
  .omit({ adjustmentId: true })
  .extend({ intent: z.literal("decide") });

/**
 * The page's forms: apply the batch (its maker's first decision, or settling held members),
 * record a decision for one member's debit, and a second admin's approve or send back.
 */
const adjustmentForm = (form: FormData) => {
  const intent = form.get("intent");
  if (intent === "decide") return decideDebitForm;
  if (intent === "approve") return z.object({ intent: z.literal("approve") });
  if (intent === "sendBack")
    return z.object({ intent: z.literal("sendBack"), reason: sendBackInput.shape.reason });
  return z.object({ intent: z.literal("settle") });
};

export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context, params }: ActionFunctionArgs) => {
    const parsed = await parseForm(request, adjustmentForm);
    if (!parsed.ok) return parsed.response;
    const id = params.adjustmentId ?? "";
    const value = parsed.value;
    if (value.intent === "decide") {
      const result = await attempt(parsed.values, () =>
        context.trpc.brokers.adjustments.decide({
          adjustmentId: id,
          userId: value.userId,
          // The procedure parses the decision; a value it does not know is its refusal.
          decision: value.decision as "waive" | "debit_available",
          reason: value.reason,
        }),
      );
      if (!result.ok) return result.response;
      return json({ ok: true as const, intent: "decide" as const, userId: value.userId });
    }
    if (value.intent === "sendBack") {
      const result = await attempt(parsed.values, () =>
        context.trpc.brokers.adjustments.sendBack({ id, reason: value.reason }),
      );
      if (!result.ok) return result.response;
      return json({ ok: true as const, intent: "sendBack" as const });
    }
    const result = await attempt(parsed.values, () =>
      value.intent === "approve"
        ? context.trpc.brokers.adjustments.approve({ id })
        : context.trpc.brokers.adjustments.settle({ id }),
    );
    if (!result.ok) return result.response;
    return json({ ok: true as const, intent: "settle" as const, ...result.data });
  },
);

/**
 * /admin/account/brokers/{id}/adjustments/{adjustmentId}: an adjustment batch reviewed like an
 * import (per member: rows, yen before and after, the difference). Its maker's apply is the
 * first decision; a different admin approves it (applied once) or sends it back with a reason.
 * A debit the member's balance cannot cover is held: an admin records a decision with a reason.
 */
export default function AdjustmentBatch() {
  const { t } = useTranslation(["admin", "errors"]);
  const { adjustment: a, adminId } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const error = answer && !answer.ok ? answer.error : null;
  const decidingFor = error ? (answer as { values?: { userId?: string } }).values?.userId : null;
  const held = a.lines.some((l) => l.status === "pending" || l.status === "held");
  const settled = answer?.ok && answer.intent === "settle" ? answer : null;
  return (
    <AdminFormPage
      back={`/admin/account/brokers/${a.brokerId}/adjustments`}
      backLabel={t("adjustments.back")}
      title={t("adjustments.batchHeading", { name: a.broker, day: slashDate(a.from) })}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge
          tone={a.status === "applied" ? "success" : a.status === "checking" ? "warning" : "info"}
          data-testid="adjustment-status"
        >
          {t(`adjustments.status.${a.status}`)}
        </Badge>
        <span className="text-sm text-slate-600 dark:text-slate-300">
          <Stamp utc={a.appliedAt ?? a.createdAt} />
        </span>
      </div>
      {settled?.status === "checking" && (
        <Alert tone="info" testId="adjustment-waiting">
          {t("adjustments.firstDone")}
        </Alert>
      )}
      {settled?.status === "applied" && (
        <Alert tone="success" testId="adjustment-applied">
          {t("adjustments.applied", {
            credited: formatYen(settled.credited),
            debited: formatYen(settled.debited),
            held: settled.held,
          })}
          {settled.awaitingOther > 0 &&
            ` ${t("adjustments.awaitingOtherDecisions", { count: settled.awaitingOther })}`}
        </Alert>
      )}
      {answer?.ok && answer.intent === "sendBack" && (
        <Alert tone="success" testId="adjustment-sent-back">
          {t("adjustments.sentBack")}
        </Alert>
      )}
      {a.status === "draft" && a.sendBackReason && (
        <Alert tone="warning" testId="adjustment-send-back-reason">
          <span className="[overflow-wrap:anywhere]">
            {t("adjustments.sentBackWith", { reason: a.sendBackReason })}
          </span>
        </Alert>
      )}
      {!decidingFor && <FormErrorAlert error={error} />}
      {a.status === "checking" && (
        <div className="space-y-2" data-testid="adjustment-approval">
          <FirstApprover row={a} />
          <SecondApproval row={a} adminId={adminId} />
        </div>
      )}
      <StatFigures
        className="grid-cols-2 sm:grid-cols-4"
        items={(
          [
            ["members", String(a.members)],
            ["rows", String(a.rows)],
            ["credit", formatYen(a.credit)],
            ["debit", formatYen(a.debit)],
          ] as const
        ).map(([key, value]) => ({
          label: t(`adjustments.figures.${key}`),
          value,
          testId: `adjustment-${key}`,
        }))}
      />
      <MemberLines
        lines={a.lines}
        extra={(userId) => {
          const l = a.lines.find((x) => x.userId === userId)!;
          return (
            <div className="mt-2 space-y-2 text-sm">
              <p data-testid="member-status" data-status={l.status}>
                {t(`adjustments.memberStatus.${l.status}`, { moved: formatYen(l.moved) })}
                {" · "}
                {t("adjustments.balance", { amount: formatYen(l.available) })}
              </p>
              {l.decision && (
                <p className="text-slate-700 [overflow-wrap:anywhere] dark:text-slate-200">
                  {t(`adjustments.decision.${l.decision}`)}: {l.decisionReason}
                </p>
              )}
              {l.short && l.decisionChecked && (
                <p className="text-slate-700 dark:text-slate-200">
                  {t("adjustments.decisionChecked")}
                </p>
              )}
              {l.short && (
                <Form method="post" className="space-y-2" data-testid="decide-form" noValidate>
                  <Alert tone="warning">{t("adjustments.short")}</Alert>
                  <input type="hidden" name="intent" value="decide" />
                  <input type="hidden" name="userId" value={l.userId} />
                  {decidingFor === l.userId && <FormErrorAlert error={error} />}
                  <SelectField
                    name="decision"
                    label={t("adjustments.decisionLabel")}
                    defaultValue={l.decision ?? "waive"}
                  >
                    <option value="waive">{t("adjustments.decision.waive")}</option>
                    <option value="debit_available">
                      {t("adjustments.decision.debit_available")}
                    </option>
                  </SelectField>
                  <Field
                    name="reason"
                    label={t("adjustments.reason")}
                    defaultValue={l.decisionReason ?? ""}
                    {...schemaLimits(decideDebitForm)("reason")}
                    error={
                      decidingFor === l.userId && error?.fieldErrors.reason
                        ? t(`errors:field.${error.fieldErrors.reason}`, {
                            field: t("adjustments.reason"),
                          })
                        : null
                    }
                  />
                  <SubmitButton tone="secondary">{t("adjustments.decide")}</SubmitButton>
                </Form>
              )}
            </div>
          );
        }}
      />
      {(a.status === "draft" || (a.status === "applied" && held)) && (
        <Form method="post" className="space-y-2">
          <input type="hidden" name="intent" value="settle" />
          <p className="text-sm text-slate-700 dark:text-slate-200">
            {a.status === "draft"
              ? `${t("adjustments.applyHint")} ${t("adjustments.firstHint")}`
              : t("adjustments.resettleHint")}
          </p>
          <SubmitButton>
            {t(a.status === "draft" ? "adjustments.apply" : "adjustments.resettle")}
          </SubmitButton>
        </Form>
      )}
    </AdminFormPage>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
