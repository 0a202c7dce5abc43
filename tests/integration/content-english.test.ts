import { beforeAll, describe, expect, it } from "vitest";
import { newId } from "#db/id";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { adminWithCaller, type Caller, callerFor, createUser } from "../helpers/fixtures";
import { DAY, HOUR, tokyoLocal } from "../helpers/form-values";
import { gachaForm, rewardForm } from "../helpers/gachas-suite";
import { key } from "../helpers/money";
import { errorOf, issues } from "../helpers/outcome";
import { createAccount, createBroker, importsOf } from "../helpers/cashback";
import { auditOf } from "../helpers/audit";

/**
 * Admin-written content in both languages (decision 024), on a real database: what the admin
 * saves comes back in both languages, a member reading English gets the English where it was
 * written and the Japanese where it was not, and a member reading Japanese always the Japanese.
 */

const t = fileDatabase({ ledgerMustBalance: true });
let adminId: string;
let admin: Caller;
/** One member, read in each language: the language is the request's, not the account's. */
let ja: Caller;
let en: Caller;
let memberId: string;

beforeAll(async () => {
  ({ id: adminId, caller: admin } = await adminWithCaller(t.db));
  memberId = (await createUser(t.db)).id;
  ja = await callerFor(t.db, memberId, { locale: "ja" });
  en = await callerFor(t.db, memberId, { locale: "en" });
});

const period = { startsAt: tokyoLocal(-HOUR), endsAt: tokyoLocal(7 * DAY) };

function campaign(over: Record<string, string> = {}) {
  return {
    title: "冬のキャンペーン",
    body: "本文です。",
    conditions: "承認済みの口座",
    ...period,
    capacity: "",
    active: true,
    ...over,
  };
}

describe(`content in both languages on ${testEngine}`, () => {
  it("campaigns: English for English readers, Japanese where no English was written", async () => {
    const { id } = await admin.campaigns.create({
      campaign: campaign({
        titleEn: "Winter campaign",
        bodyEn: "Line one\r\nLine two",
        conditionsEn: "",
      }),
      image: {},
    });
    const english = await en.campaigns.get({ id });
    expect(english).toMatchObject({
      title: "Winter campaign",
      body: "Line one\nLine two",
      // No English conditions: the Japanese ones, said to be Japanese.
      conditions: "承認済みの口座",
      japanese: { title: false, body: false, conditions: true },
    });
    // Japanese readers read Japanese: nothing to mark.
    expect((await ja.campaigns.get({ id })).japanese).toEqual({
      title: false,
      body: false,
      conditions: false,
    });
    expect(await ja.campaigns.get({ id })).toMatchObject({
      title: "冬のキャンペーン",
      body: "本文です。",
    });
    const listed = await en.campaigns.list({ size: 100 });
    expect(listed.rows.find((c) => c.id === id)?.title).toBe("Winter campaign");

    const { id: untranslated } = await admin.campaigns.create({ campaign: campaign(), image: {} });
    expect(await en.campaigns.get({ id: untranslated })).toMatchObject({
      title: "冬のキャンペーン",
      japanese: { title: true, body: true },
    });
    const untranslatedListed = await en.campaigns.list({ size: 100 });
    expect(untranslatedListed.rows.find((c) => c.id === untranslated)?.japanese.title).toBe(true);
  });

  it("campaigns: the admin's save keeps both languages, editing and auditing the English too", async () => {
    const { id } = await admin.campaigns.create({
      campaign: campaign({ titleEn: "Spring", bodyEn: "Body", conditionsEn: "One account" }),
      image: {},
    });
    expect(await admin.campaigns.adminGet({ id })).toMatchObject({
      title: "冬のキャンペーン",
      titleEn: "Spring",
      bodyEn: "Body",
      conditionsEn: "One account",
    });
    await admin.campaigns.update({
      id,
      campaign: campaign({ titleEn: "Summer", bodyEn: "Body", conditionsEn: " " }),
      image: {},
    });
    expect(await admin.campaigns.adminGet({ id })).toMatchObject({
      title: "冬のキャンペーン",
      titleEn: "Summer",
      conditionsEn: "",
    });
    const audit = await auditOf(t.db, id, "campaign.update");
    expect(audit.data).toContain("Summer");
    expect(audit.data).toContain("title_en");
  });

  it("refuses English longer than the Japanese field allows, naming the English field", async () => {
    const error = await errorOf(() =>
      admin.campaigns.create({ campaign: campaign({ titleEn: "x".repeat(201) }), image: {} }),
    );
    expect(issues(error)).toEqual(["campaign.titleEn:tooLong"]);
  });

  it("popups: the member's next popup is in their language", async () => {
    const { id } = await admin.popups.create({
      popup: {
        title: "お知らせ",
        body: "本文",
        titleEn: "Notice",
        bodyEn: "",
        linkUrl: "",
        ...period,
        active: true,
      },
      image: {},
    });
    const reader = (await createUser(t.db)).id;
    expect(await (await callerFor(t.db, reader, { locale: "en" })).popups.next()).toMatchObject({
      id,
      title: "Notice",
      body: "本文",
      // No English body: the Japanese one, said to be Japanese.
      japanese: { title: false, body: true },
    });
    expect(await admin.popups.adminGet({ id })).toMatchObject({
      title: "お知らせ",
      titleEn: "Notice",
      bodyEn: "",
    });
    const other = (await createUser(t.db)).id;
    expect(await (await callerFor(t.db, other)).popups.next()).toMatchObject({
      title: "お知らせ",
      japanese: { title: false, body: false },
    });
  });

  it("gachas and rewards: the gacha page, the draw's result and the log read English", async () => {
    const { id } = await admin.gachas.create({
      gacha: gachaForm({ name: "感謝ガチャ", description: "説明", cost: "0" }),
      image: {},
    });
    await admin.gachas.update({
      id,
      gacha: {
        ...gachaForm({ name: "感謝ガチャ", description: "説明", cost: "0" }),
        nameEn: "Thanks gacha",
      },
      image: {},
    });
    await admin.gachas.createReward({
      gachaId: id,
      reward: { ...rewardForm({ name: "ハズレ", kind: "none", weight: "1" }), nameEn: "No prize" },
      image: {},
    });
    const page = await en.gachas.get({ id });
    expect(page).toMatchObject({
      name: "Thanks gacha",
      description: "説明",
      japanese: { name: false, description: true },
    });
    expect(page.rewards.map((r) => r.nameInJapanese)).toEqual([false]);
    expect((await ja.gachas.get({ id })).japanese).toEqual({ name: false, description: false });
    expect(page.rewards.map((r) => r.name)).toEqual(["No prize"]);
    expect((await ja.gachas.get({ id })).rewards.map((r) => r.name)).toEqual(["ハズレ"]);

    const { logId } = await en.gachas.draw({ gachaId: id, requestKey: key() });
    expect(await en.gachas.result({ id: logId })).toMatchObject({
      gachaName: "Thanks gacha",
      rewardName: "No prize",
      japanese: { gachaName: false, rewardName: false },
    });
    expect(await ja.gachas.result({ id: logId })).toMatchObject({
      gachaName: "感謝ガチャ",
      rewardName: "ハズレ",
    });
    const rewards = await admin.gachas.rewards({ id });
    expect(JSON.stringify(rewards)).toContain("No prize");

    // No English written: the result and the log say the names are Japanese.
    const { id: plain } = await admin.gachas.create({
      gacha: gachaForm({ name: "和ガチャ", description: "説明", cost: "0" }),
      image: {},
    });
    await admin.gachas.createReward({
      gachaId: plain,
      reward: rewardForm({ name: "残念", kind: "none", weight: "1" }),
      image: {},
    });
    const drawn = await en.gachas.draw({ gachaId: plain, requestKey: key() });
    expect(await en.gachas.result({ id: drawn.logId })).toMatchObject({
      gachaName: "和ガチャ",
      rewardName: "残念",
      japanese: { gachaName: true, rewardName: true },
    });
    expect((await ja.gachas.result({ id: drawn.logId })).japanese).toEqual({
      gachaName: false,
      rewardName: false,
    });
    const logs = await en.gachas.myLogs({ size: 100 });
    expect(logs.rows.find((r) => r.id === drawn.logId)?.japanese).toEqual({
      gachaName: true,
      rewardName: true,
    });
    expect(logs.rows.find((r) => r.id === logId)?.japanese).toEqual({
      gachaName: false,
      rewardName: false,
    });
  });

  it("EAs: the list, the page and the licences in the member's language", async () => {
    const { id } = await admin.eas.create({
      ea: {
        name: "トレンドEA",
        developer: "FX Labs",
        description: "トレンドに乗ります。",
        nameEn: "Trend EA",
        descriptionEn: "Rides the trend.",
        category: "trend",
        accountType: "regular",
        active: true,
      },
      file: {
        version: "1.0",
        fileName: "Trend.ex4",
        bytes: new Uint8Array([1, 2, 0, 0, 65]),
      },
    });
    expect(await en.eas.get({ id })).toMatchObject({
      name: "Trend EA",
      description: "Rides the trend.",
      japanese: { name: false, description: false },
    });
    expect(await ja.eas.get({ id })).toMatchObject({ name: "トレンドEA" });
    const list = await en.eas.list({});
    expect(list.rows.find((e) => e.id === id)?.name).toBe("Trend EA");
    expect(await admin.eas.adminGet({ id })).toMatchObject({
      name: "トレンドEA",
      nameEn: "Trend EA",
      descriptionEn: "Rides the trend.",
    });

    const brokerId = await createBroker(t.db, `b${newId().slice(-8)}`, "XM");
    const account = await createAccount(t.db, memberId, brokerId, "123456", "approved", adminId);
    await en.eas.requestLicense({ eaId: id, accountId: account });
    const licences = await en.eas.myLicenses({});
    expect(licences.rows[0]?.eaName).toBe("Trend EA");
    expect(licences.rows[0]?.japanese).toEqual({ eaName: false });

    // No English written: the list, the page and the licence say the name is Japanese.
    const { id: plain } = await admin.eas.create({
      ea: {
        name: "逆張りEA",
        developer: "FX Labs",
        description: "逆張りです。",
        nameEn: "",
        descriptionEn: "",
        category: "trend",
        accountType: "regular",
        active: true,
      },
      file: { version: "1.0", fileName: "Contra.ex4", bytes: new Uint8Array([1, 2, 0, 0, 66]) },
    });
    expect((await en.eas.get({ id: plain })).japanese).toEqual({ name: true, description: true });
    expect((await ja.eas.get({ id: plain })).japanese).toEqual({ name: false, description: false });
    const listed = await en.eas.list({});
    expect(listed.rows.find((e) => e.id === plain)?.japanese).toEqual({
      name: true,
      description: true,
    });
    await en.eas.requestLicense({ eaId: plain, accountId: account });
    const mine = await en.eas.myLicenses({});
    expect(mine.rows.find((r) => r.eaId === plain)?.japanese).toEqual({ eaName: true });
    expect(mine.rows.find((r) => r.eaId === id)?.japanese).toEqual({ eaName: false });
    expect((await ja.eas.myLicenses({})).rows.find((r) => r.eaId === plain)?.japanese).toEqual({
      eaName: false,
    });
  });

  it("battles: the member's battle and its list in their language, the admin's both", async () => {
    const { id } = await admin.battles.create({
      title: "3月バトル",
      titleEn: "March battle",
      startsOn: "2025-03-01",
      endsOn: "2025-03-31",
      prizes: [{ rank: 1, amount: 1000 }],
    });
    const view = await en.battles.view({ id });
    expect(view.battle?.title).toBe("March battle");
    expect(view.battles.find((b) => b.id === id)?.title).toBe("March battle");
    expect(view.battle?.japanese).toEqual({ title: false });
    expect((await ja.battles.view({ id })).battle?.title).toBe("3月バトル");

    // No English title: the battle and its entry in the list say it is Japanese.
    const { id: plain } = await admin.battles.create({
      title: "4月バトル",
      titleEn: "",
      startsOn: "2025-04-01",
      endsOn: "2025-04-30",
      prizes: [{ rank: 1, amount: 1000 }],
    });
    const plainView = await en.battles.view({ id: plain });
    expect(plainView.battle).toMatchObject({ title: "4月バトル", japanese: { title: true } });
    expect(plainView.battles.find((b) => b.id === id)?.japanese).toEqual({ title: false });
    expect((await en.battles.view({ id })).battles.find((b) => b.id === plain)?.japanese).toEqual({
      title: true,
    });
    expect((await ja.battles.view({ id: plain })).battle?.japanese).toEqual({ title: false });
    expect((await admin.battles.adminGet({ id })).battle).toMatchObject({
      title: "3月バトル",
      titleEn: "March battle",
    });
  });

  it("marathon: the title and a goal's text without English are said to be Japanese", async () => {
    await admin.marathon.create({
      course: "general",
      title: "11月マラソン",
      startsOn: "2026-11-01",
      endsOn: "2026-11-30",
      goals: [
        { marathonNumber: 701, threshold: 1000, reward: 0, modalText: "千円達成", modalTextEn: "" },
        {
          marathonNumber: 702,
          threshold: 2000,
          reward: 0,
          modalText: "二千円達成",
          modalTextEn: "Two thousand!",
        },
      ],
    });
    const runner = (await createUser(t.db)).id;
    const code = `M${newId().slice(-6)}`;
    const broker = await createBroker(t.db, code, "Marathon broker");
    await createAccount(t.db, runner, broker, "700001", "approved", adminId);
    await importsOf(admin, t.db).report("r.csv", [`2026-11-05,${code},700001,1,5000,JPY,run`]);

    const english = await callerFor(t.db, runner, { locale: "en" });
    const japanese = await callerFor(t.db, runner, { locale: "ja" });
    const progress = await english.marathon.progress({ course: "general" });
    expect(progress.marathons.find((m) => m.title === "11月マラソン")?.japanese).toEqual({
      title: true,
    });
    const jaProgress = await japanese.marathon.progress({ course: "general" });
    expect(jaProgress.marathons.find((m) => m.title === "11月マラソン")?.japanese).toEqual({
      title: false,
    });
    const pending = await english.marathon.pending();
    expect(pending.map((g) => [g.modalText, g.japanese])).toEqual([
      ["千円達成", { modalText: true }],
      ["Two thousand!", { modalText: false }],
    ]);
    expect((await japanese.marathon.pending()).map((g) => g.japanese)).toEqual([
      { modalText: false },
      { modalText: false },
    ]);
  });
});
