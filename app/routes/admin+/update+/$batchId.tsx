import ArrowLeftIcon from "@heroicons/react/20/solid/ArrowLeftIcon";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { BatchStatusBadge, RowStatusBadge } from "#app/components/cashback/badges";
import { ImportJobProgress } from "./__import-job-progress";
import { formatCount } from "#app/components/cashback/months";
import { ProfileMapping } from "./__profile-mapping";
import { priceColumn, TradeTime } from "#app/components/cashback/RowPrice";
import { Stamp } from "#app/components/cells";
import { ConfirmDialog } from "#app/components/ui/ConfirmDialog";
import { Alert, FormErrorAlert } from "#app/components/ui/Alert";
import { card } from "#app/components/ui/card";
import { focusRing } from "#app/components/shell/styles";
import { DataTable } from "#app/components/table/DataTable";
import { searchParamsObject, withParams } from "#app/components/table/url";
import { attempt, parseForm } from "#app/lib/forms.server";
import { formatAmount, formatYen } from "#app/lib/money";
import { buttonClass } from "#app/components/ui/button";
import { textLink } from "#app/components/ui/link";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";
import { PageSection } from "#app/components/PageSection";

export const handle = {
  title: title.named("batch.fileName"),
  i18n: ["cashback", "admin-money", "brokers", "errors"],
};

const FILTERS = ["all", "matched", "unmatched", "duplicate", "error", "credited"] as const;

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context, params }: LoaderFunctionArgs) => {
    try {
      const found = await context.trpc.cashback.batch({
        ...searchParamsObject(request.url),
        batchId: params.batchId ?? "",
      });
      return json(found);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === "NOT_FOUND" || code === "BAD_REQUEST") {
        throw new Response("Not found", { status: 404 });
      }
      throw error;
    }
  },
);

/**
 * Commit credits the matched rows once (a second commit is refused); re-run credits the rows
 * whose accounts have been approved since. Both queue a job that the import worker runs; the
 * page then follows its progress. Both are audited by the engine.
 */
/** The batch's two buttons: commit its matched rows, or read its file again (by batch id). */
const batchActionForm = z.object({ intent: z.enum(["commit", "rerun"]) });

export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context, params }: ActionFunctionArgs) => {
    const parsed = await parseForm(request, batchActionForm);
    if (!parsed.ok) return parsed.response;
    const batchId = params.batchId ?? "";
    const { intent } = parsed.value;
    const result = await attempt(parsed.values, () =>
      intent === "commit"
        ? context.trpc.cashback.commit({ batchId })
        : context.trpc.cashback.rerun({ batchId }),
    );
    if (!result.ok) return result.response;
    return json({ ok: true as const, intent, ...result.data });
  },
);

type ActionData = ReturnType<typeof useActionData<typeof action>>;

/** /admin/update/{batchId}: what the report holds, row by row, and the commit. */
export default function ImportBatch() {
  const { t } = useTranslation(["cashback", "errors"]);
  const { batch, page, job } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { search } = useLocation();
  const status = new URLSearchParams(search).get("status") ?? "all";
  const [dialog, setDialog] = useState<{ kind: "commit" | "rerun"; openedWith: ActionData }>();

  // A decision that went through closes the dialog; the result is reported on the page.
  useEffect(() => {
    if (result?.ok) setDialog(undefined);
  }, [result]);

  const fresh = dialog && result !== dialog.openedWith ? result : undefined;
  const dialogError =
    fresh && !fresh.ok && fresh.error.key
      ? t(`errors:${fresh.error.key}`, fresh.error.params ?? {})
      : null;
  const pageError = !dialog && result && !result.ok ? result.error : null;

  const figures = [
    { key: "total", value: batch.total },
    { key: "matched", value: batch.matched },
    { key: "unmatched", value: batch.unmatched },
    { key: "duplicate", value: batch.duplicate },
    { key: "error", value: batch.error },
    { key: "credited", value: batch.credited },
  ] as const;
  const filterCount: Record<(typeof FILTERS)[number], number> = {
    all: batch.total,
    // After a commit, "matched" counts the credited rows too; the rows still to credit are
    // the difference.
    matched: batch.status === "previewed" ? batch.matched : batch.matched - batch.credited,
    unmatched: batch.unmatched,
    duplicate: batch.duplicate,
    error: batch.error,
    credited: batch.credited,
  };

  return (
    <div className="space-y-6">
      <Link to="/admin/update" className={`${textLink} inline-flex items-center gap-1 text-sm`}>
        <ArrowLeftIcon className="h-4 w-4" aria-hidden="true" />
        {t("batch.back")}
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="min-w-0 text-2xl font-bold [overflow-wrap:anywhere]">{batch.fileName}</h1>
        <BatchStatusBadge status={batch.status} />
      </div>

      {result?.ok && job?.state === "queued" && (
        <Alert tone="info" testId="job-queued">
          {t("batch.job.queuedNotice")}
        </Alert>
      )}
      {job && <ImportJobProgress job={job} />}
      <FormErrorAlert error={pageError} />
      {batch.rateMismatch > 0 && (
        <Alert tone="warning" testId="rate-mismatch-count">
          {t("batch.rateMismatch", { count: batch.rateMismatch })}
        </Alert>
      )}

      <section aria-labelledby="batch-summary" className="space-y-3">
        <h2 id="batch-summary" className="sr-only">
          {t("batch.summary")}
        </h2>
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3 xl:grid-cols-6">
          {figures.map((f) => (
            <div key={f.key} className={`${card} p-3`}>
              <dt className="text-xs text-slate-500 dark:text-slate-400">{t(`batch.${f.key}`)}</dt>
              <dd className="mt-1 text-xl font-bold tabular-nums" data-testid={`count-${f.key}`}>
                {formatCount(f.value)}
              </dd>
            </div>
          ))}
        </dl>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          {/* Before the commit nothing is credited: what the matched rows will pay is shown. */}
          {batch.amountToCredit > 0 && (
            <>
              <dt className="text-slate-500 dark:text-slate-400">{t("batch.amountToCredit")}</dt>
              <dd className="font-semibold tabular-nums" data-testid="amount-to-credit">
                {formatYen(batch.amountToCredit)}
              </dd>
            </>
          )}
          {(batch.status === "committing" || batch.status === "committed") && (
            <>
              <dt className="text-slate-500 dark:text-slate-400">{t("batch.amountCredited")}</dt>
              <dd className="font-semibold tabular-nums" data-testid="amount-credited">
                {formatYen(batch.amountCredited)}
              </dd>
            </>
          )}
          <dt className="text-slate-500 dark:text-slate-400">{t("batch.rate")}</dt>
          <dd className="tabular-nums">{batch.usdRate ?? t("batch.noRate")}</dd>
          <dt className="text-slate-500 dark:text-slate-400">{t("batch.createdAt")}</dt>
          <dd>
            <Stamp utc={batch.createdAt} />
          </dd>
          {batch.committedAt && batch.status === "committed" && (
            <>
              <dt className="text-slate-500 dark:text-slate-400">{t("batch.committedAt")}</dt>
              <dd>
                <Stamp utc={batch.committedAt} />
              </dd>
            </>
          )}
        </dl>
        <div className="flex flex-wrap items-center gap-3">
          {batch.status === "previewed" && (
            <button
              type="button"
              onClick={() => setDialog({ kind: "commit", openedWith: result })}
              data-testid="commit"
              className={buttonClass({ block: true })}
            >
              {t("batch.commit")}
            </button>
          )}
          {/* A re-run also finishes a commit whose job failed part-way (matched rows left). */}
          {batch.status === "committed" &&
            (batch.unmatched > 0 || batch.matched > batch.credited) && (
              <>
                <button
                  type="button"
                  onClick={() => setDialog({ kind: "rerun", openedWith: result })}
                  data-testid="rerun"
                  className={buttonClass({ variant: "secondary", block: true })}
                >
                  {t("batch.rerun")}
                </button>
                <p className="text-sm text-slate-600 dark:text-slate-300">{t("batch.rerunHint")}</p>
              </>
            )}
        </div>
      </section>

      <ProfileMapping profile={batch.profile} />

      <PageSection id="batch-rows" title={t("batch.rowsLabel")}>
        <nav aria-label={t("batch.filterLabel")}>
          <ul className="flex flex-wrap gap-2" data-testid="row-filters">
            {FILTERS.map((f) => {
              const current = status === f || (f === "all" && !FILTERS.includes(status as "all"));
              return (
                <li key={f}>
                  <Link
                    to={withParams(search, { status: f === "all" ? null : f, page: null })}
                    preventScrollReset
                    aria-current={current ? "page" : undefined}
                    data-testid={`filter-${f}`}
                    className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm ${focusRing} ${
                      current
                        ? "border-emerald-600 bg-emerald-600 font-semibold text-white"
                        : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700"
                    }`}
                  >
                    {f === "all" ? t("batch.all") : t(`rowStatus.${f}`)}
                    <span className="tabular-nums opacity-80">{filterCount[f]}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <DataTable
          label={t("batch.rowsLabel")}
          page={page}
          rowKey={(r) => r.id}
          empty={t("batch.rowsEmpty")}
          testId="batch-rows"
          columns={[
            {
              key: "line",
              header: t("batch.columns.line"),
              sortKey: "line",
              align: "right",
              nowrap: true,
              cell: (r) => <span className="tabular-nums">{r.line}</span>,
            },
            {
              // The reason sits under the state, so a phone shows it without scrolling sideways.
              key: "status",
              header: t("batch.columns.status"),
              cell: (r) => (
                <span className="block min-w-28 space-y-1">
                  <RowStatusBadge status={r.status} />
                  {r.error && (
                    <span
                      className="block text-xs text-red-700 dark:text-red-300"
                      data-testid="row-reason"
                    >
                      {t(`errors:import.${r.error}`)}
                    </span>
                  )}
                  {r.duplicateOf && (
                    <span className="block text-xs" data-testid="duplicate-of">
                      {"batchId" in r.duplicateOf ? (
                        <Link
                          to={`/admin/update/${r.duplicateOf.batchId}`}
                          className={`${textLink} [overflow-wrap:anywhere]`}
                        >
                          {t("price.importedIn", { file: r.duplicateOf.fileName })}
                        </Link>
                      ) : (
                        t("price.repeatsLine", { line: r.duplicateOf.line })
                      )}
                    </span>
                  )}
                </span>
              ),
            },
            {
              key: "date",
              header: t("batch.columns.date"),
              nowrap: true,
              cell: (r) => (
                <TradeTime
                  tradeDate={r.tradeDate}
                  tradedAt={r.tradedAt}
                  reportedAt={r.reportedAt}
                />
              ),
            },
            {
              key: "broker",
              header: t("batch.columns.broker"),
              cell: (r) => r.brokerName ?? r.brokerText ?? "—",
            },
            {
              key: "account",
              header: t("batch.columns.account"),
              nowrap: true,
              cell: (r) => r.accountNumber ?? "—",
            },
            {
              key: "amount",
              header: t("batch.columns.amount"),
              align: "right",
              nowrap: true,
              cell: (r) =>
                r.amountText ? (
                  <span className="tabular-nums" data-testid="row-amount">
                    {formatAmount(r.amountText, r.currency)}
                  </span>
                ) : (
                  "—"
                ),
            },
            {
              key: "lots",
              header: t("batch.columns.lots"),
              align: "right",
              nowrap: true,
              cell: (r) => (r.lots === null ? "—" : <span className="tabular-nums">{r.lots}</span>),
            },
            {
              // A row whose amount lots × the broker's rate does not explain carries a marker
              // with the amount the rate would pay.
              key: "yen",
              header: t("batch.columns.yen"),
              align: "right",
              cell: (r) =>
                r.amountYen === null ? (
                  "—"
                ) : (
                  <span className="block space-y-1">
                    <span className="block whitespace-nowrap font-semibold tabular-nums">
                      {formatYen(r.amountYen)}
                    </span>
                    {r.rateMismatch && r.expectedYen !== null && (
                      <span
                        className="block text-xs text-amber-800 dark:text-amber-200"
                        data-testid="rate-mismatch"
                      >
                        {t("batch.rateExpected", { amount: formatYen(r.expectedYen) })}
                      </span>
                    )}
                  </span>
                ),
            },
            priceColumn(t("batch.columns.price")),
          ]}
        />
      </PageSection>

      <ConfirmDialog
        open={dialog?.kind === "commit"}
        onClose={() => setDialog(undefined)}
        title={t("batch.commitTitle")}
        confirmLabel={t("batch.commit")}
        fields={{ intent: "commit" }}
        error={dialogError}
        testId="commit-dialog"
      >
        <p>
          {batch.matched > 0
            ? t("batch.commitBody", { count: batch.matched })
            : t("batch.commitNone")}
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog?.kind === "rerun"}
        onClose={() => setDialog(undefined)}
        title={t("batch.rerunTitle")}
        confirmLabel={t("batch.rerun")}
        fields={{ intent: "rerun" }}
        error={dialogError}
        testId="rerun-dialog"
      >
        <p>{t("batch.rerunBody", { count: batch.unmatched })}</p>
      </ConfirmDialog>
    </div>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
