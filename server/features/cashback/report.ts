import { type Options, parse } from "csv-parse/sync";

/**
 * Broker rebate reports: bytes in, validated rows out. Pure functions, no database.
 *
 * Columns (header row required, any order, English or Japanese names): trade date, broker,
 * account number, lots, amount, currency, and optionally the report's own row key.
 */

export const MAX_REPORT_BYTES = 20 * 1024 * 1024;
export const MAX_REPORT_ROWS = 300_000;

export type Currency = "JPY" | "USD";

export interface ReportRow {
  line: number;
  tradeDate: string;
  brokerText: string;
  accountNumber: string;
  lotsMilli: number;
  amountText: string;
  currency: Currency;
  /** Amount in the currency's minor unit: yen for JPY (decimals floored), cents for USD. */
  amountMinor: bigint;
  rowKey: string;
}

export interface ReportError {
  line: number;
  /** Key under errors:import. */
  error: string;
  raw: {
    tradeDate?: string;
    broker?: string;
    account?: string;
    amount?: string;
    currency?: string;
  };
}

export class ReportFileError extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

const COLUMNS = {
  tradeDate: ["trade_date", "tradedate", "date", "取引日", "日付"],
  broker: ["broker", "company", "ブローカー", "業者", "会社"],
  account: ["account", "account_number", "accountnumber", "account_no", "口座番号", "口座"],
  lots: ["lots", "lot", "volume", "ロット", "ロット数"],
  amount: ["amount", "rebate", "reward", "金額", "報酬", "キャッシュバック"],
  currency: ["currency", "通貨"],
  rowKey: ["row_key", "rowkey", "id", "row_id", "transaction_id", "明細id", "明細番号"],
} as const;
type Column = keyof typeof COLUMNS;
const REQUIRED: Column[] = ["tradeDate", "broker", "account", "lots", "amount", "currency"];

/** UTF-8 (with or without BOM) or Shift_JIS, whichever the bytes are. */
export function decodeReport(bytes: Uint8Array): string {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return new TextDecoder("utf-8").decode(bytes.subarray(3));
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("shift_jis").decode(bytes);
  }
}

/**
 * The report's records, read by csv-parse (RFC 4180: quoted fields, doubled quotes), each with
 * the line it starts on. Lenient where broker exports are: CRLF, LF and CR line ends mixed in
 * one file, rows of different lengths, a quote inside an unquoted field taken as text, blank
 * lines skipped. A quote opened and never closed is the one thing that cannot be read: the
 * rest of the file would be one field, so the whole file is refused, naming the row's line.
 */
export function* readCsv(text: string): Generator<[number, string[]]> {
  let records: CsvRecord[];
  try {
    records = parseRecords(text);
  } catch (error) {
    throw new ReportFileError("unreadableCsv", { line: unclosedQuoteLine(text, error) });
  }
  // `end` is the line a record ends on; a quoted field may hold line breaks of its own.
  for (const { record, end } of records) yield [end - lineBreaks(record), record];
}

interface CsvRecord {
  record: string[];
  end: number;
}

function parseRecords(text: string, to?: number): CsvRecord[] {
  const options: Options<CsvRecord, string[]> = {
    record_delimiter: ["\r\n", "\n", "\r"],
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    ...(to ? { to } : {}),
    on_record: (record, context) => ({ record, end: context.lines }),
  };
  // The typings tie on_record's result to `columns`; without columns it is what on_record gives.
  return parse(text, options as unknown as Options) as unknown as CsvRecord[];
}

function lineBreaks(fields: string[]): number {
  return fields.reduce((n, field) => n + (field.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
}

/** The line of the row whose quote never closes: the first non-blank line after the last row read. */
function unclosedQuoteLine(text: string, error: unknown): number {
  const complete = (error as { records?: unknown }).records;
  let line = 1;
  if (typeof complete === "number" && complete > 0) {
    const read = parseRecords(text, complete);
    line = read[read.length - 1]!.end + 1;
  }
  const lines = text.split(/\r\n|\r|\n/);
  while (line < lines.length && lines[line - 1]!.trim() === "") line++;
  return line;
}

function headerIndex(header: string[]): Record<Column, number> {
  const normalized = header.map((h) =>
    h
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, "_"),
  );
  const index = {} as Record<Column, number>;
  for (const [column, names] of Object.entries(COLUMNS) as [Column, readonly string[]][]) {
    index[column] = normalized.findIndex((h) => names.includes(h));
  }
  const missing = REQUIRED.filter((c) => index[c] < 0);
  if (missing.length) throw new ReportFileError("missingColumns", { columns: missing.join(", ") });
  return index;
}

function parseDate(text: string): string | null {
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d)
    return null;
  if (y < 2000 || y > 2100) return null;
  return `${y}-${String(mo).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

/** A non-negative decimal with at most `places` decimals, scaled to an integer. */
function parseDecimal(text: string, places: number): bigint | "negative" | null {
  const t = text.trim().replace(/,/g, "");
  if (/^-\d/.test(t)) return "negative";
  const m = /^(\d+)(?:\.(\d+))?$/.exec(t);
  if (!m) return null;
  const frac = (m[2] ?? "").slice(0, places).padEnd(places, "0");
  // More decimals than the unit has are dropped (rounded down), never rounded up.
  return BigInt(m[1]!) * 10n ** BigInt(places) + BigInt(frac || "0");
}

export interface ParsedReport {
  rows: ReportRow[];
  errors: ReportError[];
  hasUsd: boolean;
}

export function parseReport(bytes: Uint8Array): ParsedReport {
  if (bytes.length === 0) throw new ReportFileError("emptyFile");
  if (bytes.length > MAX_REPORT_BYTES) {
    throw new ReportFileError("fileTooLarge", { maxMb: MAX_REPORT_BYTES / 1024 / 1024 });
  }
  const reader = readCsv(decodeReport(bytes));
  const first = reader.next();
  if (first.done) throw new ReportFileError("emptyFile");
  const index = headerIndex(first.value[1]);
  const rows: ReportRow[] = [];
  const errors: ReportError[] = [];
  let hasUsd = false;
  for (const [line, cells] of reader) {
    if (rows.length + errors.length >= MAX_REPORT_ROWS)
      throw new ReportFileError("tooManyRows", { max: MAX_REPORT_ROWS });
    if (cells.every((c) => c.trim() === "")) continue;
    const cell = (c: Column) => (index[c] >= 0 ? (cells[index[c]] ?? "").trim() : "");
    const raw = {
      tradeDate: cell("tradeDate"),
      broker: cell("broker"),
      account: cell("account"),
      amount: cell("amount"),
      currency: cell("currency"),
    };
    const fail = (error: string) => errors.push({ line, error, raw });
    const tradeDate = parseDate(raw.tradeDate);
    if (!tradeDate) {
      fail("badDate");
      continue;
    }
    if (!raw.broker) {
      fail("missingBroker");
      continue;
    }
    if (!/^[A-Za-z0-9_-]{1,32}$/.test(raw.account)) {
      fail("badAccount");
      continue;
    }
    const lots = parseDecimal(cell("lots") || "0", 3);
    if (lots === null || lots === "negative") {
      fail("badLots");
      continue;
    }
    const currency = raw.currency.toUpperCase();
    if (currency !== "JPY" && currency !== "USD") {
      fail("unknownCurrency");
      continue;
    }
    const amount = parseDecimal(raw.amount, currency === "USD" ? 2 : 0);
    if (amount === "negative") {
      fail("negativeAmount");
      continue;
    }
    if (amount === null) {
      fail("badAmount");
      continue;
    }
    if (amount === 0n) {
      fail("zeroAmount");
      continue;
    }
    if (currency === "USD") hasUsd = true;
    const rowKey = cell("rowKey");
    if (rowKey.length > 100) {
      fail("badRowKey");
      continue;
    }
    rows.push({
      line,
      tradeDate,
      brokerText: raw.broker,
      accountNumber: raw.account,
      lotsMilli: Number(lots),
      amountText: raw.amount,
      currency,
      amountMinor: amount,
      // Without the report's own key, the row's content is its identity: an identical row
      // (same account, day, lots, amount) is then a duplicate, never a second credit.
      rowKey: rowKey || `~${lots}:${amount}:${currency}`,
    });
  }
  return { rows, errors, hasUsd };
}

/** A USD rate typed by the admin ("151.234") in millionths of a yen. */
export function parseRate(text: string): bigint | null {
  const v = parseDecimal(text, 6);
  return typeof v === "bigint" && v > 0n ? v : null;
}

/** Yen for a row: JPY as is; USD cents × rate, rounded down to the yen. */
export function toYen(
  row: Pick<ReportRow, "currency" | "amountMinor">,
  usdRateMicro: bigint | null,
): number {
  if (row.currency === "JPY") return Number(row.amountMinor);
  if (usdRateMicro === null) throw new Error("USD row without a rate");
  return Number((row.amountMinor * usdRateMicro) / 100_000_000n);
}
