import { byUser, createIdTable, createTable, index, type MigrationDb, types } from "./support";

/**
 * Affiliate rewards. A reward is a share of one credited cashback row: the cashback id is
 * unique here, so the same cashback can never pay its referrer twice, whatever the files or
 * re-runs. The rate in force is recorded on each reward. Two summaries, kept in the import's
 * own transaction, let the pages read totals without scanning the rewards.
 */
export async function up(db: MigrationDb): Promise<void> {
  // A per-member override of the default rate (basis points: 1000 = 10%).
  await createTable(db, "affiliate_rates")
    .addColumn("user_id", types.id, (c) =>
      c.primaryKey().references("users.id").onDelete("cascade"),
    )
    .addColumn("rate_bp", "integer", (c) => c.notNull())
    .addColumn("updated_at", types.timestamp, (c) => c.notNull())
    .addColumn("updated_by", types.id, byUser)
    .execute();

  await createIdTable(db, "affiliate_rewards")
    .addColumn("cashback_id", types.id, (c) => c.notNull().unique().references("cashbacks.id"))
    .addColumn("referrer_id", types.id, (c) => c.notNull().references("users.id"))
    .addColumn("customer_id", types.id, (c) => c.notNull().references("users.id"))
    .addColumn("trade_date", "varchar(10)", (c) => c.notNull())
    .addColumn("cashback_amount", types.money, (c) => c.notNull())
    .addColumn("rate_bp", "integer", (c) => c.notNull())
    .addColumn("amount", types.money, (c) => c.notNull())
    .addColumn("batch_id", types.id, (c) => c.notNull())
    .addColumn("ledger_tx_id", types.id, (c) => c.notNull())
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .execute();
  await index(db, "affiliate_rewards_referrer_idx", "affiliate_rewards", [
    "referrer_id",
    "trade_date",
  ]);
  await index(db, "affiliate_rewards_customer_idx", "affiliate_rewards", ["customer_id"]);

  // Per referrer per Tokyo day: registrations of referred customers, their cashback, rewards.
  await createTable(db, "affiliate_daily")
    .addColumn("referrer_id", types.id, (c) => c.notNull())
    .addColumn("day", "varchar(10)", (c) => c.notNull())
    .addColumn("registrations", "integer", (c) => c.notNull())
    .addColumn("cashback", types.money, (c) => c.notNull())
    .addColumn("rewards", types.money, (c) => c.notNull())
    .addPrimaryKeyConstraint("affiliate_daily_pk", ["referrer_id", "day"])
    .execute();

  // Per referrer, customer and month: the customer rewards table.
  await createTable(db, "affiliate_customer_monthly")
    .addColumn("referrer_id", types.id, (c) => c.notNull())
    .addColumn("customer_id", types.id, (c) => c.notNull())
    .addColumn("month", "varchar(7)", (c) => c.notNull())
    .addColumn("cashback", types.money, (c) => c.notNull())
    .addColumn("rewards", types.money, (c) => c.notNull())
    .addPrimaryKeyConstraint("affiliate_customer_monthly_pk", [
      "referrer_id",
      "customer_id",
      "month",
    ])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("affiliate_customer_monthly").execute();
  await db.schema.dropTable("affiliate_daily").execute();
  await db.schema.dropTable("affiliate_rewards").execute();
  await db.schema.dropTable("affiliate_rates").execute();
}
