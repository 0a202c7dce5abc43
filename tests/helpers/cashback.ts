import type { Db } from "#db";
import { newId } from "#db/id";
import { nowDb } from "#db/time";
import { AppError } from "#server/errors";
import { commitImport } from "#server/features/cashback/jobs";
import { previewImport, previewResult } from "#server/features/cashback/preview";
import { ImportWorker, runJobNow } from "#server/features/cashback/worker";
import { addCashbackToRanking } from "#server/features/ranking/summary";
import type { Storage } from "#server/storage";
import type { Caller } from "./fixtures";
import { createLogger } from "#server/logger";

export async function createBroker(db: Db, code: string, name = code) {
  const id = newId();
  const now = nowDb();
  await db.kysely
    .insertInto("brokers")
    .values({
      id,
      code,
      name,
      account_kind: "mt_number",
      id_charset: null,
      id_min_length: null,
      id_max_length: null,
      signup_url: "https://example.com/signup",
      logo_path: null,
      banner_path: null,
      auto_rebate: 0,
      active: 1,
      display_order: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

export async function createAccount(
  db: Db,
  userId: string,
  brokerId: string,
  number: string,
  status: "pending" | "approved" | "denied" = "approved",
  /** The admin who decided, where a test looks at who approved it. */
  decidedBy: string | null = null,
) {
  const id = newId();
  const now = nowDb();
  await db.kysely
    .insertInto("broker_accounts")
    .values({
      id,
      user_id: userId,
      broker_id: brokerId,
      account_number: number,
      live_number: status === "denied" ? null : number,
      status,
      deny_reason: null,
      decided_at: status === "pending" ? null : now,
      decided_by: status === "pending" ? null : decidedBy,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** Gives a broker account the account type the member chose for it (it decides the rate). */
export async function setAccountType(db: Db, accountId: string, accountType: string) {
  await db.kysely
    .updateTable("broker_accounts")
    .set({ account_type: accountType })
    .where("id", "=", accountId)
    .execute();
}

/** The header of the built-in report shape. */
export const REPORT_HEADER = "trade_date,broker,account,lots,amount,currency,row_key";

export function report(lines: string[]): string {
  return Buffer.from([REPORT_HEADER, ...lines].join("\n")).toString("base64");
}

/**
 * Imports a report (its `lines`, header first) in the service as the admin `adminId` uploads
 * it, and credits it at once: no browser, no worker. Returns the preview's counts.
 */
export async function creditReport(
  db: Db,
  adminId: string,
  input: { fileName: string; lines: string[]; usdRate?: string },
) {
  const deps = { db, log: createLogger({ level: "silent" }) };
  const preview = await previewImport(deps, adminId, {
    fileName: input.fileName,
    content: Buffer.from(input.lines.join("\n")),
    usdRate: input.usdRate,
  });
  await commitImport(deps, adminId, preview.batchId);
  return preview;
}

/**
 * Runs the import worker until the given job has ended, and returns what it credited, as the
 * synchronous commit used to: the job path itself, with the worker the web process runs.
 */
export async function runQueuedImport(db: Db, jobId: string) {
  const worker = new ImportWorker({ db, log: createLogger({ level: "silent" }) });
  for (;;) {
    await worker.drain();
    const job = await db.kysely
      .selectFrom("import_jobs")
      .select(["state", "rows_credited", "amount_credited", "error"])
      .where("id", "=", jobId)
      .executeTakeFirstOrThrow();
    if (job.state === "done")
      return { rows: job.rows_credited, amount: Number(job.amount_credited) };
    if (job.state === "failed") throw new AppError("CONFLICT", job.error ?? "import.jobFailed");
    // Another worker (a concurrent caller's) holds it: wait for that one.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The admin's commit and re-run, each run to its end by the import worker. */
export function importsOf(admin: Caller, db: Db) {
  const imports = {
    commit: async (input: { batchId: string }) =>
      runQueuedImport(db, (await admin.cashback.commit(input)).jobId),
    rerun: async (input: { batchId: string }) =>
      runQueuedImport(db, (await admin.cashback.rerun(input)).jobId),
    /**
     * A report in the built-in shape made of `lines` (see `report`), previewed and committed at
     * once: its batch and what the commit credited.
     */
    report: async (fileName: string, lines: string[]) => {
      const { batchId } = await previewedReport(db, admin, fileName, lines);
      return { batchId, ...(await imports.commit({ batchId })) };
    },
  };
  return imports;
}

/**
 * A member's cashback in a month as the import's summary holds it, with the ranking totals the
 * import adds alongside (the summary has no trigger for them: decision 032).
 */
export async function addMonthlyCashback(
  db: Db,
  row: { userId: string; accountId: string; brokerId: string; month: string; amount: number },
) {
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .insertInto("cashback_monthly")
      .values({
        broker_account_id: row.accountId,
        month: row.month,
        user_id: row.userId,
        broker_id: row.brokerId,
        amount: row.amount,
        lots_milli: 0,
        rows: 1,
      })
      .execute();
    await addCashbackToRanking(trx, db, [row]);
  });
}

/**
 * Uploads a report through the admin's preview procedure and runs its preview job at once, as
 * the import worker would: the batch's counts, or the file's refusal as the error the upload
 * used to answer with.
 */
export async function previewed(
  db: Db,
  caller: Caller,
  input: { fileName: string; contentBase64: string; usdRate?: string; profileId?: string },
  /** The storage the caller was made with, when not the tests' default. */
  storage?: Storage,
) {
  const { batchId, jobId } = await caller.cashback.preview(input);
  // Loaded here: the fixtures load the whole server, which Playwright specs using this file
  // cannot (their loader refuses the JSON locale imports).
  const { testStorage } = await import("./fixtures");
  await runJobNow(
    { db, log: createLogger({ level: "silent" }), storage: storage ?? testStorage },
    jobId,
  );
  return previewResult(db, batchId);
}

/** `previewed` for a report in the built-in shape made of `lines` (see `report`). */
export function previewedReport(db: Db, caller: Caller, fileName: string, lines: string[]) {
  return previewed(db, caller, { fileName, contentBase64: report(lines) });
}
