import { index, isMysql, type MigrationDb } from "./support";

/**
 * The admin home's charts read the cashback summaries over a window of days or months: with
 * the amount (and the broker) in the index, each chart is read from the index alone instead of
 * looking up every summary row of 30 days or 12 months (tests/integration/explain.test.ts).
 */
const INDEXES: [name: string, table: string, columns: string[]][] = [
  ["cashback_daily_day_amount_idx", "cashback_daily", ["day", "amount"]],
  ["cashback_monthly_month_broker_idx", "cashback_monthly", ["month", "broker_id", "amount"]],
];

export async function up(db: MigrationDb): Promise<void> {
  for (const [name, table, columns] of INDEXES) {
    await index(db, name, table, columns);
  }
}

export async function down(db: MigrationDb): Promise<void> {
  for (const [name, table] of [...INDEXES].reverse()) {
    const drop = db.schema.dropIndex(name);
    await (isMysql(db) ? drop.on(table) : drop).execute();
  }
}
