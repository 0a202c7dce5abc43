import { hostname } from "node:os";
import { createHash } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { Db } from "../../../db";
import { newId } from "../../../db/id";
import type { Database, ImportJobKind } from "../../../db/schema";
import { fromDbTime, nowDb, toDbTime } from "../../../db/time";
import { AppError } from "../../errors";
import { newFileKey } from "../../storage";
import { recordAudit } from "../../audit";
import {
  chunkMatched,
  countStaged,
  type ImportDeps,
  markRepeats,
  previewContext,
  STAGE_ROWS,
  stagePreview,
} from "./import";
import {
  bytesSource,
  checkReportHeader,
  checkReportSize,
  parseRate,
  readReport,
  ReportFileError,
  type ReportSource,
} from "./report";
import {
  creditMatched,
  finishBatch,
  LeaseLost,
  recountBatch,
  rematchUnmatched,
  takeBatch,
} from "./commit";

/**
 * Import jobs: a preview, commit or re-run is queued as a row of `import_jobs` and credited by a worker
 * loop in the web process (decision 027), never inside the request that asked for it. The
 * worker holds a lease on the job; each chunk's transaction renews it and refuses the chunk to
 * a worker that lost it, so a job whose worker died is resumed by another once the lease ends,
 * from the batch's next chunk, and no chunk is credited twice. A preview job stages the stored
 * report's rows batch by batch the same way (decision 033).
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
function newJob(
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
    created_at: toDbTime(now),
    started_at: runBy ? toDbTime(now) : null,
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

/** Why a file cannot be previewed at all, as the upload's answer (no batch is created). */
function fileRefusal(error: unknown): never {
  if (error instanceof ReportFileError)
    throw new AppError("BAD_REQUEST", `import.${error.key}`, error.params);
  throw error;
}

/**
 * Queues the preview of an uploaded report: what can be refused at once is (empty or oversized
 * file, a rate that is not a number, a header without the required columns); the file is then
 * stored and the batch ("previewing") and its job inserted in one transaction. The rows are
 * read by the job. Without a storage (seed data, benchmark, tests that run the job in the
 * caller) the file is not stored, and only the caller can run the job.
 */
export async function queuePreview(
  deps: ImportDeps,
  adminId: string,
  input: { fileName: string; content: Uint8Array; usdRate?: string | undefined },
  runBy?: string,
) {
  const { db, storage } = deps;
  try {
    checkReportSize(input.content.length);
    await checkReportHeader(bytesSource(input.content));
  } catch (error) {
    fileRefusal(error);
  }
  const rate = input.usdRate ? parseRate(input.usdRate) : null;
  if (input.usdRate && rate === null) throw new AppError("BAD_REQUEST", "import.rateInvalid");

  const reportKey = storage ? newFileKey("reports") : null;
  if (storage && reportKey) await storage.put(reportKey, input.content);
  const batchId = newId();
  const now = new Date();
  const jobId = newId();
  try {
    await db.kysely.transaction().execute(async (trx) => {
      await trx
        .insertInto("import_batches")
        .values({
          id: batchId,
          file_name: input.fileName.slice(0, 255),
          file_sha256: createHash("sha256").update(input.content).digest("hex"),
          status: "previewing",
          usd_rate_micro: rate === null ? null : Number(rate),
          rows_total: 0,
          rows_matched: 0,
          rows_unmatched: 0,
          rows_duplicate: 0,
          rows_error: 0,
          rows_rate_mismatch: 0,
          report_key: reportKey,
          report_bytes: input.content.length,
          created_by: adminId,
          created_at: toDbTime(now),
          committed_by: null,
          committed_at: null,
        })
        .execute();
      // The total is estimated from the bytes read as the rows go by; exact once read.
      await trx
        .insertInto("import_jobs")
        .values(newJob(jobId, batchId, "preview", adminId, 0, runBy))
        .execute();
    });
  } catch (error) {
    if (storage && reportKey) await storage.remove(reportKey).catch(() => undefined);
    throw error;
  }
  return { batchId, jobId };
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
function failureKey(error: unknown): string {
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
 * Runs a job this worker holds: a re-run matches its rows again, then the batch's chunks are
 * credited from its next chunk on, and the batch and job are marked done. A failure marks the
 * job failed with its reason and the batch committed (every chunk credited is complete; a
 * re-run continues from the next). `shouldStop` is asked between chunks: a stop leaves the
 * lease as it is, as a killed process would.
 */
export async function runImportJob(
  deps: ImportDeps,
  job: ClaimedJob,
  owner: string,
  options: {
    leaseMs?: number | undefined;
    shouldStop?: (() => boolean) | undefined;
    /** A preview's report when it is not stored (read by the caller that queued it). */
    source?: ReportSource | undefined;
  } = {},
): Promise<JobOutcome> {
  const { db, log } = deps;
  const lease = {
    id: job.id,
    owner,
    leaseMs: options.leaseMs ?? JOB_LEASE_MS,
    shouldStop: options.shouldStop,
  };
  const action = job.kind === "commit" ? "import.commit" : "import.rerun";
  if (job.kind === "preview") return runPreviewJob(deps, job, lease, options.source);
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

/**
 * A preview job: the stored report is read as a stream and its rows staged batch by batch,
 * each batch's transaction moving the job's progress under its lease (a job taken over goes on
 * after the last batch staged); then repeats within the file are marked, the matched rows
 * numbered into chunks and counted, and the batch becomes "previewed". A file refused on the
 * way (USD rows without a rate, an unclosed quote, too many rows) fails the job with its
 * reason: the batch becomes "failed" and its staged rows are removed.
 */
async function runPreviewJob(
  deps: ImportDeps,
  job: ClaimedJob,
  lease: { id: string; owner: string; leaseMs: number; shouldStop?: (() => boolean) | undefined },
  given?: ReportSource,
): Promise<JobOutcome> {
  const { db, log, storage } = deps;
  const batch = await db.kysely
    .selectFrom("import_batches")
    .select(["file_name", "usd_rate_micro", "report_key", "report_bytes"])
    .where("id", "=", job.batch_id)
    .executeTakeFirstOrThrow();
  const done = await db.kysely
    .selectFrom("import_jobs")
    .select("rows_done")
    .where("id", "=", job.id)
    .executeTakeFirstOrThrow();
  const removeFile = async () => {
    if (storage && batch.report_key) {
      await storage.remove(batch.report_key).catch((err: unknown) => {
        log.warn({ err, key: batch.report_key }, "removing a previewed report failed");
      });
    }
  };
  try {
    if (job.attempts > MAX_JOB_ATTEMPTS) throw new AppError("CONFLICT", "import.jobAttempts");
    const source =
      given ?? (storage && batch.report_key ? () => storage.stream(batch.report_key!) : null);
    if (!source) throw new AppError("CONFLICT", "import.jobFailed");
    const context = await previewContext(db.kysely, batch.usd_rate_micro);
    // How far into the file the parse has read, for the estimate of the total.
    let read = 0;
    const counted: ReportSource = async function* () {
      read = 0;
      for await (const chunk of source()) {
        read += chunk.length;
        yield chunk;
      }
    };
    const staged = await stagePreview(
      deps,
      job.batch_id,
      context,
      readReport(counted, STAGE_ROWS),
      {
        done: done.rows_done,
        shouldStop: lease.shouldStop,
        save: async (trx, rows, mismatched) => {
          // Until the file is read, the total is estimated from the share of bytes read.
          const estimate = Math.max(
            rows,
            Math.round((rows * Math.max(batch.report_bytes, 1)) / Math.max(read, 1)),
          );
          await renewLease(trx, lease, { rows_done: rows, rows_total: estimate });
          await trx
            .updateTable("import_batches")
            .set((eb) => ({ rows_rate_mismatch: eb("rows_rate_mismatch", "+", mismatched) }))
            .where("id", "=", job.batch_id)
            .execute();
        },
      },
    ).catch(fileRefusal);
    if (staged === "stopped") return "stopped";

    await markRepeats(db.kysely, job.batch_id);
    await chunkMatched(db.kysely, job.batch_id);
    const counts = await countStaged(db.kysely, job.batch_id);
    if (counts.rows_total === 0) throw new AppError("BAD_REQUEST", "import.emptyFile");
    await db.kysely.transaction().execute(async (trx) => {
      await renewLease(trx, lease, { rows_done: counts.rows_total, rows_total: counts.rows_total });
      await trx
        .updateTable("import_jobs")
        .set({ state: "done", finished_at: nowDb(), lease_until: null })
        .where("id", "=", job.id)
        .execute();
      await trx
        .updateTable("import_batches")
        .set({ ...counts, status: "previewed", report_key: null })
        .where("id", "=", job.batch_id)
        .execute();
      await recordAudit(trx, {
        actorId: job.created_by,
        action: "import.preview",
        targetType: "import_batch",
        targetId: job.batch_id,
        data: { fileName: batch.file_name, rows: counts.rows_total },
      });
    });
    await removeFile();
    return "done";
  } catch (error) {
    if (error instanceof LeaseLost) {
      log.warn({ job: job.id, owner: lease.owner }, "import job taken over by another worker");
      return "lost";
    }
    const reason = failureKey(error);
    if (reason === "import.jobFailed")
      log.error({ err: error, job: job.id, batch: job.batch_id }, "preview job failed");
    const ended = await db.kysely.transaction().execute(async (trx) => {
      const ended = await trx
        .updateTable("import_jobs")
        .set({ state: "failed", error: reason, finished_at: nowDb(), lease_until: null })
        .where("id", "=", job.id)
        .where("lease_owner", "=", lease.owner)
        .where("state", "=", "running")
        .executeTakeFirst();
      if (Number(ended.numUpdatedRows) !== 1) return false;
      await trx
        .updateTable("import_batches")
        .set({ status: "failed", report_key: null })
        .where("id", "=", job.batch_id)
        .execute();
      await trx.deleteFrom("import_rows").where("batch_id", "=", job.batch_id).execute();
      await recordAudit(trx, {
        actorId: job.created_by,
        action: "import.preview",
        targetType: "import_batch",
        targetId: job.batch_id,
        data: { fileName: batch.file_name, failed: reason },
      });
      return true;
    });
    // A worker whose lease another has taken ends nothing: the job is that worker's now.
    if (!ended) return "lost";
    await removeFile();
    return "failed";
  }
}

/** Renews the job's lease with its progress; a worker that lost the lease gets LeaseLost. */
async function renewLease(
  trx: Kysely<Database>,
  lease: { id: string; owner: string; leaseMs: number },
  progress: { rows_done: number; rows_total: number },
) {
  const now = new Date();
  const renewed = await trx
    .updateTable("import_jobs")
    .set({
      ...progress,
      heartbeat_at: toDbTime(now),
      lease_until: toDbTime(new Date(now.getTime() + lease.leaseMs)),
    })
    .where("id", "=", lease.id)
    .where("lease_owner", "=", lease.owner)
    .where("state", "=", "running")
    .executeTakeFirst();
  if (Number(renewed.numUpdatedRows) !== 1) throw new LeaseLost();
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
  const outcome = await runImportJob(
    deps,
    { id: jobId, batch_id: batchId, kind, attempts: 1, created_by: adminId },
    owner,
  );
  const job = await deps.db.kysely
    .selectFrom("import_jobs")
    .select(["rows_credited", "amount_credited", "error"])
    .where("id", "=", jobId)
    .executeTakeFirstOrThrow();
  if (outcome !== "done") throw new AppError("CONFLICT", job.error ?? "import.jobFailed");
  return { rows: job.rows_credited, amount: Number(job.amount_credited) };
}

/**
 * Runs a queued job now, in the caller (a test, or a caller that queued and wants the result):
 * taken with the same compare-and-set as the worker's, so never while another worker holds it.
 */
export async function runJobNow(deps: ImportDeps, jobId: string, source?: ReportSource) {
  const owner = workerName();
  const taken = await deps.db.kysely
    .updateTable("import_jobs")
    .set((eb) => ({
      state: "running",
      lease_owner: owner,
      lease_until: toDbTime(new Date(Date.now() + JOB_LEASE_MS)),
      heartbeat_at: nowDb(),
      attempts: eb("attempts", "+", 1),
      started_at: sql<string>`coalesce(started_at, ${nowDb()})`,
    }))
    .where("id", "=", jobId)
    .where("state", "=", "queued")
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) throw new AppError("CONFLICT", "import.inProgress");
  const job = await deps.db.kysely
    .selectFrom("import_jobs")
    .select(["id", "batch_id", "kind", "attempts", "created_by"])
    .where("id", "=", jobId)
    .executeTakeFirstOrThrow();
  return runImportJob(deps, job, owner, { source });
}

/** A previewed batch's counts, or its preview's refusal as the error it would have been. */
export async function previewResult(db: Db, batchId: string) {
  const batch = await db.kysely
    .selectFrom("import_batches")
    .select([
      "status",
      "rows_total",
      "rows_matched",
      "rows_unmatched",
      "rows_duplicate",
      "rows_error",
      "rows_rate_mismatch",
    ])
    .where("id", "=", batchId)
    .executeTakeFirstOrThrow();
  if (batch.status !== "previewed") {
    const job = await latestImportJob(db, batchId);
    throw new AppError("BAD_REQUEST", job?.error ?? "import.jobFailed", job?.errorParams);
  }
  return {
    batchId,
    total: batch.rows_total,
    matched: batch.rows_matched,
    unmatched: batch.rows_unmatched,
    duplicate: batch.rows_duplicate,
    error: batch.rows_error,
    rateMismatch: batch.rows_rate_mismatch,
  };
}

/**
 * Previews a report at once in the caller (seed data, the benchmark, tests): the same job as
 * the worker's, stored already leased to the caller and run here, reading the bytes given.
 */
export async function previewImport(
  deps: ImportDeps,
  adminId: string,
  input: { fileName: string; content: Uint8Array; usdRate?: string | undefined },
  source: ReportSource = bytesSource(input.content),
) {
  const owner = workerName();
  const { batchId, jobId } = await queuePreview(
    { ...deps, storage: undefined },
    adminId,
    input,
    owner,
  );
  await runImportJob(
    deps,
    { id: jobId, batch_id: batchId, kind: "preview", attempts: 1, created_by: adminId },
    owner,
    { source },
  );
  return previewResult(deps.db, batchId);
}

/** Credits the batch's matched rows once; the same batch committed twice is refused. */
export function commitImport(deps: ImportDeps, adminId: string, batchId: string) {
  return runImportNow(deps, adminId, batchId, "commit");
}

/** Credits the rows of accounts approved since the batch was committed. */
export function rerunImport(deps: ImportDeps, adminId: string, batchId: string) {
  return runImportNow(deps, adminId, batchId, "rerun");
}

/**
 * The loop that runs import jobs in a process: looks for a job every `pollMs`, runs one at a
 * time, and on stop lets the chunk in hand finish and gives the lease back.
 */
export class ImportWorker {
  readonly owner = workerName();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopping = false;

  constructor(
    private readonly deps: ImportDeps,
    private readonly options: { pollMs?: number; leaseMs?: number } = {},
  ) {}

  start() {
    this.stopping = false;
    this.schedule(0);
  }

  private schedule(ms: number) {
    if (this.stopping) return;
    this.timer = setTimeout(() => {
      this.running = this.drain()
        .catch((err: unknown) => this.deps.log.error({ err }, "import worker"))
        .finally(() => {
          this.running = null;
          this.schedule(this.options.pollMs ?? 2000);
        });
    }, ms);
    this.timer.unref();
  }

  /** Runs jobs until none is waiting (or the worker stops). */
  async drain(): Promise<void> {
    while (!this.stopping) {
      const job = await claimImportJob(this.deps.db, this.owner, this.options.leaseMs);
      if (!job) return;
      this.deps.log.info({ job: job.id, batch: job.batch_id, kind: job.kind }, "import job");
      const outcome = await runImportJob(this.deps, job, this.owner, {
        leaseMs: this.options.leaseMs,
        shouldStop: () => this.stopping,
      });
      if (outcome === "stopped") await releaseImportJob(this.deps.db, job.id, this.owner);
      else this.deps.log.info({ job: job.id, outcome }, "import job ended");
    }
  }

  async stop() {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
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
  };
}
