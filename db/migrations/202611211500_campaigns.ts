import type { MigrationDb } from "./support";
import { byUser, createIdTable, index, ownedBy, timestamps, types } from "./support";

/**
 * Campaigns members can enter. A campaign has a period (UTC; the admin types Asia/Tokyo), a
 * text body and entry conditions shown to members, an optional image and an optional capacity
 * (null = unlimited). campaign_entries is one row per member and campaign: UNIQUE(campaign_id,
 * user_id) makes an entry happen once at database level, whatever the number of clicks.
 */
export async function up(db: MigrationDb): Promise<void> {
  await createIdTable(db, "campaigns")
    .addColumn("title", "varchar(200)", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("image_key", "varchar(100)")
    .addColumn("starts_at", types.timestamp, (c) => c.notNull())
    .addColumn("ends_at", types.timestamp, (c) => c.notNull())
    .addColumn("conditions", "text", (c) => c.notNull())
    // Entries allowed in total; null = unlimited.
    .addColumn("capacity", "integer")
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_by", types.id, byUser)
    .$call(timestamps)
    .execute();
  await index(db, "campaigns_active_starts_idx", "campaigns", ["active", "starts_at"]);
  await index(db, "campaigns_starts_idx", "campaigns", ["starts_at"]);
  await index(db, "campaigns_created_idx", "campaigns", ["created_at"]);
  await index(db, "campaigns_created_by_idx", "campaigns", ["created_by"]);

  await createIdTable(db, "campaign_entries")
    .addColumn("campaign_id", types.id, ownedBy("campaigns.id"))
    .addColumn("user_id", types.id, ownedBy("users.id"))
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .execute();
  await index(
    db,
    "campaign_entries_campaign_user_uq",
    "campaign_entries",
    ["campaign_id", "user_id"],
    { unique: true },
  );
  await index(db, "campaign_entries_campaign_created_idx", "campaign_entries", [
    "campaign_id",
    "created_at",
  ]);
  await index(db, "campaign_entries_user_idx", "campaign_entries", ["user_id"]);
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ["campaign_entries", "campaigns"]) {
    await db.schema.dropTable(table).execute();
  }
}
