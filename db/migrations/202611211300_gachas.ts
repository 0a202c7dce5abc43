import type { MigrationDb } from "./support";
import { byUser, createIdTable, createTable, index, ownedBy, timestamps, types } from "./support";

/**
 * Gachas (reward draws). A gacha has a period, a cost in yen (0 = free), a draw method
 * (weighted: independent probabilities from integer weights; box: a finite stock per reward)
 * and a challenge limit per member. gacha_plays counts each member's draws of each gacha; the
 * draw raises it with a conditional UPDATE (plays < limit), so the limit holds under
 * concurrency. gacha_logs is every draw, with a snapshot of what was won.
 */
export async function up(db: MigrationDb): Promise<void> {
  await createIdTable(db, "gachas")
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
    .addColumn("created_by", types.id, byUser)
    .$call(timestamps)
    .execute();
  await index(db, "gachas_published_starts_idx", "gachas", ["published", "starts_at"]);
  await index(db, "gachas_starts_idx", "gachas", ["starts_at"]);
  await index(db, "gachas_created_idx", "gachas", ["created_at"]);
  await index(db, "gachas_created_by_idx", "gachas", ["created_by"]);

  await createIdTable(db, "gacha_rewards")
    .addColumn("gacha_id", types.id, ownedBy("gachas.id"))
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
    .$call(timestamps)
    .execute();
  await index(db, "gacha_rewards_gacha_idx", "gacha_rewards", ["gacha_id", "display_order"]);

  await createTable(db, "gacha_plays")
    .addColumn("gacha_id", types.id, ownedBy("gachas.id"))
    .addColumn("user_id", types.id, ownedBy("users.id"))
    .addColumn("plays", "integer", (c) => c.notNull().defaultTo(0))
    .$call(timestamps)
    .addPrimaryKeyConstraint("gacha_plays_pk", ["gacha_id", "user_id"])
    .execute();
  await index(db, "gacha_plays_user_idx", "gacha_plays", ["user_id"]);

  await createIdTable(db, "gacha_logs")
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
  await index(db, "gacha_logs_request_key_uq", "gacha_logs", ["user_id", "request_key"], {
    unique: true,
  });
  await index(db, "gacha_logs_user_created_idx", "gacha_logs", ["user_id", "created_at"]);
  await index(db, "gacha_logs_gacha_created_idx", "gacha_logs", ["gacha_id", "created_at"]);
  await index(db, "gacha_logs_reward_idx", "gacha_logs", ["reward_id"]);
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ["gacha_logs", "gacha_plays", "gacha_rewards", "gachas"]) {
    await db.schema.dropTable(table).execute();
  }
}
