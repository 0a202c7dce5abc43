import { index, isMysql, type MigrationDb } from "./support";

/**
 * Indexes for the pages at 100,000 members (npm run bench:pages, docs/benchmarks.md), each for
 * a query that otherwise read a whole table (tests/integration/explain.test.ts checks the plans):
 *
 * - the admin member list filters on permission and sorts by one of four columns: with the
 *   filter first, a page is read in index order instead of sorting every member;
 * - sums of a month of the cashback summary (the admin home, battle standings) read the month,
 *   the member and the amount from one index.
 *
 * (The ranking reads ranking_totals, migration 202611211610.)
 */
const INDEXES: [name: string, table: string, columns: string[]][] = [
  ["users_permission_created_idx", "users", ["permission", "created_at"]],
  ["users_permission_nickname_idx", "users", ["permission", "nickname"]],
  ["users_permission_name_idx", "users", ["permission", "name"]],
  ["users_permission_email_idx", "users", ["permission", "email"]],
  ["cashback_monthly_month_user_idx", "cashback_monthly", ["month", "user_id", "amount"]],
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
