import { describe, expect, it } from "vitest";
import { tokyoDay } from "#domain/tokyo";
import { saveRateVersion } from "#server/features/brokers/terms";
import { brokersSuite, rateTerms, unpricedReport } from "../helpers/brokers-suite";
import { createAccount, importsOf, previewed, setAccountType } from "../helpers/cashback";
import { callerFor, createUser } from "../helpers/fixtures";
import { refusal } from "../helpers/outcome";
import { testEngine } from "../helpers/db";
import { auditsOf } from "../helpers/audit";

const suite = brokersSuite();
const { t, storage, xmUpdate } = suite;

const dayAfter = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe(`rates in force on the trade date on ${testEngine}`, () => {
  it("schedules a change from a day on, refuses a day that is not one, and shows what changed and when", async () => {
    // A broker's first rates apply from the start.
    await suite.update(
      xmUpdate({
        terms: rateTerms([
          { accountType: "Standard", kind: "jpy_per_lot", value: "800" },
          { accountType: "Pro", kind: "usd_per_lot", value: "5" },
          { accountType: "Micro", kind: "spread_percent", value: "40" },
        ]),
      }),
    );
    const today = tokyoDay();
    const tomorrow = dayAfter(today, 1);
    // A day already past is taken (tests/integration/rate-adjustments.test.ts).
    expect(await refusal(suite.update(xmUpdate({ terms: rateTerms([], "2026-02-30") })))).toEqual({
      "terms.ratesFrom": "rateDate",
    });
    await suite.update(
      xmUpdate({
        terms: rateTerms(
          [
            { accountType: "Standard", kind: "jpy_per_lot", value: "900" },
            { accountType: "Pro", kind: "usd_per_lot", value: "5" },
            { accountType: "Micro", kind: "spread_percent", value: "40" },
          ],
          tomorrow,
        ),
      }),
    );

    // Today's card is unchanged; the change is listed as scheduled, from its day.
    const visitor = await callerFor(t.db, undefined, { storage });
    const xm = (await visitor.brokers.rates()).brokers.find((b) => b.code === "xm")!;
    expect(xm.rates[0]).toEqual({
      accountType: "Standard",
      kind: "jpy_per_lot",
      valueX100: 80_000,
    });
    expect(xm.changes).toEqual([
      {
        from: tomorrow,
        scheduled: true,
        rates: [
          { accountType: "Standard", kind: "jpy_per_lot", valueX100: 90_000 },
          { accountType: "Pro", kind: "usd_per_lot", valueX100: 500 },
          { accountType: "Micro", kind: "spread_percent", valueX100: 4_000 },
        ],
      },
    ]);
    const broker = await suite.admin.brokers.get({ id: suite.brokers.xm! });
    expect(broker.rates[0]!.valueX100).toBe(80_000);
    expect(broker.versions.map((v) => v.from)).toEqual(["2000-01-01", tomorrow]);

    // The change is audited with its day.
    const audit = await auditsOf(t.db, suite.brokers.xm!, "broker.update");
    expect(
      audit.map((a) => (JSON.parse(a.data!) as { after: { ratesFrom: string } }).after.ratesFrom),
    ).toEqual(["2000-01-01", tomorrow]);
  });

  it("prices each row at its trade date's rates and account type, stores rate and source, never re-prices", async () => {
    const xmId = suite.brokers.xm!;
    // A change that took effect on 1 October: Standard paid ¥700 a lot from then on.
    await saveRateVersion(
      t.db.kysely,
      xmId,
      [
        { accountType: "Standard", kind: "jpy_per_lot", valueX100: 70_000 },
        { accountType: "Pro", kind: "usd_per_lot", valueX100: 450 },
        { accountType: "Micro", kind: "spread_percent", valueX100: 4_000 },
      ],
      "2026-10-01",
      suite.adminId,
    );
    const m = await createUser(t.db);
    const standard = await createAccount(t.db, m.id, xmId, "880001");
    const pro = await createAccount(t.db, m.id, xmId, "880002");
    const micro = await createAccount(t.db, m.id, xmId, "880003");
    await createAccount(t.db, m.id, xmId, "880004"); // no type given
    await setAccountType(t.db, standard, "Standard");
    await setAccountType(t.db, pro, "Pro");
    await setAccountType(t.db, micro, "Micro");

    const preview = await previewed(
      t.db,
      suite.admin,
      {
        fileName: "xm-priced.csv",
        contentBase64: unpricedReport([
          "2026-09-30,XM,880001,2,JPY,,p1", // before the change: 2 × ¥800
          "2026-10-01,XM,880001,2,JPY,,p2", // from the change: 2 × ¥700
          "2026-10-15,XM,880002,0.37,JPY,,p3", // Pro: 0.37 × $4.50 × ¥151.234567 = ¥251.80
          "2026-10-15,XM,880003,1,USD,12.3456,p4", // Micro: 40 % of $12.3456 × ¥151.234567 = ¥746.83
          "2026-10-15,XM,880003,1,JPY,,p5", // Micro without a commission: cannot be priced
          "2026-10-15,XM,880004,0.01,JPY,,p6", // no type: the default (Standard) 0.01 × ¥700 = ¥7
          "2026-10-15,XM,880001,0.001,JPY,,p7", // ¥0.7: nothing to pay
        ]),
        usdRate: "151.234567",
      },
      storage,
    );
    expect(preview).toMatchObject({ total: 7, matched: 5, error: 2, rateMismatch: 0 });
    const batch = await suite.admin.cashback.batch({ batchId: preview.batchId });
    expect(
      batch.page.rows.filter((r) => r.status === "error").map((r) => [r.line, r.error]),
    ).toEqual([
      [6, "noCommission"],
      [8, "zeroAmount"],
    ]);

    const imports = importsOf(suite.admin, t.db);
    expect(await imports.commit({ batchId: preview.batchId })).toEqual({
      rows: 5,
      amount: 1_600 + 1_400 + 251 + 746 + 7,
    });
    const history = async () =>
      t.db.kysely
        .selectFrom("cashbacks")
        .select([
          "trade_date",
          "amount",
          "rate_type",
          "rate_kind",
          "rate_x100",
          "rate_from",
          "rate_source",
          "priced",
          "commission_yen",
        ])
        .where("batch_id", "=", preview.batchId)
        .orderBy("source_key")
        .execute();
    const rows = await history();
    expect(
      rows.map((r) => ({
        ...r,
        rate_x100: Number(r.rate_x100),
        commission_yen: r.commission_yen === null ? null : Number(r.commission_yen),
      })),
    ).toEqual([
      {
        trade_date: "2026-09-30",
        amount: 1_600,
        rate_type: "Standard",
        rate_kind: "jpy_per_lot",
        rate_x100: 80_000,
        rate_from: "2000-01-01",
        rate_source: "account_type",
        priced: 1,
        commission_yen: null,
      },
      expect.objectContaining({ trade_date: "2026-10-01", amount: 1_400, rate_from: "2026-10-01" }),
      expect.objectContaining({ amount: 251, rate_type: "Pro", rate_kind: "usd_per_lot" }),
      expect.objectContaining({
        amount: 746,
        rate_type: "Micro",
        rate_kind: "spread_percent",
        // $12.3456 × ¥151.234567 = ¥1,867.08
        commission_yen: 1_867,
      }),
      expect.objectContaining({
        amount: 7,
        rate_type: "Standard",
        rate_source: "default_type",
      }),
    ]);

    // A later change of the card (from today) re-prices nothing already credited.
    await suite.update(
      xmUpdate({
        terms: rateTerms([{ accountType: "Standard", kind: "jpy_per_lot", value: "1000" }]),
      }),
    );
    expect(await history()).toEqual(rows);
  });

  it("prices a row matched at a re-run again at its account's type", async () => {
    const xmId = suite.brokers.xm!;
    const m = await createUser(t.db);
    const preview = await previewed(
      t.db,
      suite.admin,
      {
        fileName: "xm-later.csv",
        contentBase64: unpricedReport(["2026-10-20,XM,890001,1,JPY,,r1"]),
        usdRate: "150",
      },
      storage,
    );
    expect(preview).toMatchObject({ unmatched: 1 });
    const imports = importsOf(suite.admin, t.db);
    await imports.commit({ batchId: preview.batchId });
    // Staged at the default type (Standard ¥700 on 20 October) while the account was unknown.
    const staged = await t.db.kysely
      .selectFrom("import_rows")
      .select(["amount_yen", "rate_source"])
      .where("batch_id", "=", preview.batchId)
      .executeTakeFirstOrThrow();
    expect(staged).toEqual({ amount_yen: 700, rate_source: "default_type" });

    const account = await createAccount(t.db, m.id, xmId, "890001");
    await setAccountType(t.db, account, "Pro");
    // Pro on 20 October: $4.50 a lot at ¥150.
    expect(await imports.rerun({ batchId: preview.batchId })).toEqual({ rows: 1, amount: 675 });
    const credited = await t.db.kysely
      .selectFrom("cashbacks")
      .select(["amount", "rate_type", "rate_source"])
      .where("batch_id", "=", preview.batchId)
      .executeTakeFirstOrThrow();
    expect(credited).toEqual({ amount: 675, rate_type: "Pro", rate_source: "account_type" });
  });

  it("refuses a priced dollar row without the batch's dollar rate, and a commission that is not a number", async () => {
    const m = await createUser(t.db);
    const account = await createAccount(t.db, m.id, suite.brokers.xm!, "891001");
    await setAccountType(t.db, account, "Pro");
    await expect(
      previewed(
        t.db,
        suite.admin,
        {
          fileName: "xm-usd.csv",
          contentBase64: unpricedReport(["2026-10-20,XM,891001,1,JPY,,u1"]),
        },
        storage,
      ),
    ).rejects.toMatchObject({ key: "import.rateMissing" });
    const preview = await previewed(
      t.db,
      suite.admin,
      {
        fileName: "xm-bad.csv",
        contentBase64: unpricedReport([
          "2026-10-20,XM,891001,1,JPY,abc,b1",
          "2026-10-20,XM,891001,1,JPY,-1,b2",
        ]),
        usdRate: "150",
      },
      storage,
    );
    const batch = await suite.admin.cashback.batch({ batchId: preview.batchId });
    expect(batch.page.rows.map((r) => [r.line, r.error])).toEqual([
      [2, "badCommission"],
      [3, "badCommission"],
    ]);
  });
});
