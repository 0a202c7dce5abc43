import { beforeAll, describe, expect, it } from "vitest";
import { newId } from "#db/id";
import { ranking, scopeMonths } from "#server/features/ranking/service";
import { tokyoMonth } from "#server/features/ranking/summary";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { callerFor, createUser } from "../helpers/fixtures";
import { addMonthlyCashback, createAccount, createBroker } from "../helpers/cashback";
import { fund, givePaymentDetails, key } from "../helpers/money";

const t = fileDatabase({ ledgerMustBalance: true });
let broker: string;
const month = tokyoMonth(new Date());
beforeAll(async () => {
  broker = await createBroker(t.db, "XM", "XMTrading");
});

/** Cashback of a member in a month, as the import's summary holds it. */
async function cashback(userId: string, m: string, amount: number) {
  const account = await createAccount(t.db, userId, broker, newId().slice(-6));
  await addMonthlyCashback(t.db, {
    userId,
    accountId: account,
    brokerId: broker,
    month: m,
    amount,
  });
}

describe(`ranking on ${testEngine}`, () => {
  it("orders by amount, ties share a rank in a stable order, opted-out members are left out, scopes cut by month", async () => {
    const a = await createUser(t.db, { nickname: "alpha" });
    const b = await createUser(t.db, { nickname: "bravo" });
    const c = await createUser(t.db, { nickname: "charlie" });
    const d = await createUser(t.db, { nickname: "delta" });
    const hidden = await createUser(t.db, { nickname: "hidden" });
    await t.db.kysely
      .updateTable("users")
      .set({ ranking_opt_out: 1 })
      .where("id", "=", hidden.id)
      .execute();
    await cashback(a.id, month, 3000);
    await cashback(b.id, month, 5000);
    await cashback(c.id, month, 3000);
    await cashback(d.id, month, 1000);
    await cashback(hidden.id, month, 99_000);
    // Two accounts of one member add up.
    await cashback(d.id, month, 1000);
    // An older month: counts for all time only (and this year when it is this year).
    await cashback(d.id, "2001-01", 10_000);

    const monthRanking = await ranking(t.db, { genre: "cashback", scope: "month" });
    const tiedFirst = [a.id, c.id].sort()[0] === a.id ? "alpha" : "charlie";
    const tiedSecond = tiedFirst === "alpha" ? "charlie" : "alpha";
    expect(monthRanking.top.map((r) => [r.rank, r.nickname, r.amount])).toEqual([
      [1, "bravo", 5000],
      [2, tiedFirst, 3000],
      [2, tiedSecond, 3000],
      [4, "delta", 2000],
    ]);
    // The same order on every request.
    expect((await ranking(t.db, { genre: "cashback", scope: "month" })).top).toEqual(
      monthRanking.top,
    );
    const all = await ranking(t.db, { genre: "cashback", scope: "all" });
    expect(all.top.map((r) => [r.rank, r.nickname])).toEqual([
      [1, "delta"],
      [2, "bravo"],
      [3, tiedFirst],
      [3, tiedSecond],
    ]);
    // Nicknames only for members; the admin sees real names.
    expect(monthRanking.top[0]).not.toHaveProperty("name");
    const adminView = await ranking(
      t.db,
      { genre: "cashback", scope: "month" },
      { withNames: true },
    );
    expect(adminView.top[0]).toMatchObject({ name: "Test User", userId: b.id });

    // The member's own place, through the procedure.
    const asC = await callerFor(t.db, c.id);
    expect((await asC.ranking.list({ genre: "cashback", scope: "month" })).me).toEqual({
      rank: 2,
      amount: 3000,
      optedOut: false,
    });
    const asHidden = await callerFor(t.db, hidden.id);
    const hiddenView = await asHidden.ranking.list({ genre: "cashback", scope: "month" });
    expect(hiddenView.me).toEqual({ rank: null, amount: 99_000, optedOut: true });
    expect(hiddenView.top.some((r) => r.nickname === "hidden")).toBe(false);
    // Bad values fall back to the defaults.
    expect(
      await asC.ranking.list({ genre: "nope", scope: "nope" } as unknown as {
        genre: "cashback";
        scope: "month";
      }),
    ).toMatchObject({ genre: "cashback", scope: "month" });
  });

  it("the viewer's own place is the same whether they are in the top hundred or below it", async () => {
    // A month nobody else in this file uses, filled straight into the totals.
    const now = new Date("2003-03-15T03:00:00Z");
    const people = [];
    for (let i = 0; i < 101; i++) people.push(await createUser(t.db, { nickname: `p${i}` }));
    // p0 and p1 tie at the top; p100 has the smallest amount, below the hundred shown.
    await t.db.kysely
      .insertInto("ranking_totals")
      .values(
        people.map((p, i) => ({
          genre: "cashback",
          period: "2003-03",
          user_id: p.id,
          amount: i < 2 ? 50_000 : 10_000 - i,
          hidden: 0,
        })),
      )
      .execute();
    const place = async (viewerId: string) =>
      (await ranking(t.db, { genre: "cashback", scope: "month" }, { now, viewerId })).me;

    // In the list: its place is read off the list, ties included.
    expect(await place(people[1]!.id)).toEqual({ rank: 1, amount: 50_000, optedOut: false });
    expect(await place(people[99]!.id)).toEqual({ rank: 100, amount: 9_901, optedOut: false });
    // Below the hundred: counted by the database.
    expect(await place(people[100]!.id)).toEqual({ rank: 101, amount: 9_900, optedOut: false });
  });

  it("the withdrawal genre counts completed withdrawals, from the summary written at completion", async () => {
    const admin = await callerFor(t.db, (await createUser(t.db, { permission: "admin" })).id);
    const w = await createUser(t.db, { nickname: "withdrawer" });
    await fund(t.db, w.id, 50_000);
    await givePaymentDetails(t.db, w.id);
    const m = await callerFor(t.db, w.id);
    const first = await m.wallet.requestWithdrawal({
      amount: 5_000,
      requestKey: key(),
      method: "bank",
    });
    const second = await m.wallet.requestWithdrawal({
      amount: 7_000,
      requestKey: key(),
      method: "bank",
    });
    await m.wallet.requestWithdrawal({ amount: 9_000, requestKey: key(), method: "bank" });
    await admin.wallet.completeWithdrawal({ id: first.id });
    await admin.wallet.completeWithdrawal({ id: second.id });
    const r = await ranking(t.db, { genre: "withdrawal", scope: "month" }, { viewerId: w.id });
    expect(r.top).toEqual([{ rank: 1, nickname: "withdrawer", amount: 12_000, isViewer: true }]);
    expect(r.me).toEqual({ rank: 1, amount: 12_000, optedOut: false });
    const summary = await t.db.kysely.selectFrom("withdrawal_monthly").selectAll().execute();
    expect(summary).toEqual([{ user_id: w.id, month, amount: 12_000, count: 2 }]);
  });

  it("the affiliate genre counts rewards from the affiliate summary", async () => {
    const r1 = await createUser(t.db, { nickname: "referrer1" });
    const r2 = await createUser(t.db, { nickname: "referrer2" });
    await t.db.kysely
      .insertInto("affiliate_daily")
      .values([
        { referrer_id: r1.id, day: `${month}-02`, registrations: 0, cashback: 0, rewards: 300 },
        { referrer_id: r1.id, day: `${month}-03`, registrations: 0, cashback: 0, rewards: 300 },
        { referrer_id: r2.id, day: `${month}-03`, registrations: 0, cashback: 0, rewards: 500 },
        { referrer_id: r2.id, day: "2001-05-03", registrations: 0, cashback: 0, rewards: 500 },
      ])
      .execute();
    const monthly = await ranking(t.db, { genre: "affiliate", scope: "month" });
    expect(monthly.top.map((r) => [r.rank, r.nickname, r.amount])).toEqual([
      [1, "referrer1", 600],
      [2, "referrer2", 500],
    ]);
    const all = await ranking(t.db, { genre: "affiliate", scope: "all" });
    expect(all.top.map((r) => [r.rank, r.nickname, r.amount])).toEqual([
      [1, "referrer2", 1000],
      [2, "referrer1", 600],
    ]);
  });

  it("scopes: this month, this year (Tokyo), all time", () => {
    // 2026-12-31 16:00 UTC is already 2027-01-01 in Tokyo.
    const now = new Date("2026-12-31T16:00:00Z");
    expect(scopeMonths("month", now)).toEqual({ from: "2027-01", to: "2027-01" });
    expect(scopeMonths("year", now)).toEqual({ from: "2027-01", to: "2027-12" });
    expect(scopeMonths("all", now)).toBeNull();
  });
});
