import { readFileSync } from "node:fs";
import path from "node:path";
import Encoding from "encoding-japanese";
import { beforeAll, describe, expect, it } from "vitest";
import { seedBrokers } from "../../db/seed/brokers";
import { seedImportProfiles } from "../../db/seed/cashback";
import { DEMO_SHAPES, sampleFileName, sampleTrades } from "../../db/seed/reports";
import { commitImport } from "../../server/features/cashback/jobs";
import { previewImport } from "../../server/features/cashback/preview";
import { createLogger } from "../../server/logger";
import { brokersSuite } from "../helpers/brokers-suite";
import { createAccount, importsOf, previewed, report } from "../helpers/cashback";
import { callerFor, createUser } from "../helpers/fixtures";
import { errorOf, refusal } from "../helpers/outcome";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";

const suite = brokersSuite();
const { t, storage, brokerInput } = suite;

const b64 = (text: string) => Buffer.from(text).toString("base64");
const sjis = (text: string) =>
  Buffer.from(
    Encoding.convert(Encoding.stringToCode(text), { to: "SJIS", from: "UNICODE" }),
  ).toString("base64");

const exnessProfile = (overrides: Record<string, unknown> = {}) => ({
  name: "Exness IB report",
  brokerId: suite.brokers.exness!,
  encoding: "utf-8" as "utf-8" | "shift_jis",
  delimiter: ";",
  hasHeader: true,
  columns: {
    account: "Login",
    tradeDate: "Close time",
    volume: "Volume",
    commission: "Commission",
    symbol: "Symbol",
    currency: "",
    rowKey: "Ticket",
  },
  dateFormat: "dd/MM/yyyy HH:mm",
  volumeDivisor: "100000",
  decimalComma: true,
  currency: "USD" as "USD" | "JPY",
  ...overrides,
});

const exnessReport = (rows: string[]) =>
  b64(["Ticket;Login;Symbol;Close time;Volume;Commission", ...rows].join("\r\n"));

async function setRates(id: string, name: string, code: string, rates: unknown[], extra = {}) {
  await suite.admin.brokers.update({
    ...brokerInput({ name, code, ...extra }),
    id,
    terms: { conditions: "", conditionsEn: "", creditCycle: "", creditDay: "", rates },
  });
}

describe(`import profiles on ${testEngine}`, () => {
  it("saves a profile, refuses an incomplete one, and tries one on a sample", async () => {
    expect(
      await refusal(
        suite.admin.cashback.profiles.save(
          exnessProfile({
            columns: { ...exnessProfile().columns, account: "" },
            volumeDivisor: "0",
            dateFormat: "HH:mm",
          }),
        ),
      ),
    ).toEqual({
      "columns.account": "required",
      volumeDivisor: "profileDivisor",
      dateFormat: "profileDateFormat",
    });
    const m = await createUser(t.db);
    const member = await callerFor(t.db, m.id, { storage });
    expect(await refusal(member.cashback.profiles.save(exnessProfile()))).toBe("forbidden");

    const { id } = await suite.admin.cashback.profiles.save(exnessProfile());
    const saved = await suite.admin.cashback.profiles.get({ id });
    expect(saved).toMatchObject({
      brokerCode: "exness",
      delimiter: ";",
      volumeDivisor: 100_000,
      columns: { account: "Login", currency: null },
    });

    const sample = await suite.admin.cashback.profiles.sample({
      ...exnessProfile(),
      contentBase64: exnessReport([
        "9001;ABCD1234;EURUSD;03/11/2026 23:59;250000;12,3456",
        "9002;ABCD1234;USDJPY;04/11/2026 00:01;1000;0,0100",
      ]),
    });
    expect(sample).toEqual({
      refusal: null,
      rows: [
        expect.objectContaining({
          line: 2,
          account: "ABCD1234",
          tradeDate: "2026-11-03",
          lotsMilli: 2_500,
          commission: "12.3456",
          currency: "USD",
          symbol: "EURUSD",
          rowKey: "9001",
        }),
        expect.objectContaining({
          line: 3,
          tradeDate: "2026-11-04",
          lotsMilli: 10,
          commission: "0.01",
        }),
      ],
    });
    const bad = await suite.admin.cashback.profiles.sample({
      ...exnessProfile(),
      contentBase64: exnessReport([
        "9001;ABCD1234;EURUSD;03/11/2026 23:59;250000;12,3456",
        "9002;ABCD1234;EURUSD;2026-11-04;1000;1,00",
      ]),
    });
    expect(bad.refusal).toEqual({
      key: "import.badValue",
      params: { line: 3, column: "Close time", value: "2026-11-04" },
    });
    await suite.admin.cashback.profiles.remove({ id });
    expect(await suite.admin.cashback.profiles.list()).toEqual([]);
  });

  it("reads an upload with the profile its header matches, prices it, and credits it once", async () => {
    await setRates(
      suite.brokers.exness!,
      "Exness",
      "exness",
      [
        { accountType: "Standard", kind: "spread_percent", value: "40" },
        { accountType: "Pro", kind: "usd_per_lot", value: "4.5" },
      ],
      {
        accountKind: "uid",
        idCharset: "alnum",
        idMinLength: "8",
        idMaxLength: "8",
        displayOrder: "30",
      },
    );
    await suite.admin.cashback.profiles.save(exnessProfile());
    const m = await createUser(t.db);
    await createAccount(t.db, m.id, suite.brokers.exness!, "EXPR0001");
    const pro = await createAccount(t.db, m.id, suite.brokers.exness!, "EXPR0002");
    await t.db.kysely
      .updateTable("broker_accounts")
      .set({ account_type: "Pro" })
      .where("id", "=", pro)
      .execute();

    const content = exnessReport([
      // No type: the default (Standard), 40 % of $12.3456 at ¥150 = ¥740.736
      "7001;EXPR0001;EURUSD;03/11/2026 23:59;100000;12,3456",
      // Pro: 0.5 lot × $4.50 × ¥150 = ¥337.5
      "7002;EXPR0002;XAUUSD;04/11/2026 10:00;50000;3,0000",
    ]);
    const preview = await previewed(
      t.db,
      suite.admin,
      { fileName: "exness.csv", contentBase64: content, usdRate: "150" },
      storage,
    );
    expect(preview).toMatchObject({ total: 2, matched: 2, error: 0 });
    const batch = await suite.admin.cashback.batch({ batchId: preview.batchId });
    expect(batch.batch.profile).toMatchObject({ name: "Exness IB report", delimiter: ";" });
    expect(batch.page.rows.map((r) => [r.line, r.amountYen, r.symbol])).toEqual([
      [2, 740, "EURUSD"],
      [3, 337, "XAUUSD"],
    ]);
    const imports = importsOf(suite.admin, t.db);
    expect(await imports.commit({ batchId: preview.batchId })).toEqual({ rows: 2, amount: 1_077 });

    // The same report again: every row a duplicate, nothing credited twice.
    const again = await previewed(
      t.db,
      suite.admin,
      { fileName: "exness-again.csv", contentBase64: content, usdRate: "150" },
      storage,
    );
    expect(again).toMatchObject({ duplicate: 2, matched: 0 });
    const commissions = await t.db.kysely
      .selectFrom("cashbacks")
      .select(["commission_yen", "rate_source"])
      .where("batch_id", "=", preview.batchId)
      .orderBy("source_key")
      .execute();
    expect(commissions.map((c) => [Number(c.commission_yen), c.rate_source])).toEqual([
      [1_851, "default_type"],
      [450, "account_type"],
    ]);

    // The present shape still reads as before beside the profiles.
    const builtin = await previewed(
      t.db,
      suite.admin,
      { fileName: "xm.csv", contentBase64: report(["2026-11-01,XM,100001,1,800,JPY,k1"]) },
      storage,
    );
    expect(builtin).toMatchObject({ total: 1 });
  });

  it("refuses a value the profile cannot read, naming the line, column and value", async () => {
    await expect(
      previewed(
        t.db,
        suite.admin,
        {
          fileName: "exness-bad.csv",
          contentBase64: exnessReport([
            "7101;EXPR0001;EURUSD;03/11/2026 23:59;100000;1,00",
            "7102;EXPR0001;EURUSD;03/11/2026 23:59;lots;1,00",
          ]),
          usdRate: "150",
        },
        storage,
      ),
    ).rejects.toMatchObject({
      key: "import.badValue",
      params: { line: "3", column: "Volume", value: "lots" },
    });
  });

  it("asks the admin to choose when two profiles match, and reads with the one chosen (Shift_JIS)", async () => {
    const sjisProfile = {
      ...exnessProfile(),
      name: "XM 日本語レポート",
      brokerId: suite.brokers.xm!,
      encoding: "shift_jis" as const,
      delimiter: ",",
      columns: {
        account: "口座番号",
        tradeDate: "決済日",
        volume: "ロット",
        commission: "IB報酬",
        symbol: "",
        currency: "",
        rowKey: "",
      },
      dateFormat: "yyyy/MM/dd",
      volumeDivisor: "1",
      decimalComma: false,
      currency: "JPY" as const,
    };
    const first = await suite.admin.cashback.profiles.save(sjisProfile);
    const second = await suite.admin.cashback.profiles.save({ ...sjisProfile, name: "XM 別名" });
    const content = sjis("決済日,口座番号,ロット,IB報酬\r\n2026/11/05,100001,1.5,2000\r\n");
    // The refusal names the candidates and gives their ids, so the form offers exactly them,
    // and says it is about the profile choice.
    const choose = (await errorOf(() =>
      suite.admin.cashback.preview({ fileName: "xm-ja.csv", contentBase64: content }),
    )) as { key: string; params: Record<string, string>; field: string };
    expect({ key: choose.key, params: choose.params, field: choose.field }).toEqual({
      key: "import.chooseProfile",
      params: { names: "XM 別名, XM 日本語レポート", ids: `${second.id},${first.id}` },
      field: "profileId",
    });
    await setRates(suite.brokers.xm!, "XM", "xm", [
      { accountType: "Standard", kind: "jpy_per_lot", value: "640" },
    ]);
    const preview = await previewed(
      t.db,
      suite.admin,
      { fileName: "xm-ja.csv", contentBase64: content, profileId: first.id },
      storage,
    );
    expect(preview).toMatchObject({ total: 1 });
    const batch = await suite.admin.cashback.batch({ batchId: preview.batchId });
    // 1.5 lots × ¥640
    expect(batch.page.rows.map((r) => [r.tradeDate, r.accountNumber, r.amountYen])).toEqual([
      ["2026-11-05", "100001", 960],
    ]);
  });
});

/** Ten-thousandths as the report's decimal ("35617" → "3.5617"). */
const x10000 = (v: number | null) =>
  v === null ? null : `${Math.floor(v / 10_000)}.${String(v % 10_000).padStart(4, "0")}`;

/**
 * The golden rows of each demo broker's sample report (db/seed/reports/), imported with the
 * seed's profile at ¥150 to the dollar: [account, trade date, lots (thousandths), commission as
 * reported, currency, cashback (yen), rate type, rate source, status]. The demo accounts are
 * typed as the seed types them; an account the site does not know (or not yet approved) is
 * priced at the broker's default type until it is matched.
 */
const GOLDEN: Record<string, unknown[][]> = {
  // Shift_JIS, Japanese headers; yen commission. Standard ¥640 a lot; KIWAMI 30 % of the
  // commission; Zero $4.50 a lot.
  xm: [
    ["123456", "2026-11-16", 500, "1066.0000", "JPY", 320, "Standard", "account_type", "matched"],
    ["223456", "2026-11-16", 4_250, "9065.0000", "JPY", 2_719, "KIWAMI", "account_type", "matched"],
    ["323456", "2026-11-16", 2_000, "4266.0000", "JPY", 1_350, "Zero", "account_type", "matched"],
    [
      "900001",
      "2026-11-16",
      5_750,
      "12264.0000",
      "JPY",
      3_680,
      "Standard",
      "default_type",
      "unmatched",
    ],
    [
      "123456",
      "2026-11-19",
      2_750,
      "5865.0000",
      "JPY",
      1_760,
      "Standard",
      "account_type",
      "matched",
    ],
    ["223456", "2026-11-19", 500, "1066.0000", "JPY", 319, "KIWAMI", "account_type", "matched"],
    ["323456", "2026-11-19", 4_250, "9065.0000", "JPY", 2_868, "Zero", "account_type", "matched"],
    [
      "900001",
      "2026-11-19",
      2_000,
      "4266.0000",
      "JPY",
      1_280,
      "Standard",
      "default_type",
      "unmatched",
    ],
  ],
  // Semicolons, day-first dates, decimal commas; Standard is 40 % of the dollar commission.
  exness: [
    ["EX12AB34", "2026-11-16", 500, "5.3300", "USD", 319, "Standard", "account_type", "matched"],
    [
      "EX90ZZ01",
      "2026-11-16",
      4_250,
      "45.3400",
      "USD",
      2_720,
      "Standard",
      "default_type",
      "unmatched",
    ],
    [
      "EX12AB34",
      "2026-11-19",
      2_750,
      "29.3400",
      "USD",
      1_760,
      "Standard",
      "account_type",
      "matched",
    ],
    ["EX90ZZ01", "2026-11-19", 500, "5.3300", "USD", 319, "Standard", "default_type", "unmatched"],
  ],
  // Dollar commission to four decimals; the friend's Pro account at $3 a lot; the member's
  // pending account at the default Standard ¥640.
  axi: [
    ["765432", "2026-11-16", 500, "3.5617", "USD", 225, "Pro", "account_type", "matched"],
    [
      "654321",
      "2026-11-16",
      4_250,
      "30.2744",
      "USD",
      2_720,
      "Standard",
      "default_type",
      "unmatched",
    ],
    ["765432", "2026-11-19", 2_750, "19.5893", "USD", 1_237, "Pro", "account_type", "matched"],
    ["654321", "2026-11-19", 500, "3.5617", "USD", 320, "Standard", "default_type", "unmatched"],
  ],
  // Tab-separated, volume in units (100,000 a lot), no row key; Standard ¥640 a lot.
  titanfx: [
    ["8765432", "2026-11-16", 500, "800.0000", "JPY", 320, "Standard", "account_type", "matched"],
    [
      "7654321",
      "2026-11-16",
      4_250,
      "6800.0000",
      "JPY",
      2_720,
      "Standard",
      "default_type",
      "unmatched",
    ],
    [
      "8765432",
      "2026-11-19",
      2_750,
      "4400.0000",
      "JPY",
      1_760,
      "Standard",
      "account_type",
      "matched",
    ],
    ["7654321", "2026-11-19", 500, "800.0000", "JPY", 320, "Standard", "default_type", "unmatched"],
  ],
};

describe(`the demo brokers' sample reports on ${testEngine}`, () => {
  const d = fileDatabase({ ledgerMustBalance: true });
  const people = { adminId: "", memberId: "", others: [] as string[] };
  const deps = () => ({ db: d.db, log: createLogger({ level: "silent" }) });
  const sampleOf = (code: string) =>
    readFileSync(path.join("db/seed/reports", sampleFileName(DEMO_SHAPES.get(code)!)));

  beforeAll(async () => {
    people.adminId = (await createUser(d.db, { permission: "admin" })).id;
    people.memberId = (await createUser(d.db)).id;
    people.others = [(await createUser(d.db)).id, (await createUser(d.db)).id];
    // The demo brokers, their rate cards and the demo accounts with their types, and the
    // profiles, as the demo seed makes them.
    await seedBrokers(d.db, people);
    await seedImportProfiles(d.db, people.adminId);
  });

  it("ships each shape's sample as the seed's writer makes it", () => {
    for (const shape of DEMO_SHAPES.values())
      expect(new Uint8Array(sampleOf(shape.brokerCode)), shape.brokerCode).toEqual(
        shape.write(sampleTrades(shape.brokerCode)),
      );
    // The Japanese one is Shift_JIS bytes, not UTF-8.
    expect(Encoding.detect(sampleOf("xm"))).toBe("SJIS");
  });

  it.each(Object.keys(GOLDEN))(
    "%s: the sample, picked by its header, gives the golden rows, credits the matched once",
    async (code) => {
      const content = sampleOf(code);
      // No profile named: the header picks it, as on /admin/update.
      const preview = await previewImport(deps(), people.adminId, {
        fileName: `sample-${code}`,
        content,
        usdRate: "150",
      });
      const batch = await d.db.kysely
        .selectFrom("import_batches")
        .select("profile")
        .where("id", "=", preview.batchId)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(batch.profile!)).toMatchObject({
        name: DEMO_SHAPES.get(code)!.profile.name,
      });
      const staged = await d.db.kysely
        .selectFrom("import_rows")
        .select([
          "account_number",
          "trade_date",
          "lots_milli",
          "commission_x10000",
          "currency",
          "amount_yen",
          "rate_type",
          "rate_source",
          "status",
        ])
        .where("batch_id", "=", preview.batchId)
        .orderBy("line_no")
        .execute();
      expect(
        staged.map((r) => [
          r.account_number,
          r.trade_date,
          r.lots_milli,
          x10000(r.commission_x10000 === null ? null : Number(r.commission_x10000)),
          r.currency,
          r.amount_yen,
          r.rate_type,
          r.rate_source,
          r.status,
        ]),
      ).toEqual(GOLDEN[code]);

      const matched = GOLDEN[code]!.filter((g) => g[8] === "matched");
      expect(await commitImport(deps(), people.adminId, preview.batchId)).toEqual({
        rows: matched.length,
        amount: matched.reduce((s, g) => s + (g[5] as number), 0),
      });
      // The history keeps the rate each row was priced at and where it came from.
      const history = await d.db.kysely
        .selectFrom("cashbacks")
        .select(["amount", "rate_type", "rate_source", "priced"])
        .where("batch_id", "=", preview.batchId)
        .execute();
      const key = (v: unknown[]) => JSON.stringify(v);
      expect(
        history.map((h) => key([Number(h.amount), h.rate_type, h.rate_source, h.priced])).sort(),
      ).toEqual(matched.map((g) => key([g[5], g[6], g[7], 1])).sort());
      // The same file again credits nothing twice.
      const again = await previewImport(deps(), people.adminId, {
        fileName: `sample-${code}-again`,
        content,
        usdRate: "150",
      });
      expect(again).toMatchObject({ matched: 0, duplicate: matched.length });
    },
  );
});
