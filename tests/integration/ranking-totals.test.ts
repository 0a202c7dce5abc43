import { beforeAll, describe, expect, it } from "vitest";
import { ranking, scopePeriod } from "#server/features/ranking/service";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { callerFor, createUser } from "../helpers/fixtures";
import { addMonthlyCashback, createAccount, createBroker, importsOf } from "../helpers/cashback";

/**
 * ranking_totals is kept by triggers on the withdrawal and affiliate summaries and on users
 * (migration 202611211610_ranking_totals), and by the import for cashback (one grouped upsert
 * per chunk, decision 032).
 */

const t = fileDatabase();
let broker: string;

beforeAll(async () => {
  broker = await createBroker(t.db, "XM", "XMTrading");
});

async function totals(userId: string) {
  const rows = await t.db.kysely
    .selectFrom("ranking_totals")
    .select(["genre", "period", "amount", "hidden"])
    .where("user_id", "=", userId)
    .orderBy("genre")
    .orderBy("period")
    .execute();
  return rows.map((r) => [r.genre, r.period, Number(r.amount), Number(r.hidden)]);
}

describe(`ranking totals on ${testEngine}`, () => {
  it("an import adds each credited row to the member's month, year and all-time totals", async () => {
    const admin = await callerFor(t.db, (await createUser(t.db, { permission: "admin" })).id);
    const imports = importsOf(admin, t.db);
    const m = await createUser(t.db, { nickname: "importer" });
    await createAccount(t.db, m.id, broker, "200001");
    await createAccount(t.db, m.id, broker, "200002");
    await imports.report("r.csv", [
      "2025-12-30,XM,200001,1,1000,JPY,a",
      "2026-01-02,XM,200001,1,300,JPY,b",
      "2026-01-03,XM,200002,1,200,JPY,c",
      "2026-01-03,XM,200001,1,50,JPY,d",
    ]);
    expect(await totals(m.id)).toEqual([
      ["cashback", "2025", 1000, 0],
      ["cashback", "2025-12", 1000, 0],
      ["cashback", "2026", 550, 0],
      ["cashback", "2026-01", 550, 0],
      ["cashback", "all", 1550, 0],
    ]);
    // The same figures as summing the summary.
    const sum = await t.db.kysely
      .selectFrom("cashback_monthly")
      .select((eb) => eb.fn.sum<number>("amount").as("a"))
      .where("user_id", "=", m.id)
      .executeTakeFirstOrThrow();
    expect(Number(sum.a)).toBe(1550);
  });

  it("opting out (and back in) or becoming an admin hides the member at once; a deleted withdrawal summary row is taken off", async () => {
    const a = await createUser(t.db, { nickname: "shown" });
    const b = await createUser(t.db, { nickname: "shy" });
    const month = scopePeriod("month");
    const account = await createAccount(t.db, b.id, broker, "300001");
    const accountA = await createAccount(t.db, a.id, broker, "300002");
    await addMonthlyCashback(t.db, {
      accountId: accountA,
      brokerId: broker,
      userId: a.id,
      month,
      amount: 100,
    });
    await addMonthlyCashback(t.db, {
      accountId: account,
      brokerId: broker,
      userId: b.id,
      month,
      amount: 500,
    });
    const names = async () =>
      (await ranking(t.db, { genre: "cashback", scope: "month" })).top
        .filter((r) => ["shown", "shy"].includes(r.nickname))
        .map((r) => [r.rank, r.nickname]);
    expect(await names()).toEqual([
      [1, "shy"],
      [2, "shown"],
    ]);
    const asA = await callerFor(t.db, a.id);
    expect((await asA.ranking.list({ genre: "cashback", scope: "month" })).me).toEqual({
      rank: 2,
      amount: 100,
      optedOut: false,
    });

    await t.db.kysely
      .updateTable("users")
      .set({ ranking_opt_out: 1 })
      .where("id", "=", b.id)
      .execute();
    expect(await names()).toEqual([[1, "shown"]]);
    expect((await asA.ranking.list({ genre: "cashback", scope: "month" })).me?.rank).toBe(1);

    await t.db.kysely
      .updateTable("users")
      .set({ ranking_opt_out: 0 })
      .where("id", "=", b.id)
      .execute();
    expect(await names()).toEqual([
      [1, "shy"],
      [2, "shown"],
    ]);

    await t.db.kysely
      .updateTable("users")
      .set({ permission: "admin" })
      .where("id", "=", b.id)
      .execute();
    expect(await names()).toEqual([[1, "shown"]]);

    // The summaries that still keep their totals by trigger take a deleted row off.
    await t.db.kysely
      .insertInto("withdrawal_monthly")
      .values({ user_id: a.id, month, amount: 700, count: 1 })
      .execute();
    await t.db.kysely.deleteFrom("withdrawal_monthly").where("user_id", "=", a.id).execute();
    expect((await totals(a.id)).filter((r) => r[0] === "withdrawal")).toEqual([
      ["withdrawal", month.slice(0, 4), 0, 0],
      ["withdrawal", month, 0, 0],
      ["withdrawal", "all", 0, 0],
    ]);
  });
});
