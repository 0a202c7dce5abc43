import { byUser, createIdTable, index, type MigrationDb, types } from "./support";

/** Every admin decision and every sensitive read (revealing payment details) leaves a row. */
export async function up(db: MigrationDb): Promise<void> {
  await createIdTable(db, "audit_log")
    .addColumn("actor_id", types.id, byUser)
    .addColumn("action", "varchar(64)", (c) => c.notNull())
    .addColumn("target_type", "varchar(32)", (c) => c.notNull())
    .addColumn("target_id", "varchar(64)")
    .addColumn("data", "text")
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .execute();
  await index(db, "audit_log_target_idx", "audit_log", ["target_type", "target_id", "created_at"]);
  await index(db, "audit_log_actor_idx", "audit_log", ["actor_id", "created_at"]);
  await index(db, "audit_log_created_idx", "audit_log", ["created_at"]);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("audit_log").execute();
}
