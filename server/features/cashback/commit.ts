import type { Db } from "../../../db";
import { isRetryableTxError, isUniqueViolation, upsertAdd } from "../../../db/dialect";
import { newId } from "../../../db/id";
import { nowDb, toDbTime } from "../../../db/time";
import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import { recordAudit } from "../../audit";
import { AppError } from "../../errors";
import { ensureWallets, HOUSE, memberWallet, post } from "../../ledger";
import { creditMarathonGoals } from "../marathon/goals";
import { creditAffiliateRewards } from "../affiliate/rewards";
import {
  type ImportDeps,
  approvedAccounts,
  countStaged,
  existingSources,
  sourceKey,
  assignChunks,
} from "./import";

/**
 * Crediting a previewed batch: the matched rows go through the ledger in chunks of a few
 * thousand per transaction, each row once (its source key is unique), then the batch's counts.
 * A re-run credits rows that have since become matchable. These run inside an import job
 * (./jobs.ts), which holds a lease on the work; each chunk renews it.
 */

/** One row of the daily or monthly cashback summary, per account and period. */
type Summary = {
  broker_account_id: string;
  user_id: string;
  broker_id: string;
  amount: number;
  lots_milli: number;
  rows: number;
};

/** Adds one cashback to its summary row (the row starts at zero the first time it is seen). */
function addToSummary<P extends object>(
  summaries: Map<string, Summary & P>,
  key: string,
  period: P,
  c: Pick<Summary, "broker_account_id" | "user_id" | "broker_id" | "amount" | "lots_milli">,
) {
  const row = summaries.get(key) ?? {
    broker_account_id: c.broker_account_id,
    ...period,
    user_id: c.user_id,
    broker_id: c.broker_id,
    amount: 0,
    lots_milli: 0,
    rows: 0,
  };
  row.amount += c.amount;
  row.lots_milli += c.lots_milli;
  row.rows += 1;
  summaries.set(key, row);
}

/**
 * Takes the batch for crediting (status "committing"), inside the transaction that queues its
 * job: only one job per batch at a time. `from` is the state the batch must be in.
 */
export async function takeBatch(
  trx: Kysely<Database>,
  batchId: string,
  from: "previewed" | "committed",
) {
  const result = await trx
    .updateTable("import_batches")
    .set({ status: "committing", committed_at: nowDb() })
    .where("id", "=", batchId)
    .where("status", "=", from)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return;
  const batch = await trx
    .selectFrom("import_batches")
    .select("status")
    .where("id", "=", batchId)
    .executeTakeFirst();
  if (!batch) throw new AppError("NOT_FOUND", "notFound");
  if (batch.status === "committing") throw new AppError("CONFLICT", "import.inProgress");
  throw new AppError(
    "CONFLICT",
    from === "previewed" ? "import.alreadyCommitted" : "import.notCommitted",
  );
}

/** Raised in a chunk's transaction when the job's lease has passed to another worker. */
export class LeaseLost extends Error {
  constructor() {
    super("import job lease lost");
  }
}

/** The job a chunk is credited for: its progress moves, and its lease is checked, per chunk. */
export interface JobLease {
  id: string;
  owner: string;
  leaseMs: number;
  /** Asked between chunks; true stops the crediting there (the job is resumed later). */
  shouldStop?: () => boolean;
}

interface ChunkRow {
  id: string;
  status: string;
  user_id: string | null;
  broker_account_id: string | null;
  broker_id: string | null;
  account_number: string | null;
  trade_date: string | null;
  row_key: string | null;
  amount_yen: number | null;
  lots_milli: number | null;
}

type Credited = { rows: number; amount: number };

/**
 * Credits chunk `chunkNo` of the batch in one transaction, unless it is credited already. The
 * batch's `next_chunk` moves on in the same transaction, so a chunk is credited entirely or
 * not at all, and exactly once, even when a commit is taken over after a stop. Rows credited
 * meanwhile by an overlapping file become duplicates; the rest become cashback history, one
 * ledger movement from the house to the members, and the daily and monthly summaries.
 */
async function creditChunk(
  db: Db,
  batchId: string,
  chunkNo: number,
  chunk: ChunkRow[],
  job: JobLease | undefined,
): Promise<Credited | "done"> {
  return db.kysely.transaction().execute(async (trx) => {
    // Taking the batch's next chunk is also the lock that serializes two committers.
    const claimed = await trx
      .updateTable("import_batches")
      .set({ next_chunk: chunkNo + 1 })
      .where("id", "=", batchId)
      .where("next_chunk", "=", chunkNo)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return "done";

    const withKeys = chunk
      .filter((r) => r.status === "matched")
      .map((r) => ({
        ...r,
        source: sourceKey(r.broker_id!, r.account_number!, r.trade_date!, r.row_key!),
      }));
    const credited = await existingSources(
      trx,
      withKeys.map((r) => r.source),
    );
    const dups = withKeys.filter((r) => credited.has(r.source));
    const fresh = withKeys.filter((r) => !credited.has(r.source));
    for (let i = 0; i < dups.length; i += 1000) {
      await trx
        .updateTable("import_rows")
        .set({ status: "duplicate" })
        .where(
          "id",
          "in",
          dups.slice(i, i + 1000).map((r) => r.id),
        )
        .execute();
    }
    if (fresh.length === 0) {
      await recordProgress(trx, job, withKeys.length, { rows: 0, amount: 0 });
      return { rows: 0, amount: 0 };
    }

    const perUser = new Map<string, number>();
    for (const r of fresh) perUser.set(r.user_id!, (perUser.get(r.user_id!) ?? 0) + r.amount_yen!);
    const total = fresh.reduce((sum, r) => sum + r.amount_yen!, 0);
    await ensureWallets(trx, db, [...perUser.keys()]);
    const { txId } = await post(trx, db, {
      key: `cashback:${batchId}:${chunkNo}`,
      kind: "cashback",
      refType: "import_batch",
      refId: batchId,
      postings: [
        { walletId: HOUSE, bucket: "available", amount: -total },
        ...[...perUser].map(([userId, amount]) => ({
          walletId: memberWallet(userId),
          bucket: "available" as const,
          amount,
        })),
      ],
    });
    const now = nowDb();
    const cashbacks = fresh.map((r) => ({
      id: newId(),
      source_key: r.source,
      user_id: r.user_id!,
      broker_account_id: r.broker_account_id!,
      broker_id: r.broker_id!,
      trade_date: r.trade_date!,
      lots_milli: r.lots_milli ?? 0,
      amount: r.amount_yen!,
      batch_id: batchId,
      ledger_tx_id: txId,
      created_at: now,
    }));
    for (let i = 0; i < cashbacks.length; i += 2000) {
      await trx
        .insertInto("cashbacks")
        .values(cashbacks.slice(i, i + 2000))
        .execute();
    }
    // The referrers of these customers are paid in this same transaction, once per cashback row.
    await creditAffiliateRewards(trx, db, batchId, cashbacks);

    const daily = new Map<string, Summary & { day: string }>();
    const monthly = new Map<string, Summary & { month: string }>();
    for (const c of cashbacks) {
      addToSummary(daily, `${c.broker_account_id}|${c.trade_date}`, { day: c.trade_date }, c);
      const month = c.trade_date.slice(0, 7);
      addToSummary(monthly, `${c.broker_account_id}|${month}`, { month }, c);
    }
    await upsertAdd(
      db,
      trx,
      "cashback_daily",
      [...daily.values()],
      ["broker_account_id", "day"],
      ["amount", "lots_milli", "rows"],
    );
    await upsertAdd(
      db,
      trx,
      "cashback_monthly",
      [...monthly.values()],
      ["broker_account_id", "month"],
      ["amount", "lots_milli", "rows"],
    );
    // Marathon goals this cashback reached: credited in this same transaction.
    await creditMarathonGoals(trx, db, [...perUser.keys()]);

    // Every row of the chunk still "matched" is one just credited: one statement marks them.
    await trx
      .updateTable("import_rows")
      .set({ status: "credited" })
      .where("batch_id", "=", batchId)
      .where("chunk_no", "=", chunkNo)
      .where("status", "=", "matched")
      .execute();
    await trx
      .updateTable("import_batches")
      .set((eb) => ({
        rows_credited: eb("rows_credited", "+", fresh.length),
        amount_credited: eb("amount_credited", "+", total),
      }))
      .where("id", "=", batchId)
      .execute();
    await recordProgress(trx, job, withKeys.length, { rows: fresh.length, amount: total });
    return { rows: fresh.length, amount: total };
  });
}

/**
 * Moves the job's progress and renews its lease in the chunk's own transaction, so the figures
 * the page shows are exactly the chunks credited. A worker whose lease another has taken
 * over gets no row back: the chunk is rolled back, credited by the lease holder alone.
 */
async function recordProgress(
  trx: Kysely<Database>,
  job: JobLease | undefined,
  rows: number,
  credited: Credited,
) {
  if (!job) return;
  const now = new Date();
  const renewed = await trx
    .updateTable("import_jobs")
    .set((eb) => ({
      rows_done: eb("rows_done", "+", rows),
      rows_credited: eb("rows_credited", "+", credited.rows),
      amount_credited: eb("amount_credited", "+", credited.amount),
      heartbeat_at: toDbTime(now),
      lease_until: toDbTime(new Date(now.getTime() + job.leaseMs)),
    }))
    .where("id", "=", job.id)
    .where("lease_owner", "=", job.owner)
    .where("state", "=", "running")
    .executeTakeFirst();
  if (Number(renewed.numUpdatedRows) !== 1) throw new LeaseLost();
}

/**
 * Credits the batch's chunks from its `next_chunk` on, until a chunk number has no rows; safe
 * to run again after a stop, since each chunk moves `next_chunk` in its own transaction.
 */
export async function creditMatched(
  deps: ImportDeps,
  batchId: string,
  job?: JobLease,
): Promise<Credited | "stopped"> {
  const { db } = deps;
  let rows = 0;
  let amount = 0;
  const batch = await db.kysely
    .selectFrom("import_batches")
    .select("next_chunk")
    .where("id", "=", batchId)
    .executeTakeFirstOrThrow();
  for (let chunkNo = batch.next_chunk; ; chunkNo++) {
    if (job?.shouldStop?.()) return "stopped";
    const chunk: ChunkRow[] = await db.kysely
      .selectFrom("import_rows")
      .select([
        "id",
        "status",
        "user_id",
        "broker_account_id",
        "broker_id",
        "account_number",
        "trade_date",
        "row_key",
        "amount_yen",
        "lots_milli",
      ])
      .where("batch_id", "=", batchId)
      .where("chunk_no", "=", chunkNo)
      .execute();
    if (chunk.length === 0) break;
    for (let attempt = 1; ; attempt++) {
      try {
        const result = await creditChunk(db, batchId, chunkNo, chunk, job);
        if (result !== "done") {
          rows += result.rows;
          amount += result.amount;
        }
        break;
      } catch (error) {
        // An overlapping file credited some of these rows between our check and our insert,
        // or the engine asks for a retry: the chunk is redone from scratch.
        if (attempt >= 5 || !(isUniqueViolation(error) || isRetryableTxError(error))) throw error;
      }
    }
  }
  return { rows, amount };
}

/** Marks the batch committed again and audits the run, in the caller's transaction. */
export async function finishBatch(
  trx: Kysely<Database>,
  adminId: string | null,
  batchId: string,
  action: string,
  data: Record<string, unknown>,
) {
  await trx
    .updateTable("import_batches")
    .set({ status: "committed", committed_by: adminId, committed_at: nowDb() })
    .where("id", "=", batchId)
    .execute();
  await recordAudit(trx, {
    actorId: adminId,
    action,
    targetType: "import_batch",
    targetId: batchId,
    data,
  });
}

/**
 * A re-run's first step: rows whose accounts have been approved since the preview become
 * matched, in new chunks after every chunk so far; everything credited stays as it is. Safe to
 * repeat (only rows still unmatched change).
 */
export async function rematchUnmatched(db: Db, batchId: string) {
  const unmatched = await db.kysely
    .selectFrom("import_rows")
    .select(["id", "broker_id", "account_number"])
    .where("batch_id", "=", batchId)
    .where("status", "=", "unmatched")
    .execute();
  const accounts = await approvedAccounts(
    db.kysely,
    unmatched.map((r) => ({ brokerId: r.broker_id!, account: r.account_number! })),
  );
  const matched = unmatched.flatMap((r) => {
    const account = accounts.get(`${r.broker_id}|${r.account_number}`);
    return account
      ? [{ id: r.id, user_id: account.userId, account_id: account.id, chunk_no: null }]
      : [];
  });
  if (matched.length === 0) return;
  const batch = await db.kysely
    .selectFrom("import_batches")
    .select("next_chunk")
    .where("id", "=", batchId)
    .executeTakeFirstOrThrow();
  const last = await db.kysely
    .selectFrom("import_rows")
    .select((eb) => eb.fn.max("chunk_no").as("last"))
    .where("batch_id", "=", batchId)
    .executeTakeFirst();
  assignChunks(matched, Math.max(batch.next_chunk, Number(last?.last ?? -1) + 1));
  await db.kysely.transaction().execute(async (trx) => {
    for (const r of matched) {
      await trx
        .updateTable("import_rows")
        .set({
          status: "matched",
          broker_account_id: r.account_id,
          user_id: r.user_id,
          chunk_no: r.chunk_no,
        })
        .where("id", "=", r.id)
        .where("status", "=", "unmatched")
        .execute();
    }
  });
}

export async function recountBatch(db: Db, batchId: string) {
  const counts = await countStaged(db.kysely, batchId);
  await db.kysely
    .updateTable("import_batches")
    .set({
      rows_matched: counts.rows_matched + counts.rows_credited,
      rows_unmatched: counts.rows_unmatched,
      rows_duplicate: counts.rows_duplicate,
    })
    .where("id", "=", batchId)
    .execute();
}
