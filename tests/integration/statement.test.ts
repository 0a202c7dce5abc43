import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toDbTime } from "#db/time";
import type { StatementRow } from "#server/features/wallet/statement";
import { DEFAULT_SETTINGS, updateMoneySettings } from "#server/features/settings/service";
import { checkLedger } from "#server/ledger";
import { createTestDb, testEngine, type TestDb } from "../helpers/db";
import { callerFor, createUser } from "../helpers/fixtures";
import { givePaymentDetails, walletOf, withdraw } from "../helpers/money";
import { decidedTransfer, houseMovement } from "../helpers/statement";

type Caller = Awaited<ReturnType<typeof callerFor>>;

let t: TestDb;
let admin: Caller;
/** The member whose statement is read, the member they transfer with, and one with nothing. */
let alice: { id: string; caller: Caller };
let bob: { id: string; email: string; caller: Caller };
let carol: { id: string; caller: Caller };
let aliceEmail: string;

async function member(nickname: string) {
  const user = await createUser(t.db, { nickname });
  await givePaymentDetails(t.db, user.id);
  return { ...user, caller: await callerFor(t.db, user.id) };
}

async function statement(caller: Caller, input: Record<string, unknown> = {}) {
  return caller.wallet.statement({ page: 1, size: 100, ...input });
}

/** Oldest to newest, each row's balances are the previous row's plus its own changes. */
function expectRunningBalances(rowsNewestFirst: StatementRow[]) {
  let available = 0;
  let held = 0;
  for (const r of [...rowsNewestFirst].reverse()) {
    available += r.availableDelta;
    held += r.heldDelta;
    expect([r.entry, r.availableAfter, r.heldAfter]).toEqual([r.entry, available, held]);
  }
}

beforeAll(async () => {
  t = await createTestDb();
  const adminId = (await createUser(t.db, { permission: "admin" })).id;
  admin = await callerFor(t.db, adminId);
  // A 1.5% transfer fee, so the statement has a fee to show.
  await updateMoneySettings(t.db, adminId, { ...DEFAULT_SETTINGS, transferFeeRateBp: 150 });
  const a = await member("alice");
  aliceEmail = a.email;
  alice = a;
  bob = await member("bob");
  carol = await member("carol");

  // Every kind of movement on Alice's wallet, through the real services where there is one.
  await houseMovement(t.db, alice.id, "cashback", "import_batch", 30_000);
  await houseMovement(t.db, alice.id, "affiliate_reward", "import_batch", 2_000);
  await houseMovement(t.db, alice.id, "present", "present", 1_000);
  await houseMovement(t.db, alice.id, "prize", "ranking_battle", 20_000);
  await houseMovement(t.db, alice.id, "prize", "marathon_goal", 1_500);
  await houseMovement(t.db, alice.id, "gacha_reward", "gacha_log", 700);
  await houseMovement(t.db, alice.id, "gacha_cost", "gacha_log", -300);

  const paid = await withdraw(alice.caller, "bank", 5_000);
  await admin.wallet.completeWithdrawal({ id: paid.id });
  const cancelled = await withdraw(alice.caller, "bank", 2_000);
  await alice.caller.wallet.cancelWithdrawal({ id: cancelled.id });

  await decidedTransfer(admin, alice.caller, bob.email, 10_000);
  await decidedTransfer(admin, alice.caller, bob.email, 1_000, false);

  // Bob's own money, then a transfer back to Alice.
  await houseMovement(t.db, bob.id, "cashback", "import_batch", 8_000);
  await decidedTransfer(admin, bob.caller, aliceEmail, 3_000);
});

afterAll(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  await t.cleanup();
});

describe(`the member's statement on ${testEngine}`, () => {
  it("lists every kind of movement, newest first, with the right sign on each bucket", async () => {
    const page = await statement(alice.caller);
    const byEntry = (entry: string) => page.rows.filter((r) => r.entry === entry);
    const one = (entry: string) => {
      const rows = byEntry(entry);
      expect(rows, entry).toHaveLength(1);
      return rows[0]!;
    };
    expect(one("cashback")).toMatchObject({ availableDelta: 30_000, heldDelta: 0 });
    expect(one("affiliate_reward")).toMatchObject({ availableDelta: 2_000, heldDelta: 0 });
    expect(one("present")).toMatchObject({ availableDelta: 1_000, heldDelta: 0 });
    expect(one("battle_prize")).toMatchObject({
      availableDelta: 20_000,
      refType: "ranking_battle",
    });
    expect(one("marathon_reward")).toMatchObject({ availableDelta: 1_500 });
    expect(one("gacha_reward")).toMatchObject({ availableDelta: 700 });
    expect(one("gacha_cost")).toMatchObject({ availableDelta: -300, heldDelta: 0 });
    const holds = byEntry("withdrawal_hold");
    expect(holds.map((r) => [r.availableDelta, r.heldDelta])).toEqual([
      [-2_000, 2_000],
      [-5_000, 5_000],
    ]);
    expect(holds[0]!.method).toBe("bank");
    expect(one("withdrawal_payout")).toMatchObject({ availableDelta: 0, heldDelta: -5_000 });
    expect(one("withdrawal_release")).toMatchObject({ availableDelta: 2_000, heldDelta: -2_000 });
    // A transfer holds amount and fee; the settlement takes both from held, the fee shown.
    const transferHolds = byEntry("transfer_hold");
    expect(transferHolds.map((r) => [r.availableDelta, r.heldDelta, r.fee])).toEqual([
      [-1_015, 1_015, 15],
      [-10_150, 10_150, 150],
    ]);
    expect(one("transfer_sent")).toMatchObject({
      availableDelta: 0,
      heldDelta: -10_150,
      fee: 150,
      counterparty: "bob",
    });
    expect(one("transfer_release")).toMatchObject({ availableDelta: 1_015, heldDelta: -1_015 });
    expect(one("transfer_received")).toMatchObject({
      availableDelta: 3_000,
      heldDelta: 0,
      fee: null,
      counterparty: "bob",
    });
    expect(page.total).toBe(16);
    expect(page.rows[0]!.entry).toBe("transfer_received");
    const times = page.rows.map((r) => r.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it("shows the balances after each movement, the newest matching the wallet", async () => {
    const page = await statement(alice.caller);
    expectRunningBalances(page.rows);
    const wallet = await walletOf(t.db, alice.id);
    expect({ available: page.rows[0]!.availableAfter, held: page.rows[0]!.heldAfter }).toEqual(
      wallet,
    );
    expect(wallet).toEqual({
      available: 30_000 + 2_000 + 1_000 + 20_000 + 1_500 + 400 - 5_000 - 10_150 + 3_000,
      held: 0,
    });
  });

  it("keeps the true balances under a kind filter and on a later page", async () => {
    const all = await statement(alice.caller);
    const after = new Map(all.rows.map((r) => [r.id, [r.availableAfter, r.heldAfter]]));

    const transfers = await statement(alice.caller, { kind: "transfers" });
    expect(transfers.rows.map((r) => r.kind).sort()).toEqual([
      "transfer_hold",
      "transfer_hold",
      "transfer_release",
      "transfer_settle",
      "transfer_settle",
    ]);
    for (const r of transfers.rows)
      expect([r.availableAfter, r.heldAfter]).toEqual(after.get(r.id));

    const rewards = await statement(alice.caller, { kind: "rewards" });
    expect(rewards.rows.map((r) => r.entry).sort()).toEqual([
      "battle_prize",
      "marathon_reward",
      "present",
    ]);
    for (const r of rewards.rows) expect([r.availableAfter, r.heldAfter]).toEqual(after.get(r.id));

    const second = await alice.caller.wallet.statement({ page: 2, size: 10 });
    expect(second.page).toBe(2);
    expect(second.rows.map((r) => r.id)).toEqual(all.rows.slice(10).map((r) => r.id));
    for (const r of second.rows) expect([r.availableAfter, r.heldAfter]).toEqual(after.get(r.id));

    // An unknown kind from the URL is no filter, not an error.
    expect((await statement(alice.caller, { kind: "bogus" })).total).toBe(all.total);
  });

  it("keeps the true balances when older movements are outside the period", async () => {
    const mine = await statement(alice.caller, { kind: "cashback" });
    const old = mine.rows[0]!;
    const twoMonthsAgo = toDbTime(new Date(Date.now() - 62 * 24 * 3600 * 1000));
    await t.db.kysely
      .updateTable("ledger_transactions")
      .set({ created_at: twoMonthsAgo } as never)
      .where("id", "=", old.id)
      .execute();
    const all = await statement(alice.caller);
    expect(all.rows.at(-1)!.id).toBe(old.id);
    expectRunningBalances(all.rows);
    const month = await statement(alice.caller, { period: "1m" });
    expect(month.total).toBe(all.total - 1);
    expect(month.rows.map((r) => r.id)).not.toContain(old.id);
    // The oldest row in the month still counts the cashback before it.
    expect(month.rows.at(-1)!.availableAfter).toBe(
      old.availableDelta + month.rows.at(-1)!.availableDelta,
    );
  });

  it("never shows another member's movements", async () => {
    const aliceIds = new Set((await statement(alice.caller)).rows.map((r) => r.id));
    const bobs = await statement(bob.caller);
    // Bob sees his cashback, the transfer that reached him and the one he sent.
    expect(bobs.rows.map((r) => r.entry).sort()).toEqual([
      "cashback",
      "transfer_hold",
      "transfer_received",
      "transfer_sent",
    ]);
    // A settlement is one movement with two members in it: each sees only their own side.
    const received = bobs.rows.find((r) => r.entry === "transfer_received")!;
    expect(aliceIds.has(received.id)).toBe(true);
    expect(received).toMatchObject({ availableDelta: 10_000, heldDelta: 0, fee: null });
    expect(
      bobs.rows
        .filter((r) => aliceIds.has(r.id))
        .map((r) => r.entry)
        .sort(),
    ).toEqual(["transfer_received", "transfer_sent"]);
    expectRunningBalances(bobs.rows);
    expect({ available: bobs.rows[0]!.availableAfter, held: bobs.rows[0]!.heldAfter }).toEqual(
      await walletOf(t.db, bob.id),
    );
    const carols = await statement(carol.caller);
    expect(carols).toMatchObject({ total: 0, rows: [] });
  });

  it("exports every matching row with the same filters in export mode", async () => {
    const all = await statement(alice.caller);
    const exported = await alice.caller.wallet.statement({ size: 10, export: true });
    expect(exported).toMatchObject({ page: 1, truncated: false, total: all.total });
    expect(exported.rows).toEqual(all.rows);
    const withdrawals = await alice.caller.wallet.statement({ kind: "withdrawals", export: true });
    expect(withdrawals.rows.map((r) => r.kind).sort()).toEqual([
      "withdrawal_hold",
      "withdrawal_hold",
      "withdrawal_payout",
      "withdrawal_release",
    ]);
  });

  it("is for members only", async () => {
    const visitor = await callerFor(t.db);
    await expect(visitor.wallet.statement({})).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});

describe(`the deposit history reads the statement's credits on ${testEngine}`, () => {
  const deposits = (caller: Caller, input: Record<string, unknown> = {}) =>
    caller.wallet.deposits({ page: 1, size: 100, ...input });

  it("lists every credit to the wallet and nothing that took money out", async () => {
    const page = await deposits(alice.caller);
    expect(page.rows.map((r) => [r.entry, r.amount]).sort()).toEqual(
      [
        ["affiliate_reward", 2_000],
        ["battle_prize", 20_000],
        ["cashback", 30_000],
        ["gacha_reward", 700],
        ["marathon_reward", 1_500],
        ["present", 1_000],
        ["transfer_received", 3_000],
        // A denied transfer gives back what was held: the amount and its fee.
        ["transfer_release", 1_015],
        ["withdrawal_release", 2_000],
      ].sort(),
    );
    expect(page.total).toBe(9);
    // Newest first; the transfer received names its sender.
    expect(page.rows[0]).toMatchObject({
      entry: "transfer_received",
      counterparty: "bob",
      party: "from",
    });
    // A denied transfer's refund names the member it was meant for, as its recipient, never as
    // the sender of the money; a present comes from the operator.
    const byEntry = (entry: string) => page.rows.find((r) => r.entry === entry);
    expect(byEntry("transfer_release")).toMatchObject({ counterparty: "bob", party: "refundTo" });
    expect(byEntry("present")).toMatchObject({ counterparty: null, party: "operator" });
    expect(byEntry("cashback")).toMatchObject({ party: null });
  });

  it("sorts by amount, filters by period, and shows nobody else's credits", async () => {
    const byAmount = await deposits(alice.caller, { sort: "amount", dir: "desc" });
    expect(byAmount.rows.map((r) => r.amount).slice(0, 3)).toEqual([30_000, 20_000, 3_000]);
    // The cashback was moved two months back by the test above: outside the last week.
    const week = await deposits(alice.caller, { period: "1w" });
    expect(week.rows.map((r) => r.entry)).not.toContain("cashback");
    expect(week.total).toBe(8);
    expect((await deposits(carol.caller)).rows).toEqual([]);
    const bobs = await deposits(bob.caller);
    expect(bobs.rows.map((r) => [r.entry, r.amount]).sort()).toEqual(
      [
        ["cashback", 8_000],
        ["transfer_received", 10_000],
      ].sort(),
    );
    expect(bobs.rows.find((r) => r.entry === "transfer_received")?.counterparty).toBe("alice");
  });
});
