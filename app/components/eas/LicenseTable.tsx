import { useActionData } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { dateColumn, memberColumn } from "#app/components/admin/cells";
import { BrokerAccount, linkColumn } from "#app/components/table/columns";
import {
  type RowDecision,
  RowDecisionButton,
  RowDecisions,
} from "#app/components/admin/RowDecisions";
import { ConfirmDialog, DialogFacts, useDecisions } from "#app/components/ui/ConfirmDialog";
import { Alert, FormErrorAlert } from "#app/components/ui/Alert";
import { DataTable, type TablePage } from "#app/components/table/DataTable";
import { MemberFilter, SelectFilter, TableFilters } from "#app/components/table/TableFilters";
import type { licenseDecision } from "#app/lib/ea-licenses.server";
import { AccountTypeBadge } from "./badges";
import { licenseKeyColumn, licenseStatusColumn } from "./columns";
import { decideInput } from "#domain/decision";

export interface AdminLicenseRow {
  id: string;
  eaId: string;
  eaName: string;
  accountType: string;
  status: string;
  licenseKey: string | null;
  reason: string | null;
  requestedAt: string;
  issuedAt: string | null;
  endedAt: string | null;
  account: { accountNumber: string; brokerName: string; status: string };
  member: { id: string; email: string; nickname: string };
}

const STATUSES = ["pending", "active", "rejected", "revoked"] as const;

type Decision = { kind: "issue" | "reject" | "revoke"; row: AdminLicenseRow };

/**
 * Licences for the admin, filtered by state and member, with the decisions each state allows:
 * a pending request is issued or rejected, an active licence revoked (a reason is required).
 */
export function LicenseTable({
  page,
  showEa,
}: {
  page: TablePage<AdminLicenseRow>;
  showEa: boolean;
}) {
  const { t } = useTranslation(["ea", "errors", "common"]);
  const result = useActionData<typeof licenseDecision>();
  const [done, setDone] = useState<{
    kind: string;
    row: AdminLicenseRow;
    key: string | null;
  } | null>(null);
  const {
    decision,
    open: openDecision,
    close,
    dialogError,
    reasonError,
    pageError,
  } = useDecisions<Decision, NonNullable<typeof result>>(
    result,
    t("admin.licenses.reason"),
    (ok, decided) => {
      if (decided) setDone({ kind: ok.intent, row: decided.row, key: ok.licenseKey });
    },
  );
  const open = (kind: Decision["kind"], row: AdminLicenseRow) => {
    setDone(null);
    openDecision({ kind, row });
  };
  const who = (r: AdminLicenseRow) => r.member.nickname || r.member.email;
  /** A row's button for one decision: its label, testid and aria-label all follow the kind. */
  const decisionButton = (kind: Decision["kind"], r: AdminLicenseRow): RowDecision => ({
    label: t(`admin.licenses.${kind}`),
    ariaLabel: t(`admin.licenses.${kind}One`, { member: who(r), ea: r.eaName }),
    testId: `license-${kind}`,
    onClick: () => open(kind, r),
  });

  return (
    <div className="space-y-4">
      <TableFilters label={t("admin.licenses.filters")}>
        <SelectFilter
          name="status"
          label={t("admin.licenses.status")}
          allLabel={t("admin.licenses.allStatuses")}
          options={STATUSES.map((s) => ({ value: s, label: t(`licenseStatus.${s}`) }))}
          testId="filter-status"
        />
        <MemberFilter label={t("admin.licenses.member")} hint={t("admin.licenses.memberHint")} />
      </TableFilters>

      {done && (
        <Alert tone="success" testId="license-decided">
          {t(`admin.licenses.done.${done.kind}`, {
            member: who(done.row),
            ea: done.row.eaName,
            key: done.key ?? "",
          })}
        </Alert>
      )}
      <FormErrorAlert error={pageError} />

      <DataTable
        label={t("admin.licenses.title")}
        page={page}
        empty={t("admin.licenses.empty")}
        testId="admin-licenses"
        columns={[
          dateColumn("requestedAt", t("admin.licenses.requestedAt"), {
            key: "createdAt",
            sorted: true,
          }),
          ...(showEa
            ? [
                linkColumn<AdminLicenseRow>("ea", t("admin.licenses.ea"), {
                  to: (r) => `/admin/eas/${r.eaId}/licenses`,
                  text: (r) => r.eaName,
                  className: "min-w-32",
                }),
              ]
            : []),
          memberColumn(t("admin.licenses.member")),
          {
            key: "account",
            header: t("admin.licenses.account"),
            cell: (r) => (
              <BrokerAccount
                broker={r.account.brokerName}
                number={r.account.accountNumber}
                className="block whitespace-nowrap"
              >
                <span className="mt-1 block">
                  <AccountTypeBadge type={r.accountType} />
                </span>
              </BrokerAccount>
            ),
          },
          licenseStatusColumn<AdminLicenseRow>(
            t("admin.licenses.status"),
            (r) => r.reason && t("admin.licenses.reasonShown", { reason: r.reason }),
          ),
          licenseKeyColumn<AdminLicenseRow>(t("licenseKey"), {
            // A key no longer valid stays readable but struck through.
            keyClass: (r) =>
              `text-xs ${r.status === "active" ? "" : "text-slate-400 line-through"}`,
            testId: "admin-license-key",
          }),
          dateColumn("issuedAt", t("admin.licenses.issuedAt"), { sorted: true }),
          {
            key: "actions",
            header: <span className="sr-only">{t("admin.licenses.actions")}</span>,
            cell: (r) =>
              r.status === "pending" ? (
                <RowDecisions
                  inline
                  accept={decisionButton("issue", r)}
                  refuse={decisionButton("reject", r)}
                />
              ) : r.status === "active" ? (
                <RowDecisionButton decision={decisionButton("revoke", r)} refuse />
              ) : null,
          },
        ]}
      />

      {(["issue", "reject", "revoke"] as const).map((kind) => (
        <ConfirmDialog
          key={kind}
          open={decision?.kind === kind}
          onClose={close}
          title={t(`admin.licenses.${kind}Title`)}
          confirmLabel={t(`admin.licenses.${kind}`)}
          tone={kind === "issue" ? "primary" : "danger"}
          fields={{ intent: kind, id: decision?.row.id ?? "" }}
          reason={
            kind === "issue"
              ? undefined
              : {
                  schema: decideInput,
                  label: t("admin.licenses.reason"),
                  hint: t(`admin.licenses.${kind}Hint`),
                  error: reasonError,
                  english: {
                    label: t("common:content.english", { field: t("admin.licenses.reason") }),
                    hint: t("common:content.englishHint"),
                  },
                }
          }
          error={dialogError}
          testId={`license-${kind}-dialog`}
        >
          {decision && (
            <DialogFacts
              items={[
                { label: t("admin.licenses.ea"), value: decision.row.eaName },
                {
                  label: t("admin.licenses.member"),
                  value: `${decision.row.member.nickname} (${decision.row.member.email})`,
                  className: "break-all",
                },
                {
                  label: t("admin.licenses.account"),
                  value: `${decision.row.account.brokerName} ${decision.row.account.accountNumber} · ${t(`accountType.${decision.row.accountType}`)}`,
                },
              ]}
            />
          )}
          <p>{t(`admin.licenses.${kind}Lead`)}</p>
        </ConfirmDialog>
      ))}
    </div>
  );
}
