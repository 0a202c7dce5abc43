import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { StatFigures } from "#app/components/StatFigures";
import { AffiliateChart } from "./__affiliate-chart";
import { CopyButton } from "./__copy-button";
import { focusRing } from "#app/components/shell/styles";
import { timeColumn } from "#app/components/table/columns";
import { DataTable } from "#app/components/table/DataTable";
import { searchParamsObject } from "#app/components/table/url";
import { formatDate } from "#app/lib/format";
import { formatYen } from "#app/lib/money";
import { card } from "#app/components/ui/card";
import { PageTitle } from "#app/components/ui/PageTitle";
import { PageSection } from "#app/components/PageSection";
import { SummaryTable } from "#app/components/cashback/SummaryTable";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";
import { Badge } from "#app/components/ui/Badge";
import { AFFILIATE_PRESETS } from "#domain/affiliate-periods";

export const handle = { title: title.key("nav.affiliate"), i18n: ["affiliate"] };

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const params = searchParamsObject(request.url);
    const [summary, link, customers, rewards, banners] = await Promise.all([
      context.trpc.affiliate.summary({ preset: params.preset as never }),
      context.trpc.affiliate.link(),
      context.trpc.affiliate.customers(params),
      context.trpc.affiliate.rewards(),
      context.trpc.affiliate.banners(),
    ]);
    return json({ summary, link, customers, rewards, banners });
  },
);

const panel = `${card} p-3 sm:p-4`;

/**
 * /users/affiliate: the summary for an affiliate preset with its chart, the member's referral
 * link (copy button and QR code), the banners (each with copyable HTML holding that link), the customers they referred (display name, registration date
 * and account states only) and the rewards per customer and per month. Every figure comes from
 * the summaries kept with the ledger movements.
 */
export default function Affiliate() {
  const { t } = useTranslation("affiliate");
  const { summary, link, customers, rewards, banners } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-8">
      <PageTitle>{t("title")}</PageTitle>

      <PageSection id="aff-summary" title={t("summary.title")} testId="affiliate-summary">
        <nav aria-label={t("presets.label")}>
          <ul className="flex flex-wrap gap-2">
            {AFFILIATE_PRESETS.map((p) => (
              <li key={p}>
                <Link
                  to={`?preset=${p}`}
                  preventScrollReset
                  aria-current={summary.preset === p ? "page" : undefined}
                  className={`inline-flex min-h-11 items-center rounded-full border px-3 py-1 text-sm ${focusRing} ${
                    summary.preset === p
                      ? "border-emerald-600 bg-emerald-600 text-white"
                      : "border-slate-300 bg-white text-slate-700 hover:border-emerald-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-200"
                  }`}
                >
                  {t(`presets.${p}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {summary.from.replaceAll("-", "/")} – {summary.to.replaceAll("-", "/")}
        </p>
        <StatFigures
          className="grid-cols-2 lg:grid-cols-4"
          items={[
            {
              label: t("summary.registrations"),
              value: String(summary.registrations),
              testId: "aff-registrations",
            },
            {
              label: t("summary.accounts"),
              value: String(summary.accounts.approved),
              note: t("summary.accountsDetail", summary.accounts),
              testId: "aff-accounts",
            },
            {
              label: t("summary.rewards"),
              value: formatYen(summary.rewards),
              testId: "aff-rewards",
            },
            {
              label: t("summary.totalRewards"),
              value: formatYen(summary.totalRewards),
              testId: "aff-total-rewards",
            },
          ]}
        />
        <div className={panel}>
          <AffiliateChart data={summary.series} bucket={summary.bucket} />
        </div>
      </PageSection>

      <PageSection id="aff-link" title={t("link.title")}>
        <div className={`${panel} flex flex-col gap-4 sm:flex-row sm:items-start`}>
          <img
            src={link.qr}
            alt={t("link.qr")}
            width={160}
            height={160}
            className="h-40 w-40 shrink-0 self-center rounded-md border border-slate-200 bg-white sm:self-start"
            data-testid="aff-qr"
          />
          <div className="min-w-0 flex-1 space-y-3">
            <p className="text-sm">
              {t("link.code")}:{" "}
              <span className="font-mono font-semibold" data-testid="aff-code">
                {link.code}
              </span>
            </p>
            <div className="flex items-stretch gap-2">
              <input
                readOnly
                value={link.url}
                autoComplete="off"
                aria-label={t("link.title")}
                onFocus={(e) => e.currentTarget.select()}
                className="min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm dark:border-slate-600 dark:bg-slate-800"
                data-testid="aff-link"
              />
              <CopyButton text={link.url} testId="aff-copy" />
            </div>
            <p className="text-sm text-slate-600 dark:text-slate-300">{t("link.note")}</p>
          </div>
        </div>
      </PageSection>

      <PageSection id="aff-banners" title={t("banners.title")} testId="aff-banners">
        {banners.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("banners.empty")}</p>
        ) : (
          <>
            <p className="text-sm text-slate-600 dark:text-slate-300">{t("banners.note")}</p>
            <ul className="space-y-4">
              {banners.map((b) => (
                <li key={b.id} className={`${panel} space-y-3`} data-testid="aff-banner">
                  <h3 className="font-semibold">{b.title}</h3>
                  <img
                    src={`/media/banners/${b.file}`}
                    alt={b.alt}
                    width={b.width}
                    height={b.height}
                    className="h-auto max-w-full rounded border border-slate-200 dark:border-slate-700"
                  />
                  <div className="flex items-start gap-2">
                    <textarea
                      readOnly
                      value={b.html}
                      rows={3}
                      aria-label={t("banners.html", { title: b.title })}
                      onFocus={(e) => e.currentTarget.select()}
                      className="min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs break-all dark:border-slate-600 dark:bg-slate-800"
                      data-testid="aff-banner-html"
                    />
                    <CopyButton text={b.html} testId="aff-banner-copy" />
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}
      </PageSection>

      <PageSection id="aff-customers" title={t("customers.title")}>
        <DataTable
          label={t("customers.title")}
          page={customers}
          rowKey={(r) => String(r.no)}
          empty={t("customers.empty")}
          testId="aff-customers"
          columns={[
            { key: "no", header: t("customers.no"), nowrap: true, cell: (r) => r.no },
            {
              key: "name",
              header: t("customers.name"),
              sortKey: "nickname",
              firstDir: "asc",
              cell: (r) => r.name,
            },
            timeColumn("registeredAt", t("customers.registered"), {
              key: "registered",
              sorted: true,
              format: formatDate,
            }),
            {
              key: "accounts",
              header: t("customers.accounts"),
              cell: (r) => <AccountStates {...r.accounts} />,
            },
          ]}
        />
      </PageSection>

      <PageSection id="aff-rewards" title={t("rewards.title")}>
        <div className="grid gap-3 lg:grid-cols-2">
          <SmallTable
            caption={t("rewards.perCustomer")}
            testId="aff-rewards-customer"
            empty={t("rewards.empty")}
            head={[t("rewards.customer"), t("rewards.cashback"), t("rewards.rewards")]}
            rows={rewards.perCustomer.map((r, i) => ({
              key: `${i}`,
              cells: [r.name, formatYen(r.cashback), formatYen(r.rewards)],
            }))}
          />
          <SmallTable
            caption={t("rewards.perMonth")}
            testId="aff-rewards-month"
            empty={t("rewards.empty")}
            head={[
              t("rewards.month"),
              t("rewards.customers"),
              t("rewards.cashback"),
              t("rewards.rewards"),
            ]}
            rows={rewards.perMonth.map((r) => ({
              key: r.month,
              cells: [
                r.month.replace("-", "/"),
                String(r.customers),
                formatYen(r.cashback),
                formatYen(r.rewards),
              ],
            }))}
          />
        </div>
      </PageSection>
    </div>
  );
}

function AccountStates({
  approved,
  pending,
  denied,
}: {
  approved: number;
  pending: number;
  denied: number;
}) {
  const { t } = useTranslation("affiliate");
  if (approved + pending + denied === 0) {
    return <span className="text-slate-500 dark:text-slate-400">{t("customers.none")}</span>;
  }
  return (
    <span className="flex flex-wrap gap-1">
      {approved > 0 && <Badge tone="success">{t("customers.approved", { count: approved })}</Badge>}
      {pending > 0 && <Badge tone="warning">{t("customers.pending", { count: pending })}</Badge>}
      {denied > 0 && <Badge tone="danger">{t("customers.denied", { count: denied })}</Badge>}
    </span>
  );
}

/** The rewards tables: the first column names the row, the others are figures. */
function SmallTable({
  caption,
  head,
  rows,
  empty,
  testId,
}: {
  caption: string;
  head: string[];
  rows: { key: string; cells: ReactNode[] }[];
  empty: string;
  testId: string;
}) {
  return (
    <SummaryTable
      caption={caption}
      columns={head.map((header, i) => ({
        header,
        nowrap: true,
        ...(i === 0 ? {} : { align: "right" as const, cellClassName: "tabular-nums" }),
      }))}
      rows={rows}
      empty={empty}
      testId={testId}
    />
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
