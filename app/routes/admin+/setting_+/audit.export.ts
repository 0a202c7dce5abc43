import { csvExport } from "#app/lib/csv.server";
import { formatDateTime } from "#app/lib/format";
import { auditActionLabel, auditChanges } from "#app/components/admin/AuditList";
import { answerRefusals } from "#app/lib/refusals.server";

/** The audit log as CSV: the page's filters, every matching row (newest first, capped). */
export const loader = /* @__PURE__ */ answerRefusals(
  /* @__PURE__ */ csvExport({
    name: "audit-log",
    ns: ["admin"],
    read: (trpc, input) => trpc.audit.page(input),
    columns: (t) => [
      [t("admin:audit.csvColumns.at"), (r) => formatDateTime(r.createdAt)],
      [t("admin:audit.actor"), (r) => r.actor?.email ?? ""],
      [t("admin:audit.action"), (r) => auditActionLabel(t, r.action)],
      [t("admin:audit.actionCode"), (r) => r.action],
      [t("admin:audit.target"), (r) => `${r.targetType} ${r.targetId ?? ""}`.trim()],
      [t("admin:audit.member"), (r) => r.memberId ?? ""],
      [t("admin:audit.csvColumns.ip"), (r) => r.ip ?? ""],
      [t("admin:audit.csvColumns.device"), (r) => r.userAgent ?? ""],
      [t("admin:audit.changes"), (r) => auditChanges(r.data).join("; ")],
    ],
  }),
);
