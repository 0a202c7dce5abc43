import type { MigrationDb } from "./support";
import { byUser, createIdTable, createTable, index, ownedBy, timestamps, types } from "./support";

/**
 * Popups: admin-written notices that open by themselves on a member's page load, each once per
 * member. A popup shows while it is active and inside its period; popup_views records that a
 * member has been shown it (one row per popup and member, written when it is shown).
 */
export async function up(db: MigrationDb): Promise<void> {
  await createIdTable(db, "popups")
    .addColumn("title", "varchar(100)", (c) => c.notNull())
    .addColumn("body", "varchar(4000)", (c) => c.notNull())
    // Storage key under popups/, served at /media/popups/<file>.
    .addColumn("image_key", "varchar(100)")
    // http(s) only; checked when saved.
    .addColumn("link_url", "varchar(2000)")
    .addColumn("starts_at", types.timestamp, (c) => c.notNull())
    .addColumn("ends_at", types.timestamp, (c) => c.notNull())
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_by", types.id, byUser)
    .$call(timestamps)
    .execute();
  await index(db, "popups_active_starts_idx", "popups", ["active", "starts_at"]);
  await index(db, "popups_created_idx", "popups", ["created_at"]);
  await index(db, "popups_created_by_idx", "popups", ["created_by"]);

  await createTable(db, "popup_views")
    .addColumn("popup_id", types.id, ownedBy("popups.id"))
    .addColumn("user_id", types.id, ownedBy("users.id"))
    .addColumn("seen_at", types.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint("popup_views_pk", ["popup_id", "user_id"])
    .execute();
  await index(db, "popup_views_user_idx", "popup_views", ["user_id"]);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("popup_views").execute();
  await db.schema.dropTable("popups").execute();
}
