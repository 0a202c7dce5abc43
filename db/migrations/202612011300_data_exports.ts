import { createIdTable, index, type MigrationDb, timestamps, types } from "./support";

/**
 * A member's request for a copy of what is held about them (開示, decision 101): requested by
 * the member, prepared by the worker (ready, with the stored ZIP's key and when the link
 * lapses), expired after 24 hours. Who downloaded it when is kept for the admins. A new table:
 * the previous release neither reads nor writes it.
 */
export async function up(db: MigrationDb): Promise<void> {
  await createIdTable(db, "data_exports")
    .addColumn("user_id", types.id, (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("storage_key", "varchar(64)")
    .addColumn("size_bytes", "integer")
    .addColumn("ready_at", types.timestamp)
    .addColumn("expires_at", types.timestamp)
    .addColumn("first_downloaded_at", types.timestamp)
    .addColumn("last_downloaded_at", types.timestamp)
    .addColumn("download_count", "integer", (c) => c.notNull().defaultTo(0))
    .$call(timestamps)
    .execute();
  await index(db, "data_exports_user_idx", "data_exports", ["user_id", "created_at"]);
  await index(db, "data_exports_status_idx", "data_exports", ["status", "created_at"]);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("data_exports").execute();
}
