import type { MigrationDb } from "./support";
import { byUser, createIdTable, index, ownedBy, timestamps, types } from "./support";

/**
 * Support chat: one thread per member, messages from the member or from an admin. Read state
 * is a marker per side (the id of the newest message that side has seen); ids are time-ordered,
 * so "unread" is the other side's messages with a larger id, counted exactly, never drifting.
 */
export async function up(db: MigrationDb): Promise<void> {
  await createIdTable(db, "chat_threads")
    .addColumn("user_id", types.id, (c) =>
      c.notNull().unique().references("users.id").onDelete("cascade"),
    )
    .addColumn("last_message_at", types.timestamp)
    .addColumn("member_read_upto", types.id)
    .addColumn("admin_read_upto", types.id)
    .$call(timestamps)
    .execute();
  await index(db, "chat_threads_last_message_idx", "chat_threads", ["last_message_at"]);

  await createIdTable(db, "chat_messages")
    .addColumn("thread_id", types.id, ownedBy("chat_threads.id"))
    .addColumn("sender_role", "varchar(8)", (c) => c.notNull())
    .addColumn("sender_id", types.id, byUser)
    .addColumn("body", "varchar(2000)", (c) => c.notNull())
    .addColumn("image_key", "varchar(64)")
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .execute();
  // Unread counts (the other side's messages after a marker) and the sending rate limit (one
  // side's messages since a time, as an id range: ids begin with their creation time).
  await index(db, "chat_messages_thread_role_idx", "chat_messages", [
    "thread_id",
    "sender_role",
    "id",
  ]);
  // Pages of a thread, newest first.
  await index(db, "chat_messages_thread_idx", "chat_messages", ["thread_id", "id"]);
  await index(db, "chat_messages_sender_idx", "chat_messages", ["sender_id"]);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("chat_messages").execute();
  await db.schema.dropTable("chat_threads").execute();
}
