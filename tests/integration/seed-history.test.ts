import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_MEMBER, seed } from "#tools/seed";
import { SEED_MARATHON_TITLE } from "#tools/seed/money";
import { fromDbTime, nowDb } from "#db/time";
import { tokyoDay, tokyoMonth } from "#domain/tokyo";
import { memberWallet } from "#server/ledger";
import { testEngine, rowWhere } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { type Caller, callerFor } from "../helpers/fixtures";

const t = fileDatabase({ ledgerMustBalance: true });
let memberId: string;
let member: Caller;
beforeAll(async () => {
  await seed(t.db);
  const row = await rowWhere(t.db, "users", "email", DEMO_MEMBER.email);
  memberId = row.id;
  member = await callerFor(t.db, memberId);
});

describe(`the demo reads like six months of a member's life on ${testEngine}`, () => {
  it("dates the member's money over six Tokyo months, each event at its own moment, none ahead", async () => {
    // Every page of the statement: the demo's cashback and the rewards it pays fill pages of
    // their own.
    const rows: Awaited<ReturnType<typeof member.wallet.statement>>["rows"] = [];
    for (let page = 1; page <= 20; page++) {
      const found = await member.wallet.statement({ size: 100, page });
      rows.push(...found.rows);
      if (rows.length >= found.total) break;
    }
    // Cashback and what it pays (affiliate rewards, marathon rewards) come with the imports.
    const own = rows.filter(
      (r) => !["cashback", "affiliate_reward", "marathon_reward"].includes(r.entry),
    );
    expect(
      new Set(own.map((r) => tokyoMonth(fromDbTime(r.createdAt)))).size,
    ).toBeGreaterThanOrEqual(6);
    // One moment per event: only a gacha draw's cost and win share theirs.
    const moments = own.filter((r) => r.entry !== "gacha_reward").map((r) => r.createdAt);
    expect(new Set(moments).size).toBe(moments.length);
    const now = nowDb();
    expect(rows.every((r) => r.createdAt <= now)).toBe(true);
  });

  it("credits the cashback week by week, so the member's balance never dips below zero", async () => {
    // The member's wallet movements in the order they happened, as the statement walks them.
    const movements = await t.db.kysely
      .selectFrom("ledger_entries as e")
      .innerJoin("ledger_transactions as tx", "tx.id", "e.tx_id")
      .where("e.wallet_id", "=", memberWallet(memberId))
      .groupBy(["tx.id", "tx.kind", "tx.created_at"])
      .select((eb) => [
        "tx.id",
        "tx.kind",
        "tx.created_at",
        eb.fn
          .sum<number>(
            eb.case().when("e.bucket", "=", "available").then(eb.ref("e.amount")).else(0).end(),
          )
          .as("available"),
        eb.fn
          .sum<number>(
            eb.case().when("e.bucket", "=", "held").then(eb.ref("e.amount")).else(0).end(),
          )
          .as("held"),
      ])
      .orderBy("tx.created_at")
      .orderBy("tx.id")
      .execute();
    let available = 0;
    let held = 0;
    const dips: string[] = [];
    for (const m of movements) {
      available += Number(m.available);
      held += Number(m.held);
      if (available < 0 || held < 0) dips.push(`${m.created_at} ${m.kind} ${available}/${held}`);
    }
    expect(dips).toEqual([]);
    // The statement's own running balance agrees (its newest page).
    // Every page of the statement: the demo's cashback and the rewards it pays fill pages of
    // their own.
    const rows: Awaited<ReturnType<typeof member.wallet.statement>>["rows"] = [];
    for (let page = 1; page <= 20; page++) {
      const found = await member.wallet.statement({ size: 100, page });
      rows.push(...found.rows);
      if (rows.length >= found.total) break;
    }
    expect(rows.every((r) => r.availableAfter >= 0 && r.heldAfter >= 0)).toBe(true);

    // Weekly imports: the cashback arrives on many days, each after the trades it pays.
    const cashback = movements.filter((m) => m.kind === "cashback");
    const days = new Set(cashback.map((m) => tokyoDay(fromDbTime(m.created_at))));
    expect(days.size).toBeGreaterThanOrEqual(10);
    const history = await t.db.kysely
      .selectFrom("cashbacks")
      .innerJoin("ledger_transactions as tx", "tx.id", "cashbacks.ledger_tx_id")
      .select(["cashbacks.trade_date", "tx.created_at"])
      .where("cashbacks.user_id", "=", memberId)
      .execute();
    expect(history.length).toBeGreaterThan(0);
    for (const h of history) {
      expect(tokyoDay(fromDbTime(h.created_at)) > h.trade_date).toBe(true);
    }
  });

  it("decides each withdrawal and transfer after it was asked for, in every state", async () => {
    const withdrawals = await t.db.kysely
      .selectFrom("withdrawals")
      .select(["status", "created_at", "completed_at"])
      .where("user_id", "=", memberId)
      .orderBy("created_at")
      .execute();
    expect(withdrawals.map((w) => w.status)).toEqual([
      "completed",
      "rejected",
      "cancelled",
      "pending",
    ]);
    expect(new Set(withdrawals.map((w) => tokyoMonth(fromDbTime(w.created_at)))).size).toBe(4);
    const paid = withdrawals[0]!;
    expect(paid.completed_at! > paid.created_at).toBe(true);
    const transfers = await t.db.kysely
      .selectFrom("transfers")
      .select(["status", "created_at", "decided_at"])
      .where("sender_id", "=", memberId)
      .orderBy("created_at")
      .execute();
    expect(transfers.map((x) => x.status)).toEqual(["completed", "failed", "pending"]);
    for (const x of transfers.slice(0, 2)) expect(x.decided_at! > x.created_at).toBe(true);
  });

  it("shows the member's referrals on their own days, counted alike by the summary and the list", async () => {
    const list = await member.affiliate.customers({ page: 1, size: 50 });
    const days = list.rows.map((r) => tokyoDay(fromDbTime(r.registeredAt)));
    expect(new Set(days).size).toBe(list.rows.length);
    expect(list.rows.length).toBeGreaterThanOrEqual(4);
    const summary = await member.affiliate.summary({ preset: "365d" });
    expect(summary.registrations).toBe(list.rows.length);
    const month = await member.affiliate.summary({ preset: "28d" });
    expect(month.registrations).toBe(days.filter((d) => d >= month.from).length);
  });

  it("ends the demo marathon on a past day and shows it with the goals the member reached", async () => {
    const page = await member.marathon.progress({ course: "general" });
    const demo = page.marathons.find((m) => m.title === SEED_MARATHON_TITLE);
    expect(demo).toMatchObject({ ended: true });
    expect(demo!.endsOn! < tokyoDay()).toBe(true);
    expect(demo!.goals.filter((g) => g.reached).length).toBeGreaterThan(0);
  });

  it("shows Exness's rate change dated in the past, settled by an adjustment batch on the statement", async () => {
    const adjustments = await member.wallet.statement({ kind: "cashback", size: 100 });
    const line = adjustments.rows.find((r) => r.entry === "rate_adjustment");
    // Standard 40 % → 45 % of the commission since the first of last month: a credit.
    expect(line?.availableDelta).toBeGreaterThan(0);
    const batch = await t.db.kysely
      .selectFrom("rate_adjustment_members")
      .select(["difference", "moved", "status"])
      .where("user_id", "=", memberId)
      .executeTakeFirstOrThrow();
    expect([Number(batch.difference), Number(batch.moved), batch.status]).toEqual([
      line!.availableDelta,
      line!.availableDelta,
      "applied",
    ]);
    const visitor = await callerFor(t.db);
    const exness = (await visitor.brokers.rates()).brokers.find((b) => b.code === "exness")!;
    expect(exness.rates[0]).toMatchObject({ accountType: "Standard", valueX100: 4_500 });
    expect(exness.previous?.rates[0]).toMatchObject({ accountType: "Standard", valueX100: 4_000 });
  });
});
