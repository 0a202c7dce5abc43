import { createTable, type MigrationDb, types } from "./support";

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
  await createTable(db, "cb_marathons")
    .addColumn("id", types.id, (c) => c.primaryKey())
    // general | axi
    .addColumn("course", "varchar(16)", (c) => c.notNull())
    .addColumn("title", "varchar(100)", (c) => c.notNull())
    .addColumn("starts_on", "varchar(10)", (c) => c.notNull())
    .addColumn("ends_on", "varchar(10)")
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_by", types.id, (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .addColumn("updated_at", types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("cb_marathons_course_idx")
    .on("cb_marathons")
    .columns(["course", "active", "starts_on"])
    .execute();
  await db.schema
    .createIndex("cb_marathons_created_by_idx")
    .on("cb_marathons")
    .column("created_by")
    .execute();

  await createTable(db, "cb_marathon_goals")
    .addColumn("id", types.id, (c) => c.primaryKey())
    .addColumn("marathon_id", types.id, (c) =>
      c.notNull().references("cb_marathons.id").onDelete("cascade"),
    )
    .addColumn("marathon_number", "integer", (c) => c.notNull().unique())
    // Cumulative cashback (yen) that reaches the goal.
    .addColumn("threshold", types.money, (c) => c.notNull())
    // Yen credited when the goal is reached (0 = none).
    .addColumn("reward", types.money, (c) => c.notNull())
    .addColumn("modal_text", "varchar(2000)", (c) => c.notNull())
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .addColumn("updated_at", types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("cb_marathon_goals_marathon_idx")
    .on("cb_marathon_goals")
    .columns(["marathon_id", "threshold"])
    .execute();

  await createTable(db, "marathons")
    // `<uid>_<marathon_number>`
    .addColumn("id", "varchar(48)", (c) => c.primaryKey())
    .addColumn("uid", types.id, (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("marathon_number", "integer", (c) => c.notNull())
    .addColumn("goal_id", types.id, (c) => c.notNull().references("cb_marathon_goals.id"))
    .addColumn("reward", types.money, (c) => c.notNull())
    .addColumn("modal_text", "varchar(2000)", (c) => c.notNull())
    .addColumn("is_modal", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("ledger_tx_id", types.id)
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .addColumn("updated_at", types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("marathons_pending_idx")
    .on("marathons")
    .columns(["uid", "is_modal", "created_at"])
    .execute();
  await db.schema.createIndex("marathons_goal_idx").on("marathons").column("goal_id").execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("marathons").execute();
  await db.schema.dropTable("cb_marathon_goals").execute();
  await db.schema.dropTable("cb_marathons").execute();
}
