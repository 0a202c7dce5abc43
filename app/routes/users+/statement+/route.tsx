import { json, type LoaderFunctionArgs } from "@remix-run/node";
import DocumentTextIcon from "@heroicons/react/24/outline/DocumentTextIcon";
import { Link, useLoaderData } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { fetchFailedBoundary } from "#app/components/FetchFailed";
import { PeriodFields } from "#app/components/PeriodFields";
import { timeColumn } from "#app/components/table/columns";
import { DataTable } from "#app/components/table/DataTable";
import { FilterField, filterControl, TableFilters } from "#app/components/table/TableFilters";
import { searchParamsObject } from "#app/components/table/url";
import { buttonClass } from "#app/components/ui/button";
import { card } from "#app/components/ui/card";
import { EmptyState } from "#app/components/ui/EmptyState";
import { actionLink, textLink } from "#app/components/ui/link";
import { Money } from "#app/components/ui/Money";
import { PageTitle } from "#app/components/ui/PageTitle";
import { formatYen } from "#app/lib/money";
import { STATEMENT_GROUPS } from "#domain/statement";
import { partyText, SOURCE } from "#app/lib/statement";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = {
  title: title.key("statement:title"),
  i18n: ["statement", "wallet", "errors"],
};

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const params = searchParamsObject(request.url);
    const [statement, balance, years] = await Promise.all([
      context.trpc.wallet.statement(params),
      context.trpc.wallet.summary(),
      context.trpc.wallet.annualYears(),
    ]);
    // The annual statement's years, newest first: the last two a member files for, of those
    // the member had an account in.
    return json({ statement, balance, annualYears: years.slice(0, 2) });
  },
);

/**
 * The annual statement (年間取引報告書), one link per recent year: the page it opens offers
 * the PDF, so a member has their year for the tax return in two taps.
 */
function AnnualLinks({ years }: { years: number[] }) {
  const { t } = useTranslation("statement");
  return (
    <nav
      aria-label={t("annual.title")}
      className={`${card} flex flex-wrap items-center gap-2 p-3 sm:p-4`}
      data-testid="annual-links"
    >
      <DocumentTextIcon className="h-5 w-5 shrink-0 text-emerald-700" aria-hidden="true" />
      <span className="text-sm font-semibold">{t("annual.link")}</span>
      <span className="flex flex-wrap gap-2">
        {years.map((year) => (
          <Link
            key={year}
            to={`/users/statement/annual?year=${year}`}
            className={buttonClass({ variant: "secondary", size: "sm" })}
            data-testid="annual-link"
          >
            {t("annual.linkYear", { year })}
          </Link>
        ))}
      </span>
    </nav>
  );
}

/** A signed change: "+¥1,000" or "-¥1,000", credits in green. */
function Change({ yen, testId }: { yen: number; testId?: string }) {
  return (
    <span
      data-testid={testId}
      className={`font-semibold ${yen > 0 ? "text-emerald-700 dark:text-emerald-400" : ""}`}
    >
      {yen > 0 ? "+" : ""}
      <Money yen={yen} />
    </span>
  );
}

/**
 * /users/statement: every movement of the member's wallet, newest first, with the available
 * and held balances after each, filtered by kind and period, paged, exportable as CSV. Each
 * row links to the history the movement comes from.
 */
export default function Statement() {
  const { t } = useTranslation(["statement", "wallet"]);
  const { statement, balance, annualYears } = useLoaderData<typeof loader>();
  const kindId = useId();
  const filtered = statement.kind !== null || statement.period !== "all";
  return (
    <div className="space-y-4">
      <PageTitle>{t("title")}</PageTitle>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("intro")}</p>
      <AnnualLinks years={annualYears} />

      <section aria-label={t("now.title")} className="grid grid-cols-2 gap-2 sm:gap-3">
        <div className={`${card} min-w-0 p-3 sm:p-4`}>
          <p className="text-xs text-slate-500 sm:text-sm dark:text-slate-400">
            {t("now.available")}
          </p>
          <Money yen={balance.available} size="lg" data-testid="statement-available" />
        </div>
        <div className={`${card} min-w-0 p-3 sm:p-4`}>
          <p className="text-xs text-slate-500 sm:text-sm dark:text-slate-400">{t("now.held")}</p>
          <Money yen={balance.held} size="lg" data-testid="statement-held" />
        </div>
      </section>

      <TableFilters label={t("filter.label")}>
        <FilterField label={t("filter.kind")} htmlFor={kindId}>
          <select
            id={kindId}
            name="kind"
            defaultValue={statement.kind ?? ""}
            className={filterControl}
            data-testid="filter-kind"
          >
            <option value="">{t("filter.all")}</option>
            {STATEMENT_GROUPS.map((g) => (
              <option key={g} value={g}>
                {t(`groups.${g}`)}
              </option>
            ))}
          </select>
        </FilterField>
        <PeriodFields />
      </TableFilters>

      {statement.total === 0 ? (
        <EmptyState
          testId="statement-empty"
          action={
            filtered ? (
              <Link to="/users/statement" className={`${textLink} text-sm`}>
                {t("clearFilter")}
              </Link>
            ) : undefined
          }
        >
          {filtered ? t("emptyFiltered") : t("empty")}
        </EmptyState>
      ) : (
        <DataTable
          label={t("label")}
          page={statement}
          csvHref="/users/statement/export"
          testId="statement"
          columns={[
            timeColumn("createdAt", t("columns.date"), { sorted: true }),
            {
              key: "entry",
              header: t("columns.entry"),
              cell: (r) => (
                <div className="space-y-0.5">
                  <Link
                    to={SOURCE[r.entry]}
                    className={`${actionLink} text-sm`}
                    data-testid="statement-entry"
                    data-entry={r.entry}
                  >
                    {t(`entries.${r.entry}`)}
                  </Link>
                  {(partyText(t, r) || r.fee || r.method) && (
                    <p className="text-xs text-slate-600 dark:text-slate-300">
                      {[
                        r.method && t(`wallet:methods.${r.method}`),
                        partyText(t, r),
                        r.fee ? t("fee", { fee: formatYen(r.fee) }) : null,
                      ]
                        .filter(Boolean)
                        .join(" · ")}
                    </p>
                  )}
                </div>
              ),
            },
            {
              key: "amount",
              header: t("columns.amount"),
              align: "right",
              nowrap: true,
              cell: (r) => (
                <div className="flex flex-col items-end">
                  {r.availableDelta !== 0 && (
                    <Change yen={r.availableDelta} testId="statement-change" />
                  )}
                  {r.heldDelta !== 0 && (
                    <span className="text-xs text-slate-600 dark:text-slate-300">
                      {t("held", {
                        amount: `${r.heldDelta > 0 ? "+" : ""}${formatYen(r.heldDelta)}`,
                      })}
                    </span>
                  )}
                </div>
              ),
            },
            {
              key: "availableAfter",
              header: t("columns.availableAfter"),
              align: "right",
              nowrap: true,
              cell: (r) => <Money yen={r.availableAfter} data-testid="statement-available-after" />,
            },
            {
              key: "heldAfter",
              header: t("columns.heldAfter"),
              align: "right",
              nowrap: true,
              cell: (r) => (
                <Money
                  yen={r.heldAfter}
                  className="text-slate-600 dark:text-slate-300"
                  data-testid="statement-held-after"
                />
              ),
            },
          ]}
        />
      )}
    </div>
  );
}

/** The "data fetch failed" message when the statement cannot be loaded. */
export const ErrorBoundary = fetchFailedBoundary("/users/statement", {
  ns: "statement",
  message: "fetchFailed",
  reload: "reload",
});

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
