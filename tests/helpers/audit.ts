import type { Db } from "#db";

/**
 * The audit log's rows about `targetId` (ids are unique across tables), oldest first, narrowed to
 * one `action` when given. Two writes in one millisecond have no order: compare those by action.
 */
export async function auditsOf(db: Db, targetId: string, action?: string) {
  let query = db.kysely.selectFrom("audit_log").selectAll().where("target_id", "=", targetId);
  if (action !== undefined) query = query.where("action", "=", action);
  return query.orderBy("created_at").orderBy("id").execute();
}

/** The one audit row of `action` about `targetId`; throws when there is none or more than one. */
export async function auditOf(db: Db, targetId: string, action: string) {
  const rows = await auditsOf(db, targetId, action);
  if (rows.length !== 1)
    throw new Error(`${rows.length} audit rows of ${action} about ${targetId}, expected one`);
  return rows[0]!;
}

/**
 * Who did what about `targetId`, by action: the maker-checker tests compare the trail whole, and
 * rows written in one millisecond have no order of their own (ids are time + random).
 */
export function actionsOn(db: Db, targetId: string) {
  return db.kysely
    .selectFrom("audit_log")
    .select(["action", "actor_id"])
    .where("target_id", "=", targetId)
    .orderBy("action")
    .execute();
}
