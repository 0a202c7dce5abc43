import { AsyncLocalStorage } from "node:async_hooks";
import type { Kysely } from "kysely";
import { newId } from "#db/id";
import type { Database } from "#db/schema";
import type { AuditAction } from "../domain/audit-actions";
import { nowDb } from "#db/time";

export interface AuditEntry {
  actorId: string | null;
  /** Dotted verb from the one list of actions, e.g. "account.approve", "settings.update". */
  action: AuditAction;
  targetType: string;
  targetId: string | null;
  data?: Record<string, unknown>;
  /**
   * The member the action concerns, for the audit page's member filter and the customer page;
   * left out, it is the target when that is a user, else `data.userId`.
   */
  memberId?: string | null;
  /**
   * Where the request came from, when the caller has it in hand (sign-in passes its own);
   * otherwise the request's origin the tRPC procedure set.
   */
  origin?: AuditOrigin;
}

/** Where the request that writes audit rows came from: its address and its browser. */
export interface AuditOrigin {
  ip: string | null;
  userAgent: string | null;
}

const origin = new AsyncLocalStorage<AuditOrigin>();

/**
 * Runs `work` with the request's address and device, which every audit row written inside it
 * carries (the tRPC procedures run in it: server/trpc/init.ts). Kept out of each call's
 * arguments so no decision has to pass them down, and none can forget to.
 */
export function withAuditOrigin<T>(value: AuditOrigin, work: () => T): T {
  return origin.run(value, work);
}

function memberOf(entry: AuditEntry): string | null {
  if (entry.memberId !== undefined) return entry.memberId;
  if (entry.targetType === "user") return entry.targetId;
  const userId = entry.data?.userId;
  return typeof userId === "string" ? userId : null;
}

/**
 * Writes one audit row. Pass the transaction that makes the change, so the decision and its
 * record commit (or fail) together. The log is append-only: nothing in the code updates or
 * deletes its rows (tests/unit/audit-append-only.test.ts walks the sources).
 */
export async function recordAudit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  const from = entry.origin ?? origin.getStore();
  await db
    .insertInto("audit_log")
    .values({
      id: newId(),
      actor_id: entry.actorId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      data: entry.data ? JSON.stringify(entry.data) : null,
      member_id: memberOf(entry),
      ip: from?.ip?.slice(0, 45) ?? null,
      user_agent: from?.userAgent?.slice(0, 255) ?? null,
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
