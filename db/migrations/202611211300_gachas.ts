import { createTable, type MigrationDb, types } from "./support";

/**
 * Gachas (reward draws). A gacha has a period, a cost in yen (0 = free), a draw method
 * (weighted: independent probabilities from integer weights; box: a finite stock per reward)
 * and a challenge limit per member. gacha_plays counts each member's draws of each gacha; the
 * draw raises it with a conditional UPDATE (plays < limit), so the limit holds under
 * concurrency. gacha_logs is every draw, with a snapshot of what was won.
 */
export async function up(db: MigrationDb): Promise<void> {
  await createTable(db, "gachas")
    .addColumn("id", types.id, (c) => c.primaryKey())
    .addColumn("name", "varchar(100)", (c) => c.notNull())
    .addColumn("description", "varchar(2000)", (c) => c.notNull().defaultTo(""))
    .addColumn("image_key", "varchar(100)")
    .addColumn("starts_at", types.timestamp, (c) => c.notNull())
    .addColumn("ends_at", types.timestamp, (c) => c.notNull())
    .addColumn("cost", types.money, (c) => c.notNull())
    // weighted | box
    .addColumn("method", "varchar(16)", (c) => c.notNull())
    .addColumn("challenge_limit", "integer", (c) => c.notNull())
    .addColumn("published", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_by", types.id, (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .addColumn("updated_at", types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("gachas_published_starts_idx")
    .on("gachas")
    .columns(["published", "starts_at"])
    .execute();
  await db.schema.createIndex("gachas_starts_idx").on("gachas").column("starts_at").execute();
  await db.schema.createIndex("gachas_created_idx").on("gachas").column("created_at").execute();
  await db.schema.createIndex("gachas_created_by_idx").on("gachas").column("created_by").execute();

  await createTable(db, "gacha_rewards")
    .addColumn("id", types.id, (c) => c.primaryKey())
    .addColumn("gacha_id", types.id, (c) => c.notNull().references("gachas.id").onDelete("cascade"))
    .addColumn("name", "varchar(100)", (c) => c.notNull())
    .addColumn("image_key", "varchar(100)")
    // cash | item | none (no prize)
    .addColumn("kind", "varchar(8)", (c) => c.notNull())
    // Yen credited for a cash reward; null otherwise.
    .addColumn("amount", types.money)
    // Weighted gachas: the relative weight. Box gachas: the stock left in the box.
    .addColumn("weight", "integer")
    .addColumn("stock", "integer")
    // Items: a fixed validity period, and/or a number of days from the draw.
    .addColumn("valid_from", types.timestamp)
    .addColumn("valid_until", types.timestamp)
    .addColumn("valid_days", "integer")
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("display_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .addColumn("updated_at", types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("gacha_rewards_gacha_idx")
    .on("gacha_rewards")
    .columns(["gacha_id", "display_order"])
    .execute();

  await createTable(db, "gacha_plays")
    .addColumn("gacha_id", types.id, (c) => c.notNull().references("gachas.id").onDelete("cascade"))
    .addColumn("user_id", types.id, (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("plays", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .addColumn("updated_at", types.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint("gacha_plays_pk", ["gacha_id", "user_id"])
    .execute();
  await db.schema.createIndex("gacha_plays_user_idx").on("gacha_plays").column("user_id").execute();

  await createTable(db, "gacha_logs")
    .addColumn("id", types.id, (c) => c.primaryKey())
    .addColumn("gacha_id", types.id, (c) => c.notNull().references("gachas.id"))
    .addColumn("reward_id", types.id, (c) => c.notNull().references("gacha_rewards.id"))
    .addColumn("user_id", types.id, (c) => c.notNull().references("users.id"))
    // The draw form's one-time key: a double submit draws once.
    .addColumn("request_key", "varchar(64)", (c) => c.notNull())
    .addColumn("cost", types.money, (c) => c.notNull())
    // Snapshot of the reward at draw time: later edits never change what was won.
    .addColumn("reward_kind", "varchar(8)", (c) => c.notNull())
    .addColumn("reward_name", "varchar(100)", (c) => c.notNull())
    .addColumn("amount", types.money)
    .addColumn("valid_from", types.timestamp)
    .addColumn("valid_until", types.timestamp)
    .addColumn("used_at", types.timestamp)
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("gacha_logs_request_key_uq")
    .on("gacha_logs")
    .columns(["user_id", "request_key"])
    .unique()
    .execute();
  await db.schema
    .createIndex("gacha_logs_user_created_idx")
    .on("gacha_logs")
    .columns(["user_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("gacha_logs_gacha_created_idx")
    .on("gacha_logs")
    .columns(["gacha_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("gacha_logs_reward_idx")
    .on("gacha_logs")
    .column("reward_id")
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ["gacha_logs", "gacha_plays", "gacha_rewards", "gachas"]) {
    await db.schema.dropTable(table).execute();
  }
}
