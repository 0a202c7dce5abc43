import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "#app/lib/format";
import { isAuditAction } from "#domain/audit-actions";
import type { AuditRow } from "#server/features/audit/service";

/** One row of the audit log as the page and the customer page read it (the member is theirs). */
export type AuditListRow = Omit<AuditRow, "memberId">;

const show = (v: unknown) =>
  v === null || v === undefined ? "—" : typeof v === "string" ? v : JSON.stringify(v);

/**
 * What changed: "field: before → after" for an update recorded with changedFields (settings,
 * rates, content), else the record's facts as "key: value".
 */
export function auditChanges(data: Record<string, unknown> | null): string[] {
  if (!data) return [];
  const before = data.before as Record<string, unknown> | undefined;
  const after = data.after as Record<string, unknown> | undefined;
  if (before && after && typeof before === "object" && typeof after === "object") {
    return Object.keys(after).map((k) => `${k}: ${show(before[k])} → ${show(after[k])}`);
  }
  return Object.entries(data).map(([k, v]) => `${k}: ${show(v)}`);
}

/**
 * An action as the admin reads it, in their language; a code the list no longer names (an
 * older row) shows as stored.
 */
export function auditActionLabel(t: TFunction, action: string): string {
  return isAuditAction(action) ? t(`admin:audit.actions.${action}`) : action;
}

/** The entries as a list of cards: one column on a phone, nothing scrolls sideways. */
export function AuditList({
  rows,
  testId = "audit-list",
  empty,
}: {
  rows: AuditListRow[];
  testId?: string;
  /** What an empty list says; the audit page's "no matching entries" by default. */
  empty?: string;
}) {
  const { t } = useTranslation("admin");
  if (rows.length === 0) return <p data-testid={`${testId}-empty`}>{empty ?? t("audit.empty")}</p>;
  return (
    <ol className="space-y-2" data-testid={testId}>
      {rows.map((r) => (
        <li
          key={r.id}
          data-testid="audit-row"
          className="rounded-md border border-slate-200 p-3 text-sm [overflow-wrap:anywhere] dark:border-slate-700"
        >
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <span className="whitespace-nowrap tabular-nums">{formatDateTime(r.createdAt)}</span>
            <span className="font-semibold" data-testid="audit-action" data-action={r.action}>
              {auditActionLabel(t, r.action)}
            </span>
            <span data-testid="audit-actor">
              {r.actor ? r.actor.name || r.actor.email : t("audit.system")}
            </span>
          </div>
          <dl className="mt-1 grid gap-x-3 gap-y-0.5 text-xs text-slate-700 sm:grid-cols-[auto_1fr] dark:text-slate-300">
            <dt className="font-medium">{t("audit.target")}</dt>
            <dd>
              {r.targetType}
              {r.targetId ? ` ${r.targetId}` : ""}
            </dd>
            <dt className="font-medium">{t("audit.origin")}</dt>
            <dd>
              {r.ip ?? "—"} · {r.userAgent ?? "—"}
            </dd>
            {auditChanges(r.data).length > 0 && (
              <>
                <dt className="font-medium">{t("audit.changes")}</dt>
                <dd>
                  <ul data-testid="audit-changes">
                    {auditChanges(r.data).map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                </dd>
              </>
            )}
          </dl>
        </li>
      ))}
    </ol>
  );
}
