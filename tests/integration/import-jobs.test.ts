import { beforeAll, describe, expect, it } from "vitest";
import { fromDbTime } from "../../db/time";
import { checkLedger } from "../../server/ledger";
import {
  claimImportJob,
  ImportWorker,
  latestImportJob,
  runImportJob,
} from "../../server/features/cashback/jobs";
import { createLogger } from "../../server/logger";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { callerFor, createUser } from "../helpers/fixtures";
import { createAccount, createBroker, previewed, report } from "../helpers/cashback";
import { walletOf } from "../helpers/money";

const t = fileDatabase({ ledgerMustBalance: true });
const log = createLogger({ level: "silent" });
let admin: Awaited<ReturnType<typeof callerFor>>;
let xm: string;
beforeAll(async () => {
  admin = await callerFor(t.db, (await createUser(t.db, { permission: "admin" })).id);
  xm = await createBroker(t.db, "XM", "XMTrading");
});

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

async function jobRow(batchId: string) {
  return t.db.kysely
    .selectFrom("import_jobs")
    .selectAll()
    .where("batch_id", "=", batchId)
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
    await t.db.kysely
      .updateTable("import_jobs")
      .set({ lease_until: "2026-01-01 00:00:00.000" })
      .where("id", "=", jobId)
      .execute();
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
    const batch = await t.db.kysely
      .selectFrom("import_batches")
      .select(["status", "rows_credited", "amount_credited", "next_chunk"])
      .where("id", "=", batchId)
      .executeTakeFirstOrThrow();
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
});
