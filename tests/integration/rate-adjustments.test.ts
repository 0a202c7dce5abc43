import { describe, expect, it } from "vitest";
import { checkLedger } from "#server/ledger";
import { annualStatement } from "#server/features/wallet/annual";
import { brokersSuite, rateTerms, unpricedReport } from "../helpers/brokers-suite";
import { createAccount, importsOf, previewed, setAccountType } from "../helpers/cashback";
import { callerFor, createUser } from "../helpers/fixtures";
import { walletOf } from "../helpers/money";
import { outcome, refusal } from "../helpers/outcome";
import { houseMovement } from "../helpers/statement";
import { testEngine } from "../helpers/db";
import { auditsOf } from "../helpers/audit";

/**
 * A rate change dated in the past (decision 085): rows imported afterwards are priced at the
 * card in force on their trade date; rows already credited keep their price until an
 * adjustment batch, reviewed per member and applied once, credits or debits the difference.
 */

const suite = brokersSuite();
const { t, storage, xmUpdate } = suite;
const card = (standard: string, micro: string) => [
  { accountType: "Standard", kind: "jpy_per_lot", value: standard },
  { accountType: "Micro", kind: "spread_percent", value: micro },
];

async function credit(fileName: string, lines: string[]) {
  const preview = await previewed(
    t.db,
    suite.admin,
    { fileName, contentBase64: unpricedReport(lines), usdRate: "150" },
    storage,
  );
  return importsOf(suite.admin, t.db).commit({ batchId: preview.batchId });
}

const adjustmentMoves = (id: string) =>
  t.db.kysely
    .selectFrom("ledger_transactions")
    .select(["kind", "idempotency_key"])
    .where("ref_type", "=", "rate_adjustment")
    .where("ref_id", "=", id)
    .execute();

describe(`rate changes dated in the past, and adjustment batches, on ${testEngine}`, () => {
  const who = { m1: "", m2: "", m3: "" };

  it("takes a past day, prices later imports at it and leaves credited rows at their price", async () => {
    const xmId = suite.brokers.xm!;
    await suite.update(xmUpdate({ terms: rateTerms(card("800", "40")) }));
    const [m1, m2, m3] = [await createUser(t.db), await createUser(t.db), await createUser(t.db)];
    Object.assign(who, { m1: m1.id, m2: m2.id, m3: m3.id });
    await setAccountType(t.db, await createAccount(t.db, m1.id, xmId, "770001"), "Standard");
    await setAccountType(t.db, await createAccount(t.db, m2.id, xmId, "770002"), "Micro");
    await setAccountType(t.db, await createAccount(t.db, m3.id, xmId, "770003"), "Standard");
    expect(
      await credit("before.csv", [
        "2026-10-09,XM,770001,2,JPY,,a1", // before the change: 2 × ¥800 = ¥1,600, untouched
        "2026-10-12,XM,770001,1.5,JPY,,a2", // 1.5 × ¥800 = ¥1,200
        "2026-10-15,XM,770001,0.37,JPY,,a3", // 0.37 × ¥800 = ¥296
        "2026-10-15,XM,770002,1,USD,12.3456,a4", // 40 % of $12.3456 × ¥150 = ¥740.736 → ¥740
        "2026-10-14,XM,770003,3,JPY,,a5", // 3 × ¥800 = ¥2,400
      ]),
    ).toEqual({ rows: 5, amount: 1_600 + 1_200 + 296 + 740 + 2_400 });

    // Announced after the fact: from 10 October Standard pays ¥700, Micro 50 %.
    expect(
      await refusal(suite.update(xmUpdate({ terms: rateTerms(card("700", "50"), "2026-10-10") }))),
    ).toBe("ok");
    const broker = await suite.admin.brokers.get({ id: xmId });
    expect(broker.versions.map((v) => v.from)).toEqual(["2000-01-01", "2026-10-10"]);
    const audit = await auditsOf(t.db, xmId, "broker.update");
    expect(JSON.parse(audit.at(-1)!.data!)).toMatchObject({
      after: { ratesFrom: "2026-10-10" },
    });

    // /brokers shows each type's rate beside the one it replaced, and from when.
    const visitor = await callerFor(t.db, undefined, { storage });
    const xm = (await visitor.brokers.rates()).brokers.find((b) => b.code === "xm")!;
    expect(xm.previous).toEqual({
      since: "2026-10-10",
      rates: [
        { accountType: "Standard", kind: "jpy_per_lot", valueX100: 80_000 },
        { accountType: "Micro", kind: "spread_percent", valueX100: 4_000 },
      ],
    });

    // A row imported now is priced at the card in force on its trade date.
    expect(await credit("after.csv", ["2026-10-16,XM,770001,1,JPY,,a6"])).toEqual({
      rows: 1,
      amount: 700,
    });
    // Rows credited before keep their price.
    const history = await t.db.kysely
      .selectFrom("cashbacks")
      .select(["source_key", "amount"])
      .where("broker_id", "=", xmId)
      .orderBy("trade_date")
      .orderBy("source_key")
      .execute();
    expect(history.map((r) => Number(r.amount))).toEqual([1_600, 1_200, 2_400, 296, 740, 700]);
  });

  it("shows how many credited rows fall on or after the day and the difference per member", async () => {
    const impact = await suite.admin.brokers.adjustments.impact({
      brokerId: suite.brokers.xm!,
      from: "2026-10-10",
    });
    // Five rows traded on or after 10 October; the one imported after the change is at its price.
    expect(impact).toMatchObject({
      credited: 5,
      notRepriced: 0,
      rows: 4,
      oldYen: 1_200 + 296 + 740 + 2_400,
      // 1.5 × ¥700 = ¥1,050; 0.37 × ¥700 = ¥259; 50 % of ¥1,851.84 = ¥925; 3 × ¥700 = ¥2,100
      newYen: 1_050 + 259 + 925 + 2_100,
      difference: -187 + 185 - 300,
      credit: 185,
      debit: 487,
    });
    const byMember = Object.fromEntries(
      impact.members.map((m) => [m.userId, [m.rows, m.oldYen, m.newYen, m.difference]]),
    );
    expect(byMember).toEqual({
      [who.m1]: [2, 1_496, 1_309, -187],
      [who.m2]: [1, 740, 925, 185],
      [who.m3]: [1, 2_400, 2_100, -300],
    });
    // Nothing moved.
    expect(await walletOf(t.db, who.m1)).toEqual({ available: 1_600 + 1_496 + 700, held: 0 });
  });

  it("applies the batch once, even when applied twice at the same time, and holds a debit the balance cannot cover", async () => {
    // m3 spent most of the cashback: ¥150 left, less than the ¥300 to take back.
    await houseMovement(t.db, who.m3, "gacha_cost", "gacha_log", -2_250);
    const { id } = await suite.admin.brokers.adjustments.draft({
      brokerId: suite.brokers.xm!,
      from: "2026-10-10",
    });
    const drawn = await suite.admin.brokers.adjustments.get({ id });
    expect(drawn).toMatchObject({ status: "draft", rows: 4, members: 3, credit: 185, debit: 487 });
    expect(
      drawn.lines.map((l) => [l.userId, l.rows, l.oldYen, l.newYen, l.difference, l.short]),
    ).toEqual([
      [who.m3, 1, 2_400, 2_100, -300, true],
      [who.m1, 2, 1_496, 1_309, -187, false],
      [who.m2, 1, 740, 925, 185, false],
    ]);

    // The maker's apply is the first decision: the batch waits, nothing moves.
    expect(await suite.admin.brokers.adjustments.settle({ id })).toMatchObject({
      status: "checking",
      credited: 0,
      debited: 0,
    });
    const waiting = await suite.admin.brokers.adjustments.get({ id });
    expect(waiting).toMatchObject({
      status: "checking",
      firstApprover: { id: suite.adminId, name: "Test User" },
    });
    expect(await adjustmentMoves(id)).toEqual([]);
    expect(await walletOf(t.db, who.m2)).toEqual({ available: 740, held: 0 });
    // The maker can neither approve it nor apply it again.
    expect(await outcome(suite.admin.brokers.adjustments.approve({ id }))).toBe("sameApprover");
    expect(await outcome(suite.admin.brokers.adjustments.settle({ id }))).toBe(
      "adjustment.awaitingSecondApproval",
    );
    expect(await adjustmentMoves(id)).toEqual([]);

    // Two other admins approve at once: one approval applies it, the other finds it decided.
    const third = await callerFor(
      t.db,
      (await createUser(t.db, { permission: "admin", nickname: "admin3" })).id,
      { storage },
    );
    const outcomes = await Promise.all([
      refusal(suite.checker.brokers.adjustments.approve({ id })),
      refusal(third.brokers.adjustments.approve({ id })),
    ]);
    expect(outcomes.sort()).toEqual(["notAwaitingApproval", "ok"]);
    // m2 credited ¥185 once, m1 debited ¥187 once, m3 held.
    expect(await walletOf(t.db, who.m1)).toEqual({ available: 3_796 - 187, held: 0 });
    expect(await walletOf(t.db, who.m2)).toEqual({ available: 740 + 185, held: 0 });
    expect(await walletOf(t.db, who.m3)).toEqual({ available: 150, held: 0 });
    expect((await adjustmentMoves(id)).map((m) => m.kind)).toEqual([
      "rate_adjustment",
      "rate_adjustment",
    ]);
    const applied = await suite.admin.brokers.adjustments.get({ id });
    expect(applied.status).toBe("applied");
    expect(Object.fromEntries(applied.lines.map((l) => [l.userId, [l.status, l.moved]]))).toEqual({
      [who.m1]: ["applied", -187],
      [who.m2]: ["applied", 185],
      [who.m3]: ["held", 0],
    });
    expect(await checkLedger(t.db)).toEqual([]);

    // Applying again moves nothing more.
    expect(await suite.admin.brokers.adjustments.settle({ id })).toMatchObject({
      credited: 0,
      debited: 0,
      held: 1,
    });
    expect(await adjustmentMoves(id)).toHaveLength(2);
    // The rows are at their new price: nothing is left to adjust from that day.
    expect(
      await outcome(
        suite.admin.brokers.adjustments.draft({ brokerId: suite.brokers.xm!, from: "2026-10-10" }),
      ),
    ).toBe("adjustment.nothingToAdjust");

    // Only a debit still to settle takes a decision; it needs a reason.
    expect(
      await outcome(
        suite.admin.brokers.adjustments.decide({
          adjustmentId: id,
          userId: who.m1,
          decision: "waive",
          reason: "goodwill",
        }),
      ),
    ).toBe("adjustment.noDebitToDecide");
    expect(
      await refusal(
        suite.admin.brokers.adjustments.decide({
          adjustmentId: id,
          userId: who.m3,
          decision: "debit_available",
          reason: " ",
        }),
      ),
    ).toEqual({ reason: "required" });
    await suite.admin.brokers.adjustments.decide({
      adjustmentId: id,
      userId: who.m3,
      decision: "debit_available",
      reason: "Spent on gacha; take what is left, write off ¥150",
    });
    expect(await suite.admin.brokers.adjustments.settle({ id })).toEqual({
      status: "applied",
      replayed: false,
      credited: 0,
      debited: 150,
      held: 0,
      waived: 150,
      awaitingOther: 0,
    });
    // Never below zero.
    expect(await walletOf(t.db, who.m3)).toEqual({ available: 0, held: 0 });
    expect(await suite.admin.brokers.adjustments.settle({ id })).toMatchObject({ replayed: true });
    expect(await adjustmentMoves(id)).toHaveLength(3);

    // Ids order rows only to the millisecond (then at random), and these calls can share one:
    // the trail is compared as a set, the decision found by its action.
    const decisions = await t.db.kysely
      .selectFrom("audit_log")
      .select(["action", "data"])
      .where("target_id", "=", id)
      .execute();
    expect(decisions.map((d) => d.action).sort()).toEqual([
      // the apply that found m3 still held, and the one after the decision
      "rate_adjustment.apply",
      "rate_adjustment.apply",
      "rate_adjustment.decide",
      "rate_adjustment.draft",
      "rate_adjustment.firstApprove",
      "rate_adjustment.secondApprove",
    ]);
    const decision = decisions.find((d) => d.action === "rate_adjustment.decide");
    expect(JSON.parse(decision!.data!)).toEqual({
      userId: who.m3,
      decision: "debit_available",
      reason: "Spent on gacha; take what is left, write off ¥150",
    });
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it("shows the adjustment on the member's statement and in the year's cashback", async () => {
    const member = await callerFor(t.db, who.m1, { storage });
    const statement = await member.wallet.statement({ kind: "cashback" });
    expect(statement.rows[0]).toMatchObject({
      kind: "rate_adjustment",
      entry: "rate_adjustment",
      availableDelta: -187,
      availableAfter: 3_609,
    });
    const year = await annualStatement(t.db, who.m1, 2026);
    expect(year.reconciled).toBe(true);
    expect(year.income.cashback).toEqual([
      expect.objectContaining({ broker: "XM", amount: 1_600 + 1_496 + 700 - 187 }),
    ]);
  });

  it("refuses to apply a batch drawn up before another one was applied (stale)", async () => {
    // Announced later still: from 13 October Standard pays ¥750.
    await suite.update(xmUpdate({ terms: rateTerms(card("750", "50"), "2026-10-13") }));
    const input = { brokerId: suite.brokers.xm!, from: "2026-10-13" };
    const impact = await suite.admin.brokers.adjustments.impact(input);
    // m1's 0.37 lot (¥259 → ¥277) and 1 lot (¥700 → ¥750); m3's 3 lots (¥2,100 → ¥2,250).
    expect(impact).toMatchObject({ rows: 3, difference: 18 + 50 + 150, credit: 218, debit: 0 });
    const first = await suite.admin.brokers.adjustments.draft(input);
    const second = await suite.admin.brokers.adjustments.draft(input);
    await suite.admin.brokers.adjustments.settle({ id: first.id });
    await suite.admin.brokers.adjustments.settle({ id: second.id });
    await suite.checker.brokers.adjustments.approve({ id: first.id });
    // The second waited for its approval while the first was applied: nothing is claimed.
    expect(await outcome(suite.checker.brokers.adjustments.approve({ id: second.id }))).toBe(
      "adjustment.stale",
    );
    expect((await suite.admin.brokers.adjustments.get({ id: second.id })).status).toBe("checking");
    expect(await adjustmentMoves(second.id)).toEqual([]);
    expect(await walletOf(t.db, who.m1)).toEqual({ available: 3_609 + 68, held: 0 });
    expect(await walletOf(t.db, who.m3)).toEqual({ available: 150, held: 0 });
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it("sends a batch back to its maker with a reason, and an approval racing a send back decides once", async () => {
    // From 15 October Standard pays ¥760: m1's 0.37 lot (¥277 → ¥281) and 1 lot (¥750 → ¥760).
    await suite.update(xmUpdate({ terms: rateTerms(card("760", "50"), "2026-10-15") }));
    const { id } = await suite.admin.brokers.adjustments.draft({
      brokerId: suite.brokers.xm!,
      from: "2026-10-15",
    });
    await suite.admin.brokers.adjustments.settle({ id });
    expect(await outcome(suite.admin.brokers.adjustments.sendBack({ id, reason: "mine" }))).toBe(
      "sameApprover",
    );
    expect(await refusal(suite.checker.brokers.adjustments.sendBack({ id, reason: " " }))).toEqual({
      reason: "required",
    });
    await suite.checker.brokers.adjustments.sendBack({ id, reason: "Check the Micro rows first" });
    expect(await suite.admin.brokers.adjustments.get({ id })).toMatchObject({
      status: "draft",
      firstApprover: null,
      sendBackReason: "Check the Micro rows first",
    });
    expect(await adjustmentMoves(id)).toEqual([]);
    expect(await walletOf(t.db, who.m1)).toEqual({ available: 3_677, held: 0 });

    // Applied again by its maker; then one admin approves while another sends it back.
    await suite.admin.brokers.adjustments.settle({ id });
    const third = await callerFor(t.db, (await createUser(t.db, { permission: "admin" })).id, {
      storage,
    });
    const [approved, sentBack] = await Promise.all([
      refusal(suite.checker.brokers.adjustments.approve({ id })),
      refusal(third.brokers.adjustments.sendBack({ id, reason: "Not yet" })),
    ]);
    expect([approved, sentBack].sort()).toEqual(["notAwaitingApproval", "ok"]);
    const after = await suite.admin.brokers.adjustments.get({ id });
    const moves = await adjustmentMoves(id);
    if (approved === "ok") {
      expect(after.status).toBe("applied");
      expect(moves).toHaveLength(1);
      expect(await walletOf(t.db, who.m1)).toEqual({ available: 3_677 + 14, held: 0 });
    } else {
      expect(after).toMatchObject({ status: "draft", sendBackReason: "Not yet" });
      expect(moves).toEqual([]);
      expect(await walletOf(t.db, who.m1)).toEqual({ available: 3_677, held: 0 });
    }
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it("a decision on a debit above the present threshold is settled by another admin", async () => {
    const m4 = await createUser(t.db);
    await setAccountType(
      t.db,
      await createAccount(t.db, m4.id, suite.brokers.xm!, "770004"),
      "Standard",
    );
    // 20 lots × ¥760 = ¥15,200, nearly all spent; then the card drops to ¥100 from that day.
    await credit("m4.csv", ["2026-10-20,XM,770004,20,JPY,,b1"]);
    await houseMovement(t.db, m4.id, "gacha_cost", "gacha_log", -15_000);
    await suite.update(xmUpdate({ terms: rateTerms(card("100", "50"), "2026-10-20") }));
    const { id } = await suite.admin.brokers.adjustments.draft({
      brokerId: suite.brokers.xm!,
      from: "2026-10-20",
    });
    await suite.admin.brokers.adjustments.settle({ id });
    expect(await suite.checker.brokers.adjustments.approve({ id })).toMatchObject({ held: 1 });
    const line = (await suite.admin.brokers.adjustments.get({ id })).lines[0]!;
    expect(line).toMatchObject({ difference: -13_200, status: "held", decisionChecked: true });

    await suite.admin.brokers.adjustments.decide({
      adjustmentId: id,
      userId: m4.id,
      decision: "debit_available",
      reason: "Spent; take what is left",
    });
    // The admin who recorded it cannot settle it: it stays held, nothing moves.
    expect(await suite.admin.brokers.adjustments.settle({ id })).toMatchObject({
      held: 1,
      debited: 0,
      awaitingOther: 1,
    });
    expect(await walletOf(t.db, m4.id)).toEqual({ available: 200, held: 0 });
    // Another admin settles it with that decision.
    expect(await suite.checker.brokers.adjustments.settle({ id })).toMatchObject({
      held: 0,
      debited: 200,
      waived: 13_000,
      awaitingOther: 0,
    });
    expect(await walletOf(t.db, m4.id)).toEqual({ available: 0, held: 0 });
    const settled = await t.db.kysely
      .selectFrom("rate_adjustment_members")
      .select(["status", "decided_by", "decision_approved_by"])
      .where("adjustment_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(settled).toEqual({
      status: "partial",
      decided_by: suite.adminId,
      decision_approved_by: (await suite.checker.auth.me())!.id,
    });
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it("is for admins only", async () => {
    const member = await callerFor(t.db, who.m1, { storage });
    expect(
      await outcome(
        member.brokers.adjustments.impact({ brokerId: suite.brokers.xm!, from: "2026-10-10" }),
      ),
    ).toBe("forbidden");
  });
});
