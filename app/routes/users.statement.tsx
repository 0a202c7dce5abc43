import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useRouteError } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { PeriodFields } from "~/components/PeriodFields";
import { timeColumn } from "~/components/table/columns";
import { DataTable } from "~/components/table/DataTable";
import { FilterField, filterControl, TableFilters } from "~/components/table/TableFilters";
import { searchParamsObject } from "~/components/table/url";
import { card } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/EmptyState";
import { Alert } from "~/components/ui/Alert";
import { actionLink, textLink } from "~/components/ui/link";
import { Money } from "~/components/ui/Money";
import { PageTitle } from "~/components/ui/PageTitle";
import { formatYen } from "~/lib/money";
import { STATEMENT_GROUPS } from "../../server/domain/statement";
import { partyText, SOURCE } from "~/lib/statement";

export const handle = { i18n: ["statement", "wallet", "errors"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = searchParamsObject(request.url);
  const [statement, balance] = await Promise.all([
    context.trpc.wallet.statement(params),
    context.trpc.wallet.summary(),
  ]);
  return json({ statement, balance });
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
  const { statement, balance } = useLoaderData<typeof loader>();
  const kindId = useId();
  const filtered = statement.kind !== null || statement.period !== "all";
  return (
    <div className="space-y-4">
      <PageTitle>{t("title")}</PageTitle>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("intro")}</p>

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
export function ErrorBoundary() {
  const { t } = useTranslation("statement");
  useRouteError();
  return (
    <Alert tone="error" testId="fetch-failed">
      <p>{t("fetchFailed")}</p>
      <a href="/users/statement" className="mt-2 inline-block underline">
        {t("reload")}
      </a>
    </Alert>
  );
}
