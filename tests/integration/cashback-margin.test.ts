import { beforeAll, describe, expect, it } from "vitest";
import { monthMargin } from "#server/features/cashback/margin";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { callerFor, createUser } from "../helpers/fixtures";
import { createAccount, createBroker, importsOf, previewed, report } from "../helpers/cashback";
import { outcome } from "../helpers/outcome";

/**
 * The operator's margin (decision 058) over rows credited by the real import: IB commission in
 * yen and in dollars, cashback, the affiliate rewards paid on it, a broker whose reports carry
 * no commission and a month imported partly before commissions were kept.
 */
const t = fileDatabase({ ledgerMustBalance: true });
let admin: Awaited<ReturnType<typeof callerFor>>;
let imports: ReturnType<typeof importsOf>;
const brokers = { a: "", b: "", c: "" };

/** A report in the present shape with the IB commission column. */
function withCommission(lines: string[]) {
  return Buffer.from(
    ["trade_date,broker,account,lots,amount,currency,ib_commission,row_key", ...lines].join("\n"),
  ).toString("base64");
}

async function importFile(name: string, contentBase64: string, usdRate?: string) {
  const p = await previewed(t.db, admin, { fileName: name, contentBase64, usdRate });
  expect(p.error).toBe(0);
  return imports.commit({ batchId: p.batchId });
}

beforeAll(async () => {
  const adminId = (await createUser(t.db, { permission: "admin" })).id;
  admin = await callerFor(t.db, adminId);
  imports = importsOf(admin, t.db);
  brokers.a = await createBroker(t.db, "MA", "Alpha FX");
  brokers.b = await createBroker(t.db, "MB", "Beta Markets");
  brokers.c = await createBroker(t.db, "MC", "Gamma Trade");

  // A referred customer (10 % default reward to the referrer) and one without a referrer.
  const referrer = await createUser(t.db);
  const referred = await createUser(t.db);
  await t.db.kysely
    .updateTable("users")
    .set({ referrer_id: referrer.id })
    .where("id", "=", referred.id)
    .execute();
  const plain = await createUser(t.db);
  await createAccount(t.db, referred.id, brokers.a, "510001");
  await createAccount(t.db, plain.id, brokers.a, "510002");
  await createAccount(t.db, referred.id, brokers.b, "520001");
  await createAccount(t.db, plain.id, brokers.c, "530001");

  // September, Alpha: one row imported before commissions were kept, one with its commission.
  await importFile("alpha-old.csv", report(["2026-09-20,MA,510002,1,700,JPY,old1"]));
  await importFile(
    "alpha.csv",
    withCommission([
      "2026-09-21,MA,510002,1,300,JPY,900,a0",
      // The last Tokyo day of October and the first of November: two months.
      "2026-10-31,MA,510001,1,1000,JPY,3000,a1",
      "2026-11-01,MA,510001,1,2000,JPY,5000,a2",
      "2026-11-15,MA,510002,1,500,JPY,1500,a3",
    ]),
  );
  // Beta pays in dollars: $10.00 cashback and $12.3456 commission at ¥151.234567.
  await importFile(
    "beta.csv",
    withCommission(["2026-11-10,MB,520001,1,10.00,USD,12.3456,b1"]),
    "151.234567",
  );
  // Gamma's report has no commission column at all.
  await importFile("gamma.csv", report(["2026-11-05,MC,530001,1,800,JPY,c1"]));
});

describe(`operator margin on ${testEngine}`, () => {
  it("sums commission, cashback and rewards per broker and month; unknown commission is no margin", async () => {
    const r = await admin.cashback.margin({ from: "2026-09", to: "2026-11" });
    expect(r.from).toBe("2026-09");
    expect(r.to).toBe("2026-11");
    const rows = r.rows.map((row) => ({
      month: row.month,
      broker: row.brokerName,
      rows: row.rows,
      rowsWithoutCommission: row.rowsWithoutCommission,
      commission: row.commission,
      cashback: row.cashback,
      rewards: row.rewards,
      margin: row.margin,
      percentX10: row.percentX10,
      coverage: row.coverage,
    }));
    expect(rows).toEqual([
      {
        month: "2026-11",
        broker: "Alpha FX",
        rows: 2,
        rowsWithoutCommission: 0,
        commission: 6_500,
        cashback: 2_500,
        rewards: 200, // 10 % of ¥2,000; the customer without a referrer pays none
        margin: 3_800,
        percentX10: 585, // 3,800 / 6,500 = 58.46 %
        coverage: "complete",
      },
      {
        month: "2026-11",
        broker: "Beta Markets",
        rows: 1,
        rowsWithoutCommission: 0,
        commission: 1_867, // $12.3456 × ¥151.234567 = ¥1,867.08, rounded down
        cashback: 1_512, // $10.00 × ¥151.234567 = ¥1,512.35, rounded down
        rewards: 151,
        margin: 204,
        percentX10: 109, // 204 / 1,867 = 10.93 %
        coverage: "complete",
      },
      {
        month: "2026-11",
        broker: "Gamma Trade",
        rows: 1,
        rowsWithoutCommission: 1,
        commission: 0,
        cashback: 800,
        rewards: 0,
        margin: null,
        percentX10: null,
        coverage: "none",
      },
      {
        month: "2026-10",
        broker: "Alpha FX",
        rows: 1,
        rowsWithoutCommission: 0,
        commission: 3_000,
        cashback: 1_000,
        rewards: 100,
        margin: 1_900,
        percentX10: 633,
        coverage: "complete",
      },
      {
        month: "2026-09",
        broker: "Alpha FX",
        rows: 2,
        rowsWithoutCommission: 1,
        commission: 900,
        cashback: 1_000,
        rewards: 0,
        margin: null,
        percentX10: null,
        coverage: "partial",
      },
    ]);

    // The totals: every yen paid, and the margin over the broker-months whose margin is known.
    expect(r.total).toEqual({
      rows: 7,
      rowsWithoutCommission: 2,
      commission: 900 + 3_000 + 6_500 + 1_867,
      cashback: 1_000 + 1_000 + 2_500 + 1_512 + 800,
      rewards: 100 + 200 + 151,
      margin: 1_900 + 3_800 + 204,
      percentX10: 519, // 5,904 / 11,367 = 51.94 %
      marginCommission: 3_000 + 6_500 + 1_867,
      groupsWithoutMargin: 2,
    });
    // The chart's months: September's only broker-month is unknown; November leaves Gamma out.
    expect(r.months.map((m) => [m.month, m.margin, m.groupsWithoutMargin])).toEqual([
      ["2026-09", null, 1],
      ["2026-10", 1_900, 0],
      ["2026-11", 3_800 + 204, 1],
    ]);

    // The rewards agree with what the affiliate import paid, row by row.
    const paid = await t.db.kysely
      .selectFrom("affiliate_rewards")
      .select((eb) => eb.fn.sum<number>("amount").as("amount"))
      .executeTakeFirstOrThrow();
    expect(Number(paid.amount)).toBe(r.total.rewards);
  });

  it("filters one broker, and a month with no cashback is an empty report", async () => {
    const beta = await admin.cashback.margin({ broker: brokers.b, from: "2026-09", to: "2026-11" });
    expect(beta.rows.map((row) => [row.month, row.brokerName, row.margin])).toEqual([
      ["2026-11", "Beta Markets", 204],
    ]);
    expect(beta.total.margin).toBe(204);

    const empty = await admin.cashback.margin({ from: "2026-12", to: "2026-12" });
    expect(empty.rows).toEqual([]);
    expect(empty.total).toMatchObject({ commission: 0, cashback: 0, margin: 0, percentX10: null });
  });

  it("reads the month in Tokyo: midnight of 1 November Tokyo is still 31 October in UTC", async () => {
    const october = await monthMargin(t.db, new Date("2026-10-31T14:59:59Z"));
    expect(october).toMatchObject({ month: "2026-10", margin: 1_900, percentX10: 633 });
    const november = await monthMargin(t.db, new Date("2026-10-31T15:00:00Z"));
    expect(november).toMatchObject({
      month: "2026-11",
      margin: 4_004,
      groupsWithoutMargin: 1,
      commission: 8_367,
    });
  });

  it("drops bounds that are not months, and only admins may read it", async () => {
    const fallback = await admin.cashback.margin({ from: "2026-13", to: "last year" });
    expect(fallback.to > "2026-10").toBe(true);
    const member = await callerFor(t.db, (await createUser(t.db)).id);
    expect(await outcome(member.cashback.margin({}))).toBe("forbidden");
    expect(await outcome(member.cashback.monthMargin())).toBe("forbidden");
  });
});
