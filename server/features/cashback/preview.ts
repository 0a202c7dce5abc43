import type { Db } from "#db";
import { newId } from "#db/id";
import { nowDb } from "#db/time";
import { AppError } from "../../errors";
import { newFileKey } from "../../storage";
import type { ReceivedFile } from "../../storage/received";
import { recordAudit } from "../../audit";
import { type ImportDeps, previewContext } from "./import";
import {
  countStaged,
  markRepeats,
  numberChunks,
  numberIdentical,
  STAGE_ROWS,
  stagePreview,
} from "./staging";
import {
  bytesSource,
  checkReportHeader,
  checkReportSize,
  inMemory,
  parseRate,
  readableEncoding,
  readReport,
  ReportFileError,
  type ReportSource,
  sha256InPieces,
} from "./report";
import { type JobLease, LeaseLost, renewLease } from "./commit";
import { pickProfile } from "./profiles";
import { batchReads } from "./batch-reads";
import type { ImportProfile } from "../../domain/import-profile";

import {
  type ClaimedJob,
  failureKey,
  JOB_LEASE_MS,
  type JobOutcome,
  latestImportJob,
  MAX_JOB_ATTEMPTS,
  newJob,
  workerName,
} from "./jobs";

/**
 * The preview of a broker report as a job: the upload is checked and stored and
 * its job queued; the job reads the stored report as a stream and stages its rows batch by
 * batch under the job's lease (server/features/cashback/jobs.ts), so a job taken over goes on
 * after the last batch staged.
 */

/** Why a file cannot be previewed at all, as the upload's answer (no batch is created). */
function fileRefusal(error: unknown): never {
  if (error instanceof ReportFileError)
    throw new AppError("BAD_REQUEST", `import.${error.key}`, error.params);
  throw error;
}

/** A broker's report as the admin uploads it, with the USD rate and profile chosen for it. */
export interface ReportUpload {
  fileName: string;
  /** The bytes, or the file the upload was written to as it arrived (moved into storage). */
  content: Uint8Array | ReceivedFile;
  usdRate?: string | undefined;
  /** The profile chosen ("builtin" for the present shape); none: the one the header matches. */
  profileId?: string | undefined;
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
  input: ReportUpload,
  runBy?: string,
) {
  const { db, storage } = deps;
  const { content } = input;
  const report = content instanceof Uint8Array ? inMemory(content) : content;
  let profile: ImportProfile | null = null;
  try {
    checkReportSize(report.size);
    profile = await pickProfile(db.kysely, report, input.profileId);
    // Every byte readable in the profile's encoding (or, without one, in UTF-8 or Shift_JIS)
    // before a row is read: a wrong encoding is named, never stored as U+FFFD.
    await readableEncoding(report, profile?.encoding ?? null);
    await checkReportHeader(report.pieces, profile);
  } catch (error) {
    fileRefusal(error);
  }
  const rate = input.usdRate ? parseRate(input.usdRate) : null;
  if (input.usdRate && rate === null) throw new AppError("BAD_REQUEST", "import.rateInvalid");

  // A received file was hashed as it arrived.
  const fileSha256 = content instanceof Uint8Array ? await sha256InPieces(content) : content.sha256;
  const reportKey = storage ? newFileKey("reports") : null;
  if (storage && reportKey) {
    if (content instanceof Uint8Array) await storage.put(reportKey, content);
    else await storage.putFile(reportKey, content.path);
  }
  const batchId = newId();
  const jobId = newId();
  try {
    await db.kysely.transaction().execute(async (trx) => {
      await trx
        .insertInto("import_batches")
        .values({
          id: batchId,
          file_name: input.fileName.slice(0, 255),
          file_sha256: fileSha256,
          status: "previewing",
          usd_rate_micro: rate === null ? null : Number(rate),
          rows_total: 0,
          rows_matched: 0,
          rows_unmatched: 0,
          rows_duplicate: 0,
          rows_error: 0,
          rows_rate_mismatch: 0,
          report_key: reportKey,
          report_bytes: report.size,
          profile: profile === null ? null : JSON.stringify(profile),
          created_by: adminId,
          created_at: nowDb(),
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

/**
 * A preview job: the stored report is read as a stream and its rows staged batch by batch,
 * each batch's transaction moving the job's progress under its lease (a job taken over goes on
 * after the last batch staged); then repeats within the file are marked, the matched rows
 * numbered into chunks and counted, and the batch becomes "previewed". A file refused on the
 * way (USD rows without a rate, an unclosed quote, too many rows) fails the job with its
 * reason: the batch becomes "failed" and its staged rows are removed.
 */
export async function runPreviewJob(
  deps: ImportDeps,
  job: ClaimedJob,
  lease: JobLease,
  given?: ReportSource,
): Promise<JobOutcome> {
  const { db, log, storage } = deps;
  const batch = await db.kysely
    .selectFrom("import_batches")
    .select(["file_name", "usd_rate_micro", "report_key", "report_bytes", "profile"])
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
      readReport(
        counted,
        STAGE_ROWS,
        batch.profile === null ? null : (JSON.parse(batch.profile) as ImportProfile),
      ),
      {
        done: done.rows_done,
        shouldStop: lease.shouldStop,
        save: async (trx, rows, mismatched) => {
          // Until the file is read, the total is estimated from the share of bytes read.
          const estimate = Math.max(
            rows,
            Math.round((rows * Math.max(batch.report_bytes, 1)) / Math.max(read, 1)),
          );
          await renewLease(trx, lease, () => ({ rows_done: rows, rows_total: estimate }));
          await trx
            .updateTable("import_batches")
            .set((eb) => ({ rows_rate_mismatch: eb("rows_rate_mismatch", "+", mismatched) }))
            .where("id", "=", job.batch_id)
            .execute();
        },
      },
    ).catch(fileRefusal);
    if (staged === "stopped") return "stopped";

    const wholeBatch = batchReads(db);
    await numberIdentical(db.kysely, job.batch_id, wholeBatch);
    await markRepeats(db.kysely, job.batch_id, wholeBatch);
    // On SQLite a statement holds the web thread: the numbering goes in pieces there.
    await numberChunks(db.kysely, job.batch_id, wholeBatch, { inPieces: db.engine === "sqlite" });
    const counts = await countStaged(db.kysely, job.batch_id, wholeBatch);
    if (counts.rows_total === 0) throw new AppError("BAD_REQUEST", "import.emptyFile");
    await db.kysely.transaction().execute(async (trx) => {
      await renewLease(trx, lease, () => ({
        rows_done: counts.rows_total,
        rows_total: counts.rows_total,
      }));
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
  input: ReportUpload,
  source: ReportSource = input.content instanceof Uint8Array
    ? bytesSource(input.content)
    : input.content.pieces,
) {
  const owner = workerName();
  const { batchId, jobId } = await queuePreview(
    { ...deps, storage: undefined },
    adminId,
    input,
    owner,
  );
  await runPreviewJob(
    deps,
    { id: jobId, batch_id: batchId, kind: "preview", attempts: 1, created_by: adminId },
    { id: jobId, owner, leaseMs: JOB_LEASE_MS },
    source,
  );
  return previewResult(deps.db, batchId);
}
