import { describe, expect, it } from "vitest";
import { testEngine, rowWhere } from "../helpers/db";
import { actionsOn } from "../helpers/audit";
import { fileDatabase } from "../helpers/file-db";
import { expectKey } from "../helpers/rejections";
import { fileAdmin, callerFor, type Caller, createUser, payingMember } from "../helpers/fixtures";
import { key, walletOf } from "../helpers/money";
import { DEFAULT_SETTINGS, updateMoneySettings } from "#server/features/settings/service";

/**
 * Maker-checker for presents: one over the threshold (¥10,000 by default, "more than") credits
 * nothing until a different admin approves it; sent back, it never credits; two approvals at
 * once credit once.
 */

const t = fileDatabase({ ledgerMustBalance: true });
const first = fileAdmin(t);
const second = fileAdmin(t);
const third = fileAdmin(t);

async function present(amount: number, by: Caller = first.caller, requestKey = key()) {
  const m = await payingMember(t.db);
  const made = await by.wallet.createPresent({
    member: m.email,
    amount,
    reason: "キャンペーン賞金",
    requestKey,
  });
  return { m, ...made };
}

const auditOf = (targetId: string) => actionsOn(t.db, targetId);

describe(`second approval of presents on ${testEngine}`, () => {
  it("¥10,000 itself is credited by one admin at once", async () => {
    const { m, status, id } = await present(10_000);
    expect(status).toBe("completed");
    expect(await walletOf(t.db, m.id)).toEqual({ available: 10_000, held: 0 });
    expect(await auditOf(id)).toEqual([{ action: "present.create", actor_id: first.id }]);
  });

  it("over the threshold it waits: nothing credited, its maker recorded as the first approval", async () => {
    const { m, status, id } = await present(10_001);
    expect(status).toBe("checking");
    expect(await walletOf(t.db, m.id)).toEqual({ available: 0, held: 0 });
    expect(await rowWhere(t.db, "presents", "id", id)).toMatchObject({
      status: "checking",
      first_approved_by: first.id,
      approved_by: null,
    });
    expect(await auditOf(id)).toEqual([{ action: "present.firstApprove", actor_id: first.id }]);
  });

  it("the same request key twice is one present, answered with its state", async () => {
    const requestKey = key();
    const m = await payingMember(t.db);
    const input = { member: m.email, amount: 50_000, reason: "x", requestKey };
    const made = await first.caller.wallet.createPresent(input);
    const again = await first.caller.wallet.createPresent(input);
    expect(again).toEqual({ id: made.id, status: "checking", replayed: true });
  });

  it("its maker can neither approve nor send it back", async () => {
    const { id } = await present(20_000);
    await expectKey(first.caller.wallet.approvePresent({ id }), "sameApprover");
    await expectKey(
      first.caller.wallet.sendBackPresent({ id, reason: "自分で戻す" }),
      "sameApprover",
    );
    expect((await rowWhere(t.db, "presents", "id", id)).status).toBe("checking");
  });

  it("another admin's approval credits it once, through the ledger; both decisions are audited", async () => {
    const { m, id } = await present(30_000);
    await expect(second.caller.wallet.approvePresent({ id })).resolves.toEqual({
      id,
      status: "completed",
    });
    expect(await walletOf(t.db, m.id)).toEqual({ available: 30_000, held: 0 });
    await expectKey(third.caller.wallet.approvePresent({ id }), "notAwaitingApproval");
    expect(await walletOf(t.db, m.id)).toEqual({ available: 30_000, held: 0 });
    expect(await auditOf(id)).toEqual([
      { action: "present.firstApprove", actor_id: first.id },
      { action: "present.secondApprove", actor_id: second.id },
    ]);
    const listed = await third.caller.wallet.adminPresents({ member: m.email });
    expect(listed.rows[0]).toMatchObject({ id, status: "completed", approver: expect.any(String) });
  });

  it("two approvals at once resolve to one credit", async () => {
    const { m, id } = await present(40_000);
    const outcomes = await Promise.allSettled([
      second.caller.wallet.approvePresent({ id }),
      third.caller.wallet.approvePresent({ id }),
    ]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    expect(await walletOf(t.db, m.id)).toEqual({ available: 40_000, held: 0 });
    const actions = (await auditOf(id)).map((a) => a.action);
    expect(actions.filter((a) => a === "present.secondApprove")).toHaveLength(1);
  });

  it("an approval and a sending back at once: one wins, and money moves only if it was the approval", async () => {
    const { m, id } = await present(45_000);
    const [approved] = await Promise.allSettled([
      second.caller.wallet.approvePresent({ id }),
      third.caller.wallet.sendBackPresent({ id, reason: "金額を確認" }),
    ]);
    const row = await rowWhere(t.db, "presents", "id", id);
    expect(row.status).toBe(approved.status === "fulfilled" ? "completed" : "returned");
    expect((await walletOf(t.db, m.id)).available).toBe(
      approved.status === "fulfilled" ? 45_000 : 0,
    );
  });

  it("sent back with a reason it is returned, never credited, and cannot be approved after", async () => {
    const { m, id } = await present(60_000);
    await second.caller.wallet.sendBackPresent({ id, reason: "金額を確認してください" });
    expect(await rowWhere(t.db, "presents", "id", id)).toMatchObject({
      status: "returned",
      send_back_reason: "金額を確認してください",
    });
    await expectKey(third.caller.wallet.approvePresent({ id }), "notAwaitingApproval");
    expect(await walletOf(t.db, m.id)).toEqual({ available: 0, held: 0 });
    const listed = await first.caller.wallet.adminPresents({ member: m.email });
    expect(listed.rows[0]).toMatchObject({
      id,
      status: "returned",
      sendBackReason: "金額を確認してください",
    });
  });

  it("the threshold is the money settings' own: 0 puts every present to a second admin", async () => {
    await updateMoneySettings(t.db, first.id, {
      ...DEFAULT_SETTINGS,
      presentSecondApprovalOver: 0,
    });
    try {
      expect((await present(1)).status).toBe("checking");
    } finally {
      await updateMoneySettings(t.db, first.id, DEFAULT_SETTINGS);
    }
    expect((await present(1)).status).toBe("completed");
  });

  it("the settings form's threshold is optional and saved as whole yen", async () => {
    const before = await first.caller.settings.get();
    const base = {
      transferFeeRate: "0",
      transferMin: String(before.transferMin),
      transferMax: String(before.transferMax),
      usdtNetwork: before.usdtNetwork,
      paypayDailyLimit: String(before.paypayDailyLimit),
    };
    await first.caller.settings.update({ ...base, presentSecondApprovalOver: "50,000" });
    expect((await first.caller.settings.get()).presentSecondApprovalOver).toBe(50_000);
    await first.caller.settings.update(base);
    expect((await first.caller.settings.get()).presentSecondApprovalOver).toBe(50_000);
    await updateMoneySettings(t.db, first.id, DEFAULT_SETTINGS);
  });

  it("the home lists one awaiting with its maker, for roles holding money.adjust only", async () => {
    const { id } = await present(70_000, second.caller);
    const listed = (await third.caller.admin.home()).awaitingSecond;
    expect(listed.find((i) => i.id === id)).toMatchObject({
      kind: "presents",
      amount: 70_000,
      firstApprover: { id: second.id },
    });
    const support = await createUser(t.db, { permission: "admin", adminRole: "support" });
    const supportHome = await (await callerFor(t.db, support.id)).admin.home();
    expect(supportHome.awaitingSecond.some((i) => i.kind === "presents")).toBe(false);
    const finance = await createUser(t.db, { permission: "admin", adminRole: "finance" });
    const financeCaller = await callerFor(t.db, finance.id);
    expect((await financeCaller.admin.home()).awaitingSecond.some((i) => i.id === id)).toBe(true);
    await financeCaller.wallet.approvePresent({ id });
    expect((await third.caller.admin.home()).awaitingSecond.some((i) => i.id === id)).toBe(false);
  });
});
