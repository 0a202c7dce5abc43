import { sql } from "kysely";
import { nowDb, toDbTime } from "#db/time";
import { AppError } from "../../errors";
import { importJobs, importRows } from "../../metrics";
import { type ImportDeps } from "./import";
import { type ReportSource } from "./report";

import {
  type ClaimedJob,
  claimImportJob,
  JOB_LEASE_MS,
  type JobOutcome,
  releaseImportJob,
  runCreditJob,
  workerName,
} from "./jobs";
import { runPreviewJob } from "./preview";

/**
 * Where import jobs run: one job by its kind, a queued job run in the caller, and the worker
 * loop of a process.
 */

/**
 * Runs a job this worker holds, by its kind: a preview stages the report's rows, a commit or
 * re-run credits the batch's chunks (both under the job's lease).
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
  const lease = {
    id: job.id,
    owner,
    leaseMs: options.leaseMs ?? JOB_LEASE_MS,
    shouldStop: options.shouldStop,
  };
  return job.kind === "preview"
    ? runPreviewJob(deps, job, lease, options.source)
    : runCreditJob(deps, job, lease);
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

/** A job this worker ended: what the metrics count. */
export interface EndedJob {
  kind: ClaimedJob["kind"];
  outcome: JobOutcome;
  /** Rows this worker staged or credited in it. */
  rows: number;
}

/** Counts an ended job in this process's metrics. */
export function countJob({ kind, outcome, rows }: EndedJob) {
  importJobs.inc({ kind, outcome });
  importRows.inc({ kind }, rows);
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
    private readonly options: {
      pollMs?: number;
      leaseMs?: number;
      /** Counts an ended job; by default in this process's metrics. */
      onJobEnded?: (ended: EndedJob) => void;
    } = {},
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
      const rowsBefore = await this.rowsDone(job.id);
      const outcome = await runImportJob(this.deps, job, this.owner, {
        leaseMs: this.options.leaseMs,
        shouldStop: () => this.stopping,
      });
      if (outcome === "stopped") await releaseImportJob(this.deps.db, job.id, this.owner);
      else this.deps.log.info({ job: job.id, outcome }, "import job ended");
      const rows = Math.max(0, (await this.rowsDone(job.id)) - rowsBefore);
      (this.options.onJobEnded ?? countJob)({ kind: job.kind, outcome, rows });
    }
  }

  /** The job's rows done so far: what this process adds to them is its share of the rate. */
  private async rowsDone(jobId: string): Promise<number> {
    const row = await this.deps.db.kysely
      .selectFrom("import_jobs")
      .select("rows_done")
      .where("id", "=", jobId)
      .executeTakeFirst();
    return Number(row?.rows_done ?? 0);
  }

  async stop() {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
