import { createTable, type MigrationDb, types } from "./support";

/**
 * Affiliate banners: admin-uploaded images members embed on their own sites with their referral
 * link. The image lives in storage under banners/ (public, /media/banners/<file>); a banner is
 * deactivated, never deleted, so HTML already pasted elsewhere keeps its image.
 */
export async function up(db: MigrationDb): Promise<void> {
  await createTable(db, "affiliate_banners")
    .addColumn("id", types.id, (c) => c.primaryKey())
    .addColumn("title", "varchar(100)", (c) => c.notNull())
    .addColumn("image_key", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("alt_text", "varchar(200)", (c) => c.notNull())
    .addColumn("active", "integer", (c) => c.notNull())
    .addColumn("display_order", "integer", (c) => c.notNull())
    .addColumn("created_by", types.id, (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .addColumn("updated_at", types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("affiliate_banners_active_order_idx")
    .on("affiliate_banners")
    .columns(["active", "display_order"])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("affiliate_banners").execute();
}
