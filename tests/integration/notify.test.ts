import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createDb } from "#db";
import { claimDue, outboxCounts } from "#server/notify/outbox";
import { backoffMs } from "#server/notify/dispatcher";
import { testEngine } from "../helpers/db";
import { fileDatabase, fileLineStandin } from "../helpers/file-db";
import { callerFor, createUser } from "../helpers/fixtures";
import { dispatcherFor, enqueue, eventually, linkLine, notificationRows } from "../helpers/line";
import { fund, givePaymentDetails, key, withdraw } from "../helpers/money";

const t = fileDatabase();
const standin = fileLineStandin();
let adminId: string;

beforeAll(async () => {
  adminId = (await createUser(t.db, { permission: "admin" })).id;
});
beforeEach(async () => {
  // Each test drains only its own rows.
  await t.db.kysely.deleteFrom("notifications").execute();
});

async function linkedMember(options: { language?: "ja" | "en"; following?: boolean } = {}) {
  const user = await createUser(t.db);
  if (options.language) {
    await t.db.kysely
      .updateTable("users")
      .set({ language: options.language })
      .where("id", "=", user.id)
      .execute();
  }
  const lineUserId = await linkLine(t.db, user.id, { following: options.following ?? true });
  return { ...user, lineUserId };
}

describe(`the outbox on ${testEngine}`, () => {
  it("keeps one notification per dedupe key however often it is written", async () => {
    const m = await linkedMember();
    const payload = { messageId: "x", excerpt: "hello" };
    await enqueue(t.db, m.id, "support_reply", payload, "chat:dup");
    await enqueue(t.db, m.id, "support_reply", payload, "chat:dup");
    const rows = await notificationRows(t.db, m.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.retry_key).toMatch(/^[0-9a-f-]{36}$/);
    expect(rows[0]!.status).toBe("pending");
  });

  it("is written with a withdrawal's decision and not without it", async () => {
    const m = await linkedMember();
    await fund(t.db, m.id, 30_000);
    await givePaymentDetails(t.db, m.id);
    const member = await callerFor(t.db, m.id);
    const admin = await callerFor(t.db, adminId);
    const a = await withdraw(member, "bank", 5_000);
    const b = await withdraw(member, "bank", 6_000);
    const c = await withdraw(member, "bank", 7_000);
    expect(await notificationRows(t.db, m.id)).toHaveLength(0);

    await admin.wallet.completeWithdrawal({ id: a.id });
    await admin.wallet.rejectWithdrawal({ id: b.id, reason: "口座名義が違います" });
    await member.wallet.cancelWithdrawal({ id: c.id });
    // A second decision on a decided withdrawal is refused, and writes nothing.
    await expect(admin.wallet.completeWithdrawal({ id: a.id })).rejects.toMatchObject({
      key: "notPending",
    });

    // LINE's rows (the mail rows beside them are decision 020's, tested in mail-notify).
    // By kind: two decisions in one millisecond have no order of their own (ids are time + random).
    const rows = (await notificationRows(t.db, m.id, "line")).sort((x, y) =>
      x.kind.localeCompare(y.kind),
    );
    expect(rows.map((r) => [r.kind, r.dedupe_key, JSON.parse(r.payload)])).toEqual([
      [
        "withdrawal_completed",
        `withdrawal:${a.id}:completed`,
        { withdrawalId: a.id, amount: 5_000, method: "bank", reason: "" },
      ],
      [
        "withdrawal_rejected",
        `withdrawal:${b.id}:rejected`,
        { withdrawalId: b.id, amount: 6_000, method: "bank", reason: "口座名義が違います" },
      ],
    ]);
  });

  it("is written for the sender and the receiver of a transfer", async () => {
    const sender = await linkedMember();
    const receiver = await linkedMember();
    await fund(t.db, sender.id, 50_000);
    const caller = await callerFor(t.db, sender.id);
    const admin = await callerFor(t.db, adminId);
    const ok = await caller.wallet.requestTransfer({
      email: receiver.email,
      amount: 3_000,
      requestKey: key(),
    });
    const no = await caller.wallet.requestTransfer({
      email: receiver.email,
      amount: 4_000,
      requestKey: key(),
    });
    await admin.wallet.approveTransfer({ id: ok.id });
    await admin.wallet.denyTransfer({ id: no.id, reason: "確認できません" });
    const mine = await notificationRows(t.db, sender.id, "line");
    expect(mine.map((r) => r.kind).sort()).toEqual(["transfer_completed", "transfer_failed"]);
    const theirs = await notificationRows(t.db, receiver.id, "line");
    expect(theirs.map((r) => r.kind)).toEqual(["transfer_received"]);
    expect(JSON.parse(theirs[0]!.payload)).toMatchObject({ amount: 3_000, transferId: ok.id });
  });
});

describe(`the dispatcher on ${testEngine}`, () => {
  it("pushes each notification once, with its retry key, in the member's language", async () => {
    const ja = await linkedMember({ language: "ja" });
    const en = await linkedMember({ language: "en" });
    await enqueue(
      t.db,
      ja.id,
      "withdrawal_completed",
      { withdrawalId: "w1", amount: 12_345, method: "bank" },
      "w1",
    );
    await enqueue(
      t.db,
      en.id,
      "withdrawal_rejected",
      { withdrawalId: "w2", amount: 500, method: "paypay", reason: "Wrong ID" },
      "w2",
    );
    const dispatcher = dispatcherFor(t.db, standin);
    expect(await dispatcher.runOnce()).toBe(2);
    expect(await dispatcher.runOnce()).toBe(0);

    const rows = await notificationRows(t.db);
    expect(rows.map((r) => r.status)).toEqual(["sent", "sent"]);
    expect(standin.pushes.map((p) => p.retryKey).sort()).toEqual(
      rows.map((r) => r.retry_key).sort(),
    );
    const toJa = standin.pushes.find((p) => p.to === ja.lineUserId)!;
    const toEn = standin.pushes.find((p) => p.to === en.lineUserId)!;
    expect(toJa.text).toContain("出金が完了しました");
    expect(toJa.text).toContain("￥12,345");
    expect(toJa.text).toContain("https://portal.example/users/withdraw");
    expect(toEn.text).toContain("was not approved");
    expect(toEn.text).toContain("Wrong ID");
    expect(toEn.text).toContain("PayPay");
    for (const row of rows) expect(row.line_request_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("backs off on 429 and 5xx and sends later with the same retry key", async () => {
    const m = await linkedMember();
    await enqueue(t.db, m.id, "support_reply", { messageId: "m", excerpt: "hi" }, "r1");
    standin.scriptPushes({ kind: "status", status: 429 }, { kind: "status", status: 500 });
    // The first wait is at least half the base: 500 ms for the check below to find nothing due,
    // however slow the machine is between the two statements.
    const dispatcher = dispatcherFor(t.db, standin, { backoffBaseMs: 1000, backoffMaxMs: 2000 });
    await dispatcher.runOnce();
    let [row] = await notificationRows(t.db, m.id);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row!.last_error).toContain("HTTP 429");
    expect(row!.next_attempt_at > row!.updated_at).toBe(true);
    // Not due before its backoff ends: nothing to claim right now.
    expect(await claimDue(t.db, { limit: 10, leaseMs: 1000 })).toEqual([]);

    await eventually(async () => {
      await dispatcher.runOnce();
      return (await notificationRows(t.db, m.id))[0]!.status === "sent";
    }, "the notification to be sent");
    [row] = await notificationRows(t.db, m.id);
    expect(row!.attempts).toBe(3);
    expect(standin.pushes.map((p) => p.status)).toEqual([429, 500, 200]);
    expect(new Set(standin.pushes.map((p) => p.retryKey))).toEqual(new Set([row!.retry_key]));
    expect(standin.deliveredCount).toBe(1);
  });

  it("counts a 409 after a lost answer as sent: LINE delivered it once", async () => {
    const m = await linkedMember();
    await enqueue(t.db, m.id, "support_reply", { messageId: "m", excerpt: "hi" }, "lost");
    standin.scriptPushes({ kind: "acceptThenFail" });
    const dispatcher = dispatcherFor(t.db, standin);
    await eventually(async () => {
      await dispatcher.runOnce();
      return (await notificationRows(t.db, m.id))[0]!.status === "sent";
    }, "the notification to be sent");
    expect(standin.pushes.map((p) => p.status)).toEqual([500, 409]);
    expect(standin.deliveredCount).toBe(1);
    const [row] = await notificationRows(t.db, m.id);
    expect(row!.last_error).toContain("409");
    expect(row!.line_request_id).toBe(standin.accepted.get(row!.retry_key)!.requestId);
  });

  it("gives up after the attempt limit and stores the reason", async () => {
    const m = await linkedMember();
    await enqueue(t.db, m.id, "support_reply", { messageId: "m", excerpt: "hi" }, "down");
    standin.scriptPushes(
      ...Array.from({ length: 3 }, () => ({ kind: "status", status: 503 }) as const),
    );
    const dispatcher = dispatcherFor(t.db, standin, { maxAttempts: 3 });
    await eventually(async () => {
      await dispatcher.runOnce();
      return (await notificationRows(t.db, m.id))[0]!.status !== "pending";
    }, "the dispatcher to give up");
    const [row] = await notificationRows(t.db, m.id);
    expect(row).toMatchObject({ status: "failed", attempts: 3 });
    expect(row!.last_error).toMatch(/^gave up after 3 attempts: HTTP 503/);
    expect(standin.deliveredCount).toBe(0);
  });

  it("fails at once when LINE refuses the request itself", async () => {
    const m = await linkedMember();
    await enqueue(t.db, m.id, "support_reply", { messageId: "m", excerpt: "hi" }, "bad");
    standin.scriptPushes({ kind: "status", status: 400 });
    await dispatcherFor(t.db, standin).runOnce();
    const [row] = await notificationRows(t.db, m.id);
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
    expect(row!.last_error).toContain("HTTP 400");
  });

  it("skips members who cannot or do not want to be told, saying why", async () => {
    const unlinked = await createUser(t.db);
    const blocked = await linkedMember({ following: false });
    const quiet = await linkedMember();
    await callerFor(t.db, quiet.id).then((c) =>
      c.line.savePreferences({ withdrawal: false, transfer: true, marathon: true, support: true }),
    );
    const w = { withdrawalId: "w", amount: 1000, method: "bank" };
    await enqueue(t.db, unlinked.id, "withdrawal_completed", w, "s1");
    await enqueue(t.db, blocked.id, "withdrawal_completed", w, "s2");
    await enqueue(t.db, quiet.id, "withdrawal_completed", w, "s3");
    await enqueue(t.db, quiet.id, "support_reply", { messageId: "m", excerpt: "ok" }, "s4");
    await dispatcherFor(t.db, standin).runOnce();
    const reasons = Object.fromEntries(
      (await notificationRows(t.db)).map((r) => [r.dedupe_key, [r.status, r.last_error]]),
    );
    expect(reasons).toEqual({
      s1: ["skipped", "not_linked"],
      s2: ["skipped", "unreachable"],
      s3: ["skipped", "preference_off"],
      s4: ["sent", null],
    });
    expect(standin.pushes).toHaveLength(1);
  });

  it("keeps notifications pending without a channel access token (never skipped)", async () => {
    const m = await linkedMember();
    await enqueue(t.db, m.id, "support_reply", { messageId: "m", excerpt: "hi" }, "log");
    const dispatcher = dispatcherFor(t.db, null);
    expect(dispatcher.logOnly).toBe(true);
    expect(await dispatcher.runOnce()).toBe(0);
    expect((await notificationRows(t.db, m.id))[0]).toMatchObject({
      status: "pending",
      attempts: 0,
      last_error: null,
    });
    expect(standin.pushes).toHaveLength(0);
    // A worker with the token, later, sends it.
    expect(await dispatcherFor(t.db, standin).runOnce()).toBe(1);
    expect((await notificationRows(t.db, m.id))[0]).toMatchObject({ status: "sent" });
  });

  it("lets a claim expire: another worker takes the row, and the late one changes nothing", async () => {
    const m = await linkedMember();
    await enqueue(t.db, m.id, "support_reply", { messageId: "m", excerpt: "hi" }, "lease");
    const [first] = await claimDue(t.db, { limit: 1, leaseMs: 60_000 });
    expect(first).toBeDefined();
    expect(await claimDue(t.db, { limit: 1, leaseMs: 60_000 })).toEqual([]);
    // The lease runs out: its end is written rather than waited for, so a slow moment between
    // the two claims above cannot end it early.
    await t.db.kysely
      .updateTable("notifications")
      .set({ next_attempt_at: "2026-01-01 00:00:00.000" })
      .where("id", "=", first!.id)
      .execute();
    const dispatcher = dispatcherFor(t.db, standin);
    expect(await dispatcher.runOnce()).toBe(1);
    // The first claimant comes back too late: its token no longer holds the row.
    const late = dispatcherFor(t.db, standin);
    expect(
      await late.deliver(first!, {
        language: "ja",
        lineUserId: m.lineUserId,
        following: true,
        prefs: { withdrawal: true, transfer: true, marathon: true, support: true, account: true },
      }),
    ).toBe("lost");
    expect(standin.deliveredCount).toBe(1);
    expect(standin.pushes.map((p) => p.status)).toEqual([200, 409]);
  });

  it("two workers on their own connections never send the same row", async () => {
    const members = await Promise.all(Array.from({ length: 10 }, () => linkedMember()));
    for (let i = 0; i < 300; i++) {
      const m = members[i % members.length]!;
      await enqueue(
        t.db,
        m.id,
        "support_reply",
        { messageId: `m${i}`, excerpt: `#${i}` },
        `race:${i}`,
      );
    }
    // A second pool: on MySQL the workers really contend (SELECT … FOR UPDATE SKIP LOCKED).
    const other = createDb(
      "databaseUrl" in t.location
        ? { databaseUrl: t.location.databaseUrl, poolSize: 10 }
        : { sqlitePath: t.location.sqlitePath },
    );
    try {
      const a = dispatcherFor(t.db, standin, { batchSize: 7, concurrency: 4 });
      const b = dispatcherFor(other, standin, { batchSize: 7, concurrency: 4 });
      a.start();
      b.start();
      await eventually(async () => (await outboxCounts(t.db)).sent === 300, "300 sent", 60_000);
      await Promise.all([a.stop(), b.stop()]);
      // Every row was claimed by one worker only: no push was ever repeated (no 409).
      expect(standin.pushes).toHaveLength(300);
      expect(standin.pushes.every((p) => p.status === 200)).toBe(true);
      expect(new Set(standin.pushes.map((p) => p.retryKey)).size).toBe(300);
      expect(a.stats.sent + b.stats.sent).toBe(300);
      expect(a.stats.lost + b.stats.lost).toBe(0);
      if (testEngine === "mysql") {
        // Both took part; with SKIP LOCKED neither waited for the other's batches.
        expect(a.stats.sent).toBeGreaterThan(0);
        expect(b.stats.sent).toBeGreaterThan(0);
      }
    } finally {
      await other.destroy();
    }
  });
});

describe("backoff", () => {
  it("doubles from the base up to the cap, with jitter in the upper half", () => {
    for (let i = 0; i < 100; i++) {
      const first = backoffMs(1, 1000, 60_000);
      expect(first).toBeGreaterThanOrEqual(500);
      expect(first).toBeLessThanOrEqual(1000);
      const fourth = backoffMs(4, 1000, 60_000);
      expect(fourth).toBeGreaterThanOrEqual(4000);
      expect(fourth).toBeLessThanOrEqual(8000);
      expect(backoffMs(30, 1000, 60_000)).toBeLessThanOrEqual(60_000);
    }
  });
});
