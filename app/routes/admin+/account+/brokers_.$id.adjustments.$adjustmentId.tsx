import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { AdminFormPage } from "~/components/admin/FormPage";
import { MemberLines } from "~/components/brokers/adjustments";
import { slashDate } from "~/components/brokers/rates";
import { Stamp } from "~/components/cells";
import { Alert, FormErrorAlert } from "~/components/ui/Alert";
import { Badge } from "~/components/ui/Badge";
import { StatFigures } from "~/components/StatFigures";
import { Field, SelectField, SubmitButton } from "~/components/ui/form";
import { attempt, parseForm } from "~/lib/forms.server";
import { formatYen } from "~/lib/money";
import { answerRefusals } from "~/lib/refusals.server";
import type { Titler } from "~/lib/page-title";

export const handle = {
  title: ((t, data) => {
    const a = (data as { adjustment?: { broker: string; from: string } } | undefined)?.adjustment;
    return a
      ? t("admin:adjustments.batchHeading", { name: a.broker, day: slashDate(a.from) })
      : undefined;
  }) satisfies Titler,
  i18n: ["admin", "errors"],
};

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ context, params }: LoaderFunctionArgs) => {
    try {
      const adjustment = await context.trpc.brokers.adjustments.get({
        id: params.adjustmentId ?? "",
      });
      if (adjustment.brokerId !== params.id) throw new Response("Not found", { status: 404 });
      return json({ adjustment });
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === "NOT_FOUND" || code === "BAD_REQUEST")
        throw new Response("Not found", { status: 404 });
      throw error;
    }
  },
);

/** The page's two forms: apply the batch, or record a decision for one member's debit. */
const adjustmentForm = (form: FormData) =>
  form.get("intent") === "decide"
    ? z.object({
        intent: z.literal("decide"),
        userId: z.string(),
        decision: z.string(),
        reason: z.string(),
      })
    : z.object({ intent: z.literal("settle") });

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
    const result = await attempt(parsed.values, () =>
      context.trpc.brokers.adjustments.settle({ id }),
    );
    if (!result.ok) return result.response;
    return json({ ok: true as const, intent: "settle" as const, ...result.data });
  },
);

/**
 * /admin/account/brokers/{id}/adjustments/{adjustmentId}: an adjustment batch reviewed like an
 * import (per member: rows, yen before and after, the difference), then applied once. A debit
 * the member's balance cannot cover is held: the admin records a decision with a reason.
 */
export default function AdjustmentBatch() {
  const { t } = useTranslation(["admin", "errors"]);
  const { adjustment: a } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const error = answer && !answer.ok ? answer.error : null;
  const decidingFor = error ? (answer as { values?: { userId?: string } }).values?.userId : null;
  const open = a.lines.some((l) => l.status === "pending" || l.status === "held");
  return (
    <AdminFormPage
      back={`/admin/account/brokers/${a.brokerId}/adjustments`}
      backLabel={t("adjustments.back")}
      title={t("adjustments.batchHeading", { name: a.broker, day: slashDate(a.from) })}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={a.status === "applied" ? "success" : "info"}>
          {t(`adjustments.status.${a.status}`)}
        </Badge>
        <span className="text-sm text-slate-600 dark:text-slate-300">
          <Stamp utc={a.appliedAt ?? a.createdAt} />
        </span>
      </div>
      {answer?.ok && answer.intent === "settle" && (
        <Alert tone="success" testId="adjustment-applied">
          {t("adjustments.applied", {
            credited: formatYen(answer.credited),
            debited: formatYen(answer.debited),
            held: answer.held,
          })}
        </Alert>
      )}
      {!decidingFor && <FormErrorAlert error={error} />}
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
              {l.short && (
                <Form method="post" className="space-y-2" data-testid="decide-form">
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
                    maxLength={500}
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
      {open && (
        <Form method="post" className="space-y-2">
          <input type="hidden" name="intent" value="settle" />
          <p className="text-sm text-slate-700 dark:text-slate-200">{t("adjustments.applyHint")}</p>
          <SubmitButton>{t("adjustments.apply")}</SubmitButton>
        </Form>
      )}
    </AdminFormPage>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "~/lib/revalidation";
