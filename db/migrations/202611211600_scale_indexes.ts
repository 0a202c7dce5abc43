import { isMysql, type MigrationDb } from "./support";

/**
 * Indexes for the pages at 100,000 members (npm run bench:pages, docs/benchmarks.md), each for
 * a query that otherwise read a whole table (tests/integration/explain.test.ts checks the plans):
 *
 * - the admin member list filters on permission and sorts by one of four columns: with the
 *   filter first, a page is read in index order instead of sorting every member;
 * - the ranking leaves out members who opted out: it finds them by this flag;
 * - the ranking sums each genre's summary per member over a month range: these hold the month,
 *   the member and the amount together, so the sums are read from the index alone.
 */
const INDEXES: [name: string, table: string, columns: string[]][] = [
  ["users_permission_created_idx", "users", ["permission", "created_at"]],
  ["users_permission_nickname_idx", "users", ["permission", "nickname"]],
  ["users_permission_name_idx", "users", ["permission", "name"]],
  ["users_permission_email_idx", "users", ["permission", "email"]],
  ["users_ranking_opt_out_idx", "users", ["ranking_opt_out"]],
  ["cashback_monthly_month_user_idx", "cashback_monthly", ["month", "user_id", "amount"]],
  ["cashback_monthly_user_amount_idx", "cashback_monthly", ["user_id", "month", "amount"]],
  ["withdrawal_monthly_month_user_idx", "withdrawal_monthly", ["month", "user_id", "amount"]],
  ["affiliate_daily_day_referrer_idx", "affiliate_daily", ["day", "referrer_id", "rewards"]],
];

export async function up(db: MigrationDb): Promise<void> {
  for (const [name, table, columns] of INDEXES) {
    await db.schema.createIndex(name).on(table).columns(columns).execute();
  }
}

export async function down(db: MigrationDb): Promise<void> {
  for (const [name, table] of [...INDEXES].reverse()) {
    const drop = db.schema.dropIndex(name);
    await (isMysql(db) ? drop.on(table) : drop).execute();
  }
}
