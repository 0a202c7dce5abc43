import { describe, expect, it } from "vitest";
import { errorOf } from "../helpers/outcome";
import {
  bytesSource,
  checkReportSize,
  isReportError,
  MAX_LINE_CHARS,
  MAX_REPORT_ROWS,
  parseRate,
  readCsv,
  readReport,
  type ReportError,
  ReportFileError,
  type ReportRow,
  type ReportSource,
  toYen,
} from "#server/features/cashback/report";

const utf8 = (text: string) => new TextEncoder().encode(text);
const HEADER = "trade_date,broker,account,lots,amount,currency,row_key\n";

/** The source in pieces of `size` bytes, so characters and line ends are split across reads. */
function pieces(bytes: Uint8Array, size: number): ReportSource {
  return async function* () {
    for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
  };
}

async function parseReport(bytes: Uint8Array, source: ReportSource = bytesSource(bytes)) {
  const rows: ReportRow[] = [];
  const errors: ReportError[] = [];
  for await (const batch of readReport(source, 3))
    for (const item of batch) (isReportError(item) ? errors : rows).push(item as never);
  return { rows, errors, hasUsd: rows.some((r) => r.currency === "USD") };
}

async function records(text: string) {
  const out: [number, string[]][] = [];
  for await (const record of readCsv(bytesSource(utf8(text)))) out.push(record);
  return out;
}

/** The key of the file error the call was refused with. */
async function fileError(fn: () => Promise<unknown> | unknown) {
  const error = await errorOf(async () => fn());
  if (error instanceof ReportFileError) return error.key;
  throw error;
}

describe("broker report parsing", () => {
  it("reads quoted fields, doubled quotes, CRLF and a trailing line without newline", async () => {
    expect(await records('a,"b,1","c ""q"""\r\nd,e,f')).toEqual([
      [1, ["a", "b,1", 'c "q"']],
      [2, ["d", "e", "f"]],
    ]);
  });

  it("accepts UTF-8 with and without BOM and Shift_JIS, split anywhere between reads", async () => {
    const jaHeader =
      "取引日,ブローカー,口座番号,ロット,金額,通貨\n2026/11/01,XM,12345,1.5,1200,JPY\n";
    const row = {
      tradeDate: "2026-11-01",
      brokerText: "XM",
      accountNumber: "12345",
      lotsMilli: 1500,
      currency: "JPY",
    };
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(jaHeader)]);
    expect((await parseReport(withBom)).rows[0]).toMatchObject({ ...row, line: 2 });
    // One byte per read: the BOM and every multi-byte character arrive in pieces.
    expect((await parseReport(withBom, pieces(withBom, 1))).rows[0]).toMatchObject(row);
    expect((await parseReport(utf8(jaHeader))).rows).toHaveLength(1);
    // The same file in Shift_JIS, in reads of 5 bytes (two-byte characters split).
    const sjis = new Uint8Array(
      Buffer.concat([
        Buffer.from([0x8e, 0xe6, 0x88, 0xf8, 0x93, 0xfa]), // 取引日
        Buffer.from(",broker,account,lots,amount,currency\n2026/11/01,XM,12345,1.5,1200,JPY\n"),
      ]),
    );
    expect((await parseReport(sjis, pieces(sjis, 5))).rows).toEqual([
      expect.objectContaining({ ...row, line: 2 }),
    ]);
    // A Shift_JIS broker name read back as text.
    const name = new Uint8Array(
      Buffer.concat([
        Buffer.from("trade_date,broker,account,lots,amount,currency\n2026-11-01,"),
        Buffer.from([0x8e, 0xe6, 0x88, 0xf8]), // 取引
        Buffer.from(",12345,1,100,JPY\n"),
      ]),
    );
    expect((await parseReport(name, pieces(name, 3))).rows[0]!.brokerText).toBe("取引");
  });

  it("gives each bad row its line and reason, and keeps the good ones", async () => {
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
    const parsed = await parseReport(utf8(text));
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

  it("refuses empty files, missing columns, oversized files and too many rows as a whole", async () => {
    expect(await fileError(() => checkReportSize(0))).toBe("emptyFile");
    expect(await fileError(() => parseReport(new Uint8Array()))).toBe("emptyFile");
    expect(await fileError(() => parseReport(utf8("\n\n")))).toBe("emptyFile");
    expect(await fileError(() => parseReport(utf8("date,broker,account\n2026-11-01,XM,1")))).toBe(
      "missingColumns",
    );
    // The limit is 50 MB: a file of exactly 50 MB passes, one byte more is refused, with the
    // limit in the message's values.
    expect(() => checkReportSize(50 * 1024 * 1024)).not.toThrow();
    try {
      checkReportSize(50 * 1024 * 1024 + 1);
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ key: "fileTooLarge", params: { maxMb: 50 } });
    }
    expect(MAX_REPORT_ROWS).toBeGreaterThanOrEqual(1_000_000);
  });

  it("refuses a file past the row limit while reading it, without holding its rows", async () => {
    const line = utf8("2026-11-01,XM,12345,1,1000,JPY,\n");
    const header = utf8(HEADER);
    // The rows are made as they are read: a million and one, never all in memory.
    const source: ReportSource = async function* () {
      yield header;
      for (let i = 0; i <= MAX_REPORT_ROWS; i += 1000) {
        const block = new Uint8Array(line.length * 1000);
        for (let j = 0; j < 1000; j++) block.set(line, j * line.length);
        yield block;
      }
    };
    let read = 0;
    const error = await fileError(async () => {
      for await (const batch of readReport(source, 5000)) read += batch.length;
    });
    expect(error).toBe("tooManyRows");
    expect(read).toBe(MAX_REPORT_ROWS);
    // A million rows parsed: 8 s on a quiet 2-core machine, over 60 s with the machine's
    // cores shared four ways. The test is about the limit and the memory, not the speed
    // (bench:import measures that), so its deadline only stops a hang.
  }, 240_000);

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

  it("uses the row's content as its key when the report has none, so identical rows collide", async () => {
    const text =
      "trade_date,broker,account,lots,amount,currency\n2026-11-01,XM,12345,1,500,JPY\n2026-11-01,XM,12345,1,500,JPY\n";
    const [a, b] = (await parseReport(utf8(text))).rows;
    expect(a!.rowKey).toBe(b!.rowKey);
  });
});

describe("broker report CSV (csv-parse)", () => {
  it("gives each record the line it starts on, with mixed line ends and blank lines", async () => {
    const text = 'a,b\r\n1,"x\ny"\n\n2,3\r4,5,6\n   \n7';
    expect(await records(text)).toEqual([
      [1, ["a", "b"]],
      [2, ["1", "x\ny"]],
      [5, ["2", "3"]],
      [6, ["4", "5", "6"]],
      [7, ["   "]],
      [8, ["7"]],
    ]);
  });

  it("takes a quote inside an unquoted field as text", async () => {
    expect(await records('a,b"c,d\n')).toEqual([[1, ["a", 'b"c', "d"]]]);
  });

  it("keeps a quoted line break inside its field, split across reads, and counts lines on", async () => {
    const text = `${HEADER}2026-11-01,XM,12345,1,1000,JPY,"multi\r\nline key"\n2026-11-02,XM,12345,1,x,JPY,b\n`;
    const parsed = await parseReport(utf8(text), pieces(utf8(text), 7));
    expect(parsed.rows.map((r) => [r.line, r.rowKey])).toEqual([[2, "multi\r\nline key"]]);
    // The error row after it is reported on its own line (4), not the record count (3).
    expect(parsed.errors.map((e) => [e.line, e.error])).toEqual([[4, "badAmount"]]);
  });

  it("refuses a line longer than MAX_LINE_CHARS, naming it, wherever the reads split it", async () => {
    const refusal = async (bytes: Uint8Array, size: number) =>
      errorOf(() => parseReport(bytes, pieces(bytes, size)));
    const long = "x".repeat(MAX_LINE_CHARS + 1);
    const rows = "2026-11-01,XM,12345,1,1000,JPY,a\r\n2026-11-02,XM,12345,1,1000,JPY,b\r\n";
    for (const size of [7, 4096, 256 * 1024]) {
      // A file with no line break at all past the limit (a 10 MB one stalled every request).
      await expect(refusal(utf8(`${HEADER.trim()},${long}`), size)).resolves.toMatchObject({
        key: "lineTooLong",
        params: { line: 1, max: MAX_LINE_CHARS },
      });
      // After CRLF rows, a quoted field made long: still the line it is on.
      const text = `${HEADER}${rows}2026-11-03,XM,12345,1,1000,JPY,"${long}"\r\n`;
      await expect(refusal(utf8(text), size)).resolves.toMatchObject({
        key: "lineTooLong",
        params: { line: 4 },
      });
    }
    // A line of exactly the limit is read (as a row with an error of its own, not a refusal).
    const atLimit = "k".repeat(MAX_LINE_CHARS - "2026-11-01,XM,12345,1,1000,JPY,".length);
    const fits = utf8(`${HEADER}2026-11-01,XM,12345,1,1000,JPY,${atLimit}\r\n`);
    await expect(parseReport(fits, pieces(fits, 4096))).resolves.toBeDefined();
  });

  it("refuses a file whose quote never closes, naming the row's line", async () => {
    const text = `${HEADER}2026-11-01,XM,12345,1,1000,JPY,a\n\n2026-11-01,"XM,12345,1,1000,JPY,b\n2026-11-02,XM,1,1,1,JPY,c\n`;
    const refusal = async (bytes: Uint8Array) => {
      try {
        await parseReport(bytes, pieces(bytes, 4));
      } catch (error) {
        if (error instanceof ReportFileError) return { key: error.key, params: error.params };
      }
      return null;
    };
    expect(await refusal(utf8(text))).toEqual({ key: "unreadableCsv", params: { line: 4 } });
    expect(await refusal(utf8('"trade_date,broker\n1,2\n'))).toEqual({
      key: "unreadableCsv",
      params: { line: 1 },
    });
  });
});
