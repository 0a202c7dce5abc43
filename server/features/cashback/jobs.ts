import { hostname } from "node:os";
import { type ExpressionBuilder, sql } from "kysely";
import type { Db } from "#db";
import { newId } from "#db/id";
import type { Database, ImportJobKind, ImportJobState } from "#db/schema";
import { fromDbTime, nowDb, toDbTime } from "#db/time";
import { AppError } from "../../errors";
import { type ImportDeps, repriceMatched } from "./import";
import { countStaged, numberChunks } from "./staging";
import { creditMatched, finishBatch, type JobLease, LeaseLost, takeBatch } from "./commit";

/**
 * Import jobs: a preview, commit or re-run is queued as a row of `import_jobs` and credited by a worker
 * loop in the web process, never inside the request that asked for it. The
 * worker holds a lease on the job; each chunk's transaction renews it and refuses the chunk to
 * a worker that lost it, so a job whose worker died is resumed by another once the lease ends,
 * from the batch's next chunk, and no chunk is credited twice. A preview job stages the stored
 * report's rows batch by batch the same way.
 */
/** How long a worker owns a job without finishing a chunk. A chunk takes about a second. */
export const JOB_LEASE_MS = 60_000;

/** A job taken this many times (its workers keep dying on it) is failed rather than retried. */
export const MAX_JOB_ATTEMPTS = 5;

export type JobOutcome = "done" | "failed" | "stopped" | "lost";

/** Who runs jobs in this process: unique per process, readable in the table. */
export function workerName(): string {
  return `${hostname()}:${process.pid}:${newId().slice(-6)}`;
}

/** A job row as queued, or, with `runBy`, already leased to the caller that runs it. */
export function newJob(
  id: string,
  batchId: string,
  kind: ImportJobKind,
  adminId: string,
  rowsTotal: number,
  runBy?: string,
) {
  const now = new Date();
  return {
    id,
    batch_id: batchId,
    kind,
    state: runBy ? ("running" as const) : ("queued" as const),
    rows_total: rowsTotal,
    attempts: runBy ? 1 : 0,
    lease_owner: runBy ?? null,
    lease_until: runBy ? toDbTime(new Date(now.getTime() + JOB_LEASE_MS)) : null,
    error: null,
    created_by: adminId,
    // Stamped at the moment of the work (finished_at too); the lease runs on the real clock.
    created_at: nowDb(),
    started_at: runBy ? nowDb() : null,
    heartbeat_at: runBy ? toDbTime(now) : null,
    finished_at: null,
  };
}

/**
 * Queues the batch's crediting: the batch goes to "committing" (so a second commit is refused)
 * and the job is stored in one transaction. With `runBy` the job is stored already leased to
 * that worker, for a caller that runs it at once (seed, benchmark, tests).
 */
export async function enqueueImportJob(
  db: Db,
  adminId: string,
  batchId: string,
  kind: ImportJobKind,
  runBy?: string,
) {
  return db.kysely.transaction().execute(async (trx) => {
    await takeBatch(trx, batchId, kind === "commit" ? "previewed" : "committed");
    const batch = await trx
      .selectFrom("import_batches")
      .select(["rows_matched", "rows_credited"])
      .where("id", "=", batchId)
      .executeTakeFirstOrThrow();
    const id = newId();
    await trx
      .insertInto("import_jobs")
      .values(
        // A re-run's total is known once its rows are matched again (set when it starts).
        newJob(id, batchId, kind, adminId, kind === "commit" ? batch.rows_matched : 0, runBy),
      )
      .execute();
    return { jobId: id };
  });
}

export interface ClaimedJob {
  id: string;
  batch_id: string;
  kind: ImportJobKind;
  attempts: number;
  created_by: string | null;
}

/**
 * Takes the oldest job that is waiting, or whose worker's lease has ended, for `owner`. The
 * take is a compare-and-set on the row, so two workers never take the same job at once.
 */
export async function claimImportJob(
  db: Db,
  owner: string,
  leaseMs = JOB_LEASE_MS,
): Promise<ClaimedJob | null> {
  const now = new Date();
  const candidates = await db.kysely
    .selectFrom("import_jobs")
    .select("id")
    .where((eb) =>
      eb.or([
        eb("state", "=", "queued"),
        eb.and([eb("state", "=", "running"), eb("lease_until", "<", toDbTime(now))]),
      ]),
    )
    .orderBy("created_at")
    .limit(5)
    .execute();
  for (const candidate of candidates) {
    const taken = await db.kysely
      .updateTable("import_jobs")
      .set((eb) => ({
        state: "running",
        lease_owner: owner,
        lease_until: toDbTime(new Date(now.getTime() + leaseMs)),
        heartbeat_at: toDbTime(now),
        attempts: eb("attempts", "+", 1),
        started_at: sql<string>`coalesce(started_at, ${toDbTime(now)})`,
      }))
      .where("id", "=", candidate.id)
      .where((eb) =>
        eb.or([
          eb("state", "=", "queued"),
          eb.and([eb("state", "=", "running"), eb("lease_until", "<", toDbTime(now))]),
        ]),
      )
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) continue;
    return db.kysely
      .selectFrom("import_jobs")
      .select(["id", "batch_id", "kind", "attempts", "created_by"])
      .where("id", "=", candidate.id)
      .executeTakeFirstOrThrow();
  }
  return null;
}

/**
 * Why a job failed, as a key under errors: (the details go to the log), with the message's
 * values after a "?" when it has any (the line of an unclosed quote, the row limit).
 */
export function failureKey(error: unknown): string {
  if (error instanceof AppError && error.key.startsWith("import.")) {
    return error.params && Object.keys(error.params).length
      ? `${error.key}?${new URLSearchParams(Object.entries(error.params).map(([k, v]) => [k, String(v)])).toString()}`
      : error.key;
  }
  return "import.jobFailed";
}

/** A stored failure read back: the key and the message's values. */
function failureOf(stored: string | null) {
  if (stored === null) return { error: null, errorParams: {} };
  const [key, query] = stored.split("?", 2);
  return { error: key!, errorParams: Object.fromEntries(new URLSearchParams(query ?? "")) };
}

/**
 * Runs a commit or re-run job this worker holds: a re-run matches its rows again, then the batch's chunks are
 * credited from its next chunk on, and the batch and job are marked done. A failure marks the
 * job failed with its reason and the batch committed (every chunk credited is complete; a
 * re-run continues from the next). `shouldStop` is asked between chunks: a stop leaves the
 * lease as it is, as a killed process would.
 */
export async function runCreditJob(
  deps: ImportDeps,
  job: ClaimedJob,
  lease: JobLease,
): Promise<JobOutcome> {
  const { db, log } = deps;
  const { owner } = lease;
  const action = job.kind === "commit" ? "import.commit" : "import.rerun";
  try {
    if (job.attempts > MAX_JOB_ATTEMPTS) throw new AppError("CONFLICT", "import.jobAttempts");
    if (job.kind === "rerun") await rematchUnmatched(db, job.batch_id);
    // What is left to credit is every row still matched; done rows are already counted.
    const left = await db.kysely
      .selectFrom("import_rows")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("batch_id", "=", job.batch_id)
      .where("status", "=", "matched")
      .executeTakeFirstOrThrow();
    await db.kysely
      .updateTable("import_jobs")
      .set((eb) => ({ rows_total: eb("rows_done", "+", Number(left.n)) }))
      .where("id", "=", job.id)
      .where("lease_owner", "=", owner)
      .execute();

    const credited = await creditMatched(deps, job.batch_id, lease);
    if (credited === "stopped") return "stopped";
    await recountBatch(db, job.batch_id);
    await db.kysely.transaction().execute(async (trx) => {
      const ended = await trx
        .updateTable("import_jobs")
        .set({ state: "done", finished_at: nowDb(), lease_until: null })
        .where("id", "=", job.id)
        .where("lease_owner", "=", owner)
        .where("state", "=", "running")
        .executeTakeFirst();
      if (Number(ended.numUpdatedRows) !== 1) throw new LeaseLost();
      const totals = await trx
        .selectFrom("import_jobs")
        .select(["rows_credited", "amount_credited"])
        .where("id", "=", job.id)
        .executeTakeFirstOrThrow();
      await finishBatch(trx, job.created_by, job.batch_id, action, {
        rows: totals.rows_credited,
        amount: Number(totals.amount_credited),
      });
    });
    return "done";
  } catch (error) {
    if (error instanceof LeaseLost) {
      log.warn({ job: job.id, owner }, "import job taken over by another worker");
      return "lost";
    }
    const reason = failureKey(error);
    log.error({ err: error, job: job.id, batch: job.batch_id }, "import job failed");
    await db.kysely.transaction().execute(async (trx) => {
      const ended = await trx
        .updateTable("import_jobs")
        .set({ state: "failed", error: reason, finished_at: nowDb(), lease_until: null })
        .where("id", "=", job.id)
        .where("lease_owner", "=", owner)
        .where("state", "=", "running")
        .executeTakeFirst();
      if (Number(ended.numUpdatedRows) !== 1) return;
      await finishBatch(trx, job.created_by, job.batch_id, action, { failed: reason });
    });
    return "failed";
  }
}

/** Gives up a job's lease at once (a worker shutting down), so the next worker resumes it. */
export async function releaseImportJob(db: Db, jobId: string, owner: string) {
  await db.kysely
    .updateTable("import_jobs")
    .set({ lease_until: nowDb() })
    .where("id", "=", jobId)
    .where("lease_owner", "=", owner)
    .where("state", "=", "running")
    .execute();
}

/**
 * Queues a crediting and runs it at once in the caller, for callers that want the result
 * (seed data, the benchmark, tests): the same job and the same lease as the worker's.
 */
export async function runImportNow(
  deps: ImportDeps,
  adminId: string,
  batchId: string,
  kind: ImportJobKind,
) {
  const owner = workerName();
  const { jobId } = await enqueueImportJob(deps.db, adminId, batchId, kind, owner);
  const outcome = await runCreditJob(
    deps,
    { id: jobId, batch_id: batchId, kind, attempts: 1, created_by: adminId },
    { id: jobId, owner, leaseMs: JOB_LEASE_MS },
  );
  const job = await deps.db.kysely
    .selectFrom("import_jobs")
    .select(["rows_credited", "amount_credited", "error"])
    .where("id", "=", jobId)
    .executeTakeFirstOrThrow();
  if (outcome !== "done") throw new AppError("CONFLICT", job.error ?? "import.jobFailed");
  return { rows: job.rows_credited, amount: Number(job.amount_credited) };
}

/** Credits the batch's matched rows once; the same batch committed twice is refused. */
export function commitImport(deps: ImportDeps, adminId: string, batchId: string) {
  return runImportNow(deps, adminId, batchId, "commit");
}

/**
 * The batch's latest job as its page shows it: rows done of total, the rate so far (rows per
 * second since the job started) and the time left at that rate.
 */
export async function latestImportJob(db: Db, batchId: string, now = new Date()) {
  const job = await db.kysely
    .selectFrom("import_jobs")
    .select([
      "id",
      "kind",
      "state",
      "rows_total",
      "rows_done",
      "rows_credited",
      "amount_credited",
      "error",
      "started_at",
      "finished_at",
    ])
    .where("batch_id", "=", batchId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!job) return null;
  const end = job.finished_at ? fromDbTime(job.finished_at) : now;
  const seconds = job.started_at
    ? (end.getTime() - fromDbTime(job.started_at).getTime()) / 1000
    : 0;
  const rate = seconds > 0 && job.rows_done > 0 ? job.rows_done / seconds : null;
  const left = Math.max(0, job.rows_total - job.rows_done);
  return {
    id: job.id,
    kind: job.kind,
    state: job.state,
    rowsTotal: job.rows_total,
    rowsDone: job.rows_done,
    rowsCredited: job.rows_credited,
    amountCredited: Number(job.amount_credited),
    ...failureOf(job.error),
    startedAt: job.started_at,
    finishedAt: job.finished_at,
    rowsPerSecond: rate === null ? null : Math.round(rate),
    secondsLeft: rate === null || job.state !== "running" ? null : Math.ceil(left / rate),
    percent: jobPercent(job.state, job.rows_done, job.rows_total),
  };
}

/**
 * The share of a job done, as the progress bar shows it: 100 only once the job is done. Rows
 * counted are not the end of the work (a preview still marks repeats and numbers chunks after
 * reading the last row; a small file is all read at its first count), so a running job stops at
 * 99.
 */
export function jobPercent(state: ImportJobState, done: number, total: number): number {
  if (state === "done") return 100;
  if (total <= 0) return 0;
  return Math.min(99, Math.floor((done / total) * 100));
}

/**
 * A re-run's first step: rows whose accounts have been approved since the preview become
 * matched, priced again at their account's type, in new chunks after every chunk so far; everything credited stays as it is. One
 * UPDATE matches them (each row's account looked up by broker and number, as the preview
 * does), then they are numbered into chunks, in one transaction. Safe to repeat (only rows
 * still unmatched change).
 */
export async function rematchUnmatched(db: Db, batchId: string) {
  const approved = (eb: ExpressionBuilder<Database, "import_rows">) =>
    eb
      .selectFrom("broker_accounts")
      .whereRef("broker_accounts.broker_id", "=", "import_rows.broker_id")
      .whereRef("broker_accounts.account_number", "=", "import_rows.account_number")
      .where("broker_accounts.status", "=", "approved")
      .orderBy("broker_accounts.id")
      .limit(1);
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .updateTable("import_rows")
      .set((eb) => ({
        status: "matched",
        broker_account_id: approved(eb).select("broker_accounts.id"),
        user_id: approved(eb).select("broker_accounts.user_id"),
        chunk_no: null,
      }))
      .where("batch_id", "=", batchId)
      .where("status", "=", "unmatched")
      .where((eb) => eb.exists(approved(eb).select("broker_accounts.id")))
      .execute();
    await repriceMatched(trx, batchId);
    await numberChunks(trx, batchId);
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
      // A row matched since its preview that its account's rate cannot price is an error now.
      rows_error: counts.rows_error,
    })
    .where("id", "=", batchId)
    .execute();
}
