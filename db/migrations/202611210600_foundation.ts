import type { MigrationDb } from "./support";
import { createIdTable, createTable, index, ownedBy, timestamps, types } from "./support";

export async function up(db: MigrationDb): Promise<void> {
  await createIdTable(db, "users")
    .addColumn("email", "varchar(254)", (c) => c.notNull().unique())
    .addColumn("email_verified_at", types.timestamp)
    .addColumn("password_hash", "varchar(255)", (c) => c.notNull())
    .addColumn("name", "varchar(100)", (c) => c.notNull())
    .addColumn("nickname", "varchar(50)", (c) => c.notNull())
    .addColumn("permission", "varchar(16)", (c) => c.notNull().defaultTo("member"))
    .addColumn("language", "varchar(2)", (c) => c.notNull().defaultTo("ja"))
    .$call(timestamps)
    .execute();
  await index(db, "users_permission_idx", "users", ["permission"]);
  await index(db, "users_created_at_idx", "users", ["created_at"]);

  await createTable(db, "sessions")
    .addColumn("id", "varchar(64)", (c) => c.primaryKey())
    .addColumn("user_id", types.id, ownedBy("users.id"))
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .addColumn("expires_at", types.timestamp, (c) => c.notNull())
    .addColumn("last_seen_at", types.timestamp, (c) => c.notNull())
    .addColumn("ip", "varchar(64)")
    .addColumn("user_agent", "varchar(255)")
    .execute();
  await index(db, "sessions_user_id_idx", "sessions", ["user_id"]);
  await index(db, "sessions_expires_at_idx", "sessions", ["expires_at"]);

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
