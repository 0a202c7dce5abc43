import { describe, expect, it } from "vitest";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { callerFor, createUser } from "../helpers/fixtures";
import { fund, givePaymentDetails, key, withdraw } from "../helpers/money";

const t = fileDatabase({ ledgerMustBalance: true });

describe(`what admins write to a member, in English too, on ${testEngine}`, () => {
  it("shows English readers the English of a reason or a note, and the Japanese marked as such when none was written", async () => {
    const admin = await callerFor(t.db, (await createUser(t.db, { permission: "admin" })).id);
    const member = await createUser(t.db, { nickname: "reader" });
    const friend = await createUser(t.db, { nickname: "friend" });
    await givePaymentDetails(t.db, member.id);
    await fund(t.db, member.id, 50_000);
    const ja = await callerFor(t.db, member.id);
    const en = await callerFor(t.db, member.id, { locale: "en" });

    const translated = await withdraw(ja, "bank", 3_000);
    await admin.wallet.rejectWithdrawal({
      id: translated.id,
      reason: "口座名義が一致しません",
      reasonEn: "The account holder's name does not match.",
    });
    const untranslated = await withdraw(ja, "bank", 2_000);
    await admin.wallet.rejectWithdrawal({ id: untranslated.id, reason: "確認できませんでした" });
    const sent = await ja.wallet.requestTransfer({
      email: friend.email,
      amount: 2_000,
      requestKey: key(),
    });
    await admin.wallet.denyTransfer({
      id: sent.id,
      reason: "送金先を確認できません",
      reasonEn: "We could not confirm the recipient.",
    });

    const reasons = async (caller: typeof ja) =>
      Object.fromEntries(
        (await caller.wallet.withdrawals({ page: 1, size: 25 })).rows.map((r) => [
          r.id,
          [r.rejectReason, r.rejectReasonLang],
        ]),
      );
    expect(await reasons(en)).toMatchObject({
      [translated.id]: ["The account holder's name does not match.", "en"],
      [untranslated.id]: ["確認できませんでした", "ja"],
      [sent.id]: ["We could not confirm the recipient.", "en"],
    });
    // A Japanese reader never sees English.
    expect(await reasons(ja)).toMatchObject({
      [translated.id]: ["口座名義が一致しません", "ja"],
      [sent.id]: ["送金先を確認できません", "ja"],
    });

    await admin.wallet.createPresent({
      member: member.email,
      amount: 1_000,
      reason: "誕生日プレゼント",
      reasonEn: "Birthday present",
      requestKey: key(),
    });
    await admin.wallet.createPresent({
      member: member.email,
      amount: 500,
      reason: "お詫び",
      requestKey: key(),
    });
    const notes = (await en.wallet.deposits({ page: 1, size: 25 })).rows
      .filter((r) => r.entry === "present")
      .map((r) => [r.reason, r.reasonLang]);
    expect(notes).toEqual(
      expect.arrayContaining([
        ["Birthday present", "en"],
        ["お詫び", "ja"],
      ]),
    );
    // English longer than the Japanese column allows is refused, not cut.
    await expect(
      admin.wallet.createPresent({
        member: member.email,
        amount: 500,
        reason: "長い",
        reasonEn: "x".repeat(201),
        requestKey: key(),
      }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});
