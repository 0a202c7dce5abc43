import { describe, expect, it } from "vitest";
import { testEngine, rowWhere } from "../helpers/db";
import { actionsOn } from "../helpers/audit";
import { fileDatabase } from "../helpers/file-db";
import { expectKey } from "../helpers/rejections";
import { callerFor, createUser, fileAdmin, payingMember } from "../helpers/fixtures";
import { key, walletOf, ZENGIN_REQUESTER } from "../helpers/money";

/** Maker-checker for money (decision 095): two different admins for a large sum, once. */

const t = fileDatabase({ ledgerMustBalance: true });
const first = fileAdmin(t);
const second = fileAdmin(t);
const third = fileAdmin(t);

const LARGE = 300_000;

async function largeWithdrawal(method: "bank" | "usdt" = "bank", amount = LARGE) {
  const m = await payingMember(t.db, amount + 10_000);
  const confirmed = method === "usdt" ? true : undefined;
  const w = await m.caller.wallet.requestWithdrawal({
    amount,
    requestKey: key(),
    method,
    confirmed,
  });
  return { m, id: w.id };
}

const status = async (table: "withdrawals" | "transfers", id: string) =>
  (await rowWhere(t.db, table, "id", id)).status;

const auditOf = (targetId: string) => actionsOn(t.db, targetId);

describe(`second approval of large withdrawals on ${testEngine}`, () => {
  it("below the threshold one admin completes it, as before", async () => {
    const { id } = await largeWithdrawal("bank", LARGE - 1);
    await expect(first.caller.wallet.completeWithdrawal({ id })).resolves.toMatchObject({
      status: "completed",
    });
  });

  it("the first decision waits for a second admin; the member still reads it in review; nothing is paid", async () => {
    const { m, id } = await largeWithdrawal();
    await expect(first.caller.wallet.completeWithdrawal({ id })).resolves.toMatchObject({
      status: "checking",
    });
    expect(await status("withdrawals", id)).toBe("checking");
    expect(await walletOf(t.db, m.id)).toEqual({ available: 10_000, held: LARGE });
    const history = await m.caller.wallet.withdrawals({ period: "all", page: 1, size: 25 });
    expect(history.rows[0]).toMatchObject({ id, status: "pending" });
    // Completing it again is refused until another admin approves.
    await expectKey(second.caller.wallet.completeWithdrawal({ id }), "awaitingSecondApproval");
  });

  it("the same admin can neither approve nor send back their own first approval", async () => {
    const { id } = await largeWithdrawal();
    await first.caller.wallet.completeWithdrawal({ id });
    await expectKey(first.caller.wallet.approveWithdrawal({ id }), "sameApprover");
    await expectKey(
      first.caller.wallet.sendBackWithdrawal({ id, reason: "自分で戻す" }),
      "sameApprover",
    );
    expect(await status("withdrawals", id)).toBe("checking");
  });

  it("approved by another admin it can be paid, by either; both decisions are in the audit log", async () => {
    const { m, id } = await largeWithdrawal("usdt");
    await first.caller.wallet.completeWithdrawal({ id });
    await second.caller.wallet.approveWithdrawal({ id });
    const row = await rowWhere(t.db, "withdrawals", "id", id);
    expect(row).toMatchObject({
      status: "pending",
      first_approved_by: first.id,
      approved_by: second.id,
    });
    await first.caller.wallet.completeWithdrawal({ id });
    expect(await status("withdrawals", id)).toBe("completed");
    expect(await walletOf(t.db, m.id)).toEqual({ available: 10_000, held: 0 });
    expect(await auditOf(id)).toEqual([
      { action: "withdrawal.complete", actor_id: first.id },
      { action: "withdrawal.firstApprove", actor_id: first.id },
      { action: "withdrawal.secondApprove", actor_id: second.id },
    ]);
  });

  it("sent back with a reason it is pending with no first approval; the member may still cancel while it waits", async () => {
    const { m, id } = await largeWithdrawal();
    await first.caller.wallet.completeWithdrawal({ id });
    await second.caller.wallet.sendBackWithdrawal({ id, reason: "口座名義を確認" });
    expect(await rowWhere(t.db, "withdrawals", "id", id)).toMatchObject({
      status: "pending",
      first_approved_by: null,
      approved_by: null,
    });
    await second.caller.wallet.completeWithdrawal({ id });
    await m.caller.wallet.cancelWithdrawal({ id });
    expect(await walletOf(t.db, m.id)).toEqual({ available: LARGE + 10_000, held: 0 });
  });

  it("the bank file and 'mark as sent' hold only fully approved rows", async () => {
    const waiting = await largeWithdrawal();
    const approved = await largeWithdrawal();
    await first.caller.wallet.completeWithdrawal({ id: approved.id });
    await second.caller.wallet.approveWithdrawal({ id: approved.id });
    await first.caller.wallet.saveZenginRequester(ZENGIN_REQUESTER);
    const preview = await first.caller.wallet.zenginPreview({ period: "all" });
    expect(preview.ids).toContain(approved.id);
    expect(preview.ids).not.toContain(waiting.id);
    const marked = await first.caller.wallet.markWithdrawalsSent({
      ids: [waiting.id, approved.id],
    });
    expect(marked).toEqual([
      { id: waiting.id, ok: false, key: "notPending" },
      { id: approved.id, ok: true },
    ]);
  });

  it("two second approvals at once resolve to one", async () => {
    const { id } = await largeWithdrawal();
    await first.caller.wallet.completeWithdrawal({ id });
    const outcomes = await Promise.allSettled([
      second.caller.wallet.approveWithdrawal({ id }),
      third.caller.wallet.approveWithdrawal({ id }),
    ]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const actions = (await auditOf(id)).map((a) => a.action);
    expect(actions.filter((a) => a === "withdrawal.secondApprove")).toHaveLength(1);
  });

  it("two first decisions at once make one first approval", async () => {
    const { id } = await largeWithdrawal();
    const outcomes = await Promise.allSettled([
      first.caller.wallet.completeWithdrawal({ id }),
      second.caller.wallet.completeWithdrawal({ id }),
    ]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    expect(await status("withdrawals", id)).toBe("checking");
    expect((await auditOf(id)).map((a) => a.action)).toEqual(["withdrawal.firstApprove"]);
  });
});

describe(`second approval of large transfers on ${testEngine}`, () => {
  async function largeTransfer() {
    const sender = await payingMember(t.db, LARGE + 10_000);
    const receiver = await payingMember(t.db);
    const tr = await sender.caller.wallet.requestTransfer({
      email: receiver.email,
      amount: LARGE,
      requestKey: key(),
    });
    return { sender, receiver, id: tr.id };
  }

  it("the first approval moves no money; a different admin's completes it once, even when two approve at once", async () => {
    const { receiver, id } = await largeTransfer();
    await expect(first.caller.wallet.approveTransfer({ id })).resolves.toMatchObject({
      status: "checking",
    });
    expect(await walletOf(t.db, receiver.id)).toEqual({ available: 0, held: 0 });
    await expectKey(first.caller.wallet.approveTransfer({ id }), "sameApprover");
    const outcomes = await Promise.allSettled([
      second.caller.wallet.approveTransfer({ id }),
      third.caller.wallet.approveTransfer({ id }),
    ]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    expect(await status("transfers", id)).toBe("completed");
    expect(await walletOf(t.db, receiver.id)).toEqual({ available: LARGE, held: 0 });
  });

  it("sent back by another admin it is pending again; denied it returns to the sender", async () => {
    const { sender, id } = await largeTransfer();
    await first.caller.wallet.approveTransfer({ id });
    await second.caller.wallet.sendBackTransfer({ id, reason: "確認中" });
    expect(await status("transfers", id)).toBe("pending");
    await first.caller.wallet.approveTransfer({ id });
    await first.caller.wallet.denyTransfer({ id, reason: "不審な送金" });
    expect(await status("transfers", id)).toBe("failed");
    expect(await walletOf(t.db, sender.id)).toEqual({ available: LARGE + 10_000, held: 0 });
  });
});

describe(`the home's list of what awaits a second approval on ${testEngine}`, () => {
  it("names who gave each first approval, for the roles that decide money only", async () => {
    const { id: withdrawalId } = await largeWithdrawal();
    await first.caller.wallet.completeWithdrawal({ id: withdrawalId });
    const sender = await payingMember(t.db, LARGE + 10_000);
    const receiver = await payingMember(t.db);
    const { id: transferId } = await sender.caller.wallet.requestTransfer({
      email: receiver.email,
      amount: LARGE,
      requestKey: key(),
    });
    await second.caller.wallet.approveTransfer({ id: transferId });

    const listed = (await third.caller.admin.home()).awaitingSecond;
    expect(listed.find((i) => i.id === withdrawalId)).toMatchObject({
      kind: "withdrawals",
      amount: LARGE,
      firstApprover: { id: first.id },
    });
    expect(listed.find((i) => i.id === transferId)).toMatchObject({
      kind: "transfers",
      amount: LARGE,
      firstApprover: { id: second.id },
    });

    // Approved by a second admin, it leaves the list; a pending one never enters it.
    await third.caller.wallet.approveTransfer({ id: transferId });
    const after = (await third.caller.admin.home()).awaitingSecond;
    expect(after.some((i) => i.id === transferId)).toBe(false);

    // Support does not decide money: its home lists none of it.
    const support = await createUser(t.db, { permission: "admin", adminRole: "support" });
    const supportHome = await (await callerFor(t.db, support.id)).admin.home();
    expect(supportHome.awaitingSecond).toEqual([]);
  });
});
