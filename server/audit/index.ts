import type { Kysely } from "kysely";
import { newId } from "../../db/id";
import type { Database } from "../../db/schema";
import { nowDb } from "../../db/time";

export interface AuditEntry {
  actorId: string | null;
  /** Dotted verb, e.g. "account.approve", "settings.update", "payment.reveal". */
  action: string;
  targetType: string;
  targetId: string | null;
  data?: Record<string, unknown>;
}

/**
 * Writes one audit row. Pass the transaction that makes the change, so the decision and its
 * record commit (or fail) together.
 */
export async function recordAudit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      id: newId(),
      actor_id: entry.actorId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      data: entry.data ? JSON.stringify(entry.data) : null,
      created_at: nowDb(),
    })
    .execute();
}

/**
 * What an update changes, for its audit record: the fields of `after` that differ from
 * `before`, with both values; null when nothing changed (no record is written then).
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const keys = Object.keys(after).filter((k) => before[k] !== after[k]);
  if (keys.length === 0) return null;
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  };
}

/**
 * A decision's reason in its audit data: the reason and its English, each only when written
 * (an approval has neither, so its record carries no empty reason).
 */
export function reasonFields(
  reason: string | null | undefined,
  reasonEn: string | null | undefined,
) {
  return { ...(reason ? { reason } : {}), ...(reasonEn ? { reasonEn } : {}) };
}
