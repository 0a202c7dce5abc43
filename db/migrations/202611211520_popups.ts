import { createTable, type MigrationDb, types } from "./support";

/**
 * Popups: admin-written notices that open by themselves on a member's page load, each once per
 * member. A popup shows while it is active and inside its period; popup_views records that a
 * member has been shown it (one row per popup and member, written when it is shown).
 */
export async function up(db: MigrationDb): Promise<void> {
  await createTable(db, "popups")
    .addColumn("id", types.id, (c) => c.primaryKey())
    .addColumn("title", "varchar(100)", (c) => c.notNull())
    .addColumn("body", "varchar(4000)", (c) => c.notNull())
    // Storage key under popups/, served at /media/popups/<file>.
    .addColumn("image_key", "varchar(100)")
    // http(s) only; checked when saved.
    .addColumn("link_url", "varchar(2000)")
    .addColumn("starts_at", types.timestamp, (c) => c.notNull())
    .addColumn("ends_at", types.timestamp, (c) => c.notNull())
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_by", types.id, (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .addColumn("updated_at", types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("popups_active_starts_idx")
    .on("popups")
    .columns(["active", "starts_at"])
    .execute();
  await db.schema.createIndex("popups_created_idx").on("popups").column("created_at").execute();
  await db.schema.createIndex("popups_created_by_idx").on("popups").column("created_by").execute();

  await createTable(db, "popup_views")
    .addColumn("popup_id", types.id, (c) => c.notNull().references("popups.id").onDelete("cascade"))
    .addColumn("user_id", types.id, (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("seen_at", types.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint("popup_views_pk", ["popup_id", "user_id"])
    .execute();
  await db.schema.createIndex("popup_views_user_idx").on("popup_views").column("user_id").execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("popup_views").execute();
  await db.schema.dropTable("popups").execute();
}
