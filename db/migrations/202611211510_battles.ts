import { createTable, type MigrationDb, types } from "./support";

/**
 * Ranking battles: an admin-defined period (Tokyo dates, both ends included) in which members
 * are ranked by their cashback, read from cashback_daily. The prize table gives a prize per
 * rank (one row per rank, ranks 1..n). Settling writes one result row per ranked member
 * (UNIQUE(battle_id, user_id)) and credits the prizes through the ledger, once.
 */
export async function up(db: MigrationDb): Promise<void> {
  await createTable(db, "ranking_battles")
    .addColumn("id", types.id, (c) => c.primaryKey())
    .addColumn("title", "varchar(100)", (c) => c.notNull())
    // Tokyo dates "YYYY-MM-DD", inclusive.
    .addColumn("starts_on", "varchar(10)", (c) => c.notNull())
    .addColumn("ends_on", "varchar(10)", (c) => c.notNull())
    // open | settled
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("settled_at", types.timestamp)
    .addColumn("settled_by", types.id, (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_by", types.id, (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .addColumn("updated_at", types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("ranking_battles_starts_idx")
    .on("ranking_battles")
    .columns(["starts_on", "id"])
    .execute();
  await db.schema
    .createIndex("ranking_battles_status_idx")
    .on("ranking_battles")
    .columns(["status", "ends_on"])
    .execute();
  await db.schema
    .createIndex("ranking_battles_settled_by_idx")
    .on("ranking_battles")
    .column("settled_by")
    .execute();
  await db.schema
    .createIndex("ranking_battles_created_by_idx")
    .on("ranking_battles")
    .column("created_by")
    .execute();

  await createTable(db, "ranking_battle_prizes")
    .addColumn("battle_id", types.id, (c) =>
      c.notNull().references("ranking_battles.id").onDelete("cascade"),
    )
    .addColumn("rank", "integer", (c) => c.notNull())
    .addColumn("amount", types.money, (c) => c.notNull())
    .addPrimaryKeyConstraint("ranking_battle_prizes_pk", ["battle_id", "rank"])
    .execute();

  await createTable(db, "ranking_battle_results")
    .addColumn("id", types.id, (c) => c.primaryKey())
    .addColumn("battle_id", types.id, (c) => c.notNull().references("ranking_battles.id"))
    .addColumn("user_id", types.id, (c) => c.notNull().references("users.id"))
    .addColumn("rank", "integer", (c) => c.notNull())
    // The member's cashback in the period, and the prize credited (0 = none).
    .addColumn("amount", types.money, (c) => c.notNull())
    .addColumn("prize", types.money, (c) => c.notNull())
    .addColumn("ledger_tx_id", types.id)
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("ranking_battle_results_uq")
    .on("ranking_battle_results")
    .columns(["battle_id", "user_id"])
    .unique()
    .execute();
  await db.schema
    .createIndex("ranking_battle_results_rank_idx")
    .on("ranking_battle_results")
    .columns(["battle_id", "rank"])
    .execute();
  await db.schema
    .createIndex("ranking_battle_results_user_idx")
    .on("ranking_battle_results")
    .columns(["user_id", "created_at"])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ["ranking_battle_results", "ranking_battle_prizes", "ranking_battles"]) {
    await db.schema.dropTable(table).execute();
  }
}
