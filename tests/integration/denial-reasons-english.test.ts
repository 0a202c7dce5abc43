import { describe, expect, it } from "vitest";
import { testEngine } from "../helpers/db";
import { eaSuite } from "../helpers/eas-suite";
import { callerFor } from "../helpers/fixtures";
import { auditOf } from "../helpers/audit";

/**
 * The denial reasons of a broker account, of an EA-dedicated account request and of an EA
 * licence (rejected or revoked), in English too (decision 048): English readers get the English the admin wrote, or the Japanese marked
 * as such; Japanese readers always the Japanese; too long an English is refused, not cut.
 */

const suite = eaSuite(310000);
const { t, account, member } = suite;

/** An EA for regular accounts, with a file that passes as an .ex4. */
function createEa() {
  return suite.admin.eas.create({
    ea: {
      name: "Reason Rider",
      developer: "FX Labs",
      description: "Follows the trend.",
      category: "trend",
      accountType: "regular",
      active: true,
    },
    file: {
      version: "1.0",
      fileName: "ReasonRider.ex4",
      bytes: new Uint8Array([0x01, 0x02, 0x00, 0x00, 0x41]),
    },
  });
}

describe(`denial reasons in English on ${testEngine}`, () => {
  it("a broker account's denial reason reaches an English reader in English, or in Japanese marked so", async () => {
    const m = await member();
    const en = await callerFor(t.db, m.id, { locale: "en" });
    const translated = await account(m.id, "pending");
    const untranslated = await account(m.id, "pending");
    await suite.admin.brokers.accounts.decide({
      ids: [translated],
      decision: "deny",
      reason: "口座番号が確認できません",
      reasonEn: "We could not find this account number.",
    });
    await suite.admin.brokers.accounts.decide({
      ids: [untranslated],
      decision: "deny",
      reason: "紹介経由ではありません",
      reasonEn: "   ",
    });

    const reasons = async (caller: typeof en) =>
      Object.fromEntries(
        (await caller.brokers.accounts.mine({})).rows.map((r) => [
          r.id,
          [r.denyReason, r.denyReasonLang],
        ]),
      );
    expect(await reasons(en)).toEqual({
      [translated]: ["We could not find this account number.", "en"],
      [untranslated]: ["紹介経由ではありません", "ja"],
    });
    expect(await reasons(m.caller)).toEqual({
      [translated]: ["口座番号が確認できません", "ja"],
      [untranslated]: ["紹介経由ではありません", "ja"],
    });

    const stored = await t.db.kysely
      .selectFrom("broker_accounts")
      .select(["id", "deny_reason_en"])
      .where("id", "in", [translated, untranslated])
      .execute();
    // A blank English is none at all.
    expect(Object.fromEntries(stored.map((r) => [r.id, r.deny_reason_en]))).toEqual({
      [translated]: "We could not find this account number.",
      [untranslated]: null,
    });

    // Approving again clears the English with the reason: an approved account has none.
    await suite.admin.brokers.accounts.decide({ ids: [translated], decision: "approve" });
    const approved = await t.db.kysely
      .selectFrom("broker_accounts")
      .select(["deny_reason", "deny_reason_en"])
      .where("id", "=", translated)
      .executeTakeFirstOrThrow();
    expect(approved).toEqual({ deny_reason: null, deny_reason_en: null });

    await expect(
      suite.admin.brokers.accounts.decide({
        ids: [untranslated],
        decision: "deny",
        reason: "長い",
        reasonEn: "x".repeat(501),
      }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("an EA-dedicated request's denial reason reaches an English reader in English, or in Japanese marked so", async () => {
    const m = await member();
    const en = await callerFor(t.db, m.id, { locale: "en" });
    const translatedAccount = await account(m.id);
    const untranslatedAccount = await account(m.id);
    const translated = await m.caller.eas.requestDedicated({ accountId: translatedAccount });
    const untranslated = await m.caller.eas.requestDedicated({ accountId: untranslatedAccount });

    await expect(
      suite.admin.eas.denyAccountRequest({
        id: translated.id,
        reason: "長い",
        reasonEn: "x".repeat(501),
      }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await suite.admin.eas.denyAccountRequest({
      id: translated.id,
      reason: "取引実績が足りません",
      reasonEn: "Not enough trading history yet.",
    });
    await suite.admin.eas.denyAccountRequest({ id: untranslated.id, reason: "確認中です" });

    const reasons = async (caller: typeof en) =>
      Object.fromEntries(
        (await caller.eas.myAccountTypes()).map((a) => [
          a.id,
          [a.request?.reason, a.request?.reasonLang],
        ]),
      );
    expect(await reasons(en)).toEqual({
      [translatedAccount]: ["Not enough trading history yet.", "en"],
      [untranslatedAccount]: ["確認中です", "ja"],
    });
    expect(await reasons(m.caller)).toEqual({
      [translatedAccount]: ["取引実績が足りません", "ja"],
      [untranslatedAccount]: ["確認中です", "ja"],
    });

    // The audit keeps both languages, as the withdrawal's rejection does.
    const audit = await auditOf(t.db, translated.id, "ea.account_request.deny");
    expect(JSON.parse(String(audit.data))).toMatchObject({
      reason: "取引実績が足りません",
      reasonEn: "Not enough trading history yet.",
    });
  });

  it("an EA licence's rejection and revocation reasons reach an English reader in English, or in Japanese marked so", async () => {
    const m = await member();
    const en = await callerFor(t.db, m.id, { locale: "en" });
    const ea = await createEa();
    const rejected = await m.caller.eas.requestLicense({
      eaId: ea.id,
      accountId: await account(m.id),
    });
    const revoked = await m.caller.eas.requestLicense({
      eaId: ea.id,
      accountId: await account(m.id),
    });

    // Too long an English is refused, not cut, and the licence stays as it was.
    await expect(
      suite.admin.eas.reject({ id: rejected.id, reason: "長い", reasonEn: "x".repeat(501) }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await suite.admin.eas.reject({
      id: rejected.id,
      reason: "口座が対象外です",
      reasonEn: "This account is not eligible.",
    });
    await suite.admin.eas.issue({ id: revoked.id });
    await suite.admin.eas.revoke({ id: revoked.id, reason: "規約違反のため", reasonEn: "  " });

    const list = async (caller: typeof en) =>
      Object.fromEntries(
        (await caller.eas.myLicenses({})).rows.map((r) => [r.id, [r.reason, r.reasonLang]]),
      );
    const detail = async (caller: typeof en) =>
      Object.fromEntries(
        (await caller.eas.get({ id: ea.id })).licenses.map((l) => [l.id, [l.reason, l.reasonLang]]),
      );
    const inEnglish = {
      [rejected.id]: ["This account is not eligible.", "en"],
      [revoked.id]: ["規約違反のため", "ja"],
    };
    const inJapanese = {
      [rejected.id]: ["口座が対象外です", "ja"],
      [revoked.id]: ["規約違反のため", "ja"],
    };
    expect(await list(en)).toEqual(inEnglish);
    expect(await detail(en)).toEqual(inEnglish);
    expect(await list(m.caller)).toEqual(inJapanese);
    expect(await detail(m.caller)).toEqual(inJapanese);

    const stored = await t.db.kysely
      .selectFrom("ea_licenses")
      .select(["id", "reason", "reason_en"])
      .where("id", "in", [rejected.id, revoked.id])
      .execute();
    // A blank English is none at all.
    expect(Object.fromEntries(stored.map((r) => [r.id, [r.reason, r.reason_en]]))).toEqual({
      [rejected.id]: ["口座が対象外です", "This account is not eligible."],
      [revoked.id]: ["規約違反のため", null],
    });

    // The audit keeps both languages.
    const audit = await auditOf(t.db, rejected.id, "ea.license.reject");
    expect(JSON.parse(String(audit.data))).toMatchObject({
      reason: "口座が対象外です",
      reasonEn: "This account is not eligible.",
    });
  });
});
