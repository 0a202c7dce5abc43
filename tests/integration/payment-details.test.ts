import { describe, expect, it } from "vitest";
import { renderMail } from "#server/mail";
import { updateMoneySettings, DEFAULT_SETTINGS } from "#server/features/settings/service";
import { testEngine } from "../helpers/db";
import { callerFor, createUser, MailBox } from "../helpers/fixtures";
import { EMPTY_PAYMENT_DETAILS, ETH, TRON } from "../helpers/payment-form";
import { fieldKeyOf, FULL_PAYMENT_DETAILS, profileSuite } from "../helpers/profile-suite";

const { t, storage, member, reauthenticated, storedDetails, audits } = profileSuite();
const EMPTY = EMPTY_PAYMENT_DETAILS;
const FULL = FULL_PAYMENT_DETAILS;

describe(`payment details on ${testEngine}`, () => {
  it("need a recent reauthentication: without one nothing is saved or shown in full", async () => {
    const m = await member();
    await expect(m.caller.profile.updatePaymentDetails(FULL)).rejects.toMatchObject({
      code: "FORBIDDEN",
      key: "reauthRequired",
    });
    expect(await storedDetails(m.id)).toBeUndefined();
    const view = await m.caller.profile.paymentDetails();
    expect(view).toMatchObject({ reauthValid: false, values: null });
  });

  it("cannot change while the email address is unverified, even after reauthentication", async () => {
    const user = await createUser(t.db, { verified: false });
    const caller = await callerFor(t.db, user.id, { storage, mailer: new MailBox() });
    await caller.auth.reauthenticate({ email: user.email, password: user.password });
    await expect(caller.profile.updatePaymentDetails(FULL)).rejects.toMatchObject({
      code: "FORBIDDEN",
      key: "emailUnverified",
    });
    expect(await storedDetails(user.id)).toBeUndefined();
  });

  it("are saved after reauthentication, masked outside it, and audited without their values", async () => {
    const m = await reauthenticated();
    expect(await m.caller.profile.updatePaymentDetails(FULL)).toEqual({
      changed: expect.arrayContaining(["bankCode", "usdtAddress", "paypayId"]),
    });
    const row = await storedDetails(m.id);
    expect(row).toMatchObject({
      bank_code: "0001",
      bank_account_number: "1234567",
      account_holder: "ヤマダ タロウ",
      usdt_address: TRON,
      paypay_id: "taro_01",
    });

    const view = await m.caller.profile.paymentDetails();
    expect(view.values).toMatchObject({ bankAccountNumber: "1234567", usdtAddress: TRON });

    // A second session of the same member (no reauthentication) sees them masked only.
    const other = await callerFor(t.db, m.id, { storage });
    const masked = await other.profile.paymentDetails();
    expect(masked.values).toBeNull();
    expect(masked.masked.bankAccountNumber).toBe("••••567");
    expect(masked.masked.usdtAddress).toBe("TR7N••••••Lj6t");
    expect(masked.masked.exnessEmail).toBe("t•••@exness.example");
    expect(JSON.stringify(masked.masked)).not.toContain("1234567");

    const [audit] = await audits("payment.update", m.id);
    expect(audit).toMatchObject({ actor_id: m.id, target_type: "user" });
    expect(audit!.data).not.toContain("1234567");
    expect(audit!.data).not.toContain(TRON);
    expect(JSON.parse(audit!.data!).fields).toContain("bankAccountNumber");

    // The member is told by mail, in their language, without the details themselves.
    const notice = m.mailbox.last("paymentDetailsChanged");
    expect(notice?.to).toBe(m.email);
    const mail = renderMail(notice!);
    expect(mail.subject).toBe("【CBポータル】出金先情報が変更されました");
    expect(mail.text).not.toContain("1234567");

    // Saving the same values again changes nothing, records nothing and mails nothing.
    expect(await m.caller.profile.updatePaymentDetails(FULL)).toEqual({ changed: [] });
    expect(await audits("payment.update", m.id)).toHaveLength(1);
    expect(m.mailbox.sent.filter((x) => x.template === "paymentDetailsChanged")).toHaveLength(1);
  });

  it("refuses bad input of every kind with the field's message and saves nothing", async () => {
    const m = await reauthenticated();
    await m.caller.profile.updatePaymentDetails({ ...EMPTY, paypayId: "keep_me" });
    const bad: [Partial<typeof FULL>, string, string][] = [
      [{ ...FULL, bankCode: "12" }, "bankCode", "digits4"],
      [{ ...FULL, branchNumber: "１２" }, "branchNumber", "digits3"],
      [{ ...FULL, bankAccountNumber: "123456" }, "bankAccountNumber", "digits7"],
      [{ ...FULL, accountHolder: "Yamada" }, "accountHolder", "katakana"],
      // 16 voiced kana are 32 half-width characters: past the bank file's 30-character field.
      [{ ...FULL, accountHolder: "ダ".repeat(16) }, "accountHolder", "holderTooLong"],
      [
        { ...FULL, accountHolder: "ヤマダ ハナコ ガブリエラ マリア ベアトリス ドロレス" },
        "accountHolder",
        "holderTooLong",
      ],
      [{ ...FULL, accountType: "other" }, "accountType", "accountType"],
      [{ ...EMPTY, bankName: "みずほ銀行" }, "bankCode", "required"],
      [{ ...FULL, usdtAddress: TRON.slice(0, -1) + "u" }, "usdtAddress", "usdtChecksum"],
      // Neither network's form: the message names the network the admin set.
      [{ ...FULL, usdtAddress: "0x1234" }, "usdtAddress", "usdtTrc20"],
      [{ ...FULL, exnessEmail: "taro" }, "exnessEmail", "emailInvalid"],
      [{ ...FULL, peskaEmail: "taro@" }, "peskaEmail", "emailInvalid"],
      [{ ...FULL, bitwalletEmail: "@x" }, "bitwalletEmail", "emailInvalid"],
      [{ ...FULL, paypayId: "Taro" }, "paypayId", "paypayId"],
    ];
    for (const [input, field, key] of bad) {
      const call = m.caller.profile.updatePaymentDetails({ ...EMPTY, ...input });
      expect(await fieldKeyOf(call, field), `${field} ${key}`).toBe(key);
    }
    expect(await storedDetails(m.id)).toMatchObject({ paypay_id: "keep_me", bank_code: null });
  });

  it("takes an account holder that fills the bank file's field exactly", async () => {
    const m = await reauthenticated();
    await m.caller.profile.updatePaymentDetails({ ...FULL, accountHolder: "ダ".repeat(15) });
    expect(await storedDetails(m.id)).toMatchObject({ account_holder: "ダ".repeat(15) });
  });

  it("refuse a branch the bank does not have, when the bank list knows the bank", async () => {
    const m = await reauthenticated();
    // みずほ銀行 (0001) has no branch 999: a typo that would send a payout nowhere.
    const call = m.caller.profile.updatePaymentDetails({ ...FULL, branchNumber: "999" });
    expect(await fieldKeyOf(call, "branchNumber")).toBe("branchUnknown");
    expect(await storedDetails(m.id)).toBeUndefined();
    // Typed in full-width digits, a real pair is saved as before.
    await m.caller.profile.updatePaymentDetails({
      ...FULL,
      bankCode: "０００１",
      branchNumber: "００１",
    });
    expect(await storedDetails(m.id)).toMatchObject({ bank_code: "0001", branch_number: "001" });
    // A bank the list does not know (newer than it) is not judged.
    await m.caller.profile.updatePaymentDetails({ ...FULL, bankCode: "0000", branchNumber: "999" });
    expect(await storedDetails(m.id)).toMatchObject({ bank_code: "0000", branch_number: "999" });
  });

  it("search banks and branches for the payout form's pickers, for members only", async () => {
    const m = await member();
    expect((await m.caller.profile.banks({ q: "みずほ" }))[0]).toEqual({
      code: "0001",
      name: "みずほ銀行",
    });
    expect(await m.caller.profile.branches({ bankCode: "０００１", q: "東京営業" })).toEqual([
      { code: "001", name: "東京営業部" },
    ]);
    expect(await m.caller.profile.banks({ q: "" })).toEqual([]);
    const visitor = await callerFor(t.db);
    await expect(visitor.profile.banks({ q: "みずほ" })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
  });

  it("report every field's problem in one answer, the address's included", async () => {
    const m = await reauthenticated();
    const error = await m.caller.profile
      .updatePaymentDetails({ ...EMPTY, bankCode: "12", usdtAddress: "0x1234", paypayId: "X" })
      .then(
        () => null,
        (e: unknown) => e as { cause?: { issues?: { path: PropertyKey[]; message: string }[] } },
      );
    const fields = Object.fromEntries(
      (error?.cause?.issues ?? []).map((i) => [String(i.path[0]), i.message]),
    );
    expect(fields).toMatchObject({
      bankCode: "digits4",
      usdtAddress: "usdtTrc20",
      paypayId: "paypayId",
    });
  });

  it("check the USDT address against the network the admin set", async () => {
    const admin = await createUser(t.db, { permission: "admin" });
    const m = await reauthenticated();
    await updateMoneySettings(
      t.db,
      admin.id,
      { ...DEFAULT_SETTINGS, usdtNetwork: "ERC20" },
      { confirmNetworkChange: true },
    );
    /** Saves only a USDT address: the key its field is refused with (undefined: saved). */
    const saveUsdt = (usdtAddress: string) =>
      fieldKeyOf(m.caller.profile.updatePaymentDetails({ ...EMPTY, usdtAddress }), "usdtAddress");
    try {
      expect((await m.caller.profile.paymentDetails()).usdtNetwork).toBe("ERC20");
      expect(await saveUsdt(TRON)).toBe("usdtErc20");
      await m.caller.profile.updatePaymentDetails({ ...EMPTY, usdtAddress: ETH });
      expect((await storedDetails(m.id))?.usdt_address).toBe(ETH);
    } finally {
      await updateMoneySettings(t.db, admin.id, DEFAULT_SETTINGS, { confirmNetworkChange: true });
    }
    // Back on TRC20, the saved ERC20 address is kept and marked (decision 023): sent back
    // unchanged with the rest of the form it stays, for ERC20; a new ERC20 address is refused.
    expect((await m.caller.profile.paymentDetails()).staleUsdtNetwork).toBe("ERC20");
    await m.caller.profile.updatePaymentDetails({ ...EMPTY, usdtAddress: ETH, paypayId: "kept_1" });
    expect(await storedDetails(m.id)).toMatchObject({ usdt_address: ETH, usdt_network: "ERC20" });
    const otherEth = "0x" + "cd".repeat(20);
    expect(await saveUsdt(otherEth)).toBe("usdtTrc20");
    await m.caller.profile.updatePaymentDetails({ ...EMPTY, usdtAddress: TRON });
    expect(await storedDetails(m.id)).toMatchObject({ usdt_address: TRON, usdt_network: "TRC20" });
    expect((await m.caller.profile.paymentDetails()).staleUsdtNetwork).toBeNull();
  });
});
