import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminText } from "#app/components/AdminText";
import { searchParamsObject } from "#app/components/table/url";
import { fetchFailedBoundary } from "#app/components/FetchFailed";
import { Alert, FormErrorAlert } from "#app/components/ui/Alert";
import { PeriodFilter } from "#app/components/PeriodFilter";
import { StatusBadge } from "#app/components/StatusBadge";
import { focusRing } from "#app/components/shell/styles";
import { timeColumn, yenColumn } from "#app/components/table/columns";
import { DataTable } from "#app/components/table/DataTable";
import { formatDate, formatDateTime } from "#app/lib/format";
import { submitForm } from "#app/lib/forms.server";
import { formatYen } from "#app/lib/money";
import { answerRefusals } from "#app/lib/refusals.server";
import { withdrawalIdInput } from "./withdraw.server";

export const handle = { i18n: ["wallet", "errors"] };

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    return json({
      history: await context.trpc.wallet.withdrawals(searchParamsObject(url)),
      requested: url.searchParams.get("requested"),
    });
  },
);

/** Cancelling a pending request returns its amount to the available balance. */
export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: ActionFunctionArgs) => {
    const result = await submitForm(request, withdrawalIdInput, (input) =>
      context.trpc.wallet.cancelWithdrawal(input),
    );
    if (!result.ok) return result.response;
    return json({ ok: true as const });
  },
);

export default function WithdrawalHistory() {
  const { t } = useTranslation("wallet");
  const { history, requested } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <div className="space-y-4">
      {requested && (
        <Alert tone="success" testId="withdraw-submitted">
          {requested === "nextday"
            ? t("request.submittedNextDay")
            : requested === "transfer"
              ? t("transfer.done")
              : t("request.submitted")}
        </Alert>
      )}
      {result?.ok && <Alert tone="success">{t("history.cancelled")}</Alert>}
      <FormErrorAlert error={result && !result.ok ? result.error : null} />
      <PeriodFilter label={t("period.label")} />
      <DataTable
        label={t("history.label")}
        page={history}
        empty={t("history.empty")}
        csvHref="/users/withdraw/export"
        testId="withdrawal-history"
        columns={[
          timeColumn("createdAt", t("history.requestedAt"), { sorted: true }),
          { key: "method", header: t("history.method"), cell: (r) => t(`methods.${r.method}`) },
          yenColumn("amount", t("history.amount"), { sorted: true }),
          {
            key: "status",
            header: t("history.status"),
            cell: (r) => <StatusBadge status={r.status} />,
          },
          {
            key: "completedAt",
            header: t("history.completedAt"),
            nowrap: true,
            cell: (r) => (r.status === "completed" ? formatDate(r.completedAt) : ""),
          },
          {
            key: "note",
            header: t("history.note"),
            cell: (r) => (
              <div className="space-y-0.5 text-xs text-slate-600 dark:text-slate-300">
                {r.counterparty && <p>{t("history.to", { name: r.counterparty })}</p>}
                {r.fee > 0 && <p>{t("history.fee", { fee: formatYen(r.fee) })}</p>}
                {r.nextBusinessDay && r.status === "pending" && (
                  <p>{t("history.nextBusinessDay")}</p>
                )}
                {r.rejectReason && (
                  <p data-testid="reject-reason">
                    {t("history.reasonLabel")}{" "}
                    <AdminText text={r.rejectReason} lang={r.rejectReasonLang} />
                  </p>
                )}
              </div>
            ),
          },
          {
            key: "actions",
            header: <span className="sr-only">{t("history.cancel")}</span>,
            cell: (r) =>
              r.status === "pending" && r.method !== "transfer" ? (
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="id" value={r.id} />
                  <button
                    type="submit"
                    aria-label={t("history.cancelLabel", { date: formatDateTime(r.createdAt) })}
                    className={`min-h-11 rounded-md border border-slate-300 px-3 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800 ${focusRing}`}
                  >
                    {t("history.cancel")}
                  </button>
                </Form>
              ) : null,
          },
        ]}
      />
    </div>
  );
}

/** The "data fetch failed" message when the history cannot be loaded. */
export const ErrorBoundary = fetchFailedBoundary("/users/withdraw");

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
