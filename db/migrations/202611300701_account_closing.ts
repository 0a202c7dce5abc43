import { index, type MigrationDb, types } from "./support";

/**
 * A member closing their own account (decision 075): when it was closed and the reason they
 * chose (optional), and when the erasure job removed the personal data that is kept for the
 * reopening window only, then the rest kept for money records. All nullable: an open account
 * has none; the previous release reads none of them.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("users").addColumn("closed_at", types.timestamp).execute();
  await db.schema.alterTable("users").addColumn("close_reason", "varchar(32)").execute();
  await db.schema.alterTable("users").addColumn("personal_erased_at", types.timestamp).execute();
  await db.schema.alterTable("users").addColumn("money_erased_at", types.timestamp).execute();
  await index(db, "users_closed_at_idx", "users", ["closed_at"]);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex("users_closed_at_idx").on("users").execute();
  for (const column of ["money_erased_at", "personal_erased_at", "close_reason", "closed_at"]) {
    await db.schema.alterTable("users").dropColumn(column).execute();
  }
}
