import type { Db } from "#db";
import type { AuditAction } from "../../domain/audit-actions";
import { isRetryableTxError, isUniqueViolation, upsertAddFrom } from "#db/dialect";
import { nowDb, toDbTime } from "#db/time";
import { type ExpressionBuilder, type Kysely, sql, type UpdateObject } from "kysely";
import type { Database } from "#db/schema";
import { recordAudit } from "../../audit";
import { AppError } from "../../errors";
import { ensureWallets } from "../../ledger";
import { payMembers } from "../../ledger/moves";
import { creditMarathonGoals } from "../marathon/goals";
import { addCashbackToRanking, type MonthlyCredit } from "../ranking/summary";
import { type CreditedCashback, creditAffiliateRewards } from "../affiliate/rewards";
import type { ImportDeps } from "./import";

/**
 * Crediting a previewed batch: the matched rows go through the ledger in chunks of a few
 * thousand per transaction, each row once (its source key is unique), then the batch's counts.
 * A re-run credits rows that have since become matchable. These run inside an import job
 * (./jobs.ts), which holds a lease on the work; each chunk renews it.
 */

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
  shouldStop?: (() => boolean) | undefined;
}

type Credited = { rows: number; amount: number };

/** The rows of one chunk still to credit, as a query the statements below build on. */
function pendingRows(trx: Kysely<Database>, batchId: string, chunkNo: number) {
  return trx
    .selectFrom("import_rows")
    .where("import_rows.batch_id", "=", batchId)
    .where("import_rows.chunk_no", "=", chunkNo)
    .where("import_rows.status", "=", "matched");
}

/**
 * Credits chunk `chunkNo` of the batch in one transaction, unless it is credited already. The
 * batch's `next_chunk` moves on in the same transaction, so a chunk is credited entirely or
 * not at all, and exactly once, even when a commit is taken over after a stop. Rows credited
 * meanwhile by an overlapping file become duplicates; the rest become cashback history, one
 * ledger movement from the house to the members, and the daily and monthly summaries. Each
 * step is one statement over the chunk's staged rows: the rows
 * never travel through this process.
 */
async function creditChunk(
  db: Db,
  batchId: string,
  chunkNo: number,
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

    // Already credited (by an earlier batch or an overlapping file): duplicates, by an
    // anti-join on the history's unique source key.
    const dups = await trx
      .updateTable("import_rows")
      .set({ status: "duplicate" })
      .where("batch_id", "=", batchId)
      .where("chunk_no", "=", chunkNo)
      .where("status", "=", "matched")
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom("cashbacks")
            .select("cashbacks.id")
            .whereRef("cashbacks.source_key", "=", "import_rows.source_key"),
        ),
      )
      .executeTakeFirst();
    // What each member is credited, per month (the months are the ranking's).
    const monthly: (MonthlyCredit & { rows: number })[] = (
      await pendingRows(trx, batchId, chunkNo)
        .select((eb) => [
          "import_rows.user_id",
          sql<string>`substr(import_rows.trade_date, 1, 7)`.as("month"),
          eb.fn.sum<number>("import_rows.amount_yen").as("amount"),
          eb.fn.countAll<number>().as("rows"),
        ])
        .groupBy(["import_rows.user_id", sql`substr(import_rows.trade_date, 1, 7)`])
        .execute()
    ).map((r) => ({
      userId: r.user_id!,
      month: r.month,
      amount: Number(r.amount),
      rows: Number(r.rows),
    }));
    const perUser = new Map<string, number>();
    for (const m of monthly) perUser.set(m.userId, (perUser.get(m.userId) ?? 0) + m.amount);
    const credited = monthly.reduce(
      (sum, m) => ({ rows: sum.rows + m.rows, amount: sum.amount + m.amount }),
      { rows: 0, amount: 0 },
    );
    const rowsDone = credited.rows + Number(dups.numUpdatedRows);
    if (credited.rows === 0) {
      await recordProgress(trx, job, rowsDone, credited);
      return credited;
    }

    const userIds = [...perUser.keys()];
    await ensureWallets(trx, db, userIds);
    const { txId } = await payMembers(
      trx,
      db,
      {
        key: `cashback:${batchId}:${chunkNo}`,
        kind: "cashback",
        refType: "import_batch",
        refId: batchId,
      },
      perUser,
    );
    await writeHistory(trx, batchId, chunkNo, txId);
    // The referrers of these customers are paid in this same transaction, once per cashback
    // row: only the rows of referred customers are read back.
    await creditAffiliateRewards(trx, db, batchId, await referredRows(trx, batchId, chunkNo));
    await addToSummaries(trx, db, batchId, chunkNo);
    await addCashbackToRanking(trx, db, monthly);
    // Marathon goals this cashback reached: credited in this same transaction.
    await creditMarathonGoals(trx, db, userIds);

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
        rows_credited: eb("rows_credited", "+", credited.rows),
        amount_credited: eb("amount_credited", "+", credited.amount),
      }))
      .where("id", "=", batchId)
      .execute();
    await recordProgress(trx, job, rowsDone, credited);
    return credited;
  });
}

/**
 * The rate a row was priced or checked at and what it was priced from (the exact volume, the
 * trade's Tokyo time, the symbol and the commission as reported), kept on its history row.
 */
const PRICE_COLUMNS = [
  "rate_type",
  "rate_kind",
  "rate_x100",
  "rate_from",
  "rate_source",
  "priced",
  "commission_yen",
  "lots_exact",
  "traded_at",
  "symbol",
  "commission_x10000",
  "currency",
] as const;

/**
 * The chunk's rows become cashback history in one INSERT … SELECT. A history row takes its
 * staging row's id (both are unique ids, and a staging row is credited at most once), so the
 * rows written can be found again without reading them back.
 */
async function writeHistory(trx: Kysely<Database>, batchId: string, chunkNo: number, txId: string) {
  await trx
    .insertInto("cashbacks")
    .columns([
      "id",
      "source_key",
      "user_id",
      "broker_account_id",
      "broker_id",
      "trade_date",
      "lots_milli",
      "amount",
      "batch_id",
      "ledger_tx_id",
      "created_at",
      ...PRICE_COLUMNS,
    ])
    .expression(
      pendingRows(trx, batchId, chunkNo).select((eb) => [
        "import_rows.id",
        eb.fn.coalesce("import_rows.source_key", sql<string>`''`).as("source_key"),
        "import_rows.user_id",
        "import_rows.broker_account_id",
        "import_rows.broker_id",
        "import_rows.trade_date",
        eb.fn.coalesce("import_rows.lots_milli", sql<number>`0`).as("lots_milli"),
        "import_rows.amount_yen",
        "import_rows.batch_id",
        sql<string>`${txId}`.as("ledger_tx_id"),
        sql<string>`${nowDb()}`.as("created_at"),
        ...PRICE_COLUMNS.map((c) => `import_rows.${c}` as const),
      ]),
    )
    .execute();
}

/** The chunk's fresh cashback of customers who have a referrer: what affiliate rewards read. */
async function referredRows(
  trx: Kysely<Database>,
  batchId: string,
  chunkNo: number,
): Promise<CreditedCashback[]> {
  const rows = await pendingRows(trx, batchId, chunkNo)
    .innerJoin("users", "users.id", "import_rows.user_id")
    .where("users.referrer_id", "is not", null)
    .select([
      "import_rows.id",
      "import_rows.source_key",
      "import_rows.user_id",
      "import_rows.broker_account_id",
      "import_rows.trade_date",
      "import_rows.amount_yen",
    ])
    .execute();
  return rows.map((r) => ({
    id: r.id,
    source_key: r.source_key!,
    user_id: r.user_id!,
    broker_account_id: r.broker_account_id!,
    trade_date: r.trade_date!,
    amount: r.amount_yen!,
  }));
}

/** Adds the chunk's fresh cashback to the daily and monthly summaries, one grouped upsert each. */
async function addToSummaries(trx: Kysely<Database>, db: Db, batchId: string, chunkNo: number) {
  const totals = (period: "day" | "month") => {
    const key =
      period === "day"
        ? sql<string>`import_rows.trade_date`
        : sql<string>`substr(import_rows.trade_date, 1, 7)`;
    return pendingRows(trx, batchId, chunkNo)
      .select((eb) => [
        "import_rows.broker_account_id",
        key.as(period),
        "import_rows.user_id",
        "import_rows.broker_id",
        eb.fn.sum<number>("import_rows.amount_yen").as("amount"),
        eb.fn
          .sum<number>(eb.fn.coalesce("import_rows.lots_milli", sql<number>`0`))
          .as("lots_milli"),
        eb.fn.countAll<number>().as("rows"),
      ])
      .groupBy([
        "import_rows.broker_account_id",
        key,
        "import_rows.user_id",
        "import_rows.broker_id",
      ]);
  };
  const columns = ["amount", "lots_milli", "rows"] as const;
  await upsertAddFrom(
    db,
    trx,
    "cashback_daily",
    ["broker_account_id", "day", "user_id", "broker_id", ...columns],
    totals("day"),
    ["broker_account_id", "day"],
    [...columns],
  );
  await upsertAddFrom(
    db,
    trx,
    "cashback_monthly",
    ["broker_account_id", "month", "user_id", "broker_id", ...columns],
    totals("month"),
    ["broker_account_id", "month"],
    [...columns],
  );
}

/** What a job's progress step sets: absolute figures, or expressions adding to them. */
export type JobProgress = (
  eb: ExpressionBuilder<Database, "import_jobs">,
) => UpdateObject<Database, "import_jobs">;

/**
 * Moves the job's progress and renews its lease in the caller's transaction (a preview's
 * staged batch, a commit's chunk), so the figures the page shows are exactly the work done. A
 * worker whose lease another has taken over gets no row back: LeaseLost, and the caller's
 * transaction is rolled back, the work left to the lease holder alone.
 */
export async function renewLease(
  trx: Kysely<Database>,
  lease: Pick<JobLease, "id" | "owner" | "leaseMs">,
  progress: JobProgress,
) {
  const now = new Date();
  const renewed = await trx
    .updateTable("import_jobs")
    .set((eb) => ({
      ...progress(eb),
      heartbeat_at: toDbTime(now),
      lease_until: toDbTime(new Date(now.getTime() + lease.leaseMs)),
    }))
    .where("id", "=", lease.id)
    .where("lease_owner", "=", lease.owner)
    .where("state", "=", "running")
    .executeTakeFirst();
  if (Number(renewed.numUpdatedRows) !== 1) throw new LeaseLost();
}

/** A chunk's step of a commit job: rows done and credited are added to the job's. */
async function recordProgress(
  trx: Kysely<Database>,
  job: JobLease | undefined,
  rows: number,
  credited: Credited,
) {
  if (!job) return;
  await renewLease(trx, job, (eb) => ({
    rows_done: eb("rows_done", "+", rows),
    rows_credited: eb("rows_credited", "+", credited.rows),
    amount_credited: eb("amount_credited", "+", credited.amount),
  }));
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
    const next = await db.kysely
      .selectFrom("import_rows")
      .select("id")
      .where("batch_id", "=", batchId)
      .where("chunk_no", "=", chunkNo)
      .limit(1)
      .executeTakeFirst();
    if (!next) break;
    for (let attempt = 1; ; attempt++) {
      try {
        const result = await creditChunk(db, batchId, chunkNo, job);
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
  action: AuditAction,
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
