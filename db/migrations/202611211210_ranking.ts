import { sql } from "kysely";
import { createTable, index, isMysql, type MigrationDb, ownedBy, types } from "./support";

/**
 * The withdrawal genre of the ranking reads a summary, like the cashback genre reads
 * cashback_monthly: completed withdrawals per member and month (Tokyo), added to in the
 * transaction that completes a withdrawal. Filled here from the withdrawals completed so far.
 */
export async function up(db: MigrationDb): Promise<void> {
  await createTable(db, "withdrawal_monthly")
    .addColumn("user_id", types.id, ownedBy("users.id"))
    .addColumn("month", "varchar(7)", (c) => c.notNull())
    .addColumn("amount", types.money, (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("withdrawal_monthly_pk", ["user_id", "month"])
    .execute();
  await index(db, "withdrawal_monthly_month_idx", "withdrawal_monthly", ["month", "user_id"]);
  // completed_at is UTC; the month is Tokyo's (UTC+9, no daylight saving).
  const month = isMysql(db)
    ? sql`date_format(date_add(completed_at, interval 9 hour), '%Y-%m')`
    : sql`strftime('%Y-%m', datetime(completed_at, '+9 hours'))`;
  await sql`insert into withdrawal_monthly (user_id, month, amount, count)
    select user_id, ${month}, sum(amount), count(*) from withdrawals
    where status = 'completed' and completed_at is not null
    group by user_id, ${month}`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("withdrawal_monthly").execute();
}
