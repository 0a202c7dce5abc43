import type { Kysely } from "kysely";
import type { Db } from "#db";
import { upsertAdd } from "#db/dialect";
import type { Database } from "#db/schema";
import { tokyoMonth } from "../../domain/tokyo";
import { readInLists } from "../../lib/in-list";

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

/** Cashback credited to a member in a month: what the cashback ranking adds up. */
export interface MonthlyCredit {
  userId: string;
  month: string;
  amount: number;
}

/**
 * Adds credited cashback to the members' cashback ranking totals (the month, its year and all
 * time), in the transaction that credits it: one grouped upsert per import chunk instead of a
 * trigger per summary row. A new total takes the member's
 * `hidden` as it is now; the users trigger keeps it after that.
 */
export async function addCashbackToRanking(
  trx: Kysely<Database>,
  db: Db,
  credits: MonthlyCredit[],
): Promise<void> {
  const userIds = [...new Set(credits.map((c) => c.userId))];
  const hiddenRows = await readInLists(userIds, (ids) =>
    trx
      .selectFrom("users")
      .select("id")
      .where("id", "in", ids)
      .where((eb) => eb.or([eb("ranking_opt_out", "<>", 0), eb("permission", "<>", "member")]))
      .execute(),
  );
  const hidden = new Set(hiddenRows.map((r) => r.id));
  const totals = new Map<string, { period: string; user_id: string; amount: number }>();
  for (const c of credits) {
    for (const period of [c.month, c.month.slice(0, 4), "all"]) {
      const key = `${period}|${c.userId}`;
      const total = totals.get(key) ?? { period, user_id: c.userId, amount: 0 };
      total.amount += c.amount;
      totals.set(key, total);
    }
  }
  await upsertAdd(
    db,
    trx,
    "ranking_totals",
    [...totals.values()].map((t) => ({
      genre: "cashback",
      ...t,
      hidden: hidden.has(t.user_id) ? 1 : 0,
    })),
    ["genre", "period", "user_id"],
    ["amount"],
  );
}
