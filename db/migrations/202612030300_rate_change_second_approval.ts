import type { MigrationDb } from "./support";
import { createIdTable, index, ownedBy, timestamps, types } from "./support";

/**
 * Maker-checker for rate cards: a change of a broker's rates is kept here, awaiting a second
 * admin, and only written into broker_rates / broker_rate_versions once approved. `status` is
 * "checking" while it waits, "approved" once it took effect, "returned" when sent back (never in
 * force; the reason kept for its maker). `rates` holds the card as JSON, in the admin's order.
 * A new table only: nothing the previous release reads changes. The approver columns carry no
 * foreign key, as on withdrawals and presents: they only name who decided.
 */
export async function up(db: MigrationDb): Promise<void> {
  await createIdTable(db, "broker_rate_changes")
    .addColumn("broker_id", types.id, ownedBy("brokers.id"))
    .addColumn("effective_from", "varchar(10)", (c) => c.notNull())
    .addColumn("rates", "text", (c) => c.notNull())
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("first_approved_by", types.id)
    .addColumn("first_approved_at", types.timestamp)
    .addColumn("approved_by", types.id)
    .addColumn("approved_at", types.timestamp)
    .addColumn("send_back_reason", "varchar(500)")
    .$call(timestamps)
    .execute();
  await index(db, "broker_rate_changes_status_idx", "broker_rate_changes", [
    "status",
    "created_at",
  ]);
  await index(db, "broker_rate_changes_broker_idx", "broker_rate_changes", [
    "broker_id",
    "created_at",
  ]);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("broker_rate_changes").execute();
}
