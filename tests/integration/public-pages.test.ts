import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedBrokers } from "#tools/seed/brokers";
import { seedCampaigns } from "#tools/seed/campaigns";
import { seedHelp } from "#tools/seed/help";
import { WITHDRAWAL_METHODS } from "#domain/withdrawal";
import { createTestDb, testEngine, type TestDb } from "../helpers/db";
import { newId } from "#db/id";
import { nowDb, toDbTime } from "#db/time";
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

describe(`a broker's public page on ${testEngine}`, () => {
  /** The page of a broker found by its current code. */
  async function current(caller: Caller, slug: string) {
    const page = await caller.pages.broker({ slug });
    if (page.moved !== null) throw new Error(`${slug} moved to ${page.moved}`);
    return page;
  }

  async function renameBroker(from: string, to: string) {
    const row = await t.db.kysely
      .selectFrom("brokers")
      .select("id")
      .where("code", "=", from)
      .executeTakeFirstOrThrow();
    const b = await admin.brokers.get({ id: row.id });
    await admin.brokers.update({
      id: b.id,
      name: b.name,
      code: to,
      accountKind: b.accountKind,
      idCharset: b.idCharset ?? "",
      idMinLength: b.idMinLength === null ? "" : String(b.idMinLength),
      idMaxLength: b.idMaxLength === null ? "" : String(b.idMaxLength),
      signupUrl: b.signupUrl,
      displayOrder: String(b.displayOrder),
      autoRebate: b.autoRebate,
      active: true,
    } as never);
  }

  it("shows its rates with every version of the card, newest first, and its schedule", async () => {
    const page = await current(visitorEn, "exness");
    const broker = page.broker;
    expect(broker.name).toBe("Exness");
    expect(broker.rates.map((r) => r.accountType)).toEqual(["Standard", "Pro"]);
    expect(broker.history.length).toBeGreaterThanOrEqual(1);
    // The oldest version applies from the start: it has no day.
    expect(broker.history.at(-1)!.from).toBeNull();
    expect(broker.schedule).toEqual({ cycle: "weekly", day: 5 });
    expect(broker.signupUrl).toBe("https://www.exness.com/");
    expect(page.others.map((o) => o.slug)).not.toContain("exness");
    expect(page.help.length).toBeGreaterThan(0);
  });

  it("lists only the open campaigns that name the broker", async () => {
    const day = 86_400_000;
    const at = (offset: number) => toDbTime(new Date(Date.now() + offset));
    const campaign = (title: string, starts: number, ends: number) => ({
      id: newId(),
      title,
      body: "本文",
      conditions: "条件",
      starts_at: at(starts),
      ends_at: at(ends),
      created_at: at(0),
      updated_at: at(0),
    });
    const open = campaign("EXNESS 口座開設キャンペーン", -day, day);
    await t.db.kysely
      .insertInto("campaigns")
      .values([open, campaign("Exness 終了したキャンペーン", -2 * day, -day)])
      .execute();
    const exness = await current(visitorJa, "exness");
    expect(exness.campaigns.map((c) => c.id)).toEqual([open.id]);
    const xm = await current(visitorJa, "xm");
    expect(xm.campaigns.map((c) => c.id)).not.toContain(open.id);
  });

  it("is not found for an unknown or inactive broker", async () => {
    await expect(visitorJa.pages.broker({ slug: "nobody" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await t.db.kysely
      .updateTable("brokers")
      .set({ active: 0 })
      .where("code", "=", "bigboss")
      .execute();
    await expect(visitorJa.pages.broker({ slug: "bigboss" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await t.db.kysely
      .updateTable("brokers")
      .set({ active: 1 })
      .where("code", "=", "bigboss")
      .execute();
  });

  it("keeps an old code as an address that leads to the new one, and gives it back", async () => {
    await renameBroker("axi", "axi-trader");
    expect((await visitorJa.pages.broker({ slug: "axi" })).moved).toBe("axi-trader");
    expect((await visitorJa.pages.broker({ slug: "axi-trader" })).broker?.name).toBe("Axi");
    await renameBroker("axi-trader", "axi");
    expect((await visitorJa.pages.broker({ slug: "axi-trader" })).moved).toBe("axi");
    expect((await visitorJa.pages.broker({ slug: "axi" })).moved).toBeNull();
  });
});

describe(`the referral landing on ${testEngine}`, () => {
  it("names the inviter and what the visitor gets; an unknown or closed account's code is not found", async () => {
    const inviter = await createUser(t.db, { nickname: "はなこ", referralCode: "hanako26" });
    const landing = await visitorJa.pages.referral({ code: "HANAKO26" });
    expect(landing.nickname).toBe("はなこ");
    expect(landing.brokerCount).toBeGreaterThan(0);
    expect(landing.brokers.length).toBeGreaterThan(0);
    // Nothing else about the inviter leaves the server.
    expect(Object.keys(landing).sort()).toEqual(["brokerCount", "brokers", "nickname"]);

    await expect(visitorJa.pages.referral({ code: "nobody1" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(visitorJa.pages.referral({ code: "<bad>" })).rejects.toThrow();
    await t.db.kysely
      .updateTable("users")
      .set({ closed_at: nowDb() })
      .where("id", "=", inviter.id)
      .execute();
    await expect(visitorJa.pages.referral({ code: "hanako26" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});

describe(`the sitemap's pages on ${testEngine}`, () => {
  it("lists every published answer and active broker, and nothing private", async () => {
    const { pages } = await visitorJa.pages.sitemap();
    const paths = pages.map((p) => p.path);
    const published = await t.db.kysely
      .selectFrom("help_articles")
      .select("slug")
      .where("published", "=", 1)
      .execute();
    for (const a of published) expect(paths).toContain(`/help/${a.slug}`);
    expect(paths).not.toContain("/help/brand-new-draft");
    const active = await t.db.kysely
      .selectFrom("brokers")
      .select("code")
      .where("active", "=", 1)
      .execute();
    for (const b of active) expect(paths).toContain(`/brokers/${b.code}`);
    await t.db.kysely
      .updateTable("brokers")
      .set({ active: 0 })
      .where("code", "=", "bigboss")
      .execute();
    expect((await visitorJa.pages.sitemap()).pages.map((p) => p.path)).not.toContain(
      "/brokers/bigboss",
    );
    await t.db.kysely
      .updateTable("brokers")
      .set({ active: 1 })
      .where("code", "=", "bigboss")
      .execute();
    expect(paths).toContain("/welcome");
    expect(
      paths.some((p) => p.startsWith("/users") || p.startsWith("/admin") || p.startsWith("/r/")),
    ).toBe(false);
  });
});
