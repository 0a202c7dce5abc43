import { createTable, type MigrationDb, types } from "./support";

/**
 * Support chat: one thread per member, messages from the member or from an admin. Read state
 * is a marker per side (the id of the newest message that side has seen); ids are time-ordered,
 * so "unread" is the other side's messages with a larger id, counted exactly, never drifting.
 */
export async function up(db: MigrationDb): Promise<void> {
  await createTable(db, "chat_threads")
    .addColumn("id", types.id, (c) => c.primaryKey())
    .addColumn("user_id", types.id, (c) =>
      c.notNull().unique().references("users.id").onDelete("cascade"),
    )
    .addColumn("last_message_at", types.timestamp)
    .addColumn("member_read_upto", types.id)
    .addColumn("admin_read_upto", types.id)
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .addColumn("updated_at", types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("chat_threads_last_message_idx")
    .on("chat_threads")
    .column("last_message_at")
    .execute();

  await createTable(db, "chat_messages")
    .addColumn("id", types.id, (c) => c.primaryKey())
    .addColumn("thread_id", types.id, (c) =>
      c.notNull().references("chat_threads.id").onDelete("cascade"),
    )
    .addColumn("sender_role", "varchar(8)", (c) => c.notNull())
    .addColumn("sender_id", types.id, (c) => c.references("users.id").onDelete("set null"))
    .addColumn("body", "varchar(2000)", (c) => c.notNull())
    .addColumn("image_key", "varchar(64)")
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .execute();
  // Unread counts (the other side's messages after a marker) and the sending rate limit (one
  // side's messages since a time, as an id range: ids begin with their creation time).
  await db.schema
    .createIndex("chat_messages_thread_role_idx")
    .on("chat_messages")
    .columns(["thread_id", "sender_role", "id"])
    .execute();
  // Pages of a thread, newest first.
  await db.schema
    .createIndex("chat_messages_thread_idx")
    .on("chat_messages")
    .columns(["thread_id", "id"])
    .execute();
  await db.schema
    .createIndex("chat_messages_sender_idx")
    .on("chat_messages")
    .column("sender_id")
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("chat_messages").execute();
  await db.schema.dropTable("chat_threads").execute();
}
