import { type Kysely, sql } from "kysely";
import { backoffMs, type Db, UNAVAILABLE_RETRY_MS } from "#db";
import {
  forUpdate,
  insertIgnore,
  isConnectionLost,
  isRetryableTxError,
  isUniqueViolation,
} from "#db/dialect";
import { newId } from "#db/id";
import type { Bucket, Database } from "#db/schema";
import { nowDb } from "#db/time";
import { AppError, busyTryAgain } from "../errors";

/**
 * The only code that moves money. A movement is a set of postings that sum to zero, applied in
 * one database transaction with a unique idempotency key:
 *   - each posting changes one wallet bucket with a conditional UPDATE (a member bucket never
 *     goes below zero; no read-then-write race on either engine);
 *   - the same key applied twice is a no-op that returns the first result;
 *   - nothing is ever edited or deleted: a mistake is corrected by a new movement.
 */

export const HOUSE = "sys:house";
export const PAYOUTS = "sys:payouts";
export const FEES = "sys:fees";

export type MovementKind =
  | "cashback"
  | "rate_adjustment"
  | "affiliate_reward"
  | "present"
  | "prize"
  | "gacha_cost"
  | "gacha_reward"
  | "withdrawal_hold"
  | "withdrawal_payout"
  | "withdrawal_release"
  | "transfer_hold"
  | "transfer_settle"
  | "transfer_release";

export interface Posting {
  walletId: string;
  bucket: Bucket;
  /** Signed yen, never zero. */
  amount: number;
}

export interface Movement {
  key: string;
  kind: MovementKind;
  refType: string;
  refId: string;
  postings: Posting[];
}

export interface PostResult {
  txId: string;
  /** True when this key had been applied before: nothing changed now. */
  replayed: boolean;
}

/** The wallet id of a member: the member's own id. */
export function memberWallet(userId: string): string {
  return userId;
}

function validate(movement: Movement) {
  if (!movement.key || movement.key.length > 128) throw new Error("ledger: bad idempotency key");
  if (movement.postings.length < 2) throw new Error("ledger: a movement needs two postings");
  let sum = 0;
  for (const p of movement.postings) {
    if (!Number.isSafeInteger(p.amount) || p.amount === 0) {
      throw new Error(`ledger: posting amount must be a non-zero integer (got ${p.amount})`);
    }
    sum += p.amount;
  }
  if (sum !== 0) throw new Error(`ledger: postings must sum to zero (got ${sum})`);
}

/**
 * Creates the member's wallet if it does not exist yet (idempotent). An existing wallet is
 * only read, never "inserted over": on InnoDB an INSERT IGNORE that hits an existing row takes
 * a shared lock, and two transactions upgrading shared locks to write the same wallet deadlock.
 */
export async function ensureWallet(trx: Kysely<Database>, db: Db, userId: string): Promise<void> {
  const exists = await trx
    .selectFrom("wallets")
    .select("id")
    .where("id", "=", memberWallet(userId))
    .executeTakeFirst();
  if (exists) return;
  const now = nowDb();
  await insertIgnore(
    db,
    trx.insertInto("wallets").values({
      id: memberWallet(userId),
      user_id: userId,
      kind: "member",
      balance: 0,
      held: 0,
      created_at: now,
      updated_at: now,
    }),
  ).execute();
}

/** Creates the wallets of many members at once (those that do not exist yet). */
export async function ensureWallets(
  trx: Kysely<Database>,
  db: Db,
  userIds: string[],
): Promise<void> {
  const unique = [...new Set(userIds)];
  for (let i = 0; i < unique.length; i += 1000) {
    const slice = unique.slice(i, i + 1000);
    const existing = new Set(
      (await trx.selectFrom("wallets").select("id").where("id", "in", slice).execute()).map(
        (w) => w.id,
      ),
    );
    const missing = slice.filter((id) => !existing.has(id));
    if (missing.length === 0) continue;
    const now = nowDb();
    await insertIgnore(
      db,
      trx.insertInto("wallets").values(
        missing.map((id) => ({
          id,
          user_id: id,
          kind: "member" as const,
          balance: 0,
          held: 0,
          created_at: now,
          updated_at: now,
        })),
      ),
    ).execute();
  }
}

/**
 * Applies a movement inside the caller's transaction `trx`, so the domain rows (a withdrawal,
 * a transfer) and the money commit or fail together. Throws AppError "insufficientBalance"
 * when a member bucket would go negative: the caller's transaction must then roll back.
 */
export async function post(trx: Kysely<Database>, db: Db, movement: Movement): Promise<PostResult> {
  validate(movement);
  const existing = await trx
    .selectFrom("ledger_transactions")
    .select("id")
    .where("idempotency_key", "=", movement.key)
    .executeTakeFirst();
  if (existing) return { txId: existing.id, replayed: true };

  // Lock every wallet the movement touches, in id order, before changing anything: two
  // movements over the same wallets (A pays B while B pays A) then queue instead of deadlocking.
  const walletIds = [...new Set(movement.postings.map((p) => p.walletId))].sort();
  await forUpdate(
    db,
    trx.selectFrom("wallets").select("id").where("id", "in", walletIds).orderBy("id"),
  ).execute();

  const txId = newId();
  const now = nowDb();
  try {
    await trx
      .insertInto("ledger_transactions")
      .values({
        id: txId,
        idempotency_key: movement.key,
        kind: movement.kind,
        ref_type: movement.refType,
        ref_id: movement.refId,
        created_at: now,
      })
      .execute();
  } catch (error) {
    // A concurrent request with the same key committed first.
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", "duplicateRequest");
    throw error;
  }

  // Debits are checked one by one (a member bucket may not go below zero); credits cannot
  // fail that check, so each bucket's credits are applied in one statement, which is what
  // lets an import credit thousands of members in a single movement.
  const debits = movement.postings
    .filter((p) => p.amount < 0)
    .sort((a, b) =>
      a.walletId === b.walletId
        ? a.bucket.localeCompare(b.bucket)
        : a.walletId < b.walletId
          ? -1
          : 1,
    );
  for (const p of debits) {
    const column = p.bucket === "available" ? "balance" : "held";
    const result = await trx
      .updateTable("wallets")
      .set({ [column]: sql`${sql.ref(column)} + ${p.amount}`, updated_at: now })
      .where("id", "=", p.walletId)
      // Only system wallets may go below zero (the house is where credits come from).
      .where((eb) => eb.or([eb("kind", "=", "system"), eb(column, ">=", -p.amount)]))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) {
      const wallet = await trx
        .selectFrom("wallets")
        .select("id")
        .where("id", "=", p.walletId)
        .executeTakeFirst();
      if (!wallet) throw new Error(`ledger: wallet ${p.walletId} does not exist`);
      throw new AppError("BAD_REQUEST", "insufficientBalance");
    }
  }
  for (const bucket of ["available", "held"] as const) {
    const credits = new Map<string, number>();
    for (const p of movement.postings) {
      if (p.amount > 0 && p.bucket === bucket)
        credits.set(p.walletId, (credits.get(p.walletId) ?? 0) + p.amount);
    }
    if (credits.size === 0) continue;
    const column = bucket === "available" ? "balance" : "held";
    const ids = [...credits.keys()].sort();
    for (let i = 0; i < ids.length; i += 1000) {
      const slice = ids.slice(i, i + 1000);
      const cases = sql.join(
        slice.map((id) => sql`when ${id} then ${credits.get(id)!}`),
        sql` `,
      );
      const result = await trx
        .updateTable("wallets")
        .set({
          [column]: sql`${sql.ref(column)} + (case ${sql.ref("id")} ${cases} else 0 end)`,
          updated_at: now,
        })
        .where("id", "in", slice)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== slice.length)
        throw new Error("ledger: a credited wallet does not exist");
    }
  }
  const entries = movement.postings.map((p) => ({
    id: newId(),
    tx_id: txId,
    wallet_id: p.walletId,
    bucket: p.bucket,
    amount: p.amount,
    created_at: now,
  }));
  for (let i = 0; i < entries.length; i += 1000) {
    await trx
      .insertInto("ledger_entries")
      .values(entries.slice(i, i + 1000))
      .execute();
  }
  return { txId, replayed: false };
}

export interface TransactionOptions<T> {
  /**
   * Tells, on a fresh connection, what a transaction whose COMMIT got no answer did: its result
   * when it was applied (found by the request's idempotency key), undefined when it was not.
   * Without it, such a transaction is run again only when `rerunIsSafe` says so.
   */
  settled?: () => Promise<T | undefined>;
  /**
   * The work's writes are keyed so that running it twice applies it once (a movement's
   * idempotency key, a conditional update): an unknown outcome is then settled by running it
   * again. Without this or `settled`, the caller gets "busy, try again".
   */
  rerunIsSafe?: boolean;
  /** Conflict retries (deadlocks, lock waits, Galera certification) before giving up. */
  attempts?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs `work` in a transaction and sees it through what a database cluster does to
 * transactions:
 * - a deadlock, lock-wait timeout or Galera certification conflict rolled it back: it runs
 *   again after a backoff with jitter, up to `attempts` times;
 * - the connection broke before COMMIT (a node died, the connection was killed): the server
 *   rolled it back, so it runs again on a fresh connection while the database comes back
 *   (`UNAVAILABLE_RETRY_MS`);
 * - the connection broke during COMMIT: the outcome is unknown; `settled` looks the request up
 *   by its key and answers what happened (or, with `rerunIsSafe`, the keyed work runs again).
 * Past those limits the caller gets AppError "busyTryAgain" (503), never a driver error.
 */
export async function inTransaction<T>(
  db: Db,
  work: (trx: Kysely<Database>) => Promise<T>,
  options: TransactionOptions<T> | number = {},
): Promise<T> {
  const {
    settled,
    rerunIsSafe = false,
    attempts = 6,
  } = typeof options === "number" ? { attempts: options } : options;
  const deadline = Date.now() + UNAVAILABLE_RETRY_MS;
  let conflicts = 0;
  for (let attempt = 1; ; attempt++) {
    let committing = false;
    try {
      return await db.kysely.transaction().execute(async (trx) => {
        const result = await work(trx);
        committing = true;
        return result;
      });
    } catch (error) {
      if (isRetryableTxError(error)) {
        // Rolled back by the engine, at any step including a certification failure at COMMIT.
        if (++conflicts >= attempts) throw busyTryAgain();
      } else if (isConnectionLost(error)) {
        if (committing) {
          if (settled) {
            const outcome = await settle(settled, deadline);
            if (outcome !== undefined) return outcome;
            // Not applied: running it again is the member's request, once.
          } else if (!rerunIsSafe) {
            throw busyTryAgain();
          }
        }
        if (Date.now() > deadline) throw busyTryAgain();
      } else {
        throw error;
      }
      await sleep(backoffMs(attempt));
    }
  }
}

/** Asks `settled` until the database answers or the time is up. */
async function settle<T>(settled: () => Promise<T | undefined>, deadline: number) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await settled();
    } catch (error) {
      if (!isConnectionLost(error) && !isRetryableTxError(error)) throw error;
      if (Date.now() > deadline) throw busyTryAgain();
      await sleep(backoffMs(attempt));
    }
  }
}

/** A one-movement transaction, for callers with no domain row to write alongside. */
export async function postAlone(db: Db, movement: Movement): Promise<PostResult> {
  // The movement's own key makes a second run a replay.
  return inTransaction(db, (trx) => post(trx, db, movement), { rerunIsSafe: true });
}

export interface WalletView {
  available: number;
  held: number;
}

/**
 * A bucket of the member's wallet as a scalar subquery, for a page that reads it with other
 * figures in one round trip (the dashboard); null when the member has no wallet yet.
 */
export function walletColumn(db: Kysely<Database>, userId: string, bucket: "balance" | "held") {
  return db.selectFrom("wallets").select(bucket).where("id", "=", memberWallet(userId));
}

export async function getWallet(db: Kysely<Database>, userId: string): Promise<WalletView> {
  const row = await db
    .selectFrom("wallets")
    .select(["balance", "held"])
    .where("id", "=", memberWallet(userId))
    .executeTakeFirst();
  return { available: Number(row?.balance ?? 0), held: Number(row?.held ?? 0) };
}

export interface LedgerProblem {
  kind: "wallet_mismatch" | "tx_unbalanced" | "total_nonzero" | "negative_member";
  detail: string;
}

/**
 * Every invariant of the ledger: each wallet's buckets equal the sums of their entries, each
 * transaction sums to zero, all entries sum to zero, no member bucket is negative.
 */
export async function checkLedger(db: Db): Promise<LedgerProblem[]> {
  const problems: LedgerProblem[] = [];
  const sums = await db.kysely
    .selectFrom("ledger_entries")
    .select(["wallet_id", "bucket", (eb) => eb.fn.sum<number>("amount").as("total")])
    .groupBy(["wallet_id", "bucket"])
    .execute();
  const expected = new Map<string, { balance: number; held: number }>();
  for (const s of sums) {
    const e = expected.get(s.wallet_id) ?? { balance: 0, held: 0 };
    if (s.bucket === "available") e.balance += Number(s.total);
    else e.held += Number(s.total);
    expected.set(s.wallet_id, e);
  }
  const wallets = await db.kysely
    .selectFrom("wallets")
    .select(["id", "kind", "balance", "held"])
    .execute();
  for (const w of wallets) {
    const e = expected.get(w.id) ?? { balance: 0, held: 0 };
    if (Number(w.balance) !== e.balance || Number(w.held) !== e.held) {
      problems.push({
        kind: "wallet_mismatch",
        detail: `${w.id}: balance ${w.balance} held ${w.held}, entries say ${e.balance} / ${e.held}`,
      });
    }
    if (w.kind === "member" && (Number(w.balance) < 0 || Number(w.held) < 0)) {
      problems.push({
        kind: "negative_member",
        detail: `${w.id}: balance ${w.balance} held ${w.held}`,
      });
    }
    expected.delete(w.id);
  }
  for (const id of expected.keys()) {
    problems.push({
      kind: "wallet_mismatch",
      detail: `${id}: entries for a wallet that does not exist`,
    });
  }
  const unbalanced = await db.kysely
    .selectFrom("ledger_entries")
    .select(["tx_id", (eb) => eb.fn.sum<number>("amount").as("total")])
    .groupBy("tx_id")
    .having((eb) => eb.fn.sum("amount"), "!=", 0)
    .limit(100)
    .execute();
  for (const u of unbalanced)
    problems.push({ kind: "tx_unbalanced", detail: `${u.tx_id}: sums to ${u.total}` });
  const total = await db.kysely
    .selectFrom("ledger_entries")
    .select((eb) => eb.fn.sum<number>("amount").as("total"))
    .executeTakeFirst();
  if (Number(total?.total ?? 0) !== 0)
    problems.push({ kind: "total_nonzero", detail: `all entries sum to ${total?.total}` });
  return problems;
}
