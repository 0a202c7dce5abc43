import { beforeAll, describe, expect, it } from "vitest";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { fileAdmin, callerFor, type Caller, createUser, payingMember } from "../helpers/fixtures";
import { key } from "../helpers/money";
import { waitingRateChange } from "../helpers/rate-change";
import { AWAITING_KINDS } from "#server/features/admin/awaiting-second";
import { newId } from "#db/id";
import { nowDb } from "#db/time";

/**
 * The admin home's one list of everything awaiting a second approval: withdrawals, transfers,
 * presents, rate changes, adjustment batches and legal versions, each with who gave the first approval and where it
 * is decided, and only the kinds the admin's role decides (its permission held at "act").
 */

const t = fileDatabase({ ledgerMustBalance: true });
const maker = fileAdmin(t);
const checker = fileAdmin(t);
const made: Record<string, string> = {};
let brokerId = "";

const LARGE = 300_000;

beforeAll(async () => {
  const w = await payingMember(t.db, LARGE + 10_000);
  const { id: withdrawal } = await w.caller.wallet.requestWithdrawal({
    amount: LARGE,
    requestKey: key(),
    method: "bank",
  });
  await maker.caller.wallet.completeWithdrawal({ id: withdrawal });
  made.withdrawals = withdrawal;

  const sender = await payingMember(t.db, LARGE + 10_000);
  const receiver = await payingMember(t.db);
  const { id: transfer } = await sender.caller.wallet.requestTransfer({
    email: receiver.email,
    amount: LARGE,
    requestKey: key(),
  });
  await maker.caller.wallet.approveTransfer({ id: transfer });
  made.transfers = transfer;

  const p = await payingMember(t.db);
  const present = await maker.caller.wallet.createPresent({
    member: p.email,
    amount: 20_000,
    reason: "キャンペーン賞金",
    requestKey: key(),
  });
  made.presents = present.id;

  const waiting = await waitingRateChange(maker.caller, "待機証券", "waiting");
  brokerId = waiting.brokerId;
  made.rateChanges = waiting.rateChange;

  // An adjustment batch the maker applied (its drawing-up is rate-adjustments.test.ts's): the
  // list reads only its row.
  const adjustment = newId();
  await t.db.kysely
    .insertInto("rate_adjustments")
    .values({
      id: adjustment,
      broker_id: brokerId,
      rates_from: "2026-10-10",
      status: "checking",
      rows_total: 4,
      members_total: 3,
      amount_credit: 185,
      amount_debit: 487,
      created_by: maker.id,
      created_at: nowDb(),
      updated_at: nowDb(),
      first_approved_by: maker.id,
      first_approved_at: nowDb(),
    })
    .execute();
  made.adjustments = adjustment;

  await maker.caller.legal.publish({
    kind: "privacy",
    body: "# プライバシーポリシー\n本文",
    bodyEn: "",
    summary: "第3条を変更",
    summaryEn: "",
    reconsent: true,
  });
  made.legal = (await maker.caller.legal.adminDocument({ kind: "privacy" })).awaiting!.id;
});

const listOf = async (caller: Caller) => (await caller.admin.home()).awaitingSecond;
const roleCaller = async (adminRole: string) =>
  callerFor(t.db, (await createUser(t.db, { permission: "admin", adminRole })).id);

describe(`the home's list of what awaits a second approval on ${testEngine}`, () => {
  it("lists every kind in one list, oldest first approval first, each with its maker and its page", async () => {
    const list = await listOf(checker.caller);
    expect(list.map((i) => [i.kind, i.id])).toEqual(
      AWAITING_KINDS.map((kind) => [kind, made[kind]]),
    );
    const byKind = Object.fromEntries(list.map((i) => [i.kind, i]));
    for (const item of list) {
      expect(item.firstApprover).toEqual({ id: maker.id, name: expect.any(String) });
      expect(Date.parse(item.firstApprovedAt)).not.toBeNaN();
    }
    expect(byKind.withdrawals).toMatchObject({
      amount: LARGE,
      member: expect.any(String),
      subject: null,
      href: "/admin/withdraw?status=checking",
    });
    expect(byKind.transfers).toMatchObject({
      amount: LARGE,
      href: "/admin/withdraw/transfers?status=checking",
    });
    expect(byKind.presents).toMatchObject({
      amount: 20_000,
      href: "/admin/present?status=checking",
    });
    expect(byKind.rateChanges).toMatchObject({
      amount: null,
      member: null,
      subject: { broker: "待機証券", from: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
      href: `/admin/account/brokers/${brokerId}`,
    });
    expect(byKind.adjustments).toMatchObject({
      amount: null,
      member: null,
      subject: { broker: "待機証券", from: "2026-10-10" },
      href: `/admin/account/brokers/${brokerId}/adjustments/${made.adjustments}`,
    });
    expect(byKind.legal).toMatchObject({
      amount: null,
      member: null,
      subject: { document: "privacy", version: 1 },
      href: "/admin/setting/legal/privacy",
    });
  });

  it("shows each role only the kinds it decides; reading a permission is not deciding", async () => {
    const kinds = async (role: string) =>
      [...new Set((await listOf(await roleCaller(role))).map((i) => i.kind))].sort();
    expect(await kinds("finance")).toEqual([
      "adjustments",
      "presents",
      "rateChanges",
      "transfers",
      "withdrawals",
    ]);
    expect(await kinds("content")).toEqual(["legal"]);
    expect(await kinds("support")).toEqual([]);
    // The analyst reads every page but decides nothing.
    expect(await kinds("analyst")).toEqual([]);
  });

  it("a decided one leaves the list; the first approver still sees theirs, marked as theirs", async () => {
    expect((await listOf(maker.caller)).some((i) => i.id === made.rateChanges)).toBe(true);
    await checker.caller.brokers.rateChanges.approve({ id: made.rateChanges! });
    await checker.caller.legal.sendBack({ id: made.legal!, reason: "表現を確認してください" });
    const after = await listOf(checker.caller);
    expect(after.map((i) => i.kind)).toEqual([
      "withdrawals",
      "transfers",
      "presents",
      "adjustments",
    ]);
  });
});
