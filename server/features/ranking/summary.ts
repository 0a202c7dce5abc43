import { type Kysely, MysqlAdapter, sql } from "kysely";
import type { Database } from "../../../db/schema";
import { fromDbTime } from "../../../db/time";

/** The Tokyo month ("2026-11") of a moment, or of a stored UTC timestamp. */
export function tokyoMonth(at: Date | string): string {
  const date = typeof at === "string" ? fromDbTime(at) : at;
  return new Date(date.getTime() + 9 * 60 * 60 * 1000).toISOString().slice(0, 7);
}

/**
 * Adds a completed withdrawal to the ranking's summary, inside the transaction that completes
 * it (the summary and the withdrawal commit together).
 */
export async function addCompletedWithdrawal(
  trx: Kysely<Database>,
  userId: string,
  amount: number,
  completedAt: string,
): Promise<void> {
  const month = tokyoMonth(completedAt);
  const insert = trx
    .insertInto("withdrawal_monthly")
    .values({ user_id: userId, month, amount, count: 1 });
  const mysql = trx.getExecutor().adapter instanceof MysqlAdapter;
  await (
    mysql
      ? insert.onDuplicateKeyUpdate({
          amount: sql`amount + ${amount}`,
          count: sql`count + 1`,
        })
      : insert.onConflict((oc) =>
          oc.columns(["user_id", "month"]).doUpdateSet({
            amount: sql`amount + ${amount}`,
            count: sql`count + 1`,
          }),
        )
  ).execute();
}
