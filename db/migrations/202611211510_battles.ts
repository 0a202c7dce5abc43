import type { MigrationDb } from "./support";
import { byUser, createIdTable, createTable, index, ownedBy, timestamps, types } from "./support";

/**
 * Ranking battles: an admin-defined period (Tokyo dates, both ends included) in which members
 * are ranked by their cashback, read from cashback_daily. The prize table gives a prize per
 * rank (one row per rank, ranks 1..n). Settling writes one result row per ranked member
 * (UNIQUE(battle_id, user_id)) and credits the prizes through the ledger, once.
 */
export async function up(db: MigrationDb): Promise<void> {
  await createIdTable(db, "ranking_battles")
    .addColumn("title", "varchar(100)", (c) => c.notNull())
    // Tokyo dates "YYYY-MM-DD", inclusive.
    .addColumn("starts_on", "varchar(10)", (c) => c.notNull())
    .addColumn("ends_on", "varchar(10)", (c) => c.notNull())
    // open | settled
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("settled_at", types.timestamp)
    .addColumn("settled_by", types.id, byUser)
    .addColumn("created_by", types.id, byUser)
    .$call(timestamps)
    .execute();
  await index(db, "ranking_battles_starts_idx", "ranking_battles", ["starts_on", "id"]);
  await index(db, "ranking_battles_status_idx", "ranking_battles", ["status", "ends_on"]);
  await index(db, "ranking_battles_settled_by_idx", "ranking_battles", ["settled_by"]);
  await index(db, "ranking_battles_created_by_idx", "ranking_battles", ["created_by"]);

  await createTable(db, "ranking_battle_prizes")
    .addColumn("battle_id", types.id, ownedBy("ranking_battles.id"))
    .addColumn("rank", "integer", (c) => c.notNull())
    .addColumn("amount", types.money, (c) => c.notNull())
    .addPrimaryKeyConstraint("ranking_battle_prizes_pk", ["battle_id", "rank"])
    .execute();

  await createIdTable(db, "ranking_battle_results")
    .addColumn("battle_id", types.id, (c) => c.notNull().references("ranking_battles.id"))
    .addColumn("user_id", types.id, (c) => c.notNull().references("users.id"))
    .addColumn("rank", "integer", (c) => c.notNull())
    // The member's cashback in the period, and the prize credited (0 = none).
    .addColumn("amount", types.money, (c) => c.notNull())
    .addColumn("prize", types.money, (c) => c.notNull())
    .addColumn("ledger_tx_id", types.id)
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .execute();
  await index(db, "ranking_battle_results_uq", "ranking_battle_results", ["battle_id", "user_id"], {
    unique: true,
  });
  await index(db, "ranking_battle_results_rank_idx", "ranking_battle_results", [
    "battle_id",
    "rank",
  ]);
  await index(db, "ranking_battle_results_user_idx", "ranking_battle_results", [
    "user_id",
    "created_at",
  ]);
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ["ranking_battle_results", "ranking_battle_prizes", "ranking_battles"]) {
    await db.schema.dropTable(table).execute();
  }
}
