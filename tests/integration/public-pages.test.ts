import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedBrokers } from "../../db/seed/brokers";
import { seedCampaigns } from "../../db/seed/campaigns";
import { seedHelp } from "../../db/seed/help";
import { WITHDRAWAL_METHODS } from "../../server/domain/withdrawal";
import { createTestDb, testEngine, type TestDb } from "../helpers/db";
import { nowDb } from "../../db/time";
import { adminWithCaller, callerFor, createUser, type Caller } from "../helpers/fixtures";

let t: TestDb;
let admin: Caller;
let member: Caller;
let visitorJa: Caller;
let visitorEn: Caller;

beforeAll(async () => {
  t = await createTestDb();
  const boss = await adminWithCaller(t.db);
  const adminId = boss.id;
  admin = boss.caller;
  const memberId = (await createUser(t.db)).id;
  member = await callerFor(t.db, memberId);
  visitorJa = await callerFor(t.db);
  visitorEn = await callerFor(t.db, undefined, { locale: "en" });
  await seedBrokers(t.db, { adminId, memberId });
  await seedCampaigns(t.db, { adminId, memberId });
  await seedHelp(t.db, { adminId });
});

afterAll(async () => {
  await t.cleanup();
});

describe(`the public home's content on ${testEngine}`, () => {
  it("shows the first brokers with rates, in the admin's order, each with its page's slug", async () => {
    const home = await visitorJa.pages.home();
    expect(home.brokers.map((b) => b.slug)).toEqual(["xm", "exness", "axi", "errante"]);
    expect(home.brokerCount).toBe(6);
    expect(home.brokers[0]!.rates.map((r) => r.accountType)).toEqual([
      "Standard",
      "Micro",
      "Zero",
      "KIWAMI",
    ]);
    expect(home.brokers[0]!.schedule).toEqual({ cycle: "monthly", day: 10 });
  });

  it("says how members are paid from the payout rules and the transfer fee setting", async () => {
    const home = await visitorJa.pages.home();
    expect(home.payment.methods.map((m) => m.method)).toEqual([...WITHDRAWAL_METHODS]);
    expect(home.payment.methods.find((m) => m.method === "usdt")).toEqual({
      method: "usdt",
      minimum: 5_000,
      fee: 0,
    });
    const settings = await admin.settings.get();
    await admin.settings.update({
      transferFeeRate: "1.25",
      transferMin: String(settings.transferMin),
      transferMax: String(settings.transferMax),
      usdtNetwork: settings.usdtNetwork,
      paypayDailyLimit: String(settings.paypayDailyLimit),
      usdJpyRate: "150",
    } as never);
    expect((await visitorJa.pages.home()).payment.transferFeeRateBp).toBe(125);
  });

  it("lists only campaigns open now, and the newest published answers", async () => {
    const home = await visitorEn.pages.home();
    const now = nowDb();
    const open = await t.db.kysely
      .selectFrom("campaigns")
      .select(["id"])
      .where("active", "=", 1)
      .where("starts_at", "<=", now)
      .where("ends_at", ">", now)
      .execute();
    expect(open.length).toBeGreaterThan(0);
    expect(home.campaigns.map((c) => c.id).sort()).toEqual(open.map((c) => c.id).sort());
    expect(home.help).toHaveLength(5);
    // A hidden answer never appears, however new.
    const hidden = await admin.help.create({
      slug: "brand-new-draft",
      category: "cashback",
      position: 1,
      published: false,
      title: "下書き",
      titleEn: "",
      body: "本文",
      bodyEn: "",
    } as never);
    expect(hidden).toBeTruthy();
    expect((await visitorJa.pages.home()).help.map((h) => h.slug)).not.toContain("brand-new-draft");
  });

  it("shows the admin's pitch in the reader's language, the Japanese when no English is written", async () => {
    expect((await visitorJa.pages.home()).hero).toBeNull();
    await admin.pages.saveHero({ heroJa: "一行目\r\n\n二行目 \n三行目", heroEn: "" });
    expect((await visitorJa.pages.home()).hero).toEqual(["一行目", "二行目", "三行目"]);
    expect((await visitorEn.pages.home()).hero).toEqual(["一行目", "二行目", "三行目"]);
    await admin.pages.saveHero({ heroJa: "一行目", heroEn: "Line one\nLine two" });
    expect((await visitorEn.pages.home()).hero).toEqual(["Line one", "Line two"]);
    expect(await admin.pages.hero()).toEqual({ ja: ["一行目"], en: ["Line one", "Line two"] });
  });

  it("refuses a fourth line, English without Japanese, and anyone but an admin", async () => {
    await expect(admin.pages.saveHero({ heroJa: "a\nb\nc\nd", heroEn: "" })).rejects.toThrow(
      /heroLines/,
    );
    await expect(admin.pages.saveHero({ heroJa: "", heroEn: "English" })).rejects.toThrow(
      /required/,
    );
    await expect(member.pages.saveHero({ heroJa: "x", heroEn: "" })).rejects.toThrow();
    await expect(visitorJa.pages.hero()).rejects.toThrow();
    expect(await admin.pages.hero()).toEqual({ ja: ["一行目"], en: ["Line one", "Line two"] });
  });
});
