import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { saveRateVersion } from "#server/features/brokers/terms";
import { brokersSuite } from "../helpers/brokers-suite";
import { createAccount, importsOf, previewed, setAccountType } from "../helpers/cashback";
import { createUser } from "../helpers/fixtures";
import { testEngine } from "../helpers/db";

/**
 * Broker reports as delivered, each row's yen computed by hand in the test: identical trades of
 * one file, exact volumes rounded once, wrong encodings, files no profile fits, and trade times
 * in the broker's server time.
 */
const suite = brokersSuite();
const { t, storage } = suite;

/**
 * The odd files of tests/fixtures/reports, as a broker delivers them: TitanFX's tab-separated
 * IB report (no ticket, so a row is known by its content), in UTF-8 unless named otherwise.
 */
const fixture = (name: string) =>
  readFileSync(path.join("tests/fixtures/reports", name)).toString("base64");

const titanProfile = (overrides: Record<string, unknown> = {}) => ({
  name: "TitanFX IB report",
  brokerId: suite.brokers.titan!,
  encoding: "utf-8" as "utf-8" | "shift_jis",
  delimiter: "tab",
  hasHeader: true,
  columns: {
    account: "Account",
    tradeDate: "Date",
    volume: "Volume",
    commission: "Commission",
    symbol: "Symbol",
    currency: "",
    rowKey: "",
  },
  dateFormat: "yyyy-MM-dd",
  volumeDivisor: "1",
  decimalComma: false,
  currency: "JPY" as "JPY" | "USD",
  ...overrides,
});

let member = "";
let titanAccount = "";

/** TitanFX's Standard card at `valueX100` yen (hundredths) a lot, in force from `day`. */
const titanCard = (valueX100: number, day: string) =>
  t.db.kysely
    .transaction()
    .execute((trx) =>
      saveRateVersion(
        trx,
        suite.brokers.titan!,
        [{ accountType: "Standard", kind: "jpy_per_lot", valueX100 }],
        day,
        suite.adminId,
      ),
    );

beforeAll(async () => {
  // ¥640 a lot at TitanFX, the card in force from the start.
  await titanCard(64_000, "2000-01-01");
  member = (await createUser(t.db)).id;
  titanAccount = await createAccount(t.db, member, suite.brokers.titan!, "7000001");
  await setAccountType(t.db, titanAccount, "Standard");
});

const upload = (fileName: string, contentBase64: string, profileId?: string) =>
  previewed(t.db, suite.admin, { fileName, contentBase64, profileId }, storage);

async function rowsOf(batchId: string) {
  const batch = await suite.admin.cashback.batch({ batchId, sort: "line", dir: "asc" });
  return batch.page.rows;
}

describe(`imported rows, each priced once, on ${testEngine}`, () => {
  it("pays identical trades of one file each, and only the new ones of a later report", async () => {
    const { id: profileId } = await suite.admin.cashback.profiles.save(titanProfile());
    // Two rows of 7000001, 2026-11-02, USDJPY, 1 lot, ¥1,600 commission.
    const first = fixture("titanfx-identical-week1.tsv");
    const preview = await upload("titan-w1.tsv", first, profileId);
    // Two equal rows are two trades: 2 × (1 lot × ¥640).
    expect(preview).toMatchObject({ total: 2, matched: 2, duplicate: 0 });
    const imports = importsOf(suite.admin, t.db);
    expect(await imports.commit({ batchId: preview.batchId })).toEqual({ rows: 2, amount: 1_280 });

    // The same file again credits nothing, and each row says which batch paid it.
    const again = await upload("titan-w1-again.tsv", first, profileId);
    expect(again).toMatchObject({ total: 2, matched: 0, duplicate: 2 });
    expect((await rowsOf(again.batchId)).map((r) => r.duplicateOf)).toEqual([
      { batchId: preview.batchId, fileName: "titan-w1.tsv" },
      { batchId: preview.batchId, fileName: "titan-w1.tsv" },
    ]);

    // A later report repeating the week, with a third equal trade and a new one: only those
    // two are new. 1 lot × ¥640 + 0.5 lot × ¥640 = ¥960.
    const later = fixture("titanfx-identical-weeks1-2.tsv");
    const third = await upload("titan-w1-w2.tsv", later, profileId);
    expect(third).toMatchObject({ total: 4, matched: 2, duplicate: 2 });
    expect(await imports.commit({ batchId: third.batchId })).toEqual({ rows: 2, amount: 960 });
    await suite.admin.cashback.profiles.remove({ id: profileId });
  });

  it("prices the exact volume and rounds down once per row", async () => {
    const { id: profileId } = await suite.admin.cashback.profiles.save(titanProfile());
    const content = fixture("titanfx-decimals.tsv");
    // Its rows, in order:
    // 1.23456 lots × ¥640 = ¥790.1184 → ¥790 (cut to 1.234 lots first, it paid ¥789)
    // 1.0000078125 lots × ¥640 = ¥640.005 → ¥640
    // 0.0078125 lots × ¥640 = ¥5 exactly; one hundred-millionth less → ¥4.99999936 → ¥4
    // Thousands grouped with commas: 1,000.5 lots × ¥640 = ¥640,320
    const preview = await upload("titan-decimals.tsv", content, profileId);
    expect(preview).toMatchObject({ total: 5, matched: 5, error: 0 });
    const rows = await rowsOf(preview.batchId);
    expect(rows.map((r) => [r.lots, r.amountYen])).toEqual([
      ["1.23456", 790],
      ["1.00000781", 640],
      ["0.0078125", 5],
      ["0.00781249", 4],
      ["1000.5", 640_320],
    ]);
    // Each row shows the rate it was priced at, its version and the account's type.
    expect(rows[0]).toMatchObject({
      symbol: "USDJPY",
      rateKind: "jpy_per_lot",
      rateX100: 64_000,
      rateFrom: "2000-01-01",
      rateType: "Standard",
      rateSource: "account_type",
      commission: "0",
    });
    await suite.admin.cashback.profiles.remove({ id: profileId });

    // Units over the divisor: 12,345 units is 0.12345 lot × ¥640 = ¥79.008 → ¥79, and with
    // decimal commas 12.345,5 units is 0.123455 lot → ¥79.0112 → ¥79.
    const units = await suite.admin.cashback.profiles.save(
      titanProfile({ volumeDivisor: "100000" }),
    );
    const inUnits = await upload("titan-units.tsv", fixture("titanfx-units.tsv"), units.id);
    expect((await rowsOf(inUnits.batchId)).map((r) => [r.lots, r.amountYen])).toEqual([
      ["0.12345", 79],
    ]);
    await suite.admin.cashback.profiles.remove({ id: units.id });
    const commas = await suite.admin.cashback.profiles.save(
      titanProfile({ volumeDivisor: "100000", decimalComma: true }),
    );
    const inCommas = await upload(
      "titan-commas.tsv",
      fixture("titanfx-units-decimal-comma.tsv"),
      commas.id,
    );
    expect((await rowsOf(inCommas.batchId)).map((r) => [r.lots, r.amountYen])).toEqual([
      ["0.123455", 79],
    ]);
    await suite.admin.cashback.profiles.remove({ id: commas.id });
  });

  it("refuses a file in another encoding than its profile's, naming both", async () => {
    const utf8 = await suite.admin.cashback.profiles.save(titanProfile());
    // Shift_JIS bytes sent with a UTF-8 profile: refused before a row is read.
    await expect(
      upload("sjis.tsv", fixture("titanfx-japanese-sjis.tsv"), utf8.id),
    ).rejects.toMatchObject({
      key: "import.wrongEncoding",
      params: { found: "Shift_JIS", expected: "UTF-8" },
    });
    await suite.admin.cashback.profiles.remove({ id: utf8.id });
    const sjisProfile = await suite.admin.cashback.profiles.save(
      titanProfile({ encoding: "shift_jis" }),
    );
    // UTF-8 bytes with a Shift_JIS profile: the header matches, the encoding is named.
    await expect(upload("utf8.tsv", fixture("titanfx-japanese-utf8.tsv"))).rejects.toMatchObject({
      key: "import.wrongEncoding",
      params: { found: "UTF-8", expected: "Shift_JIS" },
    });
    // Read in its own encoding, the symbol is stored as written.
    const right = await upload("sjis.tsv", fixture("titanfx-japanese-sjis.tsv"), sjisProfile.id);
    expect((await rowsOf(right.batchId)).map((r) => r.symbol)).toEqual(["ドル円"]);
    await suite.admin.cashback.profiles.remove({ id: sjisProfile.id });

    // EUC-JP is neither: named, never read into replacement characters.
    await expect(
      upload("euc.tsv", fixture("titanfx-japanese-eucjp.tsv"), "builtin"),
    ).rejects.toMatchObject({
      key: "import.unknownEncoding",
      params: { found: "EUC-JP" },
    });
    // A replacement character left by an earlier conversion refuses the file with its line
    // (at the upload, or in the preview job when the upload's check stops before that line).
    const broken = await suite.admin.cashback.profiles.save(titanProfile());
    const refused = (await upload(
      "broken.tsv",
      fixture("titanfx-replacement-character.tsv"),
      broken.id,
    ).catch((error: unknown) => error)) as { key: string; params: Record<string, unknown> };
    expect([refused.key, String(refused.params.line)]).toEqual([
      "import.replacementCharacter",
      "3",
    ]);
    await suite.admin.cashback.profiles.remove({ id: broken.id });
    const stored = await t.db.kysely
      .selectFrom("import_rows")
      .select("symbol")
      .where("symbol", "like", "%\uFFFD%")
      .execute();
    expect(stored).toEqual([]);
  });

  it("says when no profile fits, naming the closest ones and the file's header", async () => {
    await suite.admin.cashback.profiles.save(titanProfile());
    await suite.admin.cashback.profiles.save(
      titanProfile({
        name: "TitanFX old report",
        columns: { ...titanProfile().columns, volume: "Lots", commission: "Rebate" },
      }),
    );
    await expect(upload("unknown.tsv", fixture("unknown-broker-shape.tsv"))).rejects.toMatchObject({
      key: "import.noProfileFits",
      params: {
        closest:
          "TitanFX IB report (Account, Commission); TitanFX old report (Account, Lots, Rebate)",
        header: "Login\tDate\tSymbol\tVolume\tIB fee",
        delimiter: "tab",
        encoding: "utf-8",
      },
    });
    for (const p of await suite.admin.cashback.profiles.list())
      await suite.admin.cashback.profiles.remove({ id: p.id });
  });

  it("reads MT server time as Tokyo time: the day, the rate in force and the month", async () => {
    // From Tokyo's 1 July 2026 the card pays ¥700 a lot.
    await titanCard(70_000, "2026-07-01");
    const { id } = await suite.admin.cashback.profiles.save(
      titanProfile({ dateFormat: "yyyy.MM.dd HH:mm:ss", timeZone: "MT" }),
    );
    const content = fixture("titanfx-mt-server-time.tsv");
    // Its rows:
    // Summer, GMT+3: 30 June 23:30 is 1 July 05:30 in Tokyo, priced at the July card (¥700).
    // Winter, GMT+2: 31 January 22:30 is 1 February 05:30 in Tokyo (¥640).
    // 30 June 14:59 server time is 20:59 in Tokyo, still June (¥640).
    const preview = await upload("titan-mt.tsv", content, id);
    const rows = await rowsOf(preview.batchId);
    expect(rows.map((r) => [r.reportedAt, r.tradedAt, r.tradeDate, r.amountYen])).toEqual([
      ["2026.06.30 23:30:00", "2026-07-01 05:30:00", "2026-07-01", 700],
      ["2026.01.31 22:30:00", "2026-02-01 05:30:00", "2026-02-01", 640],
      ["2026.06.30 14:59:00", "2026-06-30 20:59:00", "2026-06-30", 640],
    ]);
    await importsOf(suite.admin, t.db).commit({ batchId: preview.batchId });
    const months = await t.db.kysely
      .selectFrom("cashback_monthly")
      .select(["month", "amount"])
      .where("broker_account_id", "=", titanAccount)
      .where("month", "in", ["2026-02", "2026-06", "2026-07"])
      .orderBy("month")
      .execute();
    expect(months.map((m) => [m.month, Number(m.amount)])).toEqual([
      ["2026-02", 640],
      ["2026-06", 640],
      ["2026-07", 700],
    ]);
    // The credited row keeps what it was priced from.
    const credited = await t.db.kysely
      .selectFrom("cashbacks")
      .select(["traded_at", "lots_exact", "symbol", "rate_x100", "rate_from"])
      .where("batch_id", "=", preview.batchId)
      .orderBy("traded_at")
      .execute();
    expect(credited.map((c) => [c.traded_at, c.lots_exact, c.symbol, c.rate_from])).toEqual([
      ["2026-02-01 05:30:00", "1", "USDJPY", "2000-01-01"],
      ["2026-06-30 20:59:00", "1", "EURUSD", "2000-01-01"],
      ["2026-07-01 05:30:00", "1", "USDJPY", "2026-07-01"],
    ]);
  });
});
