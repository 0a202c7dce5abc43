import { beforeAll, describe, expect, it } from "vitest";
import { RULES } from "#server/auth/rate-limit";
import { FEES } from "#server/ledger";
import { rowsWhere, testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { expectKey, fieldErrors } from "../helpers/rejections";
import { callerFor, createUser, payingMember } from "../helpers/fixtures";
import {
  fund,
  givePaymentDetails,
  key,
  walletOf,
  withdraw,
  moneySettingsForm,
} from "../helpers/money";

const t = fileDatabase({ ledgerMustBalance: true });
let adminId: string;
beforeAll(async () => {
  adminId = (await createUser(t.db, { permission: "admin" })).id;
});

const member = (balance = 0) => payingMember(t.db, balance);

describe(`transfers on ${testEngine}`, () => {
  it("holds amount and fee, then an approval credits the receiver and the fee account", async () => {
    const admin = await callerFor(t.db, adminId);
    await admin.settings.update(moneySettingsForm({ transferFeeRate: "1.5" }));
    try {
      const sender = await member(20_000);
      const receiver = await member();
      expect(await sender.caller.wallet.quoteTransfer({ amount: 10_000 })).toMatchObject({
        fee: 150,
        total: 10_150,
      });
      const { id } = await sender.caller.wallet.requestTransfer({
        email: receiver.email,
        amount: 10_000,
        message: "ありがとう",
        requestKey: key(),
      });
      expect(await walletOf(t.db, sender.id)).toEqual({ available: 9_850, held: 10_150 });
      const feesBefore = (await walletOf(t.db, FEES)).available;
      await admin.wallet.approveTransfer({ id });
      await expectKey(admin.wallet.denyTransfer({ id, reason: "x" }), "notPending");
      expect(await walletOf(t.db, sender.id)).toEqual({ available: 9_850, held: 0 });
      expect(await walletOf(t.db, receiver.id)).toEqual({ available: 10_000, held: 0 });
      const feesAfter = (await walletOf(t.db, FEES)).available;
      expect(feesAfter - feesBefore).toBe(150);
      // Both see it: the sender as a withdrawal by transfer, the receiver as a deposit.
      const sent = await sender.caller.wallet.withdrawals({ period: "all", page: 1, size: 25 });
      expect(sent.rows[0]).toMatchObject({
        method: "transfer",
        status: "completed",
        amount: 10_000,
        fee: 150,
      });
      const received = await receiver.caller.wallet.deposits({ period: "all", page: 1, size: 25 });
      expect(received.rows[0]).toMatchObject({
        entry: "transfer_received",
        amount: 10_000,
        reason: "ありがとう",
      });
    } finally {
      await admin.settings.update(moneySettingsForm());
    }
  });

  it("a denial returns amount and fee", async () => {
    const admin = await callerFor(t.db, adminId);
    const sender = await member(5_000);
    const receiver = await member();
    const { id } = await sender.caller.wallet.requestTransfer({
      email: receiver.email,
      amount: 5_000,
      requestKey: key(),
    });
    await admin.wallet.denyTransfer({ id, reason: "確認できませんでした" });
    expect(await walletOf(t.db, sender.id)).toEqual({ available: 5_000, held: 0 });
    expect(await walletOf(t.db, receiver.id)).toEqual({ available: 0, held: 0 });
    const rows = (await sender.caller.wallet.withdrawals({ period: "all", page: 1, size: 25 }))
      .rows;
    expect(rows[0]).toMatchObject({ status: "failed", rejectReason: "確認できませんでした" });
  });

  it("a member sweeping addresses through the transfer form is slowed down", async () => {
    const sender = await member(50_000);
    const receiver = await member();
    // Found recipients are real transfers, not probes: they never count.
    for (let i = 0; i < RULES.recipientLookup.points + 2; i++) {
      await sender.caller.wallet.requestTransfer({
        email: receiver.email,
        amount: 1_000,
        requestKey: key(),
      });
    }
    for (let i = 0; i < RULES.recipientLookup.points; i++) {
      await expectKey(
        sender.caller.wallet.requestTransfer({
          email: `probe${i}@example.test`,
          amount: 1_000,
          requestKey: key(),
        }),
        "recipientNotFound",
      );
    }
    await expectKey(
      sender.caller.wallet.requestTransfer({
        email: receiver.email,
        amount: 1_000,
        requestKey: key(),
      }),
      "tooManyAttempts",
    );
    // Another member is not affected.
    const other = await member(2_000);
    await expect(
      other.caller.wallet.requestTransfer({
        email: receiver.email,
        amount: 1_000,
        requestKey: key(),
      }),
    ).resolves.toMatchObject({ status: "pending" });
  });

  it("gives each error of the catalogue", async () => {
    const sender = await member(2_000);
    const receiver = await member();
    const admin = await createUser(t.db, { permission: "admin" });
    const transfer = (email: string, amount: number) =>
      sender.caller.wallet.requestTransfer({ email, amount, requestKey: key() });
    await expectKey(transfer("nobody@example.test", 1_000), "recipientNotFound");
    await expectKey(transfer(admin.email, 1_000), "recipientNotFound");
    await expectKey(transfer(sender.email, 1_000), "transferSelf");
    await expectKey(transfer(receiver.email, 999), "transferAmountRange", {
      min: 1_000,
      max: 500_000,
    });
    await expectKey(transfer(receiver.email, 500_001), "transferAmountRange");
    await expectKey(transfer(receiver.email, 2_001), "insufficientBalance");
    expect(
      await fieldErrors(
        sender.caller.wallet.requestTransfer({
          email: "",
          amount: 1_000,
          message: "あ".repeat(201),
          requestKey: key(),
        }),
      ),
    ).toEqual({
      email: "required",
      message: "messageTooLong",
    });
    await expect(
      (await callerFor(t.db)).wallet.requestTransfer({
        email: receiver.email,
        amount: 1_000,
        requestKey: key(),
      }),
    ).rejects.toMatchObject({
      key: "loginRequired",
    });
    expect(await walletOf(t.db, sender.id)).toEqual({ available: 2_000, held: 0 });
  });
});

describe(`an unverified email address on ${testEngine}`, () => {
  it("moves no money: withdrawals and transfers are refused with emailUnverified, nothing is held", async () => {
    const user = await createUser(t.db, { verified: false });
    await fund(t.db, user.id, 20_000);
    await givePaymentDetails(t.db, user.id);
    const caller = await callerFor(t.db, user.id);
    const receiver = await createUser(t.db);
    await expectKey(
      caller.wallet.requestWithdrawal({ method: "bank", amount: 5_000, requestKey: key() }),
      "emailUnverified",
    );
    await expectKey(
      caller.wallet.requestTransfer({ email: receiver.email, amount: 5_000, requestKey: key() }),
      "emailUnverified",
    );
    expect(await caller.wallet.summary()).toMatchObject({ available: 20_000, held: 0 });
    expect(await rowsWhere(t.db, "withdrawals", "user_id", user.id)).toEqual([]);
    expect(await rowsWhere(t.db, "transfers", "sender_id", user.id)).toEqual([]);

    // Verified in another tab: the very next request goes through.
    await t.db.kysely
      .updateTable("users")
      .set({ email_verified_at: "2026-11-24 00:00:00.000" })
      .where("id", "=", user.id)
      .execute();
    const done = await withdraw(caller, "bank", 5_000);
    expect(done).toMatchObject({ status: "pending", replayed: false });
  });
});

describe(`presents and settings on ${testEngine}`, () => {
  it("credits a present once per request key and lists it for the member and the admin", async () => {
    const m = await member();
    const admin = await callerFor(t.db, adminId);
    const requestKey = key();
    const first = await admin.wallet.createPresent({
      member: m.email,
      amount: 3_000,
      reason: "入会ボーナス",
      requestKey,
    });
    const again = await admin.wallet.createPresent({
      member: m.email,
      amount: 3_000,
      reason: "入会ボーナス",
      requestKey,
    });
    expect(again).toEqual({ id: first.id, status: "completed", replayed: true });
    expect(await walletOf(t.db, m.id)).toEqual({ available: 3_000, held: 0 });
    expect(
      (await m.caller.wallet.deposits({ period: "1w", page: 1, size: 25 })).rows[0],
    ).toMatchObject({ entry: "present", amount: 3_000, reason: "入会ボーナス" });
    expect((await admin.wallet.adminPresents({ member: m.email })).rows[0]).toMatchObject({
      amount: 3_000,
    });
    await expectKey(
      admin.wallet.createPresent({ member: adminId, amount: 1, reason: "x", requestKey: key() }),
      "recipientNotFound",
    );
  });

  it("validates and audits the settings", async () => {
    const admin = await callerFor(t.db, adminId);
    expect(
      await fieldErrors(
        admin.settings.update(
          moneySettingsForm({ transferFeeRate: "1.234", transferMin: 5_000, transferMax: 1_000 }),
        ),
      ),
    ).toEqual({ transferFeeRate: "percentFormat", transferMax: "maxBelowMin" });
    const saved = await admin.settings.update(
      moneySettingsForm({
        transferFeeRate: "2.50",
        transferMin: 2_000,
        transferMax: 300_000,
        usdtNetwork: "ERC20",
        paypayDailyLimit: 50_000,
        confirmNetworkChange: true,
      }),
    );
    expect(saved).toEqual({
      transferFeeRateBp: 250,
      transferMin: 2_000,
      transferMax: 300_000,
      usdtNetwork: "ERC20",
      paypayDailyLimit: 50_000,
      // Not sent: the calculator's dollar rate and the second-approval thresholds stay as they were.
      usdJpyX100: 15_000,
      secondApprovalFrom: 300_000,
      presentSecondApprovalOver: 10_000,
    });
    expect(await admin.settings.get()).toEqual(saved);
    const audit = await t.db.kysely
      .selectFrom("audit_log")
      .select(["action", "data"])
      .where("action", "=", "settings.update")
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.data!)).toMatchObject({ after: { transferFeeRateBp: 250 } });
    await admin.settings.update(moneySettingsForm({ confirmNetworkChange: true }));
  });
});
