import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { updateMoneySettings, DEFAULT_SETTINGS } from "../../server/features/settings/service";
import { localStorage } from "../../server/storage";
import { rowsWhere, testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { renderMail } from "../../server/mail";
import { callerFor, createUser, MailBox } from "../helpers/fixtures";
import { contains, fixture, jpegWithExif, SECRET } from "../helpers/images";
import { BANK_DETAILS, EMPTY_PAYMENT_DETAILS, ETH, TRON } from "../helpers/payment-form";

const t = fileDatabase();
const storage = localStorage(mkdtempSync(path.join(tmpdir(), "portal-profile-")));

const EMPTY = EMPTY_PAYMENT_DETAILS;

const FULL = {
  ...BANK_DETAILS,
  usdtAddress: TRON,
  exnessEmail: "taro@exness.example",
  peskaEmail: "taro@peska.example",
  bitwalletEmail: "taro@bitwallet.example",
  paypayId: "taro_01",
};

async function member() {
  const user = await createUser(t.db);
  const mailbox = new MailBox();
  const caller = await callerFor(t.db, user.id, { storage, mailer: mailbox });
  return { ...user, caller, mailbox };
}

async function reauthenticated() {
  const m = await member();
  await m.caller.auth.reauthenticate({ email: m.email, password: m.password });
  return m;
}

const storedDetails = async (userId: string) =>
  (await rowsWhere(t.db, "payment_details", "user_id", userId))[0];

/** The message key a refused call gave for `field`, as the form would show it. */
async function fieldKeyOf(call: Promise<unknown>, field: string): Promise<string | undefined> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  const issues = (error as { cause?: { issues?: { path: PropertyKey[]; message: string }[] } })
    ?.cause?.issues;
  return issues?.find((i) => i.path[0] === field)?.message;
}

async function audits(action: string, targetId: string) {
  return t.db.kysely
    .selectFrom("audit_log")
    .selectAll()
    .where("action", "=", action)
    .where("target_id", "=", targetId)
    .execute();
}

describe(`profile on ${testEngine}`, () => {
  it("shows the member their own profile and saves changes", async () => {
    const m = await member();
    const before = await m.caller.profile.me();
    expect(before).toMatchObject({
      uid: m.id,
      email: m.email,
      rankingOptOut: false,
      imageVersion: null,
    });
    await m.caller.profile.update({
      name: "Hanako Suzuki",
      nickname: "はなこ",
      twitterUrl: "https://mobile.x.com/hanako?s=20",
      rankingOptOut: true,
    });
    expect(await m.caller.profile.me()).toMatchObject({
      name: "Hanako Suzuki",
      nickname: "はなこ",
      twitterUrl: "https://x.com/hanako",
      rankingOptOut: true,
    });
  });

  it("refuses NUL and a right-to-left override in a nickname, and saves nothing", async () => {
    const m = await member();
    for (const nickname of ["hana\u0000ko", "invoice\u202Egpj.exe"]) {
      const error = await m.caller.profile
        .update({ name: "Hanako Suzuki", nickname, twitterUrl: "", rankingOptOut: false })
        .then(
          () => null,
          (e: { code?: string; cause?: { issues?: { path: PropertyKey[]; message: string }[] } }) =>
            e,
        );
      expect(error?.code).toBe("BAD_REQUEST");
      expect(error?.cause?.issues?.[0]).toMatchObject({
        path: ["nickname"],
        message: "controlChars",
      });
    }
    expect(await m.caller.profile.me()).toMatchObject({
      nickname: expect.not.stringContaining("\u202E"),
    });
  });

  it("refuses invisible and formatting characters in a name: blank-looking nicknames, soft hyphens, tabs, line breaks", async () => {
    const m = await member();
    const before = await m.caller.profile.me();
    for (const nickname of [
      "\u3164",
      "\u3164\u3164",
      "ha\u00ADnako",
      "\u034F",
      "hana\u180Eko",
      "hana\uFFF9ko",
      "hana\tko",
      "hana\r\nko",
      "hana\u200Dko",
      "\u115F\u1160",
      "\uFFA0",
    ]) {
      const error = await m.caller.profile
        .update({ name: "Hanako Suzuki", nickname, twitterUrl: "", rankingOptOut: false })
        .then(
          () => null,
          (e: { code?: string; cause?: { issues?: { path: PropertyKey[]; message: string }[] } }) =>
            e,
        );
      expect(error?.code, JSON.stringify(nickname)).toBe("BAD_REQUEST");
      expect(error?.cause?.issues?.[0]?.path, JSON.stringify(nickname)).toEqual(["nickname"]);
      expect(["nameInvisible", "controlChars"]).toContain(error?.cause?.issues?.[0]?.message);
    }
    expect((await m.caller.profile.me()).nickname).toBe(before.nickname);
    // Emoji (with their variation selector) and Japanese stay welcome.
    await m.caller.profile.update({
      name: "Hanako Suzuki",
      nickname: "はなこ❤️",
      twitterUrl: "",
      rankingOptOut: false,
    });
    expect((await m.caller.profile.me()).nickname).toBe("はなこ❤️");
  });

  it("saves nothing when any field is wrong", async () => {
    const m = await member();
    await expect(
      m.caller.profile.update({
        name: "Hanako Suzuki",
        nickname: "hanako",
        twitterUrl: "https://example.com/hanako",
        rankingOptOut: true,
      }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(await m.caller.profile.me()).toMatchObject({ name: "Test User", rankingOptOut: false });
  });
});

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

describe(`profile image on ${testEngine}`, () => {
  it("stores an image without its metadata and serves it back to its owner", async () => {
    const m = await member();
    await m.caller.profile.uploadImage({ image: jpegWithExif(fixture("avatar.jpg")) });
    const image = await m.caller.profile.image();
    expect(image?.contentType).toBe("image/jpeg");
    expect(contains(image!.bytes, SECRET)).toBe(false);
    const { profile_image } = await t.db.kysely
      .selectFrom("users")
      .select("profile_image")
      .where("id", "=", m.id)
      .executeTakeFirstOrThrow();
    expect(profile_image).toMatch(/^avatars\/[0-9a-f]{32}\.jpg$/);
    expect((await m.caller.profile.me()).imageVersion).toBe(profile_image!.slice(8, 16));
  });

  it("replaces the file on a new upload and deletes it on removal", async () => {
    const m = await member();
    await m.caller.profile.uploadImage({ image: fixture("avatar.png") });
    const first = (await t.db.kysely
      .selectFrom("users")
      .select("profile_image")
      .where("id", "=", m.id)
      .executeTakeFirstOrThrow())!.profile_image!;
    await m.caller.profile.uploadImage({ image: fixture("avatar.webp") });
    expect(await storage.get(first)).toBeNull();
    expect((await m.caller.profile.image())?.contentType).toBe("image/webp");
    await m.caller.profile.removeImage();
    expect(await m.caller.profile.image()).toBeNull();
    expect((await m.caller.profile.me()).imageVersion).toBeNull();
  });

  it("refuses what is not a JPEG, PNG or WebP and keeps the current image", async () => {
    const m = await member();
    await m.caller.profile.uploadImage({ image: fixture("avatar.png") });
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>');
    await expect(m.caller.profile.uploadImage({ image: svg })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      key: "imageType",
    });
    await expect(
      m.caller.profile.uploadImage({ image: new Uint8Array(2 * 1024 * 1024 + 1) }),
    ).rejects.toMatchObject({ key: "imageTooLarge" });
    expect((await m.caller.profile.image())?.contentType).toBe("image/png");
  });
});

describe(`a member never reaches another member's profile on ${testEngine}`, () => {
  it("has no way to name another member: every call answers with the caller's own data", async () => {
    const a = await reauthenticated();
    const b = await reauthenticated();
    await a.caller.profile.uploadImage({ image: fixture("avatar.png") });
    await a.caller.profile.updatePaymentDetails({ ...EMPTY, paypayId: "alice_pay" });
    await a.caller.profile.update({
      name: "Alice",
      nickname: "alice",
      twitterUrl: "",
      rankingOptOut: false,
    });

    // b's calls, even with a's id smuggled into the input, only ever touch b.
    const smuggled = { userId: a.id, id: a.id };
    expect((await b.caller.profile.me()).uid).toBe(b.id);
    expect(await b.caller.profile.image()).toBeNull();
    expect((await b.caller.profile.paymentDetails()).values?.paypayId).toBeNull();
    await b.caller.profile.update({
      ...{ name: "Bob", nickname: "bob", twitterUrl: "", rankingOptOut: true },
      ...smuggled,
    });
    await b.caller.profile.removeImage(smuggled as never);
    await b.caller.profile.updatePaymentDetails({ ...EMPTY, paypayId: "bob_pay", ...smuggled });

    expect((await a.caller.profile.me()).nickname).toBe("alice");
    expect((await a.caller.profile.image())?.contentType).toBe("image/png");
    expect((await a.caller.profile.paymentDetails()).values?.paypayId).toBe("alice_pay");
  });

  it("refuses the admin's customer procedures to a member", async () => {
    const a = await member();
    const b = await member();
    await a.caller.profile.uploadImage({ image: fixture("avatar.png") });
    for (const call of [
      () => b.caller.admin.customers.get({ id: a.id }),
      () => b.caller.admin.customers.image({ id: a.id }),
      () => b.caller.admin.customers.revealPayment({ id: a.id }),
      () => b.caller.admin.customers.list({}),
    ]) {
      await expect(call()).rejects.toMatchObject({ code: "FORBIDDEN", key: "forbidden" });
    }
  });
});

describe(`the admin's view of a customer on ${testEngine}`, () => {
  it("masks payment details until revealed, and records every reveal", async () => {
    const admin = await createUser(t.db, { permission: "admin", nickname: "boss" });
    const adminCaller = await callerFor(t.db, admin.id, { storage });
    const m = await reauthenticated();
    await m.caller.profile.updatePaymentDetails(FULL);
    await m.caller.profile.uploadImage({ image: fixture("avatar.png") });

    const customer = await adminCaller.admin.customers.get({ id: m.id });
    expect(customer.payment.masked.bankAccountNumber).toBe("••••567");
    expect(JSON.stringify(customer)).not.toContain("1234567");
    expect(JSON.stringify(customer)).not.toContain(TRON);
    expect(customer.balance).toEqual({ available: 0, held: 0 });
    expect(customer.profile.hasImage).toBe(true);
    expect((await adminCaller.admin.customers.image({ id: m.id }))?.contentType).toBe("image/png");
    expect(await audits("payment.reveal", m.id)).toHaveLength(0);

    const revealed = await adminCaller.admin.customers.revealPayment({ id: m.id });
    expect(revealed).toMatchObject({ bankAccountNumber: "1234567", usdtAddress: TRON });
    const reveals = await audits("payment.reveal", m.id);
    expect(reveals).toHaveLength(1);
    expect(reveals[0]).toMatchObject({ actor_id: admin.id, target_type: "user" });
    expect(reveals[0]!.data).not.toContain("1234567");

    const trail = (await adminCaller.admin.customers.get({ id: m.id })).trail;
    expect(trail.map((e) => e.action)).toEqual(
      expect.arrayContaining(["payment.reveal", "payment.update"]),
    );
    expect(trail.find((e) => e.action === "payment.reveal")?.actor).toBe("boss");
  });

  it("answers not found for an unknown id or an admin's id", async () => {
    const admin = await createUser(t.db, { permission: "admin" });
    const adminCaller = await callerFor(t.db, admin.id, { storage });
    await expect(adminCaller.admin.customers.get({ id: admin.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(adminCaller.admin.customers.get({ id: "not-an-id" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
  });
});
