import type { MigrationDb } from "./support";
import { byUser, createIdTable, index, ownedBy, timestamps, types } from "./support";

/**
 * Members' requests to have one of their approved broker accounts designated EA-dedicated
 * live_account_id holds the account id while the request is pending and is null
 * once decided, so the UNIQUE index lets the database refuse a second open request for the
 * same account, as ea_licenses does for licences.
 */
export async function up(db: MigrationDb): Promise<void> {
  await createIdTable(db, "ea_account_requests")
    .addColumn("user_id", types.id, ownedBy("users.id"))
    .addColumn("broker_account_id", types.id, ownedBy("broker_accounts.id"))
    .addColumn("live_account_id", types.id)
    // pending | approved | denied
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("reason", "varchar(500)")
    .addColumn("decided_at", types.timestamp)
    .addColumn("decided_by", types.id, byUser)
    .$call(timestamps)
    .execute();
  await index(db, "ea_account_requests_live_uq", "ea_account_requests", ["live_account_id"], {
    unique: true,
  });
  await index(db, "ea_account_requests_status_idx", "ea_account_requests", [
    "status",
    "created_at",
  ]);
  await index(db, "ea_account_requests_user_idx", "ea_account_requests", ["user_id", "created_at"]);
  await index(db, "ea_account_requests_account_idx", "ea_account_requests", [
    "broker_account_id",
    "created_at",
  ]);
  await index(db, "ea_account_requests_by_idx", "ea_account_requests", ["decided_by"]);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("ea_account_requests").execute();
}
