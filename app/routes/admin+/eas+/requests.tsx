import { type ActionFunctionArgs } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { PageRow } from "#app/components/table/DataTable";
import { AccountStatusBadge } from "#app/components/AccountStatus";
import { SectionTabs } from "#app/components/admin/SectionTabs";
import { dateColumn, memberColumn } from "#app/components/admin/cells";
import { ApproveOrDenyTable, memberFact } from "#app/components/admin/Decisions";
import { DialogFacts } from "#app/components/ui/ConfirmDialog";
import { PageTitle } from "#app/components/ui/PageTitle";
import { SearchFilter } from "#app/components/table/ListHeading";
import { SelectFilter, TableFilters } from "#app/components/table/TableFilters";
import { approveOrDeny } from "#app/lib/decisions.server";
import { answerRefusals } from "#app/lib/refusals.server";
import { listLoader } from "#app/lib/list-loader.server";
import { title } from "#app/lib/page-title";
import { decideInput } from "#domain/decision";

export const handle = {
  title: title.key("ea:admin.requests.title"),
  i18n: ["ea", "accounts", "errors"],
};

const KINDS = {
  section: "admin.requests",
  accept: "approve",
  refuse: "deny",
  ns: "ea",
  reason: decideInput,
} as const;

export const loader = /* @__PURE__ */ answerRefusals(
  /* @__PURE__ */ listLoader((trpc, params) => trpc.eas.accountRequests(params)),
);

/**
 * Approve (the account becomes EA-dedicated) or deny with the reason the member reads. A
 * request someone already decided is refused.
 */
export const action = /* @__PURE__ */ answerRefusals(({ request, context }: ActionFunctionArgs) => {
  return approveOrDeny(request, {
    approve: (id) => context.trpc.eas.approveAccountRequest({ id }),
    deny: (id, reason, reasonEn) => context.trpc.eas.denyAccountRequest({ id, reason, reasonEn }),
  });
});

type Row = PageRow<typeof loader>;

/** /admin/eas/requests: members' requests for the EA-dedicated account type, pending first. */
export default function EaAccountRequests() {
  const { t } = useTranslation(["ea", "accounts", "errors"]);
  const { page } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const names = (r: Row) => ({
    member: r.member.nickname || r.member.email,
    account: `${r.brokerName} ${r.accountNumber}`,
  });

  return (
    <div className="space-y-4">
      <PageTitle>{t("admin.requests.title")}</PageTitle>
      <SectionTabs section="eas" />
      <p className="max-w-3xl text-sm text-slate-600 dark:text-slate-300">
        {t("admin.requests.lead")}
      </p>
      <TableFilters label={t("admin.requests.filters")}>
        <SelectFilter
          name="status"
          label={t("admin.requests.status")}
          allLabel={t("admin.requests.all")}
          allValue="all"
          current={params.get("status") ?? "pending"}
          testId="filter-status"
          options={(["pending", "approved", "denied"] as const).map((s) => ({
            value: s,
            label: t(`accounts:status.${s}`),
          }))}
        />
        <SearchFilter label={t("admin.requests.search")} />
      </TableFilters>

      <ApproveOrDenyTable
        english
        kinds={KINDS}
        names={names}
        label={t("admin.requests.title")}
        page={page}
        empty={t("admin.requests.empty")}
        testId="ea-requests-table"
        columns={[
          dateColumn("createdAt", t("admin.requests.columns.createdAt"), { sorted: true }),
          memberColumn(t("admin.requests.columns.member")),
          {
            key: "account",
            header: t("admin.requests.columns.account"),
            cell: (r) => (
              <span className="whitespace-nowrap">
                {r.brokerName} <span className="font-mono">{r.accountNumber}</span>
              </span>
            ),
          },
          {
            key: "status",
            header: t("admin.requests.columns.status"),
            cell: (r) => <AccountStatusBadge status={r.status} reason={r.reason} />,
          },
        ]}
        facts={(row) => (
          <DialogFacts
            items={[
              memberFact(t("admin.requests.columns.member"), row.member),
              {
                label: t("admin.requests.columns.account"),
                value: `${row.brokerName} ${row.accountNumber}`,
                className: "font-semibold",
              },
            ]}
          />
        )}
      />
    </div>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
