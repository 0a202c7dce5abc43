import { byUser, createIdTable, index, type MigrationDb, timestamps, types } from "./support";

/**
 * Affiliate banners: admin-uploaded images members embed on their own sites with their referral
 * link. The image lives in storage under banners/ (public, /media/banners/<file>); a banner is
 * deactivated, never deleted, so HTML already pasted elsewhere keeps its image.
 */
export async function up(db: MigrationDb): Promise<void> {
  await createIdTable(db, "affiliate_banners")
    .addColumn("title", "varchar(100)", (c) => c.notNull())
    .addColumn("image_key", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("alt_text", "varchar(200)", (c) => c.notNull())
    .addColumn("active", "integer", (c) => c.notNull())
    .addColumn("display_order", "integer", (c) => c.notNull())
    .addColumn("created_by", types.id, byUser)
    .$call(timestamps)
    .execute();
  await index(db, "affiliate_banners_active_order_idx", "affiliate_banners", [
    "active",
    "display_order",
  ]);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("affiliate_banners").execute();
}
