import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Db } from "#db";
import { upsertAdd } from "#db/dialect";
import { newId } from "#db/id";
import type { Database } from "#db/schema";
import { nowDb } from "#db/time";
import { ensureWallets } from "../../ledger";
import { payMembers } from "../../ledger/moves";
import { addToDigest } from "../../notify/digest";
import { ratesFor, rewardFor } from "./rates";
import { tokyoDay } from "../../domain/tokyo";
import { readInLists } from "../../lib/in-list";

/** A cashback row the import has just credited, in the caller's transaction. */
export interface CreditedCashback {
  id: string;
  source_key: string;
  user_id: string;
  broker_account_id: string;
  trade_date: string;
  amount: number;
}

/**
 * Pays the referrers of the customers in a chunk of freshly credited cashback, inside the
 * import's own transaction: the cashback, the rewards and the summaries commit or fail together.
 *
 * - one reward per cashback row of a referred customer: floor(cashback × rate in force), the
 *   rate recorded on the reward; a zero reward is not written;
 * - only for an approved account (never for a pending or denied one), never to oneself;
 * - `affiliate_rewards.cashback_id` is unique and the ledger key is derived from the chunk's
 *   source keys: a re-run, an overlapping file or a retried chunk can never pay twice.
 */
export async function creditAffiliateRewards(
  trx: Kysely<Database>,
  db: Db,
  batchId: string,
  cashbacks: CreditedCashback[],
): Promise<{ rewards: number; amount: number }> {
  if (cashbacks.length === 0) return { rewards: 0, amount: 0 };
  const customers = [...new Set(cashbacks.map((c) => c.user_id))];
  const referrerOf = new Map<string, string>();
  const customerRows = await readInLists(customers, (ids) =>
    trx
      .selectFrom("users")
      .select(["id", "referrer_id"])
      .where("id", "in", ids)
      .where("referrer_id", "is not", null)
      .execute(),
  );
  for (const r of customerRows)
    if (r.referrer_id && r.referrer_id !== r.id) referrerOf.set(r.id, r.referrer_id);
  const referred = cashbacks.filter((c) => referrerOf.has(c.user_id));
  if (referred.length === 0) return { rewards: 0, amount: 0 };

  const accountIds = [...new Set(referred.map((c) => c.broker_account_id))];
  const approvedRows = await readInLists(accountIds, (ids) =>
    trx
      .selectFrom("broker_accounts")
      .select("id")
      .where("id", "in", ids)
      .where("status", "=", "approved")
      .execute(),
  );
  const approved = new Set(approvedRows.map((r) => r.id));

  const rates = await ratesFor(trx, [...new Set(referrerOf.values())]);
  const now = nowDb();
  const rewards = referred
    .filter((c) => approved.has(c.broker_account_id))
    .map((c) => {
      const referrerId = referrerOf.get(c.user_id)!;
      const rateBp = rates.get(referrerId)!;
      return {
        id: newId(),
        cashback_id: c.id,
        source_key: c.source_key,
        referrer_id: referrerId,
        customer_id: c.user_id,
        trade_date: c.trade_date,
        cashback_amount: c.amount,
        rate_bp: rateBp,
        amount: rewardFor(c.amount, rateBp),
      };
    })
    .filter((r) => r.amount > 0);
  if (rewards.length === 0) return { rewards: 0, amount: 0 };

  const perReferrer = new Map<string, number>();
  for (const r of rewards) {
    perReferrer.set(r.referrer_id, (perReferrer.get(r.referrer_id) ?? 0) + r.amount);
  }
  const total = rewards.reduce((sum, r) => sum + r.amount, 0);
  await ensureWallets(trx, db, [...perReferrer.keys()]);
  const hash = createHash("sha256")
    .update(
      rewards
        .map((r) => r.source_key)
        .sort()
        .join("\n"),
    )
    .digest("hex")
    .slice(0, 24);
  const { txId, replayed } = await payMembers(
    trx,
    db,
    {
      key: `affiliate:${batchId}:${hash}`,
      kind: "affiliate_reward",
      refType: "import_batch",
      refId: batchId,
    },
    perReferrer,
  );
  // The same source keys already paid under this key: nothing more to write (the cashback
  // rows themselves are unique, so this is a defence, not a path the import takes).
  if (replayed) return { rewards: 0, amount: 0 };
  // One line of each referrer's daily mail digest per import, not one per cashback row.
  for (const [userId, amount] of perReferrer) {
    await addToDigest(trx, { userId, kind: "affiliate_reward", amount });
  }

  const rows = rewards.map((r) => ({
    id: r.id,
    cashback_id: r.cashback_id,
    referrer_id: r.referrer_id,
    customer_id: r.customer_id,
    trade_date: r.trade_date,
    cashback_amount: r.cashback_amount,
    rate_bp: r.rate_bp,
    amount: r.amount,
    batch_id: batchId,
    ledger_tx_id: txId,
    created_at: now,
  }));
  for (let i = 0; i < rows.length; i += 500) {
    await trx
      .insertInto("affiliate_rewards")
      .values(rows.slice(i, i + 500))
      .execute();
  }

  const daily = new Map<
    string,
    { referrer_id: string; day: string; registrations: number; cashback: number; rewards: number }
  >();
  const monthly = new Map<
    string,
    { referrer_id: string; customer_id: string; month: string; cashback: number; rewards: number }
  >();
  for (const r of rewards) {
    const dKey = `${r.referrer_id}|${r.trade_date}`;
    const d = daily.get(dKey) ?? {
      referrer_id: r.referrer_id,
      day: r.trade_date,
      registrations: 0,
      cashback: 0,
      rewards: 0,
    };
    d.cashback += r.cashback_amount;
    d.rewards += r.amount;
    daily.set(dKey, d);
    const month = r.trade_date.slice(0, 7);
    const mKey = `${r.referrer_id}|${r.customer_id}|${month}`;
    const m = monthly.get(mKey) ?? {
      referrer_id: r.referrer_id,
      customer_id: r.customer_id,
      month,
      cashback: 0,
      rewards: 0,
    };
    m.cashback += r.cashback_amount;
    m.rewards += r.amount;
    monthly.set(mKey, m);
  }
  await upsertAdd(
    db,
    trx,
    "affiliate_daily",
    [...daily.values()],
    ["referrer_id", "day"],
    ["cashback", "rewards"],
  );
  await upsertAdd(
    db,
    trx,
    "affiliate_customer_monthly",
    [...monthly.values()],
    ["referrer_id", "customer_id", "month"],
    ["cashback", "rewards"],
  );
  return { rewards: rewards.length, amount: total };
}

/** The Tokyo calendar date "YYYY-MM-DD" of an instant. */
export const tokyoDayOf = (instant: Date): string => tokyoDay(instant);

/** Counts a referred registration on its Tokyo day, in the registration's transaction. */
export async function countReferredRegistration(
  trx: Kysely<Database>,
  db: Db,
  referrerId: string,
  at: Date,
): Promise<void> {
  const day = tokyoDayOf(at);
  await upsertAdd(
    db,
    trx,
    "affiliate_daily",
    [{ referrer_id: referrerId, day, registrations: 1, cashback: 0, rewards: 0 }],
    ["referrer_id", "day"],
    ["registrations"],
  );
}
