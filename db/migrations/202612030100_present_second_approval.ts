import { index, type MigrationDb, types } from "./support";

/**
 * Maker-checker for presents: one over the threshold waits for a second admin before any money
 * moves. `status` is "completed" for every present made so far and for the ones the previous
 * release makes (its inserts name no status), "checking" while one awaits its second approval,
 * "returned" when another admin sent it back (nothing credited; the reason kept for its maker).
 * New nullable or defaulted columns only: the previous release reads the table as before.
 * The approver columns carry no foreign key, as on withdrawals and transfers: they only name
 * who decided.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable("presents")
    .addColumn("status", "varchar(16)", (c) => c.notNull().defaultTo("completed"))
    .execute();
  await db.schema.alterTable("presents").addColumn("first_approved_by", types.id).execute();
  await db.schema.alterTable("presents").addColumn("first_approved_at", types.timestamp).execute();
  await db.schema.alterTable("presents").addColumn("approved_by", types.id).execute();
  await db.schema.alterTable("presents").addColumn("approved_at", types.timestamp).execute();
  await db.schema.alterTable("presents").addColumn("send_back_reason", "varchar(500)").execute();
  await index(db, "presents_status_idx", "presents", ["status", "created_at"]);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex("presents_status_idx").on("presents").execute();
  for (const column of [
    "send_back_reason",
    "approved_at",
    "approved_by",
    "first_approved_at",
    "first_approved_by",
    "status",
  ]) {
    await db.schema.alterTable("presents").dropColumn(column).execute();
  }
}
