import { createTable, type MigrationDb, types } from "./support";

/** Every admin decision and every sensitive read (revealing payment details) leaves a row. */
export async function up(db: MigrationDb): Promise<void> {
  await createTable(db, "audit_log")
    .addColumn("id", types.id, (c) => c.primaryKey())
    .addColumn("actor_id", types.id, (c) => c.references("users.id").onDelete("set null"))
    .addColumn("action", "varchar(64)", (c) => c.notNull())
    .addColumn("target_type", "varchar(32)", (c) => c.notNull())
    .addColumn("target_id", "varchar(64)")
    .addColumn("data", "text")
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("audit_log_target_idx")
    .on("audit_log")
    .columns(["target_type", "target_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("audit_log_actor_idx")
    .on("audit_log")
    .columns(["actor_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("audit_log_created_idx")
    .on("audit_log")
    .column("created_at")
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("audit_log").execute();
}
