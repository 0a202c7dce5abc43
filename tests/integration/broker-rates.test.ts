import { describe, expect, it } from "vitest";
import { testEngine } from "../helpers/db";
import { brokersSuite, TITAN_FX } from "../helpers/brokers-suite";
import { createAccount, previewed, report, setAccountType } from "../helpers/cashback";
import { callerFor, createUser } from "../helpers/fixtures";
import { refusal } from "../helpers/outcome";
import { auditsOf } from "../helpers/audit";

const suite = brokersSuite();
const { t, storage, brokerInput, xmUpdate } = suite;

const terms = (overrides: Record<string, unknown> = {}) => ({
  conditions: "口座開設から30日以内の取引が対象です。",
  conditionsEn: "Trades within 30 days of opening count.",
  creditCycle: "monthly",
  creditDay: "10",
  rates: [
    { accountType: "Standard", kind: "jpy_per_lot", value: "800" },
    { accountType: "Zero", kind: "usd_per_lot", value: "5" },
    { accountType: "Micro", kind: "spread_percent", value: "30" },
    { accountType: "", kind: "jpy_per_lot", value: "" }, // a spare row left blank
  ],
  ...overrides,
});

describe(`broker rates and crediting on ${testEngine}`, () => {
  it("saves rates, conditions and schedule with the broker, audited, and shows them to anyone", async () => {
    await suite.update(xmUpdate({ terms: terms() }));
    const broker = await suite.admin.brokers.get({ id: suite.brokers.xm! });
    expect(broker).toMatchObject({ creditCycle: "monthly", creditDay: 10 });
    expect(broker.rates).toEqual([
      { accountType: "Standard", kind: "jpy_per_lot", valueX100: 80_000 },
      { accountType: "Zero", kind: "usd_per_lot", valueX100: 500 },
      { accountType: "Micro", kind: "spread_percent", valueX100: 3_000 },
    ]);

    const visitor = await callerFor(t.db, undefined, { storage });
    const card = await visitor.brokers.rates();
    expect(card.usdJpyX100).toBe(15_000);
    const xm = card.brokers.find((b) => b.code === "xm")!;
    expect(xm.conditions).toBe("口座開設から30日以内の取引が対象です。");
    const english = await callerFor(t.db, undefined, { storage, locale: "en" });
    const card_en = await english.brokers.rates();
    expect(card_en.brokers.find((b) => b.code === "xm")!.conditions).toBe(
      "Trades within 30 days of opening count.",
    );
    expect(xm.schedule).toEqual({ cycle: "monthly", day: 10 });
    expect(xm.nextCrediting).toMatch(/^\d{4}-\d{2}-(1[0-9]|2[0-9])$/);
    expect(xm.rates).toHaveLength(3);
    // Inactive brokers are not on the public card.
    expect(card.brokers.map((b) => b.code)).not.toContain("gone");

    const audit = await auditsOf(t.db, suite.brokers.xm!, "broker.update");
    expect(audit).toHaveLength(1);
    const data = JSON.parse(audit[0]!.data!) as {
      before: { rates: string[] };
      after: { rates: string[]; credit_day: number };
    };
    expect(data.before.rates).toEqual([]);
    expect(data.after.rates).toEqual([
      "Standard jpy_per_lot 80000",
      "Zero usd_per_lot 500",
      "Micro spread_percent 3000",
    ]);
    expect(data.after.credit_day).toBe(10);

    // Saving the same terms again changes nothing, so nothing more is audited; an update
    // without terms (an older form) keeps them.
    await suite.update(xmUpdate({ terms: terms() }));
    await suite.update(xmUpdate({}));
    expect((await suite.admin.brokers.get({ id: suite.brokers.xm! })).rates).toHaveLength(3);
    const again = await auditsOf(t.db, suite.brokers.xm!, "broker.update");
    expect(again).toHaveLength(1);
  });

  it("refuses a bad rate, a day the schedule does not have, and too many rows; nothing is saved", async () => {
    const before = (await suite.admin.brokers.get({ id: suite.brokers.titan! })).rates;
    const titan = (extra: Record<string, unknown>) => ({
      ...brokerInput(TITAN_FX),
      id: suite.brokers.titan!,
      ...extra,
    });
    expect(
      await refusal(
        suite.update(
          titan({
            terms: terms({
              creditCycle: "weekly",
              creditDay: "6",
              rates: [
                { accountType: "Standard", kind: "jpy_per_lot", value: "abc" },
                { accountType: "Pro", kind: "spread_percent", value: "150" },
                { accountType: "", kind: "jpy_per_lot", value: "5" },
              ],
            }),
          }),
        ),
      ),
    ).toEqual({
      "terms.creditDay": "creditDayWeek",
      "terms.rates.0.value": "rateValue",
      "terms.rates.1.value": "ratePercent",
      "terms.rates.2.accountType": "required",
    });
    const many = Array.from({ length: 13 }, (_, i) => ({
      accountType: `T${i}`,
      kind: "jpy_per_lot",
      value: "100",
    }));
    expect(await refusal(suite.update(titan({ terms: terms({ rates: many }) })))).toEqual({
      "terms.rates": "tooMany",
    });
    expect((await suite.admin.brokers.get({ id: suite.brokers.titan! })).rates).toEqual(before);
  });

  it("lets only admins edit terms; members and visitors are refused", async () => {
    const m = await suite.member();
    expect(await refusal(m.caller.brokers.update(xmUpdate({ terms: terms({ rates: [] }) })))).toBe(
      "forbidden",
    );
    const visitor = await callerFor(t.db, undefined, { storage });
    expect(await refusal(visitor.brokers.update(xmUpdate({ terms: terms({ rates: [] }) })))).toBe(
      "loginRequired",
    );
    expect((await suite.admin.brokers.get({ id: suite.brokers.xm! })).rates).toHaveLength(3);
    // The member's crediting days are the member's own: an admin and a visitor are refused.
    expect(await refusal(suite.admin.cashback.dashboard())).toBe("forbidden");
    expect(await refusal(visitor.cashback.dashboard())).toBe("loginRequired");
  });

  it("creates a broker with its terms, its first rates in force once a second admin approves", async () => {
    const { id, rateChange } = await suite.admin.brokers.create({
      ...brokerInput({ name: "Weekly", code: "weekly" }),
      terms: terms({ creditCycle: "weekly", creditDay: "5", conditionsEn: "" }),
    });
    // The schedule and conditions are saved at once; the rates wait.
    const waiting = await suite.admin.brokers.get({ id });
    expect(waiting).toMatchObject({ creditCycle: "weekly", creditDay: 5, conditionsEn: "" });
    expect(waiting.rates).toEqual([]);
    await suite.checker.brokers.rateChanges.approve({ id: rateChange! });
    expect((await suite.admin.brokers.get({ id })).rates).toHaveLength(3);
  });

  it("creates a broker without rates with nothing to approve", async () => {
    const { id, rateChange } = await suite.admin.brokers.create({
      ...brokerInput({ name: "Bare", code: "bare" }),
      terms: terms({ rates: [] }),
    });
    expect(rateChange).toBeNull();
    expect(await suite.admin.brokers.rateChanges.list({ id })).toEqual([]);
  });

  it("gives a member the next crediting day of each broker they have a live account at", async () => {
    const m = await suite.member();
    await createAccount(t.db, m.id, suite.brokers.xm!, "555001", "pending");
    await createAccount(t.db, m.id, suite.brokers.xm!, "555002");
    await createAccount(t.db, m.id, suite.brokers.titan!, "55500301", "denied");
    await createAccount(t.db, m.id, suite.brokers.exness!, "ABCD1234");
    const { crediting: days } = await m.caller.cashback.dashboard();
    expect(days.map((d) => d.brokerName)).toEqual(["Exness", "XM"]);
    expect(days.find((d) => d.brokerName === "XM")!.nextCrediting).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // No schedule announced: no date, but the broker is listed.
    expect(days.find((d) => d.brokerName === "Exness")!.nextCrediting).toBeNull();
  });

  it("flags import rows whose amount lots × rate does not explain", async () => {
    const m = await createUser(t.db);
    await createAccount(t.db, m.id, suite.brokers.xm!, "777001");
    const preview = await previewed(
      t.db,
      suite.admin,
      {
        fileName: "xm.csv",
        contentBase64: report([
          "2026-11-01,XM,777001,2,1600,JPY,a1", // 2 lots × ¥800
          "2026-11-01,XM,777001,2,1601,JPY,a2", // rounding
          "2026-11-01,XM,777001,2,15,USD,a3", // $15 = ¥2,250: neither ¥1,600 (¥800) nor ¥1,500 ($5 at ¥150)
          "2026-11-01,XM,777001,1,9000,JPY,a4", // no rate pays ¥9,000 for a lot
          "2026-11-01,XM,888888,1,9000,JPY,a5", // unmatched is still checked
        ]),
        usdRate: "150",
      },
      storage,
    );
    expect(preview.rateMismatch).toBe(3);
    const batch = await suite.admin.cashback.batch({ batchId: preview.batchId });
    expect(batch.batch.rateMismatch).toBe(3);
    expect(batch.page.rows.map((r) => [r.line, r.lots, r.expectedYen, r.rateMismatch])).toEqual([
      [2, "2", 1600, false],
      [3, "2", 1600, false],
      [4, "2", 1600, true],
      [5, "1", 800, true],
      [6, "1", 800, true],
    ]);
  });

  it("checks an account's rows at its own account type's rate; without a type, at the nearest", async () => {
    const m = await createUser(t.db);
    const standard = await createAccount(t.db, m.id, suite.brokers.xm!, "777101");
    const micro = await createAccount(t.db, m.id, suite.brokers.xm!, "777102");
    await createAccount(t.db, m.id, suite.brokers.xm!, "777103");
    const typed = { [standard]: "Standard", [micro]: "Micro" };
    for (const [id, accountType] of Object.entries(typed)) {
      await setAccountType(t.db, id, accountType);
    }
    const preview = await previewed(
      t.db,
      suite.admin,
      {
        fileName: "xm-types.csv",
        contentBase64: report([
          // ¥1,500 for 2 lots is Zero's $5 at ¥150, but this account is Standard (¥800): flagged.
          "2026-11-02,XM,777101,2,1500,JPY,t1",
          // Micro pays a share of the spread: it cannot be checked, not even at another type's rate.
          "2026-11-02,XM,777102,2,1500,JPY,t2",
          // No type given: the nearest rate (Zero's) explains it, as before.
          "2026-11-02,XM,777103,2,1500,JPY,t3",
        ]),
        usdRate: "150",
      },
      storage,
    );
    expect(preview.rateMismatch).toBe(1);
    const batch = await suite.admin.cashback.batch({ batchId: preview.batchId });
    expect(batch.page.rows.map((r) => [r.line, r.expectedYen, r.rateMismatch])).toEqual([
      [2, 1600, true],
      [3, null, false],
      [4, 1500, false],
    ]);
  });

  it("takes a member's account type from the broker's types; the admin corrects or clears it, audited", async () => {
    const m = await suite.member();
    const xm = suite.brokers.xm!;
    await m.caller.brokers.accounts.add({
      brokerId: xm,
      accountNumber: "666001",
      accountType: "Zero",
    });
    // XM lists several types: one must be chosen (each pays its own rate).
    expect(
      await refusal(m.caller.brokers.accounts.add({ brokerId: xm, accountNumber: "666002" })),
    ).toEqual({ accountType: "brokerAccountTypeRequired" });
    expect(
      await refusal(
        m.caller.brokers.accounts.add({
          brokerId: xm,
          accountNumber: "666003",
          accountType: "Gold",
        }),
      ),
    ).toEqual({ accountType: "brokerAccountType" });
    const mine = await m.caller.brokers.accounts.mine({ sort: "createdAt", dir: "asc" });
    const byNumber = mine.rows;
    expect(byNumber.map((r) => [r.accountNumber, r.accountType])).toEqual([["666001", "Zero"]]);

    const id = byNumber[0]!.id;
    expect(await refusal(m.caller.brokers.accounts.setType({ id, accountType: "Standard" }))).toBe(
      "forbidden",
    );
    expect(await suite.admin.brokers.accounts.setType({ id, accountType: "Standard" })).toEqual({
      changed: true,
    });
    expect(await suite.admin.brokers.accounts.setType({ id, accountType: "Standard" })).toEqual({
      changed: false,
    });
    expect(
      await refusal(suite.admin.brokers.accounts.setType({ id, accountType: "Gold" })),
    ).toEqual({ accountType: "brokerAccountType" });
    const listed = await suite.admin.brokers.accounts.list({ member: m.email });
    expect(listed.rows.find((r) => r.id === id)!.accountType).toBe("Standard");
    await suite.admin.brokers.accounts.setType({ id, accountType: "" });
    const audit = await auditsOf(t.db, id, "account.type");
    expect(audit.map((a) => JSON.parse(a.data!) as { before: unknown; after: unknown })).toEqual([
      expect.objectContaining({ before: "Zero", after: "Standard" }),
      expect.objectContaining({ before: "Standard", after: null }),
    ]);
  });

  it("converts USD rates at the operator's stated dollar rate, and refuses a bad one", async () => {
    const base = {
      transferFeeRate: "0",
      transferMin: 1000,
      transferMax: 500000,
      usdtNetwork: "TRC20" as const,
      paypayDailyLimit: 100000,
    };
    expect(await refusal(suite.admin.settings.update({ ...base, usdJpyRate: "abc" }))).toEqual({
      usdJpyRate: "usdJpyRate",
    });
    await suite.admin.settings.update({ ...base, usdJpyRate: "151.5" });
    const visitor = await callerFor(t.db, undefined, { storage });
    expect((await visitor.brokers.rates()).usdJpyX100).toBe(15_150);
    // Left out, it stays.
    await suite.admin.settings.update(base);
    expect((await suite.admin.settings.get()).usdJpyX100).toBe(15_150);
  });
});
