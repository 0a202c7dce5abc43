import { describe, expect, it } from "vitest";
import {
  decodeReport,
  parseRate,
  parseReport,
  readCsv,
  ReportFileError,
  toYen,
} from "../../server/features/cashback/report";

const utf8 = (text: string) => new TextEncoder().encode(text);
const HEADER = "trade_date,broker,account,lots,amount,currency,row_key\n";

function fileError(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof ReportFileError) return error.key;
    throw error;
  }
  throw new Error("expected a file error");
}

describe("broker report parsing", () => {
  it("reads quoted fields, doubled quotes, CRLF and a trailing line without newline", () => {
    expect([...readCsv('a,"b,1","c ""q"""\r\nd,e,f')].map(([l, c]) => [l, c])).toEqual([
      [1, ["a", "b,1", 'c "q"']],
      [2, ["d", "e", "f"]],
    ]);
  });

  it("accepts UTF-8 with and without BOM and Shift_JIS", () => {
    const jaHeader =
      "取引日,ブローカー,口座番号,ロット,金額,通貨\n2026/11/01,XM,12345,1.5,1200,JPY\n";
    const sjis = Buffer.from([
      ...[0x8e, 0xe6, 0x88, 0xf8, 0x93, 0xfa], // 取引日
    ]);
    expect(decodeReport(sjis)).toBe("取引日");
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(jaHeader)]);
    expect(parseReport(withBom).rows[0]).toMatchObject({
      tradeDate: "2026-11-01",
      brokerText: "XM",
      accountNumber: "12345",
      lotsMilli: 1500,
      currency: "JPY",
    });
    expect(parseReport(utf8(jaHeader)).rows).toHaveLength(1);
  });

  it("gives each bad row its line and reason, and keeps the good ones", () => {
    const text =
      HEADER +
      [
        "2026-11-01,XM,12345,1,1000,JPY,a",
        "2026-13-01,XM,12345,1,1000,JPY,b", // bad date
        "2026-11-02,XM,,1,1000,JPY,c", // no account
        "2026-11-02,XM,12345,-1,1000,JPY,d", // negative lots
        "2026-11-02,XM,12345,1,-500,JPY,e", // negative amount
        "2026-11-02,XM,12345,1,abc,JPY,f", // not a number
        "2026-11-02,XM,12345,1,0,JPY,g", // zero
        "2026-11-02,XM,12345,1,10,EUR,h", // unknown currency
        "2026-11-02,XM,12345,1,12.34,USD,i",
        "",
      ].join("\n");
    const parsed = parseReport(utf8(text));
    expect(parsed.rows.map((r) => r.line)).toEqual([2, 10]);
    expect(parsed.errors.map((e) => [e.line, e.error])).toEqual([
      [3, "badDate"],
      [4, "badAccount"],
      [5, "badLots"],
      [6, "negativeAmount"],
      [7, "badAmount"],
      [8, "zeroAmount"],
      [9, "unknownCurrency"],
    ]);
    expect(parsed.hasUsd).toBe(true);
  });

  it("refuses empty files, missing columns and oversized files as a whole", () => {
    expect(fileError(() => parseReport(new Uint8Array()))).toBe("emptyFile");
    expect(fileError(() => parseReport(utf8("\n\n")))).toBe("emptyFile");
    expect(fileError(() => parseReport(utf8("date,broker,account\n2026-11-01,XM,1")))).toBe(
      "missingColumns",
    );
    expect(fileError(() => parseReport(new Uint8Array(20 * 1024 * 1024 + 1)))).toBe("fileTooLarge");
  });

  it("converts USD at the batch rate, rounding down to the yen, in exact arithmetic", () => {
    const rate = parseRate("151.234")!;
    expect(rate).toBe(151_234_000n);
    // 12.34 USD × 151.234 = 1866.22756 yen → 1866
    expect(toYen({ currency: "USD", amountMinor: 1234n }, rate)).toBe(1866);
    // 0.10 × 149.99 = 14.999 → 14, where floating point would say 15.
    expect(toYen({ currency: "USD", amountMinor: 10n }, parseRate("149.99"))).toBe(14);
    expect(toYen({ currency: "JPY", amountMinor: 999n }, null)).toBe(999);
    expect(parseRate("abc")).toBeNull();
    expect(parseRate("0")).toBeNull();
  });

  it("uses the row's content as its key when the report has none, so identical rows collide", () => {
    const text =
      "trade_date,broker,account,lots,amount,currency\n2026-11-01,XM,12345,1,500,JPY\n2026-11-01,XM,12345,1,500,JPY\n";
    const [a, b] = parseReport(utf8(text)).rows;
    expect(a!.rowKey).toBe(b!.rowKey);
  });
});

describe("broker report CSV (csv-parse)", () => {
  it("gives each record the line it starts on, with mixed line ends and blank lines", () => {
    const text = 'a,b\r\n1,"x\ny"\n\n2,3\r4,5,6\n   \n7';
    expect([...readCsv(text)]).toEqual([
      [1, ["a", "b"]],
      [2, ["1", "x\ny"]],
      [5, ["2", "3"]],
      [6, ["4", "5", "6"]],
      [7, ["   "]],
      [8, ["7"]],
    ]);
  });

  it("takes a quote inside an unquoted field as text", () => {
    expect([...readCsv('a,b"c,d\n')]).toEqual([[1, ["a", 'b"c', "d"]]]);
  });

  it("refuses a file whose quote never closes, naming the row's line", () => {
    const text = `${HEADER}2026-11-01,XM,12345,1,1000,JPY,a\n\n2026-11-01,"XM,12345,1,1000,JPY,b\n2026-11-02,XM,1,1,1,JPY,c\n`;
    const refusal = (bytes: Uint8Array) => {
      try {
        parseReport(bytes);
      } catch (error) {
        if (error instanceof ReportFileError) return { key: error.key, params: error.params };
      }
      return null;
    };
    expect(refusal(utf8(text))).toEqual({ key: "unreadableCsv", params: { line: 4 } });
    expect(refusal(utf8('"trade_date,broker\n1,2\n'))).toEqual({
      key: "unreadableCsv",
      params: { line: 1 },
    });
  });
});
