import { describe, expect, it } from "vitest";
import { testEngine } from "../helpers/db";
import { callerFor, createUser } from "../helpers/fixtures";
import { contains, fixture, jpegWithExif, SECRET } from "../helpers/images";
import { EMPTY_PAYMENT_DETAILS, TRON } from "../helpers/payment-form";
import { FULL_PAYMENT_DETAILS, profileSuite } from "../helpers/profile-suite";

const { t, storage, member, reauthenticated, audits } = profileSuite();
const EMPTY = EMPTY_PAYMENT_DETAILS;
const FULL = FULL_PAYMENT_DETAILS;

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
      "\u2800",
      "\u{1D159}",
      "\u{13441}",
      "\u{13442}\u{1D159}",
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

    const trail = (await adminCaller.admin.customers.events({ id: m.id })).rows;
    expect(trail.map((e) => e.action)).toEqual(
      expect.arrayContaining(["payment.reveal", "payment.update"]),
    );
    expect(trail.find((e) => e.action === "payment.reveal")?.actor?.id).toBe(admin.id);
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
