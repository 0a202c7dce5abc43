import { beforeAll, describe, expect, it } from "vitest";
import { newId } from "#db/id";
import { AppError } from "#server/errors";
import { settleBattle } from "#server/features/battles/service";
import { splitPeriod, tokyoToday } from "#server/features/battles/standings";
import { checkLedger } from "#server/ledger";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { callerFor, createUser, adminWithCaller, type Caller } from "../helpers/fixtures";
import { walletOf } from "../helpers/money";
import { errorOf, issues } from "../helpers/outcome";
import { auditsOf } from "../helpers/audit";

const t = fileDatabase({ ledgerMustBalance: true });
let adminId: string;
let admin: Caller;

beforeAll(async () => {
  ({ id: adminId, caller: admin } = await adminWithCaller(t.db));
});

/**
 * Cashback as the import records it: the account's day in cashback_daily and its month in
 * cashback_monthly (a battle reads whole months from the one, other days from the other).
 */
async function cashback(userId: string, day: string, amount: number) {
  const account = newId();
  const broker = newId();
  const base = { broker_account_id: account, user_id: userId, broker_id: broker, amount };
  await t.db.kysely
    .insertInto("cashback_daily")
    .values({ ...base, day, lots_milli: 1000, rows: 1 })
    .execute();
  await t.db.kysely
    .insertInto("cashback_monthly")
    .values({ ...base, month: day.slice(0, 7), lots_milli: 1000, rows: 1 })
    .execute();
}

async function member(nickname: string, optOut = false) {
  const { id } = await createUser(t.db, { nickname, name: `Real ${nickname}` });
  if (optOut) {
    await t.db.kysely
      .updateTable("users")
      .set({ ranking_opt_out: 1 })
      .where("id", "=", id)
      .execute();
  }
  return id;
}

async function prizeEntries(battleId: string) {
  return t.db.kysely
    .selectFrom("ledger_transactions")
    .innerJoin("ledger_entries", "ledger_entries.tx_id", "ledger_transactions.id")
    .select(["ledger_entries.wallet_id", "ledger_entries.amount", "ledger_transactions.kind"])
    .where("ledger_transactions.ref_type", "=", "ranking_battle")
    .where("ledger_transactions.ref_id", "=", battleId)
    .where("ledger_entries.wallet_id", "!=", "sys:house")
    .orderBy("ledger_entries.wallet_id")
    .execute();
}

describe("a battle period split between the summaries", () => {
  it("reads whole months from the monthly summary and the other days from the daily one", () => {
    expect(splitPeriod({ starts_on: "2025-03-01", ends_on: "2025-03-31" })).toEqual({
      months: { from: "2025-03", to: "2025-03" },
      days: [],
    });
    expect(splitPeriod({ starts_on: "2025-02-15", ends_on: "2025-04-10" })).toEqual({
      months: { from: "2025-03", to: "2025-03" },
      days: [
        { from: "2025-02-15", to: "2025-02-28" },
        { from: "2025-04-01", to: "2025-04-10" },
      ],
    });
    expect(splitPeriod({ starts_on: "2024-02-02", ends_on: "2024-02-29" })).toEqual({
      months: null,
      days: [{ from: "2024-02-02", to: "2024-02-29" }],
    });
    expect(splitPeriod({ starts_on: "2025-12-01", ends_on: "2026-01-31" })).toEqual({
      months: { from: "2025-12", to: "2026-01" },
      days: [],
    });
    expect(splitPeriod({ starts_on: "2025-11-21", ends_on: "2025-11-21" })).toEqual({
      months: null,
      days: [{ from: "2025-11-21", to: "2025-11-21" }],
    });
  });
});

describe(`ranking battles on ${testEngine}`, () => {
  it("ranks by cashback in the period from the daily summary: ties share a rank, opted-out members and days outside are left out", async () => {
    const a = await member("alpha");
    const b = await member("bravo");
    const c = await member("charlie");
    const d = await member("delta");
    const hidden = await member("hidden", true);
    // No battle yet: the page has an empty state.
    expect(await (await callerFor(t.db, a)).battles.view({})).toMatchObject({
      battle: null,
      top: [],
      me: null,
    });
    await cashback(a, "2025-03-01", 3000);
    await cashback(a, "2025-03-10", 2000); // alpha 5000 over two days
    await cashback(b, "2025-03-05", 5000); // bravo ties alpha
    await cashback(c, "2025-03-31", 1000);
    await cashback(c, "2025-04-01", 99999); // the day after: not counted
    await cashback(d, "2025-02-28", 99999); // the day before: not counted
    await cashback(hidden, "2025-03-15", 50000); // opted out

    const { id } = await admin.battles.create({
      title: "March battle",
      startsOn: "2025-03-01",
      endsOn: "2025-03-31",
      prizes: [
        { rank: 1, amount: 10000 },
        { rank: 2, amount: 5000 },
        { rank: 3, amount: 1000 },
      ],
    });
    const view = await admin.battles.adminGet({ id });
    // Tied members are listed by member id, so the order never changes between requests.
    const [first, second] = [a, b].sort();
    expect(view.standings.map((s) => [s.rank, s.userId, s.amount, s.prize])).toEqual([
      [1, first, 5000, 10000],
      [1, second, 5000, 10000],
      [3, c, 1000, 1000],
    ]);
    expect(view.standings.map((s) => s.name)).toContain("Real charlie");
    expect(view.battle.phase).toBe("ended");
    expect(view.canSettle).toBe(true);
    // Both tied members get rank 1's prize; rank 2's prize goes to nobody.
    expect(view.paidTotal).toBe(21000);

    // Members see nicknames only, their own place and amount.
    const asC = await callerFor(t.db, c);
    const mine = await asC.battles.view({ id });
    expect(mine.top.map((r) => r.nickname)).not.toContain("hidden");
    expect(mine.top.every((r) => !("name" in r) && !("userId" in r))).toBe(true);
    expect(mine.me).toEqual({ rank: 3, amount: 1000, optedOut: false, prize: 1000 });
    const asHidden = await callerFor(t.db, hidden);
    expect((await asHidden.battles.view({ id })).me).toMatchObject({
      rank: null,
      optedOut: true,
      prize: 0,
    });
    const asD = await callerFor(t.db, d);
    expect((await asD.battles.view({ id })).me).toMatchObject({ rank: null, amount: 0 });

    // Two admins settle at once: one settles, the other is told it is already settled.
    const outcomes = await Promise.allSettled([
      settleBattle(t.db, adminId, id),
      settleBattle(t.db, adminId, id),
    ]);
    const fulfilled = outcomes.filter((o) => o.status === "fulfilled");
    const rejected = outcomes.filter((o) => o.status === "rejected");
    expect(fulfilled).toHaveLength(1);
    expect(rejected).toHaveLength(1);
    const reason = (rejected[0] as PromiseRejectedResult).reason as AppError;
    expect(reason).toBeInstanceOf(AppError);
    expect(reason.key).toBe("battle.alreadySettled");
    expect(
      (fulfilled[0] as PromiseFulfilledResult<{ paid: number; winners: number }>).value,
    ).toMatchObject({
      paid: 21000,
      winners: 3,
    });

    // Exactly one prize entry per winner, through the ledger as kind "prize".
    const entries = await prizeEntries(id);
    expect(entries.map((e) => [e.wallet_id, Number(e.amount), e.kind]).sort()).toEqual(
      [
        [a, 10000, "prize"],
        [b, 10000, "prize"],
        [c, 1000, "prize"],
      ].sort(),
    );
    expect(await walletOf(t.db, a)).toEqual({ available: 10000, held: 0 });
    expect(await walletOf(t.db, c)).toEqual({ available: 1000, held: 0 });
    expect(await walletOf(t.db, d)).toEqual({ available: 0, held: 0 });
    expect(await checkLedger(t.db)).toEqual([]);

    // A third settle through the procedure: refused with the typed error, nothing paid.
    const again = await errorOf(() => admin.battles.settle({ id }));
    expect((again as AppError).key).toBe("battle.alreadySettled");
    expect(await prizeEntries(id)).toHaveLength(3);

    // The frozen results: later cashback in the period changes nothing.
    await cashback(d, "2025-03-20", 100000);
    const after = await asD.battles.view({ id });
    expect(after.battle?.phase).toBe("settled");
    expect(after.top.map((r) => r.nickname)).not.toContain("delta");
    const results = await t.db.kysely
      .selectFrom("ranking_battle_results")
      .select(["user_id", "rank", "amount", "prize", "ledger_tx_id"])
      .where("battle_id", "=", id)
      .execute();
    expect(results).toHaveLength(3);
    expect(results.every((r) => r.ledger_tx_id !== null)).toBe(true);

    // Winners are notified through the outbox, once each; the settle is audited once.
    const notes = await t.db.kysely
      .selectFrom("notifications")
      .select(["user_id", "kind"])
      .where("kind", "=", "battle_prize")
      .execute();
    expect(notes).toHaveLength(3);
    const audits = await auditsOf(t.db, id, "battle.settle");
    expect(audits).toHaveLength(1);

    // A settled battle can no longer be edited.
    const edit = await errorOf(() =>
      admin.battles.update({
        id,
        battle: {
          title: "x",
          startsOn: "2025-03-01",
          endsOn: "2025-03-31",
          prizes: [{ rank: 1, amount: 1 }],
        },
      }),
    );
    expect((edit as AppError).key).toBe("battle.alreadySettled");
  });

  it("refuses to settle a battle whose last day has not passed (Tokyo dates)", async () => {
    const today = tokyoToday();
    const { id } = await admin.battles.create({
      title: "Running",
      startsOn: "2025-01-01",
      endsOn: today,
      prizes: [{ rank: 1, amount: 100 }],
    });
    const error = await errorOf(() => admin.battles.settle({ id }));
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).key).toBe("battle.notEnded");
    expect((await admin.battles.adminGet({ id })).canSettle).toBe(false);
    // The next day in Tokyo it can be settled.
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    await expect(settleBattle(t.db, adminId, id, tomorrow)).resolves.toMatchObject({ id });
    const unknown = await errorOf(() => admin.battles.settle({ id: newId() }));
    expect((unknown as AppError).code).toBe("NOT_FOUND");
  });

  it("adds up a period that spans part months and whole months exactly like the days", async () => {
    const x = await member("xray");
    const y = await member("yankee");
    await cashback(x, "2024-06-14", 100_000); // before
    await cashback(x, "2024-06-15", 1);
    await cashback(x, "2024-07-01", 20);
    await cashback(x, "2024-07-31", 300);
    await cashback(x, "2024-08-10", 4_000);
    await cashback(x, "2024-08-11", 200_000); // after
    await cashback(y, "2024-07-15", 4_320);
    const { id } = await admin.battles.create({
      title: "Summer",
      startsOn: "2024-06-15",
      endsOn: "2024-08-10",
      prizes: [{ rank: 1, amount: 1 }],
    });
    const { standings } = await admin.battles.adminGet({ id });
    expect(standings.map((s) => [s.userId, s.amount, s.rank])).toEqual([
      [x, 4_321, 1],
      [y, 4_320, 2],
    ]);
    const asX = await callerFor(t.db, x);
    expect((await asX.battles.view({ id })).me).toMatchObject({ rank: 1, amount: 4_321 });
  });

  const form = { title: "V", startsOn: "2025-05-01", endsOn: "2025-05-31" };
  it.each([
    [
      "an end before the start",
      { endsOn: "2025-04-30", prizes: [{ rank: 1, amount: 1 }] },
      "endsOn:endBeforeStart",
    ],
    ["a prize of 0 yen", { prizes: [{ rank: 1, amount: 0 }] }, "prizes.0.amount:battlePrize"],
    [
      "a gap in the ranks",
      {
        prizes: [
          { rank: 1, amount: 100 },
          { rank: 3, amount: 50 },
        ],
      },
      "prizes:battleRanksContiguous",
    ],
    [
      "a rank given twice",
      {
        prizes: [
          { rank: 1, amount: 100 },
          { rank: 1, amount: 50 },
        ],
      },
      "prizes:battleRanksContiguous",
    ],
    ["no prizes", { prizes: [] }, "prizes:battlePrizesRequired"],
  ])("refuses a battle form with %s", async (_case, change, issue) => {
    expect(issues(await errorOf(() => admin.battles.create({ ...form, ...change })))).toEqual([
      issue,
    ]);
  });

  it("validates the form: real dates, form strings, prizes stored in rank order", async () => {
    expect(
      issues(
        await errorOf(() =>
          admin.battles.create({
            ...form,
            startsOn: "2025-02-30",
            prizes: [{ rank: 1, amount: 1 }],
          }),
        ),
      ),
    ).toContain("startsOn:invalidDate");
    // Form strings are accepted ("1,000" yen), and the prize table is stored in rank order.
    const { id } = await admin.battles.create({
      ...form,
      prizes: [
        { rank: "2", amount: "500" },
        { rank: "1", amount: "1,000" },
      ] as unknown as { rank: number; amount: number }[],
    });
    expect((await admin.battles.adminGet({ id })).prizes).toEqual([
      { rank: 1, amount: 1000 },
      { rank: 2, amount: 500 },
    ]);
  });

  it("members cannot call the admin procedures; the page shows the running battle, else an empty state", async () => {
    const m = await member("viewer");
    const asMember = await callerFor(t.db, m);
    for (const run of [
      () => asMember.battles.adminList(),
      () => asMember.battles.settle({ id: newId() }),
      () =>
        asMember.battles.create({
          title: "x",
          startsOn: "2025-01-01",
          endsOn: "2025-01-02",
          prizes: [{ rank: 1, amount: 1 }],
        }),
    ]) {
      expect(((await errorOf(run)) as AppError).code).toBe("FORBIDDEN");
    }
    const today = tokyoToday();
    const { id } = await admin.battles.create({
      title: "Now",
      startsOn: today,
      endsOn: "2099-12-31",
      prizes: [{ rank: 1, amount: 1 }],
    });
    const view = await asMember.battles.view({});
    expect(view.battle).toMatchObject({ id, phase: "running" });
  });
});
