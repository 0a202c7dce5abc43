import { index, isMysql, type MigrationDb } from "./support";

/**
 * The cashback summaries' single-column period indexes are prefixes of the covering indexes the
 * admin home added (day → day, amount; month → month, broker, amount): every read that used
 * them is served as well by the longer one, and every summary row the import writes updated
 * both (decision 034). The prefixes go.
 */
const PREFIXES: [name: string, table: string, column: string][] = [
  ["cashback_daily_day_idx", "cashback_daily", "day"],
  ["cashback_monthly_month_idx", "cashback_monthly", "month"],
];

export async function up(db: MigrationDb): Promise<void> {
  for (const [name, table] of PREFIXES) {
    const drop = db.schema.dropIndex(name);
    await (isMysql(db) ? drop.on(table) : drop).execute();
  }
}

export async function down(db: MigrationDb): Promise<void> {
  for (const [name, table, column] of PREFIXES) await index(db, name, table, [column]);
}
