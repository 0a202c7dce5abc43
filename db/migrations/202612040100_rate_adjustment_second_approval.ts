import { type MigrationDb, types } from "./support";

/**
 * Maker-checker for adjustment batches: the first admin's apply records `first_approved_by/at`
 * and moves the batch to "checking" (no money moves); a different admin's approval applies it,
 * or sends it back to "draft" with `send_back_reason` for its maker. On a member's line,
 * `decision_approved_by` names the admin other than the one who recorded a large decision on a
 * debit the balance cannot cover, who settled it. New nullable columns only: the previous
 * release reads both tables as before. Like the other approver columns, no foreign key.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("rate_adjustments").addColumn("first_approved_by", types.id).execute();
  await db.schema
    .alterTable("rate_adjustments")
    .addColumn("first_approved_at", types.timestamp)
    .execute();
  await db.schema
    .alterTable("rate_adjustments")
    .addColumn("send_back_reason", "varchar(500)")
    .execute();
  await db.schema
    .alterTable("rate_adjustment_members")
    .addColumn("decision_approved_by", types.id)
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable("rate_adjustment_members")
    .dropColumn("decision_approved_by")
    .execute();
  for (const column of ["send_back_reason", "first_approved_at", "first_approved_by"]) {
    await db.schema.alterTable("rate_adjustments").dropColumn(column).execute();
  }
}
