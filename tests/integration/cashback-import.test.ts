import { beforeAll, describe, expect, it } from "vitest";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { callerFor, createUser } from "../helpers/fixtures";
import {
  createAccount,
  createBroker,
  importsOf,
  previewed,
  report,
  runQueuedImport,
  previewedReport,
} from "../helpers/cashback";
import { walletOf } from "../helpers/money";

const t = fileDatabase({ ledgerMustBalance: true });
let admin: Awaited<ReturnType<typeof callerFor>>;
let imports: ReturnType<typeof importsOf>;
let xm: string;
let exness: string;
beforeAll(async () => {
  admin = await callerFor(t.db, (await createUser(t.db, { permission: "admin" })).id);
  imports = importsOf(admin, t.db);
  xm = await createBroker(t.db, "XM", "XMTrading");
  exness = await createBroker(t.db, "EXNESS", "Exness");
});

async function summariesMatchHistory(userId: string) {
  const history = await t.db.kysely
    .selectFrom("cashbacks")
    .select(["broker_account_id", "trade_date", (eb) => eb.fn.sum<number>("amount").as("amount")])
    .where("user_id", "=", userId)
    .groupBy(["broker_account_id", "trade_date"])
    .execute();
  const daily = await t.db.kysely
    .selectFrom("cashback_daily")
    .select(["broker_account_id", "day", "amount"])
    .where("user_id", "=", userId)
    .execute();
  const norm = (rows: { broker_account_id: string; d: string; amount: number }[]) =>
    rows.map((r) => `${r.broker_account_id}|${r.d}|${Number(r.amount)}`).sort();
  expect(norm(daily.map((r) => ({ ...r, d: r.day })))).toEqual(
    norm(history.map((r) => ({ ...r, d: r.trade_date }))),
  );
  const monthly = await t.db.kysely
    .selectFrom("cashback_monthly")
    .select((eb) => eb.fn.sum<number>("amount").as("a"))
    .where("user_id", "=", userId)
    .executeTakeFirst();
  const total = history.reduce((s, r) => s + Number(r.amount), 0);
  expect(Number(monthly?.a ?? 0)).toBe(total);
  return total;
}

describe(`cashback import on ${testEngine}`, () => {
  it("previews matched, unmatched, duplicate and error rows, credits nothing until commit, then credits once", async () => {
    const member = await createUser(t.db);
    await createAccount(t.db, member.id, xm, "100001");
    await createAccount(t.db, member.id, xm, "100002", "pending");
    const content = report([
      "2026-11-01,XM,100001,1.5,1200,JPY,r1",
      "2026-11-01,xmtrading,100001,0.5,300,JPY,r2",
      "2026-11-01,XM,100001,0.5,300,JPY,r2", // repeated in the file
      "2026-11-02,XM,100002,1,800,JPY,r3", // pending account
      "2026-11-02,XM,999999,1,800,JPY,r4", // unknown account
      "2026-11-02,NOPE,100001,1,800,JPY,r5", // unknown broker
      "2026-11-02,XM,100001,1,-5,JPY,r6", // negative
      "2026-11-03,XM,100001,1,10.50,USD,r7",
    ]);
    const preview = await previewed(t.db, admin, {
      fileName: "xm-nov.csv",
      contentBase64: content,
      usdRate: "150",
    });
    expect(preview).toMatchObject({ total: 8, matched: 3, unmatched: 2, duplicate: 1, error: 2 });
    expect(await walletOf(t.db, member.id)).toEqual({ available: 0, held: 0 });

    const rows = await admin.cashback.batch({ batchId: preview.batchId, status: "error" });
    expect(rows.page.rows.map((r) => [r.line, r.error])).toEqual([
      [7, "unknownBroker"],
      [8, "negativeAmount"],
    ]);

    const result = await imports.commit({ batchId: preview.batchId });
    // 1200 + 300 + 10.50 USD × 150 = 1575
    expect(result).toEqual({ rows: 3, amount: 1200 + 300 + 1575 });
    expect(await walletOf(t.db, member.id)).toEqual({ available: 3075, held: 0 });
    await expect(imports.commit({ batchId: preview.batchId })).rejects.toMatchObject({
      key: "import.alreadyCommitted",
    });
    expect(await summariesMatchHistory(member.id)).toBe(3075);

    // The member sees it: history, summary by broker and account, monthly.
    const m = await callerFor(t.db, member.id);
    const history = await m.cashback.history({ period: "all" });
    expect(history.total).toBe(3);
    expect(history.rows[0]).toMatchObject({
      tradeDate: "2026-11-03",
      brokerName: "XMTrading",
      accountNumber: "100001",
      amount: 1575,
    });
    const summary = await m.cashback.summary({ period: "all" });
    expect(summary).toMatchObject({
      periodTotal: 3075,
      allTime: 3075,
      byBroker: [{ brokerName: "XMTrading", amount: 3075 }],
    });
  });

  it("the same file committed twice, or an overlapping file, never credits a row twice", async () => {
    const member = await createUser(t.db);
    await createAccount(t.db, member.id, exness, "200001");
    const first = report([
      "2026-10-01,EXNESS,200001,1,1000,JPY,a",
      "2026-10-02,EXNESS,200001,1,2000,JPY,b",
    ]);
    const overlapping = report([
      "2026-10-02,EXNESS,200001,1,2000,JPY,b",
      "2026-10-03,EXNESS,200001,1,4000,JPY,c",
    ]);
    const p1 = await previewed(t.db, admin, { fileName: "a.csv", contentBase64: first });
    const p2 = await previewed(t.db, admin, { fileName: "a.csv", contentBase64: first });
    const p3 = await previewed(t.db, admin, { fileName: "b.csv", contentBase64: overlapping });
    await imports.commit({ batchId: p1.batchId });
    expect(await imports.commit({ batchId: p2.batchId })).toEqual({ rows: 0, amount: 0 });
    expect(await imports.commit({ batchId: p3.batchId })).toEqual({ rows: 1, amount: 4000 });
    expect(await walletOf(t.db, member.id)).toEqual({ available: 7000, held: 0 });
    // Previewed after the commit, the same file shows as all duplicates.
    expect(await previewed(t.db, admin, { fileName: "a.csv", contentBase64: first })).toMatchObject(
      { matched: 0, duplicate: 2 },
    );
    expect(await summariesMatchHistory(member.id)).toBe(7000);
  });

  it("a chunk partly credited meanwhile by another batch credits the rest once; summaries, ranking totals and referral rewards follow the history", async () => {
    const referrer = await createUser(t.db);
    const a = await createUser(t.db);
    const b = await createUser(t.db, { referrerId: referrer.id });
    await createAccount(t.db, a.id, xm, "450001");
    await createAccount(t.db, b.id, xm, "450002");
    const first = report([
      "2026-09-30,XM,450001,1,1000,JPY,a1",
      "2026-10-01,XM,450002,1,2000,JPY,b1",
    ]);
    const second = report([
      "2026-09-30,XM,450001,1,1000,JPY,a1",
      "2026-10-01,XM,450001,1,300,JPY,a2",
      "2026-10-01,XM,450002,1,2000,JPY,b1",
      "2026-10-01,XM,450002,1,500,JPY,b2",
      "2026-10-02,XM,450002,1,700,JPY,b3",
    ]);
    // Both previewed before either is credited: the overlap is found by the commit, inside
    // the one chunk that holds both members' rows.
    const p1 = await previewed(t.db, admin, { fileName: "1.csv", contentBase64: first });
    const p2 = await previewed(t.db, admin, { fileName: "2.csv", contentBase64: second });
    expect(p2).toMatchObject({ matched: 5, duplicate: 0 });
    await imports.commit({ batchId: p1.batchId });
    expect(await imports.commit({ batchId: p2.batchId })).toEqual({ rows: 3, amount: 1500 });
    expect(await imports.commit({ batchId: p1.batchId }).catch(() => "refused")).toBe("refused");

    const lines = async (status: "credited" | "duplicate") =>
      (await admin.cashback.batch({ batchId: p2.batchId, status })).page.rows.map((r) => r.line);
    expect(await lines("duplicate")).toEqual([2, 4]);
    expect(await lines("credited")).toEqual([3, 5, 6]);
    expect(await walletOf(t.db, a.id)).toEqual({ available: 1300, held: 0 });
    expect(await walletOf(t.db, b.id)).toEqual({ available: 3200, held: 0 });
    expect(await summariesMatchHistory(a.id)).toBe(1300);
    expect(await summariesMatchHistory(b.id)).toBe(3200);

    // The ranking's totals are the monthly summary's, per month, year and all time.
    for (const member of [a, b]) {
      const monthly = await t.db.kysely
        .selectFrom("cashback_monthly")
        .select(["month", (eb) => eb.fn.sum<number>("amount").as("amount")])
        .where("user_id", "=", member.id)
        .groupBy("month")
        .execute();
      const expected = new Map<string, number>();
      for (const m of monthly)
        for (const period of [m.month, m.month.slice(0, 4), "all"])
          expected.set(period, (expected.get(period) ?? 0) + Number(m.amount));
      const totals = await t.db.kysely
        .selectFrom("ranking_totals")
        .select(["period", "amount"])
        .where("genre", "=", "cashback")
        .where("user_id", "=", member.id)
        .execute();
      expect(new Map(totals.map((r) => [r.period, Number(r.amount)]))).toEqual(expected);
    }

    // The referred member's cashback pays the referrer once per history row.
    const rewards = await t.db.kysely
      .selectFrom("affiliate_rewards")
      .innerJoin("cashbacks", "cashbacks.id", "affiliate_rewards.cashback_id")
      .select(["cashbacks.source_key", "affiliate_rewards.cashback_amount"])
      .where("affiliate_rewards.referrer_id", "=", referrer.id)
      .orderBy("cashbacks.trade_date")
      .orderBy("affiliate_rewards.cashback_amount")
      .execute();
    expect(rewards.map((r) => Number(r.cashback_amount))).toEqual([500, 2000, 700]);
  });

  it("concurrent commits of one batch, and of two overlapping batches, credit each row once", async () => {
    const member = await createUser(t.db);
    await createAccount(t.db, member.id, xm, "300001");
    const lines = Array.from(
      { length: 50 },
      (_, i) => `2026-09-${String((i % 28) + 1).padStart(2, "0")},XM,300001,1,${100 + i},JPY,k${i}`,
    );
    const a = await previewed(t.db, admin, { fileName: "a.csv", contentBase64: report(lines) });
    const b = await previewed(t.db, admin, {
      fileName: "b.csv",
      contentBase64: report(lines.slice(25).concat(["2026-09-30,XM,300001,1,7,JPY,extra"])),
    });
    const results = await Promise.allSettled([
      imports.commit({ batchId: a.batchId }),
      imports.commit({ batchId: a.batchId }),
      imports.commit({ batchId: b.batchId }),
    ]);
    const refused = results.filter((r) => r.status === "rejected");
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({
      key: expect.stringMatching(/^import\.(inProgress|alreadyCommitted)$/),
    });
    const expected = lines.reduce((s, _l, i) => s + 100 + i, 0) + 7;
    expect(await walletOf(t.db, member.id)).toEqual({ available: expected, held: 0 });
    expect(await summariesMatchHistory(member.id)).toBe(expected);
  });

  it("credits a batch in chunks once each, and a commit taken over after a stop credits nothing again", async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    await createAccount(t.db, a.id, xm, "310001");
    await createAccount(t.db, b.id, xm, "310002");
    // 3,000 rows each: the two members cannot share one chunk of 5,000.
    const lines = Array.from({ length: 6000 }, (_, i) => {
      const day = String((i % 28) + 1).padStart(2, "0");
      return `2026-07-${day},XM,${i % 2 ? "310002" : "310001"},1,${1 + (i % 7)},JPY,c${i}`;
    });
    const expected = (parity: number) =>
      lines.reduce((s, _l, i) => s + (i % 2 === parity ? 1 + (i % 7) : 0), 0);
    const p = await previewed(t.db, admin, { fileName: "big.csv", contentBase64: report(lines) });
    expect(p).toMatchObject({ matched: 6000 });
    const chunks = await t.db.kysely
      .selectFrom("import_rows")
      .select(["user_id", "chunk_no"])
      .distinct()
      .where("batch_id", "=", p.batchId)
      .execute();
    expect(chunks).toHaveLength(2);
    expect(new Set(chunks.map((c) => c.chunk_no))).toEqual(new Set([0, 1]));

    const committed = await imports.commit({ batchId: p.batchId });
    expect(committed).toEqual({ rows: 6000, amount: expected(0) + expected(1) });
    expect(await walletOf(t.db, a.id)).toEqual({ available: expected(0), held: 0 });
    expect(await walletOf(t.db, b.id)).toEqual({ available: expected(1), held: 0 });

    // As if the worker had died after the last chunk, before the job and batch were marked
    // done: its lease ends and another worker takes the job over.
    const job = await t.db.kysely
      .selectFrom("import_jobs")
      .select("id")
      .where("batch_id", "=", p.batchId)
      .where("kind", "=", "commit")
      .executeTakeFirstOrThrow();
    await t.db.kysely
      .updateTable("import_batches")
      .set({ status: "committing" })
      .where("id", "=", p.batchId)
      .execute();
    await t.db.kysely
      .updateTable("import_jobs")
      .set({ state: "running", lease_owner: "dead", lease_until: "2026-01-01 00:00:00.000" })
      .where("id", "=", job.id)
      .execute();
    expect(await runQueuedImport(t.db, job.id)).toEqual({
      rows: 6000,
      amount: expected(0) + expected(1),
    });
    expect(await walletOf(t.db, a.id)).toEqual({ available: expected(0), held: 0 });
    expect(await walletOf(t.db, b.id)).toEqual({ available: expected(1), held: 0 });
    const batch = await t.db.kysely
      .selectFrom("import_batches")
      .select(["status", "rows_credited", "next_chunk"])
      .where("id", "=", p.batchId)
      .executeTakeFirstOrThrow();
    expect(batch).toEqual({ status: "committed", rows_credited: 6000, next_chunk: 2 });
    const statuses = await t.db.kysely
      .selectFrom("import_rows")
      .select("status")
      .distinct()
      .where("batch_id", "=", p.batchId)
      .execute();
    expect(statuses).toEqual([{ status: "credited" }]);
    expect(await summariesMatchHistory(a.id)).toBe(expected(0));
  });

  it("rows of an account approved later are credited when the batch is re-run", async () => {
    const member = await createUser(t.db);
    const accountId = await createAccount(t.db, member.id, xm, "400001", "pending");
    await createAccount(t.db, member.id, xm, "400002");
    const p = await previewedReport(t.db, admin, "late.csv", [
      "2026-08-01,XM,400001,1,900,JPY,z",
      "2026-08-01,XM,400002,1,50,JPY,y",
    ]);
    expect(p).toMatchObject({ matched: 1, unmatched: 1 });
    await imports.commit({ batchId: p.batchId });
    expect(await walletOf(t.db, member.id)).toEqual({ available: 50, held: 0 });
    await t.db.kysely
      .updateTable("broker_accounts")
      .set({ status: "approved" })
      .where("id", "=", accountId)
      .execute();
    expect(await imports.rerun({ batchId: p.batchId })).toEqual({ rows: 1, amount: 900 });
    expect(await imports.rerun({ batchId: p.batchId })).toEqual({ rows: 0, amount: 0 });
    expect(await walletOf(t.db, member.id)).toEqual({ available: 950, held: 0 });
    // The late row was credited in a chunk of its own, after the one the commit credited.
    const rows = await t.db.kysely
      .selectFrom("import_rows")
      .select(["account_number", "status", "chunk_no"])
      .where("batch_id", "=", p.batchId)
      .orderBy("line_no")
      .execute();
    expect(rows).toEqual([
      { account_number: "400001", status: "credited", chunk_no: 1 },
      { account_number: "400002", status: "credited", chunk_no: 0 },
    ]);
    expect(await summariesMatchHistory(member.id)).toBe(950);
  });

  it("refuses broken files with a clear error and stores nothing", async () => {
    // A file refused by its preview job leaves its batch "failed", without rows.
    const kept = () =>
      t.db.kysely
        .selectFrom("import_batches")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("status", "!=", "failed")
        .executeTakeFirstOrThrow();
    const before = await kept();
    const refuse = (contentBase64: string, usdRate?: string) =>
      previewed(t.db, admin, { fileName: "x.csv", contentBase64, usdRate });
    await expect(refuse("")).rejects.toMatchObject({ key: "import.emptyFile" });
    await expect(refuse(Buffer.from("date,broker\n1,2").toString("base64"))).rejects.toMatchObject({
      key: "import.missingColumns",
    });
    await expect(refuse(report(["2026-11-01,XM,100001,1,10,USD,u"]))).rejects.toMatchObject({
      key: "import.rateMissing",
    });
    await expect(refuse(report(["2026-11-01,XM,100001,1,10,USD,u"]), "abc")).rejects.toMatchObject({
      key: "import.rateInvalid",
    });
    // A file over 50 MB is refused before anything is read: by its size past the limit, by
    // the procedure's input well past it.
    await expect(
      refuse(Buffer.alloc(50 * 1024 * 1024 + 1, 0x41).toString("base64")),
    ).rejects.toMatchObject({ key: "import.fileTooLarge", params: { maxMb: 50 } });
    await expect(
      refuse(Buffer.alloc(51 * 1024 * 1024, 0x41).toString("base64")),
    ).rejects.toMatchObject({
      cause: { issues: [expect.objectContaining({ message: "fileTooLarge" })] },
    });
    expect(Number((await kept()).n)).toBe(Number(before.n));
    const failedRows = await t.db.kysely
      .selectFrom("import_rows")
      .innerJoin("import_batches", "import_batches.id", "import_rows.batch_id")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("import_batches.status", "=", "failed")
      .executeTakeFirstOrThrow();
    expect(Number(failedRows.n)).toBe(0);
  });

  it("summaries equal the history after any sequence of imports (property)", async () => {
    const member = await createUser(t.db);
    const accounts = ["510001", "510002", "510003"];
    for (const a of accounts) await createAccount(t.db, member.id, xm, a);
    // A deterministic pseudo-random sequence of overlapping files.
    let seed = 42;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let file = 0; file < 8; file++) {
      const lines: string[] = [];
      for (let i = 0; i < 30; i++) {
        const day = 1 + Math.floor(rand() * 60);
        const date = new Date(Date.UTC(2026, 5, day)).toISOString().slice(0, 10);
        const account = accounts[Math.floor(rand() * accounts.length)];
        const key = `p${Math.floor(rand() * 120)}`;
        lines.push(
          `${date},XM,${account},1,${1 + Math.floor(rand() * 5000)},JPY,${key}-${account}-${date}`,
        );
      }
      await imports.report(`f${file}.csv`, lines);
      const total = await summariesMatchHistory(member.id);
      expect(await walletOf(t.db, member.id)).toEqual({ available: total, held: 0 });
    }
  });
});
