import { beforeAll, describe, expect, it } from "vitest";
import { fromDbTime } from "#db/time";
import { checkLedger } from "#server/ledger";
import {
  NUMBER_PIECE,
  NUMBER_READ_ROWS,
  numberChunks,
  STAGE_ROWS,
} from "#server/features/cashback/staging";
import { type BatchRead, onConnection } from "#server/features/cashback/batch-reads";
import { claimImportJob, latestImportJob } from "#server/features/cashback/jobs";
import { previewResult } from "#server/features/cashback/preview";
import { ImportWorker, runImportJob, runJobNow } from "#server/features/cashback/worker";
import { createLogger } from "#server/logger";
import { testEngine, rowWhere } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { callerFor, createUser, testStorage } from "../helpers/fixtures";
import { createAccount, createBroker, previewed, report } from "../helpers/cashback";
import { walletOf } from "../helpers/money";
import { turnsDuring } from "../helpers/event-loop";

const t = fileDatabase({ ledgerMustBalance: true });
const log = createLogger({ level: "silent" });
let admin: Awaited<ReturnType<typeof callerFor>>;
let xm: string;
beforeAll(async () => {
  admin = await callerFor(t.db, (await createUser(t.db, { permission: "admin" })).id);
  xm = await createBroker(t.db, "XM", "XMTrading");
});

/** Each row of the batch with its chunk number, in id order. */
function chunkNumbers(batchId: string) {
  return t.db.kysely
    .selectFrom("import_rows")
    .select(["id", "chunk_no"])
    .where("batch_id", "=", batchId)
    .orderBy("id")
    .execute();
}

/** Three members of 3,000 rows each: three chunks of one member each (chunks hold ≤ 5,000). */
async function threeChunkBatch(prefix: string) {
  const members = [await createUser(t.db), await createUser(t.db), await createUser(t.db)];
  for (const [i, m] of members.entries()) await createAccount(t.db, m.id, xm, `${prefix}${i}`);
  const lines = Array.from({ length: 9000 }, (_, i) => {
    const day = String((i % 28) + 1).padStart(2, "0");
    return `2026-06-${day},XM,${prefix}${i % 3},1,${1 + (i % 5)},JPY,${prefix}-${i}`;
  });
  const owed = members.map((_, m) =>
    lines.reduce((s, _l, i) => s + (i % 3 === m ? 1 + (i % 5) : 0), 0),
  );
  const p = await previewed(t.db, admin, { fileName: "big.csv", contentBase64: report(lines) });
  expect(p.matched).toBe(9000);
  return { batchId: p.batchId, members, owed };
}

/** A worker's lease runs out: written, not waited for, so no slow moment can end it early. */
async function endLease(jobId: string) {
  await t.db.kysely
    .updateTable("import_jobs")
    .set({ lease_until: "2026-01-01 00:00:00.000" })
    .where("id", "=", jobId)
    .execute();
}

async function jobRow(batchId: string) {
  return t.db.kysely
    .selectFrom("import_jobs")
    .selectAll()
    .where("batch_id", "=", batchId)
    .where("kind", "!=", "preview")
    .executeTakeFirstOrThrow();
}

const chunksThen = (n: number) => {
  let asked = 0;
  // Asked before each chunk: lets n chunks through, then stops as a killed process would.
  return () => asked++ >= n;
};

describe(`import jobs on ${testEngine}`, () => {
  it("a worker killed between chunks is taken over once its lease ends, and nothing is credited twice", async () => {
    const { batchId, members, owed } = await threeChunkBatch("71000");
    const { jobId } = await admin.cashback.commit({ batchId });
    // Queued: the request credited nothing, and a second commit is refused.
    expect(await walletOf(t.db, members[0]!.id)).toEqual({ available: 0, held: 0 });
    await expect(admin.cashback.commit({ batchId })).rejects.toMatchObject({
      key: "import.inProgress",
    });

    // Worker A credits one chunk, then dies (its lease stays).
    const a = await claimImportJob(t.db, "worker-a");
    expect(a).toMatchObject({ id: jobId, attempts: 1 });
    expect(
      await runImportJob({ db: t.db, log }, a!, "worker-a", { shouldStop: chunksThen(1) }),
    ).toBe("stopped");
    expect(await jobRow(batchId)).toMatchObject({
      state: "running",
      rows_total: 9000,
      rows_done: 3000,
      lease_owner: "worker-a",
    });
    // Ten seconds after the start: 3,000 rows done is 300 rows/s, so 6,000 left take 20 s.
    const started = fromDbTime((await jobRow(batchId)).started_at!);
    expect(
      await latestImportJob(t.db, batchId, new Date(started.getTime() + 10_000)),
    ).toMatchObject({
      state: "running",
      rowsDone: 3000,
      rowsTotal: 9000,
      rowsPerSecond: 300,
      secondsLeft: 20,
    });

    // While A's lease lasts, nobody else takes the job.
    expect(await claimImportJob(t.db, "worker-b")).toBeNull();
    // The lease ends: worker B takes the job over and credits the next chunk.
    await endLease(jobId);
    const b = await claimImportJob(t.db, "worker-b");
    expect(b).toMatchObject({ id: jobId, attempts: 2 });
    expect(
      await runImportJob({ db: t.db, log }, b!, "worker-b", { shouldStop: chunksThen(1) }),
    ).toBe("stopped");

    // A comes back to life: its next chunk is refused (the lease is B's) and rolled back.
    expect(await runImportJob({ db: t.db, log }, a!, "worker-a")).toBe("lost");
    expect((await jobRow(batchId)).rows_done).toBe(6000);

    // B finishes the last chunk.
    expect(await runImportJob({ db: t.db, log }, b!, "worker-b")).toBe("done");
    for (const [i, m] of members.entries())
      expect(await walletOf(t.db, m.id)).toEqual({ available: owed[i], held: 0 });
    expect(await jobRow(batchId)).toMatchObject({
      state: "done",
      rows_done: 9000,
      rows_credited: 9000,
      lease_until: null,
    });
    const batch = await rowWhere(t.db, "import_batches", "id", batchId);
    expect(batch).toMatchObject({ status: "committed", rows_credited: 9000, next_chunk: 3 });
    expect(Number(batch.amount_credited)).toBe(owed[0]! + owed[1]! + owed[2]!);
    const history = await t.db.kysely
      .selectFrom("cashbacks")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("batch_id", "=", batchId)
      .executeTakeFirstOrThrow();
    expect(Number(history.n)).toBe(9000);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it("a worker that stops gives its lease back, and the next worker resumes at once", async () => {
    const { batchId, members, owed } = await threeChunkBatch("72000");
    await admin.cashback.commit({ batchId });
    const first = new ImportWorker({ db: t.db, log });
    const claimed = await claimImportJob(t.db, first.owner);
    await runImportJob({ db: t.db, log }, claimed!, first.owner, { shouldStop: chunksThen(2) });
    // What ImportWorker.stop does after the chunk in hand: the lease ends now.
    await t.db.kysely
      .updateTable("import_jobs")
      .set({ lease_until: "2000-01-01 00:00:00.000" })
      .where("id", "=", claimed!.id)
      .where("lease_owner", "=", first.owner)
      .execute();
    await new ImportWorker({ db: t.db, log }).drain();
    expect(await latestImportJob(t.db, batchId)).toMatchObject({
      state: "done",
      rowsDone: 9000,
      rowsCredited: 9000,
      secondsLeft: null,
    });
    for (const [i, m] of members.entries())
      expect(await walletOf(t.db, m.id)).toEqual({ available: owed[i], held: 0 });
  });

  it("a job that fails says why, keeps the chunks it credited, and a re-run finishes the batch", async () => {
    const { batchId, members, owed } = await threeChunkBatch("73000");
    // The last chunk's rows point at a member who no longer exists: its history insert fails.
    await t.db.kysely
      .updateTable("import_rows")
      .set({ user_id: "01JDEADMEMBER0000000000000" })
      .where("batch_id", "=", batchId)
      .where("chunk_no", "=", 2)
      .execute();
    await admin.cashback.commit({ batchId });
    await new ImportWorker({ db: t.db, log }).drain();
    const failed = await latestImportJob(t.db, batchId);
    expect(failed).toMatchObject({ state: "failed", error: "import.jobFailed", rowsDone: 6000 });
    const batch = await t.db.kysely
      .selectFrom("import_batches")
      .select(["status", "next_chunk"])
      .where("id", "=", batchId)
      .executeTakeFirstOrThrow();
    expect(batch).toEqual({ status: "committed", next_chunk: 2 });
    const paid = await Promise.all(members.map((m) => walletOf(t.db, m.id)));
    expect(paid.map((w) => w.available).filter((a) => a > 0)).toHaveLength(2);

    // Repaired, a re-run credits the rest, and only the rest.
    const owner = members.find((_, i) => paid[i]!.available === 0)!;
    await t.db.kysely
      .updateTable("import_rows")
      .set({ user_id: owner.id })
      .where("batch_id", "=", batchId)
      .where("chunk_no", "=", 2)
      .execute();
    await admin.cashback.rerun({ batchId });
    await new ImportWorker({ db: t.db, log }).drain();
    expect(await latestImportJob(t.db, batchId)).toMatchObject({
      kind: "rerun",
      state: "done",
      rowsCredited: 3000,
    });
    for (const [i, m] of members.entries())
      expect(await walletOf(t.db, m.id)).toEqual({ available: owed[i], held: 0 });
  });
  it("chunk numbering stopped half-way numbers the rest after what it numbered, a member's rows in one chunk", async () => {
    const { batchId } = await threeChunkBatch("74000");
    const chunkOf = async () =>
      (
        await t.db.kysely
          .selectFrom("import_rows")
          .select(["user_id", "chunk_no"])
          .distinct()
          .where("batch_id", "=", batchId)
          .orderBy("user_id")
          .execute()
      ).map((r) => r.chunk_no);
    expect(await chunkOf()).toEqual([0, 1, 2]);
    // As if the numbering had stopped after the first member's chunk.
    await t.db.kysely
      .updateTable("import_rows")
      .set({ chunk_no: null })
      .where("batch_id", "=", batchId)
      .where("chunk_no", ">", 0)
      .execute();
    await numberChunks(t.db.kysely, batchId);
    expect(await chunkOf()).toEqual([0, 1, 2]);
    // Nothing left to number: a second run changes nothing.
    await numberChunks(t.db.kysely, batchId);
    expect(await chunkOf()).toEqual([0, 1, 2]);
  });
  it("chunk numbering in pieces numbers as the one UPDATE does, handing the event loop back between pieces", async () => {
    const { batchId } = await threeChunkBatch("74050");
    const numbered = () => chunkNumbers(batchId);
    const whole = await numbered();
    const unnumber = (above: number) =>
      t.db.kysely
        .updateTable("import_rows")
        .set({ chunk_no: null })
        .where("batch_id", "=", batchId)
        .where("chunk_no", ">", above)
        .execute();
    await unnumber(-1);
    // Each member has 3,000 rows, more than a piece: the loop turns at least once per member.
    const { turns } = await turnsDuring(() =>
      numberChunks(t.db.kysely, batchId, undefined, { inPieces: true }),
    );
    expect(turns).toBeGreaterThanOrEqual(3);
    expect(await numbered()).toEqual(whole);
    // Stopped after the first member's rows: the rest after them, each member whole.
    await unnumber(0);
    await numberChunks(t.db.kysely, batchId, undefined, { inPieces: true });
    expect(await numbered()).toEqual(whole);
    expect(NUMBER_PIECE).toBeLessThan(3000);
  });
  it("chunk numbering in pieces reads the rows' ids a few whole members at a time, never the whole batch", async () => {
    const { batchId } = await threeChunkBatch("74060");
    const numbered = () => chunkNumbers(batchId);
    const whole = await numbered();
    await t.db.kysely
      .updateTable("import_rows")
      .set({ chunk_no: null })
      .where("batch_id", "=", batchId)
      .execute();
    const reads: number[] = [];
    const counting: BatchRead = async (query) => {
      const rows = await onConnection(t.db.kysely)(query);
      reads.push(rows.length);
      return rows;
    };
    // 3,000 rows a member and 5,000 a read: two members never fit, so each is read alone.
    await numberChunks(t.db.kysely, batchId, counting, { inPieces: true, readRows: 5000 });
    expect(await numbered()).toEqual(whole);
    // The members' counts (3 rows), then each member's ids.
    expect(reads).toEqual([3, 3000, 3000, 3000]);
    expect(NUMBER_READ_ROWS).toBeLessThan(100_000);
  });
});

// A deadline for a loaded machine: a preview stages its 9,000 lines in many small transactions.
describe(`preview jobs on ${testEngine}`, { timeout: 120_000 }, () => {
  /** A 9,000-line report (read STAGE_ROWS lines a batch): matched, unmatched, errors and repeats. */
  async function streamReport(prefix: string) {
    const members = [await createUser(t.db), await createUser(t.db)];
    for (const [i, m] of members.entries()) await createAccount(t.db, m.id, xm, `${prefix}${i}`);
    const lines = Array.from({ length: 9000 }, (_, i) => {
      // Every 1,000th line repeats the line 4,500 before it (another batch): a duplicate.
      const n = i >= 4500 && i % 1000 === 0 ? i - 4500 : i;
      const day = String((n % 28) + 1).padStart(2, "0");
      if (i % 997 === 5) return `2026-06-${day},XM,${prefix}0,1,-5,JPY,${prefix}-${n}`;
      // Account ${prefix}9 is nobody's: unmatched.
      const account = n % 10 === 9 ? `${prefix}9` : `${prefix}${n % 2}`;
      return `2026-06-${day},XM,${account},1,${1 + (n % 5)},JPY,${prefix}-${n}`;
    });
    return { fileName: "stream.csv", contentBase64: report(lines) };
  }

  async function stagedRows(batchId: string) {
    return t.db.kysely
      .selectFrom("import_rows")
      .select([
        "line_no",
        "status",
        "error",
        "user_id",
        "chunk_no",
        "amount_yen",
        "expected_yen",
        "row_key",
      ])
      .where("batch_id", "=", batchId)
      .orderBy("line_no")
      .execute();
  }

  const batchesThen = (n: number) => {
    let asked = 0;
    return () => asked++ >= n;
  };

  it("a worker killed mid-way is taken over once its lease ends: the same rows as an uninterrupted preview, none staged twice", async () => {
    const upload = await streamReport("74100");
    const deps = { db: t.db, log, storage: testStorage };
    const reference = await previewed(t.db, admin, upload);
    expect(reference).toMatchObject({ total: 9000, duplicate: 4 });
    expect(reference.error).toBeGreaterThan(0);
    expect(reference.unmatched).toBeGreaterThan(0);

    // Queued by the upload: the file is stored, the batch is "previewing", nothing is staged.
    const { batchId, jobId } = await admin.cashback.preview(upload);
    const stored = await rowWhere(t.db, "import_batches", "id", batchId);
    expect(stored.status).toBe("previewing");
    expect(await testStorage.get(stored.report_key!)).not.toBeNull();

    // Worker A stages two batches, then dies (its lease stays).
    const a = await claimImportJob(t.db, "worker-a");
    expect(a).toMatchObject({ id: jobId, kind: "preview" });
    expect(await runImportJob(deps, a!, "worker-a", { shouldStop: batchesThen(2) })).toBe(
      "stopped",
    );
    const progress = await latestImportJob(t.db, batchId);
    expect(progress).toMatchObject({
      kind: "preview",
      state: "running",
      rowsDone: 2 * STAGE_ROWS,
    });
    // The total is estimated from the share of the file read so far.
    expect(progress!.rowsTotal).toBeGreaterThanOrEqual(2 * STAGE_ROWS);
    expect(progress!.rowsTotal).toBeLessThan(20000);
    expect(await stagedRows(batchId)).toHaveLength(2 * STAGE_ROWS);

    // While A's lease lasts nobody takes the job; once it has ended, B does and finishes it.
    expect(await claimImportJob(t.db, "worker-b")).toBeNull();
    await endLease(jobId);
    const b = await claimImportJob(t.db, "worker-b");
    expect(b).toMatchObject({ id: jobId, attempts: 2 });
    expect(await runImportJob(deps, b!, "worker-b")).toBe("done");
    // A wakes up: its lease is gone, and nothing it does is kept.
    expect(await runImportJob(deps, a!, "worker-a")).toBe("lost");

    expect(await previewResult(t.db, batchId)).toEqual({ ...reference, batchId });
    const rows = await stagedRows(batchId);
    expect(new Set(rows.map((r) => r.line_no)).size).toBe(rows.length);
    expect(rows).toEqual(await stagedRows(reference.batchId));
    expect(await latestImportJob(t.db, batchId)).toMatchObject({
      state: "done",
      rowsDone: 9000,
      rowsTotal: 9000,
    });
    // The stored upload is removed once read.
    expect(await testStorage.get(stored.report_key!)).toBeNull();
  });

  it("a file refused while it is read fails the job with its reason and keeps no rows", async () => {
    const lines = Array.from({ length: 4500 }, (_, i) => `2026-06-01,XM,730001,1,1,JPY,k${i}`);
    lines[4200] = '2026-06-01,"XM,730001,1,1,JPY,open';
    const { batchId, jobId } = await admin.cashback.preview({
      fileName: "broken.csv",
      contentBase64: report(lines),
    });
    expect(await runJobNow({ db: t.db, log, storage: testStorage }, jobId)).toBe("failed");
    // Line 1 is the header: the 4,201st row is on line 4,202.
    expect(await latestImportJob(t.db, batchId)).toMatchObject({
      state: "failed",
      error: "import.unreadableCsv",
      errorParams: { line: "4202" },
    });
    const batch = await t.db.kysely
      .selectFrom("import_batches")
      .select(["status", "report_key"])
      .where("id", "=", batchId)
      .executeTakeFirstOrThrow();
    expect(batch).toEqual({ status: "failed", report_key: null });
    expect(await stagedRows(batchId)).toEqual([]);
    await expect(admin.cashback.commit({ batchId })).rejects.toMatchObject({
      key: "import.alreadyCommitted",
    });
  });
});
