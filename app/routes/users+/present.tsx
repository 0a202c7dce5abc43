import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminText } from "#app/components/AdminText";
import { PeriodFilter } from "#app/components/PeriodFilter";
import { timeColumn, yenColumn } from "#app/components/table/columns";
import { DataTable } from "#app/components/table/DataTable";
import { searchParamsObject } from "#app/components/table/url";
import { PageTitle } from "#app/components/ui/PageTitle";
import { partyText, SOURCE } from "#app/lib/statement";
import { actionLink } from "#app/components/ui/link";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = {
  title: title.key("wallet:deposit.title"),
  i18n: ["wallet", "statement", "errors"],
};

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    return json({ deposits: await context.trpc.wallet.deposits(searchParamsObject(request.url)) });
  },
);

/**
 * Deposit history: every credit to the wallet (cashback, affiliate rewards, presents, prizes,
 * gacha wins, transfers received, refunds), each linking to the history it comes from.
 */
export default function Deposits() {
  const { t } = useTranslation(["wallet", "statement"]);
  const { deposits } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <PageTitle>{t("deposit.title")}</PageTitle>
      <Link to="/users/statement" className={`${actionLink} text-sm`} data-testid="statement-link">
        {t("statementLink")}
      </Link>
      <PeriodFilter label={t("period.label")} />
      <DataTable
        label={t("deposit.label")}
        page={deposits}
        empty={t("deposit.empty")}
        testId="deposit-history"
        columns={[
          timeColumn("createdAt", t("deposit.date"), { sorted: true }),
          {
            key: "kind",
            header: t("deposit.kind"),
            cell: (r) =>
              // A present is shown in full here; everything else opens its own history.
              SOURCE[r.entry] === "/users/present" ? (
                <span data-testid="deposit-entry" data-entry={r.entry}>
                  {t(`statement:entries.${r.entry}`)}
                </span>
              ) : (
                <Link
                  to={SOURCE[r.entry]}
                  className={`${actionLink} text-sm`}
                  data-testid="deposit-entry"
                  data-entry={r.entry}
                >
                  {t(`statement:entries.${r.entry}`)}
                </Link>
              ),
          },
          yenColumn("amount", t("deposit.amount"), { sorted: true }),
          {
            key: "detail",
            header: t("deposit.detail"),
            cell: (r) => (
              <div className="text-sm">
                {partyText(t, r) && (
                  <p className="text-xs text-slate-600 dark:text-slate-300">{partyText(t, r)}</p>
                )}
                {r.reason && (
                  <AdminText text={r.reason} lang={r.reasonLang} className="block break-words" />
                )}
              </div>
            ),
          },
        ]}
      />
    </div>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
