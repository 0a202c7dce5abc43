import { createTable, type MigrationDb, types } from "./support";

export async function up(db: MigrationDb): Promise<void> {
  await createTable(db, "users")
    .addColumn("id", types.id, (c) => c.primaryKey())
    .addColumn("email", "varchar(254)", (c) => c.notNull().unique())
    .addColumn("email_verified_at", types.timestamp)
    .addColumn("password_hash", "varchar(255)", (c) => c.notNull())
    .addColumn("name", "varchar(100)", (c) => c.notNull())
    .addColumn("nickname", "varchar(50)", (c) => c.notNull())
    .addColumn("permission", "varchar(16)", (c) => c.notNull().defaultTo("member"))
    .addColumn("language", "varchar(2)", (c) => c.notNull().defaultTo("ja"))
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .addColumn("updated_at", types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("users_permission_idx").on("users").column("permission").execute();
  await db.schema.createIndex("users_created_at_idx").on("users").column("created_at").execute();

  await createTable(db, "sessions")
    .addColumn("id", "varchar(64)", (c) => c.primaryKey())
    .addColumn("user_id", types.id, (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .addColumn("expires_at", types.timestamp, (c) => c.notNull())
    .addColumn("last_seen_at", types.timestamp, (c) => c.notNull())
    .addColumn("ip", "varchar(64)")
    .addColumn("user_agent", "varchar(255)")
    .execute();
  await db.schema.createIndex("sessions_user_id_idx").on("sessions").column("user_id").execute();
  await db.schema
    .createIndex("sessions_expires_at_idx")
    .on("sessions")
    .column("expires_at")
    .execute();

  await createTable(db, "settings")
    .addColumn("key", "varchar(64)", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", types.timestamp, (c) => c.notNull())
    .addColumn("updated_by", types.id)
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("settings").execute();
  await db.schema.dropTable("sessions").execute();
  await db.schema.dropTable("users").execute();
}
