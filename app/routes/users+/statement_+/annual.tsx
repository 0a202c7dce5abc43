import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BackLink } from "#app/components/BackLink";
import { fetchFailedBoundary } from "#app/components/FetchFailed";
import { Alert } from "#app/components/ui/Alert";
import { Button, buttonClass } from "#app/components/ui/button";
import { card } from "#app/components/ui/card";
import { PageTitle } from "#app/components/ui/PageTitle";
import {
  type AnnualRow,
  annualCheck,
  annualClosingLabel,
  annualDocument,
  annualNotes,
} from "#app/lib/annual";
import { annualYear, offeredYear } from "#app/lib/annual.server";
import { formatYen } from "#app/lib/money";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = {
  title: title.named("annual.year", "statement:annual.titleYear", "year"),
  i18n: ["statement", "wallet", "errors"],
};

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const year = annualYear(request);
    const annual = await context.trpc.wallet.annual({ year });
    offeredYear(request, annual);
    return json({ annual });
  },
);

function Lines({ rows, empty, testId }: { rows: AnnualRow[]; empty: string; testId: string }) {
  const { t } = useTranslation("statement");
  if (rows.length === 0)
    return <p className="px-4 py-3 text-sm text-slate-600 dark:text-slate-300">{empty}</p>;
  return (
    <table className="w-full text-sm" data-testid={testId}>
      <thead className="sr-only">
        <tr>
          <th scope="col">{t("annual.item")}</th>
          <th scope="col">{t("annual.count")}</th>
          <th scope="col">{t("annual.amount")}</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
        {rows.map((r) => (
          <tr key={r.id} data-testid="annual-line" data-line={r.id}>
            <th scope="row" className="px-4 py-2 text-left font-normal">
              {r.label}
              {/* On a phone the count sits under the label, so the amount keeps its width. */}
              {r.count !== null && (
                <span className="block text-xs text-slate-500 sm:hidden dark:text-slate-400">
                  {t("annual.countOf", { count: r.count })}
                </span>
              )}
            </th>
            <td className="hidden whitespace-nowrap px-2 py-2 text-right text-xs text-slate-500 sm:table-cell dark:text-slate-400">
              {r.count === null ? "" : t("annual.countOf", { count: r.count })}
            </td>
            <td className="px-4 py-2 text-right">
              <Yen yen={r.amount} testId="annual-line-amount" />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * An amount of the document on one line: a document's column of figures must not break
 * inside a number (Money may, between digit groups, where a card is narrow).
 */
function Yen({ yen, testId }: { yen: number; testId: string }) {
  return (
    <span className="shrink-0 whitespace-nowrap font-semibold tabular-nums" data-testid={testId}>
      {formatYen(yen)}
    </span>
  );
}

function Total({ label, yen, testId }: { label: string; yen: number; testId: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3 border-t border-slate-200 px-4 py-3 font-semibold dark:border-slate-700">
      <span>{label}</span>
      <Yen yen={yen} testId={testId} />
    </div>
  );
}

/** One part of the document (received, out): a heading, its lines and their total. */
function LinesSection({
  id,
  title,
  rows,
  empty,
  total,
}: {
  id: "annual-income" | "annual-outgoing";
  title: string;
  rows: AnnualRow[];
  empty: string;
  total: { label: string; yen: number };
}) {
  return (
    <section
      aria-labelledby={id}
      className={`${card} overflow-hidden print:break-inside-avoid print:shadow-none`}
    >
      <h2 id={id} className="px-4 pt-3 text-base font-semibold">
        {title}
      </h2>
      <Lines rows={rows} empty={empty} testId={`${id}-lines`} />
      <Total label={total.label} yen={total.yen} testId={id.replace("annual-", "annual-total-")} />
    </section>
  );
}

/**
 * /users/statement/annual?year=YYYY: the member's year in one document (年間取引報告書), for the
 * tax return: the balances at the Tokyo year's start and end, what came in by kind and what
 * went out. Printable as it is (the shell is not printed), and downloadable as PDF and CSV.
 */
export default function AnnualStatementPage() {
  const { t } = useTranslation(["statement", "wallet"]);
  const { annual: y } = useLoaderData<typeof loader>();
  const doc = annualDocument(y, t);
  const query = `?year=${y.year}`;
  return (
    <div className="space-y-4 print:space-y-3">
      <div className="print:hidden">
        <BackLink to="/users/statement">{t("title")}</BackLink>
      </div>
      <PageTitle data-testid="annual-title">{t("annual.titleYear", { year: y.year })}</PageTitle>
      <p className="text-sm text-slate-600 print:hidden dark:text-slate-300">{t("annual.intro")}</p>

      <nav aria-label={t("annual.years")} className="print:hidden">
        <ul className="flex flex-wrap gap-2">
          {y.years.map((year) => (
            <li key={year}>
              <Link
                to={`/users/statement/annual?year=${year}`}
                aria-current={year === y.year ? "page" : undefined}
                className={buttonClass({
                  variant: year === y.year ? "primary" : "secondary",
                  size: "sm",
                })}
                data-testid="annual-year"
              >
                {t("annual.linkYear", { year })}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <div className="flex flex-col gap-2 sm:flex-row print:hidden">
        <a
          href={`/users/statement/annual/pdf${query}`}
          className={buttonClass({ block: true })}
          data-testid="annual-pdf"
          download
        >
          {t("annual.pdf")}
        </a>
        <a
          href={`/users/statement/annual/export${query}`}
          className={buttonClass({ variant: "secondary", block: true })}
          data-testid="annual-csv"
          download
        >
          {t("annual.csv")}
        </a>
        <Button variant="secondary" block onClick={() => window.print()}>
          {t("annual.print")}
        </Button>
      </div>

      <div className="space-y-1 text-sm text-slate-700 dark:text-slate-300">
        <p data-testid="annual-period">{t("annual.period", { year: y.year })}</p>
        <p className="break-all">
          {t("annual.holder")}: {y.holder.name} ({y.holder.email})
        </p>
        <p data-testid="annual-number">
          {t("annual.documentNumber", { number: y.documentNumber })}
        </p>
        {y.issuer && (
          <p data-testid="annual-issuer">
            {t("annual.issuer")}: {y.issuer.name}
            {y.issuer.address && <span className="block">{y.issuer.address}</span>}
          </p>
        )}
      </div>

      {!y.reconciled && (
        <Alert tone="error" testId="annual-mismatch">
          {t("annual.mismatch")}
        </Alert>
      )}

      <section className={`${card} print:border-slate-400 print:shadow-none`}>
        <Total label={t("annual.opening")} yen={y.opening.total} testId="annual-opening" />
      </section>

      <LinesSection
        id="annual-income"
        title={t("annual.income")}
        rows={doc.income}
        empty={t("annual.none")}
        total={{ label: t("annual.totalIncome"), yen: y.totalIncome }}
      />
      <LinesSection
        id="annual-outgoing"
        title={t("annual.outgoing")}
        rows={doc.outgoing}
        empty={t("annual.noneOut")}
        total={{ label: t("annual.totalOutgoing"), yen: y.totalOutgoing }}
      />

      <section className={`${card} print:shadow-none`}>
        <Total label={annualClosingLabel(y, t)} yen={y.closing.total} testId="annual-closing" />
        {y.closing.held > 0 && (
          <p className="px-4 pb-3 text-right text-xs text-slate-600 dark:text-slate-300">
            {t("annual.ofWhichHeld", { amount: formatYen(y.closing.held) })}
          </p>
        )}
      </section>

      <div className="space-y-2 text-xs text-slate-600 dark:text-slate-300">
        <p data-testid="annual-check">{annualCheck(y, t, formatYen)}</p>
        {annualNotes(y, t).map((note) => (
          <p key={note}>{note}</p>
        ))}
      </div>
    </div>
  );
}

/** The "could not be loaded" message, with a reload of the default year. */
export const ErrorBoundary = fetchFailedBoundary("/users/statement/annual", {
  ns: "statement",
  message: "annual.fetchFailed",
  reload: "reload",
});

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
