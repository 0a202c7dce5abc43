import { createTable, index, type MigrationDb, types } from "./support";

/**
 * Mail for money events: the outbox carries a channel per row (existing rows are
 * LINE's), members choose per event group and channel, and broker account decisions get a
 * LINE switch of their own. Rows of each channel are claimed by their own dispatcher, so the
 * due index leads with the channel.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable("notifications")
    .addColumn("channel", "varchar(8)", (c) => c.notNull().defaultTo("line"))
    .execute();
  await index(db, "notifications_channel_due_idx", "notifications", [
    "channel",
    "status",
    "next_attempt_at",
  ]);

  await db.schema
    .alterTable("line_notify_prefs")
    .addColumn("account", "boolean", (c) => c.notNull().defaultTo(true))
    .execute();

  // One row per member who changed anything; no row means every mail is wanted.
  await createTable(db, "mail_notify_prefs")
    .addColumn("user_id", types.id, (c) =>
      c.primaryKey().references("users.id").onDelete("cascade"),
    )
    .addColumn("withdrawal", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("transfer", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("account", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("rewards", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("updated_at", types.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("mail_notify_prefs").execute();
  await db.schema.alterTable("line_notify_prefs").dropColumn("account").execute();
  await db.schema.dropIndex("notifications_channel_due_idx").on("notifications").execute();
  await db.schema.alterTable("notifications").dropColumn("channel").execute();
}
