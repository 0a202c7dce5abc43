import type { Kysely } from "kysely";
import type { Db } from "../../../db";
import { upsertAdd } from "../../../db/dialect";
import type { Database } from "../../../db/schema";
import { tokyoMonth } from "../../domain/tokyo";

/** The Tokyo month ("2026-11") of a moment, or of a stored UTC timestamp. */
export { tokyoMonth } from "../../domain/tokyo";

/**
 * Adds a completed withdrawal to the ranking's summary, inside the transaction that completes
 * it (the summary and the withdrawal commit together).
 */
export async function addCompletedWithdrawal(
  trx: Kysely<Database>,
  db: Db,
  userId: string,
  amount: number,
  completedAt: string,
): Promise<void> {
  await upsertAdd(
    db,
    trx,
    "withdrawal_monthly",
    [{ user_id: userId, month: tokyoMonth(completedAt), amount, count: 1 }],
    ["user_id", "month"],
    ["amount", "count"],
  );
}
