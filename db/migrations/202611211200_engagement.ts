import type { MigrationDb } from "./support";
import { byUser, createIdTable, createTable, index, ownedBy, timestamps, types } from "./support";

/**
 * Cashback marathons. A marathon (general course, or the Axi course that counts only accounts
 * at the broker coded "AXI") counts a member's cashback traded from its start day to its end
 * day (open-ended when null), read from cashback_daily. Its goals are numbered: marathon_number
 * is unique across every goal of every marathon, because a reached goal is keyed by
 * `<user id>_<marathon_number>`. `marathons` is the collection of reached goals: one row
 * per member and goal (the key is the primary key, so a goal is reached once), is_modal 0 until
 * the goal modal has shown it.
 */
export async function up(db: MigrationDb): Promise<void> {
  await createIdTable(db, "cb_marathons")
    // general | axi
    .addColumn("course", "varchar(16)", (c) => c.notNull())
    .addColumn("title", "varchar(100)", (c) => c.notNull())
    .addColumn("starts_on", "varchar(10)", (c) => c.notNull())
    .addColumn("ends_on", "varchar(10)")
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_by", types.id, byUser)
    .$call(timestamps)
    .execute();
  await index(db, "cb_marathons_course_idx", "cb_marathons", ["course", "active", "starts_on"]);
  await index(db, "cb_marathons_created_by_idx", "cb_marathons", ["created_by"]);

  await createIdTable(db, "cb_marathon_goals")
    .addColumn("marathon_id", types.id, ownedBy("cb_marathons.id"))
    .addColumn("marathon_number", "integer", (c) => c.notNull().unique())
    // Cumulative cashback (yen) that reaches the goal.
    .addColumn("threshold", types.money, (c) => c.notNull())
    // Yen credited when the goal is reached (0 = none).
    .addColumn("reward", types.money, (c) => c.notNull())
    .addColumn("modal_text", "varchar(2000)", (c) => c.notNull())
    .$call(timestamps)
    .execute();
  await index(db, "cb_marathon_goals_marathon_idx", "cb_marathon_goals", [
    "marathon_id",
    "threshold",
  ]);

  await createTable(db, "marathons")
    // `<uid>_<marathon_number>`
    .addColumn("id", "varchar(48)", (c) => c.primaryKey())
    .addColumn("uid", types.id, ownedBy("users.id"))
    .addColumn("marathon_number", "integer", (c) => c.notNull())
    .addColumn("goal_id", types.id, (c) => c.notNull().references("cb_marathon_goals.id"))
    .addColumn("reward", types.money, (c) => c.notNull())
    .addColumn("modal_text", "varchar(2000)", (c) => c.notNull())
    .addColumn("is_modal", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("ledger_tx_id", types.id)
    .$call(timestamps)
    .execute();
  await index(db, "marathons_pending_idx", "marathons", ["uid", "is_modal", "created_at"]);
  await index(db, "marathons_goal_idx", "marathons", ["goal_id"]);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("marathons").execute();
  await db.schema.dropTable("cb_marathon_goals").execute();
  await db.schema.dropTable("cb_marathons").execute();
}
