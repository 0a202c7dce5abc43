import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "#db/id";
import { nowDb } from "#db/time";
import { tokyoYear } from "#domain/tokyo";
import { annualStatement } from "#server/features/wallet/annual";
import { DEFAULT_SETTINGS, updateMoneySettings } from "#server/features/settings/service";
import { checkLedger, ensureWallet, inTransaction, memberWallet, post } from "#server/ledger";
import { createAccount, createBroker } from "../helpers/cashback";
import { createTestDb, testEngine, type TestDb } from "../helpers/db";
import { callerFor, createUser } from "../helpers/fixtures";
import { fromHouse, givePaymentDetails, key, walletOf, withdraw } from "../helpers/money";
import { decidedTransfer, houseMovement } from "../helpers/statement";

type Caller = Awaited<ReturnType<typeof callerFor>>;

let t: TestDb;
let admin: Caller;
let alice: { id: string; email: string; caller: Caller };
let bob: { id: string; email: string; caller: Caller };
let brokerA: string;
let brokerB: string;

async function member(nickname: string) {
  const user = await createUser(t.db, { nickname });
  await givePaymentDetails(t.db, user.id);
  return { ...user, caller: await callerFor(t.db, user.id) };
}

/**
 * Runs `fn` and dates the ledger transactions it wrote at `iso` (a UTC instant): the ledger
 * stamps the time of posting, and the year boundary needs movements at chosen instants.
 */
async function dated(iso: string, fn: () => Promise<unknown>) {
  const before = new Set(
    (await t.db.kysely.selectFrom("ledger_transactions").select("id").execute()).map((r) => r.id),
  );
  await fn();
  const fresh = (await t.db.kysely.selectFrom("ledger_transactions").select("id").execute())
    .map((r) => r.id)
    .filter((id) => !before.has(id));
  expect(fresh.length).toBeGreaterThan(0);
  const at = iso.replace("T", " ").replace("Z", "");
  await t.db.kysely
    .updateTable("ledger_transactions")
    .set({ created_at: at } as never)
    .where("id", "in", fresh)
    .execute();
  await t.db.kysely
    .updateTable("ledger_entries")
    .set({ created_at: at } as never)
    .where("tx_id", "in", fresh)
    .execute();
}

/** A cashback credit as an import chunk writes it: one ledger movement, history rows per broker. */
async function cashback(userId: string, perBroker: [brokerId: string, yen: number][]) {
  const total = perBroker.reduce((s, [, yen]) => s + yen, 0);
  const accounts = new Map<string, string>();
  for (const [brokerId] of perBroker)
    accounts.set(brokerId, await createAccount(t.db, userId, brokerId, key().slice(0, 6)));
  await inTransaction(t.db, async (trx) => {
    await ensureWallet(trx, t.db, userId);
    const batchId = newId();
    const { txId } = await post(trx, t.db, {
      key: `annual-test:${key()}`,
      kind: "cashback",
      refType: "import_batch",
      refId: batchId,
      postings: fromHouse(userId, total),
    });
    for (const [brokerId, yen] of perBroker) {
      await trx
        .insertInto("cashbacks")
        .values({
          id: newId(),
          source_key: key(),
          user_id: userId,
          broker_account_id: accounts.get(brokerId)!,
          broker_id: brokerId,
          trade_date: "2026-01-05",
          lots_milli: 1000,
          amount: yen,
          batch_id: batchId,
          ledger_tx_id: txId,
          created_at: nowDb(),
        })
        .execute();
    }
  });
}

/** The sum of the member's ledger entries in [from, to): what the year changed, read raw. */
async function ledgerChange(userId: string, from: string, to: string) {
  const row = await t.db.kysely
    .selectFrom("ledger_entries as e")
    .innerJoin("ledger_transactions as t", "t.id", "e.tx_id")
    .where("e.wallet_id", "=", memberWallet(userId))
    .where("t.created_at", ">=", from.replace("T", " ").replace("Z", ""))
    .where("t.created_at", "<", to.replace("T", " ").replace("Z", ""))
    .select((eb) => eb.fn.sum<number>("e.amount").as("sum"))
    .executeTakeFirst();
  return Number(row?.sum ?? 0);
}

beforeAll(async () => {
  t = await createTestDb();
  const adminId = (await createUser(t.db, { permission: "admin" })).id;
  admin = await callerFor(t.db, adminId);
  await updateMoneySettings(t.db, adminId, { ...DEFAULT_SETTINGS, transferFeeRateBp: 150 });
  alice = await member("alice");
  bob = await member("bob");
  brokerA = await createBroker(t.db, "AAA", "Broker A");
  brokerB = await createBroker(t.db, "BBB", "Broker B");

  // 2025 in Tokyo: the opening balance of 2026.
  await dated("2025-06-01T03:00:00.000Z", () => cashback(alice.id, [[brokerA, 10_000]]));
  // 23:59:59.999 on 31 December in Tokyo: still 2025.
  await dated("2025-12-31T14:59:59.999Z", () =>
    houseMovement(t.db, alice.id, "present", "present", 500),
  );
  // 00:30 on 1 January 2026 in Tokyo (15:30 UTC on 31 December): 2026.
  await dated("2025-12-31T15:30:00.000Z", () =>
    cashback(alice.id, [
      [brokerA, 7_000],
      [brokerB, 5_345],
    ]),
  );
  await dated("2026-03-10T01:00:00.000Z", () =>
    houseMovement(t.db, alice.id, "affiliate_reward", "import_batch", 2_000),
  );
  await dated("2026-04-10T01:00:00.000Z", () =>
    houseMovement(t.db, alice.id, "prize", "ranking_battle", 20_000),
  );
  await dated("2026-05-10T01:00:00.000Z", () =>
    houseMovement(t.db, alice.id, "prize", "marathon_goal", 1_500),
  );
  await dated("2026-06-10T01:00:00.000Z", () =>
    houseMovement(t.db, alice.id, "gacha_reward", "gacha_log", 700),
  );
  await dated("2026-06-10T01:01:00.000Z", () =>
    houseMovement(t.db, alice.id, "gacha_cost", "gacha_log", -300),
  );
  await dated("2026-07-01T01:00:00.000Z", () =>
    houseMovement(t.db, alice.id, "present", "present", 1_000),
  );

  // Through the real services, dated in the autumn of 2026.
  await dated("2026-09-01T01:00:00.000Z", async () => {
    const bank = await withdraw(alice.caller, "bank", 5_000);
    await admin.wallet.completeWithdrawal({ id: bank.id });
    const paypay = await withdraw(alice.caller, "paypay", 1_000);
    await admin.wallet.completeWithdrawal({ id: paypay.id });
    const cancelled = await withdraw(alice.caller, "bank", 1_200);
    await alice.caller.wallet.cancelWithdrawal({ id: cancelled.id });
    // Still waiting at the year's end: held, in the closing balance, in no line.
    await withdraw(alice.caller, "bank", 2_000);
  });
  await dated("2026-10-01T01:00:00.000Z", async () => {
    await decidedTransfer(admin, alice.caller, bob.email, 10_000);
    await decidedTransfer(admin, alice.caller, bob.email, 1_000, false);
    await houseMovement(t.db, bob.id, "cashback", "import_batch", 8_000);
    await decidedTransfer(admin, bob.caller, alice.email, 3_000);
  });

  // 00:00 on 1 January 2027 in Tokyo: not in 2026.
  await dated("2026-12-31T15:00:00.000Z", () =>
    houseMovement(t.db, alice.id, "present", "present", 999),
  );
});

afterAll(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  await t.cleanup();
});

describe(`the annual statement on ${testEngine}`, () => {
  it("totals 2026 by kind, in Tokyo time, and reconciles with the ledger", async () => {
    const y = await alice.caller.wallet.annual({ year: 2026 });
    expect(y.start).toBe("2025-12-31 15:00:00.000");
    expect(y.end).toBe("2026-12-31 15:00:00.000");
    expect(y.opening).toEqual({ available: 10_500, held: 0, total: 10_500 });
    expect(y.income.cashback).toEqual([
      { brokerId: brokerA, broker: "Broker A", amount: 7_000, count: 1 },
      { brokerId: brokerB, broker: "Broker B", amount: 5_345, count: 1 },
    ]);
    expect(y.income).toMatchObject({
      affiliate: { amount: 2_000, count: 1 },
      battlePrizes: { amount: 20_000, count: 1 },
      marathonRewards: { amount: 1_500, count: 1 },
      otherPrizes: { amount: 0, count: 0 },
      gachaWins: { amount: 700, count: 1 },
      presents: { amount: 1_000, count: 1 },
      transfersIn: { amount: 3_000, count: 1 },
    });
    expect(y.outgoing.gachaPlays).toEqual({ amount: 300, count: 1 });
    expect(y.outgoing.transfersOut).toEqual({ amount: 10_000, count: 1, fees: 150 });
    expect(y.outgoing.withdrawals).toEqual([
      { method: "bank", amount: 5_000, count: 1, fees: 0 },
      { method: "paypay", amount: 1_000, count: 1, fees: 0 },
    ]);
    expect(y.totalIncome).toBe(7_000 + 5_345 + 2_000 + 20_000 + 1_500 + 700 + 1_000 + 3_000);
    expect(y.totalOutgoing).toBe(300 + 10_150 + 5_000 + 1_000);

    // The closing balance is the wallet now less what 2027 brought, the pending 2,000 held.
    const wallet = await walletOf(t.db, alice.id);
    expect(y.closing).toEqual({
      available: wallet.available - 999,
      held: wallet.held,
      total: wallet.available - 999 + wallet.held,
    });
    expect(y.closing.held).toBe(2_000);
    // The lines add up to what the ledger moved in the Tokyo year, and to the balances.
    expect(y.totalIncome - y.totalOutgoing).toBe(
      await ledgerChange(alice.id, "2025-12-31T15:00:00.000Z", "2026-12-31T15:00:00.000Z"),
    );
    expect(y.opening.total + y.totalIncome - y.totalOutgoing).toBe(y.closing.total);
    expect(y.reconciled).toBe(true);
  });

  it("puts the last millisecond of 31 December in Tokyo in the year before", async () => {
    const y = await alice.caller.wallet.annual({ year: 2025 });
    expect(y.opening.total).toBe(0);
    expect(y.income.cashback).toEqual([
      { brokerId: brokerA, broker: "Broker A", amount: 10_000, count: 1 },
    ]);
    expect(y.income.presents).toEqual({ amount: 500, count: 1 });
    expect(y.closing).toEqual({ available: 10_500, held: 0, total: 10_500 });
    expect(y.reconciled).toBe(true);
  });

  it("starts 2027 at 2026's closing balance, with the midnight credit", async () => {
    const [y2026, y2027] = await Promise.all([
      alice.caller.wallet.annual({ year: 2026 }),
      alice.caller.wallet.annual({ year: 2027 }),
    ]);
    expect(y2027.opening).toEqual(y2026.closing);
    expect(y2027.income.presents).toEqual({ amount: 999, count: 1 });
    expect(y2027.reconciled).toBe(true);
    // The years the member can choose: from their first movement to the current year.
    const years: number[] = [];
    for (let year = tokyoYear(new Date()); year >= 2025; year--) years.push(year);
    expect(y2027.years).toEqual(years);
  });

  it("shows the other member only their own side of a transfer", async () => {
    const y = await bob.caller.wallet.annual({ year: 2026 });
    expect(y.income.transfersIn).toEqual({ amount: 10_000, count: 1 });
    expect(y.outgoing.transfersOut).toEqual({ amount: 3_000, count: 1, fees: 45 });
    expect(y.income.cashback).toEqual([
      // Bob's cashback credit has no history rows: it is still counted, under no broker.
      { brokerId: null, broker: null, amount: 8_000, count: 0 },
    ]);
    expect(y.outgoing.withdrawals).toEqual([]);
    expect(y.reconciled).toBe(true);
  });

  it("is empty, not an error, for a year without movements", async () => {
    const y = await alice.caller.wallet.annual({ year: 2020 });
    expect(y).toMatchObject({ totalIncome: 0, totalOutgoing: 0, reconciled: true });
    expect(y.opening.total).toBe(0);
    expect(y.income.cashback).toEqual([]);
  });

  it("offers only the years the member had an account in, and says 'as of' for the running year", async () => {
    const joined = await createUser(t.db, { nickname: "june" });
    // Registered in June 2026 (Tokyo), nothing received since.
    await t.db.kysely
      .updateTable("users")
      .set({ created_at: "2026-06-15 01:00:00.000" } as never)
      .where("id", "=", joined.id)
      .execute();
    const november = new Date("2026-11-29T03:00:00.000Z");
    const running = await annualStatement(t.db, joined.id, 2026, november);
    expect(running.years).toEqual([2026]);
    expect(running.asOf).toBe("2026-11-29");
    expect(running.documentNumber).toMatch(/^AR-2026-[0-9A-Z]{8}-20261129$/);
    expect(running).toMatchObject({ totalIncome: 0, totalOutgoing: 0, reconciled: true });
    // 2025 is not offered to them (the page sends that URL to 2026).
    expect((await annualStatement(t.db, joined.id, 2025, november)).years).not.toContain(2025);
    // After the year's end the same year is the year-end document.
    const february = new Date("2027-02-01T03:00:00.000Z");
    const ended = await annualStatement(t.db, joined.id, 2026, february);
    expect(ended.asOf).toBeNull();
    expect(ended.years).toEqual([2027, 2026]);
    expect(ended.documentNumber).toMatch(/-20270201$/);
    // Another member's number differs.
    const other = await annualStatement(t.db, bob.id, 2026, february);
    expect(other.documentNumber).not.toBe(ended.documentNumber);
  });

  it("carries the issuer from the latest company page, in the reader's language", async () => {
    const adminId = (await createUser(t.db, { permission: "admin" })).id;
    const latest = await t.db.kysely
      .selectFrom("legal_documents")
      .select((eb) => eb.fn.max("version").as("v"))
      .where("kind", "=", "company")
      .executeTakeFirst();
    await t.db.kysely
      .insertInto("legal_documents")
      .values({
        id: newId(),
        kind: "company",
        version: Number(latest?.v ?? 0) + 1,
        body: "| 項目 | 内容 |\n|---|---|\n| 会社名 | 株式会社テスト |\n| 所在地 | 東京都千代田区1-1 |",
        body_en:
          "| Item | Details |\n|---|---|\n| Company | Test Inc. |\n| Address | 1-1 Chiyoda, Tokyo |",
        summary: null,
        summary_en: null,
        reconsent: 0,
        published_at: nowDb(),
        published_by: adminId,
      })
      .execute();
    expect((await annualStatement(t.db, alice.id, 2026)).issuer).toEqual({
      name: "株式会社テスト",
      address: "東京都千代田区1-1",
    });
    expect((await annualStatement(t.db, alice.id, 2026, new Date(), "en")).issuer).toEqual({
      name: "Test Inc.",
      address: "1-1 Chiyoda, Tokyo",
    });
  });

  it("refuses a year that is not one", async () => {
    for (const year of ["abc", 1999, 2026.5, 10_000])
      await expect(alice.caller.wallet.annual({ year } as never)).rejects.toMatchObject({
        code: "BAD_REQUEST",
      });
  });
});
