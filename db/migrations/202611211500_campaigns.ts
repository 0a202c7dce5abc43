import { createTable, type MigrationDb, types } from "./support";

/**
 * Campaigns members can enter. A campaign has a period (UTC; the admin types Asia/Tokyo), a
 * text body and entry conditions shown to members, an optional image and an optional capacity
 * (null = unlimited). campaign_entries is one row per member and campaign: UNIQUE(campaign_id,
 * user_id) makes an entry happen once at database level, whatever the number of clicks.
 */
export async function up(db: MigrationDb): Promise<void> {
  await createTable(db, "campaigns")
    .addColumn("id", types.id, (c) => c.primaryKey())
    .addColumn("title", "varchar(200)", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("image_key", "varchar(100)")
    .addColumn("starts_at", types.timestamp, (c) => c.notNull())
    .addColumn("ends_at", types.timestamp, (c) => c.notNull())
    .addColumn("conditions", "text", (c) => c.notNull())
    // Entries allowed in total; null = unlimited.
    .addColumn("capacity", "integer")
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_by", types.id, (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .addColumn("updated_at", types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("campaigns_active_starts_idx")
    .on("campaigns")
    .columns(["active", "starts_at"])
    .execute();
  await db.schema.createIndex("campaigns_starts_idx").on("campaigns").column("starts_at").execute();
  await db.schema
    .createIndex("campaigns_created_idx")
    .on("campaigns")
    .column("created_at")
    .execute();
  await db.schema
    .createIndex("campaigns_created_by_idx")
    .on("campaigns")
    .column("created_by")
    .execute();

  await createTable(db, "campaign_entries")
    .addColumn("id", types.id, (c) => c.primaryKey())
    .addColumn("campaign_id", types.id, (c) =>
      c.notNull().references("campaigns.id").onDelete("cascade"),
    )
    .addColumn("user_id", types.id, (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("campaign_entries_campaign_user_uq")
    .on("campaign_entries")
    .columns(["campaign_id", "user_id"])
    .unique()
    .execute();
  await db.schema
    .createIndex("campaign_entries_campaign_created_idx")
    .on("campaign_entries")
    .columns(["campaign_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("campaign_entries_user_idx")
    .on("campaign_entries")
    .column("user_id")
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ["campaign_entries", "campaigns"]) {
    await db.schema.dropTable(table).execute();
  }
}
