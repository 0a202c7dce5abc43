import { beforeAll, describe, expect, it } from "vitest";
import { checkLedger } from "#server/ledger";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { callerFor, createUser } from "../helpers/fixtures";
import { fund, givePaymentDetails, key, walletOf } from "../helpers/money";

const t = fileDatabase();
let adminId: string;
beforeAll(async () => {
  adminId = (await createUser(t.db, { permission: "admin" })).id;
});

/** The error key of a refused call, or "ok". */
async function outcome(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "ok";
  } catch (error) {
    const k = (error as { key?: string }).key;
    if (!k) throw error;
    return k;
  }
}

describe(`money under concurrency on ${testEngine}`, () => {
  it("50 concurrent withdrawals, transfers and cancels never overdraw, lose or duplicate an entry", async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    await fund(t.db, a.id, 100_000);
    await givePaymentDetails(t.db, a.id);
    const caller = await callerFor(t.db, a.id);

    const pending: string[] = [];
    for (let i = 0; i < 10; i++) {
      pending.push(
        (
          await caller.wallet.requestWithdrawal({
            amount: 2_000,
            requestKey: key(),
            method: "bank",
          })
        ).id,
      );
    }
    // 80,000 left: 20 × 7,000 + 15 × 5,000 = 215,000 asked for, so most must be refused.
    const ops: Promise<string>[] = [];
    for (let i = 0; i < 20; i++) {
      ops.push(
        outcome(
          caller.wallet.requestWithdrawal({ amount: 7_000, requestKey: key(), method: "bank" }),
        ),
      );
    }
    for (let i = 0; i < 15; i++) {
      ops.push(
        outcome(
          caller.wallet.requestTransfer({ email: b.email, amount: 5_000, requestKey: key() }),
        ),
      );
    }
    for (let i = 0; i < 15; i++) {
      // Some ids are cancelled twice at once: exactly one of each pair may win.
      ops.push(outcome(caller.wallet.cancelWithdrawal({ id: pending[i % 10]! })));
    }
    const results = await Promise.all(ops);
    const withdrawals = results.slice(0, 20);
    const transfers = results.slice(20, 35);
    const cancels = results.slice(35);
    expect(new Set(withdrawals)).toSatisfy((s: Set<string>) =>
      [...s].every((k) => k === "ok" || k === "aboveAvailable"),
    );
    expect(new Set(transfers)).toSatisfy((s: Set<string>) =>
      [...s].every((k) => k === "ok" || k === "insufficientBalance"),
    );
    expect(cancels.filter((k) => k === "ok")).toHaveLength(10);
    expect(cancels.filter((k) => k !== "ok").every((k) => k === "notPending")).toBe(true);

    const okWithdrawals = withdrawals.filter((k) => k === "ok").length;
    const okTransfers = transfers.filter((k) => k === "ok").length;
    const w = await walletOf(t.db, a.id);
    expect(w.available).toBeGreaterThanOrEqual(0);
    // Holds only move money between buckets: nothing appeared or vanished.
    expect(w.available + w.held).toBe(100_000);
    expect(w.held).toBe(okWithdrawals * 7_000 + okTransfers * 5_000);
    // Each cancelled request was released exactly once.
    const releases = await t.db.kysely
      .selectFrom("ledger_transactions")
      .select("ref_id")
      .where("kind", "=", "withdrawal_release")
      .where("ref_id", "in", pending)
      .execute();
    expect(releases).toHaveLength(10);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it("two members paying each other at once, then every approval at once: no deadlock, every yen accounted for", async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    await fund(t.db, a.id, 50_000);
    await fund(t.db, b.id, 50_000);
    const ca = await callerFor(t.db, a.id);
    const cb = await callerFor(t.db, b.id);
    const requests = await Promise.all([
      ...Array.from({ length: 10 }, () =>
        ca.wallet.requestTransfer({ email: b.email, amount: 3_000, requestKey: key() }),
      ),
      ...Array.from({ length: 10 }, () =>
        cb.wallet.requestTransfer({ email: a.email, amount: 2_000, requestKey: key() }),
      ),
    ]);
    const admin = await callerFor(t.db, adminId);
    const decisions = await Promise.all(
      requests.map((r) => outcome(admin.wallet.approveTransfer({ id: r.id }))),
    );
    expect(decisions.every((d) => d === "ok")).toBe(true);
    expect(await walletOf(t.db, a.id)).toEqual({ available: 50_000 - 30_000 + 20_000, held: 0 });
    expect(await walletOf(t.db, b.id)).toEqual({ available: 50_000 - 20_000 + 30_000, held: 0 });
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it("two admins deciding the same requests at once: each is decided once", async () => {
    const m = await createUser(t.db);
    await fund(t.db, m.id, 20_000);
    await givePaymentDetails(t.db, m.id);
    const caller = await callerFor(t.db, m.id);
    const ids = [];
    for (let i = 0; i < 5; i++)
      ids.push(
        (
          await caller.wallet.requestWithdrawal({
            amount: 1_000,
            requestKey: key(),
            method: "bank",
          })
        ).id,
      );
    const admin = await callerFor(t.db, adminId);
    const results = await Promise.all(
      ids.flatMap((id) => [
        outcome(admin.wallet.completeWithdrawal({ id })),
        outcome(admin.wallet.rejectWithdrawal({ id, reason: "重複" })),
      ]),
    );
    for (let i = 0; i < ids.length; i++) {
      expect([results[2 * i], results[2 * i + 1]].sort()).toEqual(["notPending", "ok"]);
    }
    const w = await walletOf(t.db, m.id);
    expect(w.held).toBe(0);
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
