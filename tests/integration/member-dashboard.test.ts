import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { toDbTime } from "#db/time";
import { tokyoDay } from "#domain/tokyo";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { addMonthlyCashback, createAccount, createBroker } from "../helpers/cashback";
import { callerFor, createUser, payingMember } from "../helpers/fixtures";
import { withdraw } from "../helpers/money";

const t = fileDatabase();

/** "YYYY-MM" of the Tokyo month `back` months before this one. */
function monthBack(back: number): string {
  const [y, m] = tokyoDay(new Date()).slice(0, 7).split("-").map(Number);
  const d = new Date(Date.UTC(y!, m! - 1 - back, 1));
  return d.toISOString().slice(0, 7);
}

function monthly(
  userId: string,
  accountId: string,
  brokerId: string,
  month: string,
  amount: number,
) {
  return addMonthlyCashback(t.db, { userId, accountId, brokerId, month, amount });
}

/**
 * The dashboard reads its figures in fewer queries (decision 032-member-page-queries): the wallet
 * with the pending withdrawals, the months once for this month, last month and the report, the
 * security state in one row. Each figure must stay the member's own.
 */
describe(`member dashboard on ${testEngine}`, () => {
  it("shows the member's own wallet, pending withdrawals, months and security state", async () => {
    const broker = await createBroker(t.db, "DSH", "Dash Broker");
    const member = await payingMember(t.db, 50_000);
    const other = await payingMember(t.db, 7_000);
    const mine = await createAccount(t.db, member.id, broker, "D-100");
    const theirs = await createAccount(t.db, other.id, broker, "D-200");
    await monthly(member.id, mine, broker, monthBack(0), 300);
    await monthly(member.id, mine, broker, monthBack(1), 200);
    await monthly(member.id, mine, broker, monthBack(5), 50);
    await monthly(member.id, mine, broker, monthBack(6), 9); // before the report's six months
    await monthly(other.id, theirs, broker, monthBack(0), 4_000);

    // Two pending withdrawals, one cancelled (not pending), and the other member's.
    await withdraw(member.caller, "bank", 1_000);
    await withdraw(member.caller, "bank", 2_500);
    const cancelled = await withdraw(member.caller, "bank", 4_000);
    await member.caller.wallet.cancelWithdrawal({ id: cancelled.id });
    await withdraw(other.caller, "bank", 1_000);

    const dashboard = await member.caller.cashback.dashboard();
    expect(dashboard.wallet).toEqual({ available: 50_000 - 3_500, held: 3_500 });
    expect(dashboard.pendingWithdrawals).toEqual({ count: 2, amount: 3_500 });
    expect(dashboard.thisMonth).toBe(300);
    expect(dashboard.lastMonth).toBe(200);
    expect(dashboard.monthly).toEqual([
      { month: monthBack(5), amount: 50 },
      { month: monthBack(4), amount: 0 },
      { month: monthBack(3), amount: 0 },
      { month: monthBack(2), amount: 0 },
      { month: monthBack(1), amount: 200 },
      { month: monthBack(0), amount: 300 },
    ]);
    expect(dashboard.accounts.map((a) => a.accountNumber)).toEqual(["D-100"]);
    // The report's all-time figures come from the same read as the months: the member's own.
    expect(dashboard.summary).toEqual(await member.caller.cashback.summary({ period: "all" }));
    expect(dashboard.summary).toMatchObject({
      allTime: 559,
      byBroker: [{ brokerName: "Dash Broker", amount: 559 }],
      byAccount: [{ accountId: mine, accountNumber: "D-100", amount: 559 }],
    });

    // A member with nothing yet: no wallet row, no withdrawals, zero months.
    const fresh = await callerFor(t.db, (await createUser(t.db)).id);
    const empty = await fresh.cashback.dashboard();
    expect(empty.wallet).toEqual({ available: 0, held: 0 });
    expect(empty.pendingWithdrawals).toEqual({ count: 0, amount: 0 });
    expect([empty.thisMonth, empty.lastMonth]).toEqual([0, 0]);
    expect(empty.summary).toEqual({ periodTotal: 0, allTime: 0, byBroker: [], byAccount: [] });
    expect([empty.accounts, empty.crediting]).toEqual([[], []]);
  });

  it("lists the newest twenty accounts, and the crediting days of every live one", async () => {
    const early = await createBroker(t.db, "OLD", "Oldest Broker");
    const often = await createBroker(t.db, "NEW", "Newer Broker");
    const closed = await createBroker(t.db, "SHUT", "Closed Broker");
    await t.db.kysely.updateTable("brokers").set({ active: 0 }).where("id", "=", closed).execute();
    const member = await createUser(t.db);
    const other = await createUser(t.db);
    // The oldest account is the member's only one at its broker; twenty newer ones follow.
    const ids = [await createAccount(t.db, member.id, early, "OLD-0")];
    for (let i = 1; i <= 20; i++) ids.push(await createAccount(t.db, member.id, often, `NEW-${i}`));
    ids.push(await createAccount(t.db, member.id, closed, "SHUT-1"));
    await createAccount(t.db, other.id, await createBroker(t.db, "THEIRS", "Their Broker"), "T-1");
    // Creation times a minute apart (created_at is not updatable through the typed builder).
    for (const [i, id] of ids.entries()) {
      const at = toDbTime(new Date(Date.UTC(2026, 0, 1, 0, i)));
      await sql`update broker_accounts set created_at = ${at} where id = ${id}`.execute(
        t.db.kysely,
      );
    }
    const dashboard = await (await callerFor(t.db, member.id)).cashback.dashboard();
    expect(dashboard.accounts.map((a) => a.accountNumber)).toEqual([
      "SHUT-1",
      ...Array.from({ length: 19 }, (_, i) => `NEW-${20 - i}`),
    ]);
    // The oldest account is past the list and still counts; an inactive broker does not.
    expect(dashboard.crediting.map((c) => c.brokerName)).toEqual(["Newer Broker", "Oldest Broker"]);

    // A denied account does not count either.
    await t.db.kysely
      .updateTable("broker_accounts")
      .set({ status: "denied", live_number: null })
      .where("id", "=", ids[0]!)
      .execute();
    const after = await (await callerFor(t.db, member.id)).cashback.dashboard();
    expect(after.crediting.map((c) => c.brokerName)).toEqual(["Newer Broker"]);
  });

  it("gives the member's own all-time total whichever period the summary shows", async () => {
    const broker = await createBroker(t.db, "ALT", "All-time Broker");
    const member = await payingMember(t.db, 0);
    const other = await payingMember(t.db, 0);
    const first = await createAccount(t.db, member.id, broker, "A-100");
    const second = await createAccount(t.db, member.id, broker, "A-200");
    const theirs = await createAccount(t.db, other.id, broker, "A-300");
    await monthly(member.id, first, broker, monthBack(0), 300);
    await monthly(member.id, first, broker, monthBack(14), 120);
    await monthly(member.id, second, broker, monthBack(2), 80);
    await monthly(other.id, theirs, broker, monthBack(0), 9_000);

    // All time: the per-account totals are the all-time total (read once).
    const all = await member.caller.cashback.summary({ period: "all" });
    expect(all.allTime).toBe(500);
    expect(all.periodTotal).toBe(500);
    expect(all.byAccount.map((a) => [a.accountNumber, a.amount])).toEqual([
      ["A-100", 420],
      ["A-200", 80],
    ]);

    // A period with nothing in it: the period is empty, all time is still the member's own.
    const none = await member.caller.cashback.summary({
      period: "custom",
      from: "2001-01-01",
      to: "2001-01-31",
    });
    expect(none).toMatchObject({ periodTotal: 0, allTime: 500, byAccount: [] });
  });

  it("counts the member's unused recovery codes and this session's re-authentication only", async () => {
    const member = await createUser(t.db);
    const other = await createUser(t.db);
    const now = toDbTime(new Date());
    const codes = ["a", "b", "c"].map((c, i) => ({
      id: `${member.id.slice(0, 20)}rc${i}`,
      user_id: member.id,
      code_hash: `${c}-${member.id}`,
      used_at: i === 0 ? now : null,
      created_at: now,
    }));
    await t.db.kysely.insertInto("recovery_codes").values(codes).execute();
    await t.db.kysely
      .insertInto("recovery_codes")
      .values({
        id: `${other.id.slice(0, 20)}rc9`,
        user_id: other.id,
        code_hash: `x-${other.id}`,
        used_at: null,
        created_at: now,
      })
      .execute();

    const page = await callerFor(t.db, member.id);
    expect(await page.auth.security()).toMatchObject({
      email: member.email,
      mfaEnabled: false,
      recoveryCodesLeft: 2,
      reauthValid: false,
    });
    // Another session of the same member re-authenticated: this one still has not.
    const elsewhere = await callerFor(t.db, member.id);
    await elsewhere.auth.reauthenticate({ email: member.email, password: "Passw0rd-test" });
    expect((await elsewhere.auth.security()).reauthValid).toBe(true);
    expect((await page.auth.security()).reauthValid).toBe(false);
  });
});
