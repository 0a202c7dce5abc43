import { readFileSync } from "node:fs";
import path from "node:path";
import Encoding from "encoding-japanese";
import { beforeAll, describe, expect, it } from "vitest";
import { seedBrokers } from "#tools/seed/brokers";
import { seedImportProfiles } from "#tools/seed/cashback";
import { DEMO_SHAPES, EXTRA_SAMPLES, sampleFileName, sampleTrades } from "#tools/seed/reports";
import { commitImport } from "#server/features/cashback/jobs";
import { previewImport } from "#server/features/cashback/preview";
import { createLogger } from "#server/logger";
import { createUser } from "../helpers/fixtures";
import { testEngine, rowWhere } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";

/** Ten-thousandths as the report's decimal ("35617" → "3.5617"). */
const x10000 = (v: number | null) =>
  v === null ? null : `${Math.floor(v / 10_000)}.${String(v % 10_000).padStart(4, "0")}`;

/**
 * The golden rows of each demo broker's sample report (tools/seed/reports/), imported with the
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
    readFileSync(path.join("tools/seed/reports", sampleFileName(DEMO_SHAPES.get(code)!)));

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
      const batch = await rowWhere(d.db, "import_batches", "id", preview.batchId);
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

  it("ships the extra samples as the seed writes them: identical trades and MT server time", async () => {
    for (const extra of EXTRA_SAMPLES)
      expect(
        new Uint8Array(readFileSync(path.join("tools/seed/reports", extra.fileName))),
        extra.fileName,
      ).toEqual(extra.shape.write(extra.trades));
    const imported = async (fileName: string) => {
      const preview = await previewImport(deps(), people.adminId, {
        fileName,
        content: readFileSync(path.join("tools/seed/reports", fileName)),
        usdRate: "150",
      });
      return d.db.kysely
        .selectFrom("import_rows")
        .select(["trade_date", "traded_at", "reported_at", "amount_yen", "status"])
        .where("batch_id", "=", preview.batchId)
        .orderBy("line_no")
        .execute();
    };
    // Two equal rows are two trades (1 lot × ¥640 each), beside 2.25 lots × ¥640.
    expect(
      (await imported("titanfx-identical-trades.csv")).map((r) => [r.amount_yen, r.status]),
    ).toEqual([
      [640, "matched"],
      [640, "matched"],
      [1_440, "matched"],
    ]);
    // GMT+2 in November: 23:30 there is 06:30 the next morning in Tokyo (Pro, $3 a lot at ¥150).
    expect(
      (await imported("axi-server-time.csv")).map((r) => [
        r.reported_at,
        r.traded_at,
        r.trade_date,
        r.amount_yen,
      ]),
    ).toEqual([
      ["2026.11.24 23:30:00", "2026-11-25 06:30:00", "2026-11-25", 675],
      ["2026.11.25 16:59:00", "2026-11-25 23:59:00", "2026-11-25", 225],
    ]);
  });
});
