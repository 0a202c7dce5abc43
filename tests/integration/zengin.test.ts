import { beforeAll, describe, expect, it } from "vitest";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { expectKey, fieldErrors } from "../helpers/rejections";
import { callerFor, createUser, payingMember } from "../helpers/fixtures";
import { key, walletOf, ZENGIN_REQUESTER as REQUESTER } from "../helpers/money";

const t = fileDatabase({ ledgerMustBalance: true });

type Admin = Awaited<ReturnType<typeof callerFor>>;
let admin: Admin;
let adminId: string;

beforeAll(async () => {
  adminId = (await createUser(t.db, { permission: "admin" })).id;
  admin = await callerFor(t.db, adminId);
});

/** A member with a pending bank withdrawal of `amount`; filtered by their email. */
async function bankWithdrawal(amount: number) {
  const m = await payingMember(t.db, 100_000);
  const w = await m.caller.wallet.requestWithdrawal({ amount, requestKey: key(), method: "bank" });
  return { ...m, withdrawalId: w.id };
}

const records = (bytes: Uint8Array) =>
  new TextDecoder("shift_jis").decode(bytes).split("\r\n").slice(0, -1);

describe(`Zengin transfer file on ${testEngine}`, () => {
  it("is refused before the requester data is saved, and the data is checked when saved", async () => {
    const m = await bankWithdrawal(3_000);
    await expectKey(admin.wallet.zenginFile({ member: m.email }), "zenginNotConfigured");
    expect(await admin.wallet.zenginPreview({ member: m.email })).toMatchObject({
      configured: false,
      ids: [m.withdrawalId],
    });
    expect(
      await fieldErrors(
        admin.wallet.saveZenginRequester({
          ...REQUESTER,
          requesterCode: "12",
          requesterName: "株式会社",
        }),
      ),
    ).toEqual({ requesterCode: "digits10", requesterName: "zenginKana" });
    await expectKey(m.caller.wallet.saveZenginRequester(REQUESTER), "forbidden");
    await admin.wallet.saveZenginRequester(REQUESTER);
    expect(await admin.wallet.zenginRequester()).toEqual(REQUESTER);
    const audit = await t.db.kysely
      .selectFrom("audit_log")
      .select("action")
      .where("action", "=", "settings.zengin")
      .execute();
    expect(audit).toHaveLength(1);
  });

  it("holds the pending bank withdrawals of the filter, names from the Zengin code list, and changes nothing", async () => {
    await admin.wallet.saveZenginRequester(REQUESTER);
    const m = await bankWithdrawal(6_000);
    await m.caller.wallet.requestWithdrawal({
      amount: 7_000,
      requestKey: key(),
      method: "usdt",
      confirmed: true,
    });
    const file = await admin.wallet.zenginFile({ member: m.email });
    expect(file).toMatchObject({ count: 1, total: 6_000 });
    expect(file.filename).toMatch(/^zengin-\d{8}\.txt$/);
    const [header, data, trailer, end] = records(file.bytes) as [string, string, string, string];
    expect(header.slice(0, 14)).toBe("1210" + REQUESTER.requesterCode);
    // The member typed みずほ銀行 / 東京営業部: the file carries the banks' own kana names.
    expect(data).toMatch(/^20001ﾐｽﾞﾎ {11}001ﾄｳｷﾖｳ {10}000011234567ﾔﾏﾀﾞ ﾀﾛｳ {22}0000006000/);
    expect(trailer.slice(0, 19)).toBe("8000001000000006000");
    expect(end.trimEnd()).toBe("9");
    const row = await t.db.kysely
      .selectFrom("withdrawals")
      .select(["status", "sent_at"])
      .where("id", "=", m.withdrawalId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "pending", sent_at: null });
  });

  it("leaves out requests newer than the page the admin saw", async () => {
    await admin.wallet.saveZenginRequester(REQUESTER);
    const first = await bankWithdrawal(2_000);
    const preview = await admin.wallet.zenginPreview({ member: first.email });
    await first.caller.wallet.requestWithdrawal({
      amount: 1_500,
      requestKey: key(),
      method: "bank",
    });
    const file = await admin.wallet.zenginFile({ member: first.email, through: preview.ids[0] });
    expect(file).toMatchObject({ count: 1, total: 2_000 });
  });

  it("one name a bank cannot read holds back only its own row: named with the reason, it stays pending", async () => {
    await admin.wallet.saveZenginRequester(REQUESTER);
    const m = await bankWithdrawal(4_000);
    const other = await m.caller.wallet.requestWithdrawal({
      amount: 2_500,
      requestKey: key(),
      method: "bank",
    });
    // Details saved before the holder name was checked against the bank file's alphabet.
    const payout = {
      bankCode: "0001",
      branchNumber: "001",
      accountNumber: "1234567",
      holderName: "ヰダ タロウ",
    };
    await t.db.kysely
      .updateTable("withdrawals")
      .set({ payout: JSON.stringify(payout) })
      .where("id", "=", m.withdrawalId)
      .execute();
    const preview = await admin.wallet.zenginPreview({ member: m.email });
    expect(preview).toMatchObject({ ids: [other.id], total: 2_500, problems: [] });
    expect(preview.skipped).toEqual([
      { id: m.withdrawalId, field: "payeeName", value: "ヰダ タロウ", nickname: expect.anything() },
    ]);
    const file = await admin.wallet.zenginFile({ member: m.email, through: preview.through! });
    expect(file).toMatchObject({ count: 1, total: 2_500 });
    expect(records(file.bytes).filter((r) => r.startsWith("2"))).toHaveLength(1);
    // "Mark as sent" takes the rows the file paid; the one left out stays pending.
    await admin.wallet.markWithdrawalsSent({ ids: preview.ids });
    const statuses = await t.db.kysely
      .selectFrom("withdrawals")
      .select(["id", "status"])
      .where("id", "in", [m.withdrawalId, other.id])
      .execute();
    expect(Object.fromEntries(statuses.map((r) => [r.id, r.status]))).toEqual({
      [m.withdrawalId]: "pending",
      [other.id]: "sent",
    });
  });

  it("lists to admins the saved account holders a Zengin file cannot carry", async () => {
    const bad = await payingMember(t.db);
    const good = await payingMember(t.db);
    await t.db.kysely
      .updateTable("payment_details")
      .set({ account_holder: "ヰダ タロウ" })
      .where("user_id", "=", bad.id)
      .execute();
    // Saved before the profile measured names against the file's 30-character field.
    const long = await payingMember(t.db);
    const longName = "ヤマダ ハナコ ガブリエラ マリア ベアトリス ドロレス";
    await t.db.kysely
      .updateTable("payment_details")
      .set({ account_holder: longName })
      .where("user_id", "=", long.id)
      .execute();
    const holders = await admin.wallet.unconvertibleHolders();
    expect(holders).toContainEqual(
      expect.objectContaining({
        userId: bad.id,
        accountHolder: "ヰダ タロウ",
        email: bad.email,
        problem: "alphabet",
      }),
    );
    expect(holders).toContainEqual(
      expect.objectContaining({ userId: long.id, accountHolder: longName, problem: "length" }),
    );
    expect(holders.map((h) => h.userId)).not.toContain(good.id);
    await expectKey(bad.caller.wallet.unconvertibleHolders(), "forbidden");
  });

  it("makes no file when no row can be written, and says so", async () => {
    await admin.wallet.saveZenginRequester(REQUESTER);
    const m = await bankWithdrawal(4_000);
    await t.db.kysely
      .updateTable("withdrawals")
      .set({
        payout: JSON.stringify({
          bankCode: "0001",
          branchNumber: "001",
          accountNumber: "1234567",
          holderName: "山田太郎",
        }),
      })
      .where("id", "=", m.withdrawalId)
      .execute();
    await expectKey(admin.wallet.zenginFile({ member: m.email }), "zenginUnconvertible");
  });

  it("marks what the file held as sent: held money stays, the member can no longer cancel, the admin completes or rejects it", async () => {
    const a = await bankWithdrawal(5_000);
    const b = await bankWithdrawal(8_000);
    const cancelled = await bankWithdrawal(1_000);
    await cancelled.caller.wallet.cancelWithdrawal({ id: cancelled.withdrawalId });
    const usdt = await payingMember(t.db, 50_000);
    const u = await usdt.caller.wallet.requestWithdrawal({
      amount: 6_000,
      requestKey: key(),
      method: "usdt",
      confirmed: true,
    });

    const results = await admin.wallet.markWithdrawalsSent({
      ids: [a.withdrawalId, b.withdrawalId, cancelled.withdrawalId, u.id],
    });
    expect(results).toEqual([
      { id: a.withdrawalId, ok: true },
      { id: b.withdrawalId, ok: true },
      { id: cancelled.withdrawalId, ok: false, key: "notPending" },
      { id: u.id, ok: false, key: "notPending" },
    ]);
    expect(await walletOf(t.db, a.id)).toEqual({ available: 95_000, held: 5_000 });
    const history = await a.caller.wallet.withdrawals({ period: "all", page: 1, size: 25 });
    expect(history.rows[0]).toMatchObject({ id: a.withdrawalId, status: "sent" });
    await expectKey(a.caller.wallet.cancelWithdrawal({ id: a.withdrawalId }), "notPending");
    // Marking twice changes nothing.
    expect(await admin.wallet.markWithdrawalsSent({ ids: [a.withdrawalId] })).toEqual([
      { id: a.withdrawalId, ok: false, key: "notPending" },
    ]);

    await admin.wallet.completeWithdrawal({ id: a.withdrawalId });
    expect(await walletOf(t.db, a.id)).toEqual({ available: 95_000, held: 0 });
    await admin.wallet.rejectWithdrawal({ id: b.withdrawalId, reason: "組戻し" });
    expect(await walletOf(t.db, b.id)).toEqual({ available: 100_000, held: 0 });

    const sentList = await admin.wallet.adminWithdrawals({ status: "sent", member: a.email });
    expect(sentList.rows).toEqual([]);
    const audit = await t.db.kysely
      .selectFrom("audit_log")
      .select("target_id")
      .where("action", "=", "withdrawal.send")
      // Only this test's requests: another test of this file marks its own.
      .where("target_id", "in", [a.withdrawalId, b.withdrawalId, cancelled.withdrawalId, u.id])
      .execute();
    expect(audit.map((r) => r.target_id).sort()).toEqual([a.withdrawalId, b.withdrawalId].sort());
  });

  it("lists sent withdrawals under their own status", async () => {
    const m = await bankWithdrawal(3_300);
    await admin.wallet.markWithdrawalsSent({ ids: [m.withdrawalId] });
    const list = await admin.wallet.adminWithdrawals({ status: "sent", member: m.email });
    expect(list.rows).toHaveLength(1);
    expect(list.rows[0]).toMatchObject({ status: "sent", amount: 3_300 });
    expect(list.rows[0]!.sentAt).not.toBeNull();
  });
});
