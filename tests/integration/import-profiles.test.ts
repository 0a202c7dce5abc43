import Encoding from "encoding-japanese";
import { describe, expect, it } from "vitest";
import { brokersSuite } from "../helpers/brokers-suite";
import { createAccount, importsOf, previewed, report, setAccountType } from "../helpers/cashback";
import { callerFor, createUser } from "../helpers/fixtures";
import { exnessProfileForm } from "../helpers/import-profiles";
import { errorOf, refusal } from "../helpers/outcome";
import { testEngine } from "../helpers/db";

const suite = brokersSuite();
const { t, storage, brokerInput } = suite;

const b64 = (text: string) => Buffer.from(text).toString("base64");
const sjis = (text: string) =>
  Buffer.from(
    Encoding.convert(Encoding.stringToCode(text), { to: "SJIS", from: "UNICODE" }),
  ).toString("base64");

const exnessProfile = (overrides: Record<string, unknown> = {}) =>
  exnessProfileForm(suite.brokers.exness!, overrides);

const exnessReport = (rows: string[]) =>
  b64(["Ticket;Login;Symbol;Close time;Volume;Commission", ...rows].join("\r\n"));

async function setRates(id: string, name: string, code: string, rates: unknown[], extra = {}) {
  await suite.update({
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
    // A date names the format expected, with an example of it.
    expect(bad.refusal).toEqual({
      key: "import.badDateFormat",
      params: {
        line: 3,
        column: "Close time",
        value: "2026-11-04",
        format: "dd/MM/yyyy HH:mm",
        example: "29/11/2026 21:30",
      },
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
    await setAccountType(t.db, pro, "Pro");

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
