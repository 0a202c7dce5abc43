import { type MigrationDb, types } from "./support";

export async function up(db: MigrationDb): Promise<void> {
  // A bank withdrawal the admin has put in a Zengin transfer file and marked as sent: between
  // pending and completed. The member can no longer cancel it; the money stays held.
  await db.schema.alterTable("withdrawals").addColumn("sent_at", types.timestamp).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("withdrawals").dropColumn("sent_at").execute();
}
