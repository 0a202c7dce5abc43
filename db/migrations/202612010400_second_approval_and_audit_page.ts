import { index, type MigrationDb, types } from "./support";

/**
 * Maker-checker for money (decision 095) and the audit log page (decision 096). All columns
 * nullable and new, so the previous release reads the tables as before.
 *
 * The approver columns carry no foreign key: they only name who decided, and a later migration
 * can drop them on either engine without first dropping a constraint.
 * withdrawals: who made the first approval of a large one and when, then who gave the second
 * (approved_by: the row is fully approved and may be paid or go into a bank file).
 * transfers: who made the first approval (the second is decided_by, as for any decision).
 * audit_log: the address and device of the request that wrote the row, and the member the
 * action concerns (member_id), so the page filters by member and the customer page lists them.
 * The indexes end in id: the page reads them in (created_at, id) order with keyset paging.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("withdrawals").addColumn("first_approved_by", types.id).execute();
  await db.schema
    .alterTable("withdrawals")
    .addColumn("first_approved_at", types.timestamp)
    .execute();
  await db.schema.alterTable("withdrawals").addColumn("approved_by", types.id).execute();
  await db.schema.alterTable("withdrawals").addColumn("approved_at", types.timestamp).execute();
  await db.schema.alterTable("transfers").addColumn("first_approved_by", types.id).execute();
  await db.schema.alterTable("transfers").addColumn("first_approved_at", types.timestamp).execute();

  await db.schema.alterTable("audit_log").addColumn("ip", "varchar(45)").execute();
  await db.schema.alterTable("audit_log").addColumn("user_agent", "varchar(255)").execute();
  await db.schema.alterTable("audit_log").addColumn("member_id", types.id).execute();
  await index(db, "audit_log_page_idx", "audit_log", ["created_at", "id"]);
  await index(db, "audit_log_actor_page_idx", "audit_log", ["actor_id", "created_at", "id"]);
  await index(db, "audit_log_action_page_idx", "audit_log", ["action", "created_at", "id"]);
  await index(db, "audit_log_member_page_idx", "audit_log", ["member_id", "created_at", "id"]);
}

export async function down(db: MigrationDb): Promise<void> {
  for (const name of [
    "audit_log_member_page_idx",
    "audit_log_action_page_idx",
    "audit_log_actor_page_idx",
    "audit_log_page_idx",
  ]) {
    await db.schema.dropIndex(name).on("audit_log").execute();
  }
  for (const column of ["member_id", "user_agent", "ip"]) {
    await db.schema.alterTable("audit_log").dropColumn(column).execute();
  }
  for (const column of ["first_approved_at", "first_approved_by"]) {
    await db.schema.alterTable("transfers").dropColumn(column).execute();
  }
  for (const column of ["approved_at", "approved_by", "first_approved_at", "first_approved_by"]) {
    await db.schema.alterTable("withdrawals").dropColumn(column).execute();
  }
}
