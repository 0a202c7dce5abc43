import { pipeline, Readable } from "node:stream";
import { type Options, parse } from "csv-parse";
import {
  dateExample,
  type ImportProfile,
  type ProfileColumn,
  profileDecimal,
  profileLocalTime,
  profileLots,
  resolveColumns,
  TOKYO_ZONE,
  tradeTime,
} from "../../domain/import-profile";
import { LOT_PLACES, lotsMilliOf, lotsText } from "../../domain/pricing";
import { MAX_REPORT_BYTES } from "../../domain/upload";
import EncodingJapanese from "encoding-japanese";
import { isAscii } from "node:buffer";
import { createHash } from "node:crypto";

/**
 * Broker rebate reports: bytes in, validated rows out. Pure functions, no database.
 *
 * Columns (header row required, any order, English or Japanese names): trade date, broker,
 * account number, lots, currency, and optionally the amount (the member's cashback as the
 * report gives it), the IB commission the broker paid for the row (in the row's currency, up
 * to four decimals) and the report's own row key. A row without an amount is priced from the
 * rate card in force on its trade date (server/domain/pricing.ts).
 *
 * A report is read as a stream (a million rows never sit in memory at once): decoded chunk by
 * chunk, parsed by csv-parse's stream API, and handed on in batches of rows.
 */

export const MAX_REPORT_ROWS = 1_000_000;

/**
 * The longest line a report may have, in characters. Broker rows are a few hundred; a longer
 * line is not a report, and reading it as one field would hold the whole of it in memory and
 * the parser busy on it while every other request waits.
 */
export const MAX_LINE_CHARS = 64 * 1024;

export type Currency = "JPY" | "USD";

export interface ReportRow {
  line: number;
  tradeDate: string;
  brokerText: string;
  accountNumber: string;
  /** The volume exactly as reported, in hundred-millionths of a lot. */
  lotsE8: bigint;
  /** The same rounded down to thousandths: what totals count. */
  lotsMilli: number;
  /** The trade's Tokyo time when the report gives a time of day ("YYYY-MM-DD HH:mm:ss"). */
  tradedAt?: string | null;
  /** The trade date and time as the report wrote them, when they are not Tokyo's day. */
  reportedAt?: string | null;
  amountText: string;
  currency: Currency;
  /**
   * Amount in the currency's minor unit: yen for JPY (decimals floored), cents for USD; null
   * when the report gives none and the row is priced from the rate card.
   */
  amountMinor: bigint | null;
  /** The IB commission in ten-thousandths of the row's currency; null when not reported. */
  commissionX10000: bigint | null;
  /** The report's symbol, when a profile reads one. */
  symbol?: string | null;
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
  commission: ["commission", "ib_commission", "ib_fee", "ib報酬", "ib手数料", "コミッション"],
  currency: ["currency", "通貨"],
  rowKey: ["row_key", "rowkey", "id", "row_id", "transaction_id", "明細id", "明細番号"],
} as const;
type Column = keyof typeof COLUMNS;
const REQUIRED: Column[] = ["tradeDate", "broker", "account", "lots", "currency"];

/** The report's bytes, readable as often as needed (a stored file, or bytes in memory). */
export type ReportSource = () => AsyncIterable<Uint8Array>;

/**
 * Hands the event loop back (to timers, sockets and every request waiting): between the pieces
 * of any step that reads a whole report, so a 50 MB upload costs others a piece's few
 * milliseconds at a time, never the whole file's.
 */
export const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** What a whole-file check reads at a time: a few milliseconds of work. */
const CHECK_PIECE = 1024 * 1024;

/** `bytes` in pieces of `size`, with the event loop handed back after each. */
async function* pieces(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) {
    yield bytes.subarray(i, i + size);
    await yieldToOthers();
  }
}

/** Base64 read per step by `bytesFromBase64`: a multiple of 4 characters. */
const BASE64_PIECE = 4 * 256 * 1024;

/**
 * An upload's base64 decoded a piece at a time into one buffer, handing the event loop back
 * between pieces. Text that is not plain base64 (line breaks, say) is decoded in one go, as
 * Node reads it: pieces would split its groups of four differently.
 */
export async function bytesFromBase64(text: string): Promise<Buffer> {
  const out = Buffer.allocUnsafe(Buffer.byteLength(text, "base64"));
  let written = 0;
  for (let i = 0; i < text.length; i += BASE64_PIECE) {
    const piece = text.slice(i, i + BASE64_PIECE);
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(piece)) return Buffer.from(text, "base64");
    written += out.write(piece, written, "base64");
    await yieldToOthers();
  }
  return out.subarray(0, written);
}

/** Bytes already in memory as a source: pieces of 256 KiB, as a file would be read. */
export function bytesSource(bytes: Uint8Array): ReportSource {
  return () => pieces(bytes, 256 * 1024);
}

/** How much of a report's start the encoding detector and the header checks look at. */
export const REPORT_HEAD = 1024 * 1024;

/**
 * A report's bytes wherever they are: in memory, or in the file an upload was written to as it
 * arrived. Its size, its first REPORT_HEAD bytes (fewer when it is smaller), and all of it in
 * pieces with the event loop handed back between them.
 */
export interface ReportBytes {
  size: number;
  head: Uint8Array;
  pieces: ReportSource;
}

/** Bytes in memory as a report: whole-file checks read them in pieces of 1 MiB. */
export function inMemory(bytes: Uint8Array): ReportBytes {
  return {
    size: bytes.length,
    head: bytes.subarray(0, REPORT_HEAD),
    pieces: () => pieces(bytes, CHECK_PIECE),
  };
}

const reportBytes = (report: Uint8Array | ReportBytes) =>
  report instanceof Uint8Array ? inMemory(report) : report;

/** The report's SHA-256 in hex, hashed in pieces (the upload's fingerprint). */
export async function sha256InPieces(report: Uint8Array | ReportBytes): Promise<string> {
  const hash = createHash("sha256");
  for await (const piece of reportBytes(report).pieces()) hash.update(piece);
  return hash.digest("hex");
}

export type Encoding = "utf-8" | "shift_jis";

/** An encoding's name as operators know it, for the refusals. */
const ENCODING_NAMES: Record<string, string> = {
  "utf-8": "UTF-8",
  shift_jis: "Shift_JIS",
  UTF8: "UTF-8",
  SJIS: "Shift_JIS",
  EUCJP: "EUC-JP",
  JIS: "ISO-2022-JP",
  UTF16: "UTF-16",
  UTF16BE: "UTF-16",
  UTF16LE: "UTF-16",
  UTF32: "UTF-32",
  BINARY: "binary",
};
export const encodingName = (e: string) => ENCODING_NAMES[e] ?? e;

/**
 * What a report's bytes are: ASCII (readable as either encoding), UTF-8 (a BOM, or every byte
 * valid UTF-8: a Shift_JIS file rarely is), Shift_JIS (so detected and every byte valid), or
 * another encoding, named by encoding-japanese's detector. Decoded with fatal decoders, so a
 * file is never read with replacement characters in it. Read in pieces, handing the event loop
 * back between them.
 */
export async function detectEncoding(
  report: Uint8Array | ReportBytes,
): Promise<Encoding | "ascii" | { other: string }> {
  const { head, pieces: source } = reportBytes(report);
  if (head[0] === 0xff && head[1] === 0xfe) return { other: "UTF16" };
  if (head[0] === 0xfe && head[1] === 0xff) return { other: "UTF16" };
  if (await allAscii(source)) return "ascii";
  if (await validIn("utf-8", source)) return "utf-8";
  const sample = head.subarray(0, REPORT_HEAD);
  const detected = EncodingJapanese.detect(sample) || "BINARY";
  if ((detected === "SJIS" || detected === "UTF8") && (await validIn("shift_jis", source)))
    return "shift_jis";
  return { other: detected === "UTF8" ? "BINARY" : detected };
}

async function allAscii(source: ReportSource): Promise<boolean> {
  for await (const piece of source()) if (!isAscii(piece)) return false;
  return true;
}

/**
 * Whether every byte reads in the encoding: decoded piece by piece by one streaming decoder
 * (a character split between pieces is kept whole), the text of each piece dropped at once,
 * so a 50 MB file is never one 50-million-character string.
 */
async function validIn(encoding: Encoding, source: ReportSource): Promise<boolean> {
  const decoder = new TextDecoder(encoding, { fatal: true });
  try {
    for await (const piece of source()) decoder.decode(piece, { stream: true });
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

/**
 * The encoding to read a report in: the profile's (`expected`), refused when the bytes are not
 * valid in it, naming the encoding found and the one expected; without a profile, whichever the
 * bytes are. Runs on the upload's bytes, before anything is parsed.
 */
export async function readableEncoding(
  report: Uint8Array | ReportBytes,
  expected: Encoding | null,
): Promise<Encoding> {
  const found = await detectEncoding(report);
  if (found === "ascii") return expected ?? "utf-8";
  if (typeof found === "string" && (expected === null || found === expected)) return found;
  const name = encodingName(typeof found === "string" ? found : found.other);
  if (expected === null) throw new ReportFileError("unknownEncoding", { found: name });
  throw new ReportFileError("wrongEncoding", { found: name, expected: encodingName(expected) });
}

/**
 * The text, piece by piece; a character split between two reads is kept whole. The decoder is
 * fatal: bytes the encoding cannot read refuse the file instead of becoming U+FFFD.
 */
async function* decodeChunks(source: ReportSource, encoding: Encoding): AsyncGenerator<string> {
  // The UTF-8 decoder drops a leading BOM.
  const decoder = new TextDecoder(encoding, { fatal: true });
  const decode = (chunk?: Uint8Array) => {
    try {
      return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
    } catch {
      throw new ReportFileError("wrongEncoding", {
        found: "?",
        expected: encodingName(encoding),
      });
    }
  };
  for await (const chunk of source()) {
    const text = decode(chunk);
    if (text) yield text;
  }
  const rest = decode();
  if (rest) yield rest;
}

/** The encoding of a report held only as a stream: UTF-8 when every byte is, else Shift_JIS. */
async function streamEncoding(source: ReportSource): Promise<Encoding> {
  const check = new TextDecoder("utf-8", { fatal: true });
  try {
    for await (const chunk of source()) check.decode(chunk, { stream: true });
    check.decode();
    return "utf-8";
  } catch {
    return "shift_jis";
  }
}

/**
 * The decoded text, refused at the first line longer than MAX_LINE_CHARS (naming it), and
 * handing the event loop back after every piece: the parser runs on each piece at once, so
 * without the pause a large upload would keep other requests waiting between its pieces.
 */
async function* boundedLines(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  let line = 1;
  let length = 0;
  let lastWasCr = false;
  for await (const text of chunks) {
    const breaks = /\r\n?|\n/g;
    let start = 0;
    for (let found = breaks.exec(text); found; found = breaks.exec(text)) {
      // A CRLF split between two pieces: its LF ends nothing new.
      const continuesCrlf = lastWasCr && found.index === 0 && found[0] === "\n";
      lastWasCr = false;
      if (continuesCrlf) {
        start = 1;
        continue;
      }
      if (length + found.index - start > MAX_LINE_CHARS) break;
      line += 1;
      length = 0;
      start = found.index + found[0].length;
    }
    length += text.length - start;
    lastWasCr = text.endsWith("\r");
    if (length > MAX_LINE_CHARS) {
      throw new ReportFileError("lineTooLong", { line, max: MAX_LINE_CHARS });
    }
    yield text;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/**
 * The report's records, read by csv-parse (RFC 4180: quoted fields, doubled quotes), each with
 * the line it starts on. Lenient where broker exports are: CRLF, LF and CR line ends mixed in
 * one file, rows of different lengths, a quote inside an unquoted field taken as text, blank
 * lines skipped. A quote opened and never closed is the one thing that cannot be read: the
 * rest of the file would be one field, so the whole file is refused, naming the row's line.
 */
export async function* readCsv(
  source: ReportSource,
  encoding?: Encoding,
  delimiter = ",",
): AsyncGenerator<[number, string[]]> {
  const enc = encoding ?? (await streamEncoding(source));
  // The typings tie on_record's result to `columns`; without columns it is what on_record gives.
  const options = {
    delimiter,
    record_delimiter: ["\r\n", "\n", "\r"],
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    // `lines` is the line a record ends on; a quoted field may hold line breaks of its own.
    // Noted as the parser goes (it runs ahead of the reader): where the last whole record ends.
    // csv-parse counts a CRLF inside a quoted field as two lines; `skew` takes those back, so
    // every later row keeps the line an editor shows.
    on_record: (record: string[], context: { lines: number }) => {
      skew += record.reduce((n, field) => n + (field.match(/\r\n/g)?.length ?? 0), 0);
      lastEnd = context.lines - skew;
      const line = lastEnd - lineBreaks(record);
      // A replacement character is what an earlier, broken conversion left: nothing read
      // through it is stored.
      if (record.some((field) => field.includes("\uFFFD")))
        throw new ReportFileError("replacementCharacter", { line });
      return [line, record];
    },
  };
  let lastEnd = 0;
  let skew = 0;
  const parser = parse(options as unknown as Options);
  const input = Readable.from(boundedLines(decodeChunks(source, enc)));
  // A line too long stops the reading: the parser's read then fails with its refusal.
  let tooLong: ReportFileError | null = null;
  pipeline(input, parser, (error) => {
    if (error instanceof ReportFileError) tooLong = error;
  });
  try {
    for await (const record of parser as AsyncIterable<[number, string[]]>) yield record;
  } catch (error) {
    if (tooLong) throw tooLong;
    if (error instanceof ReportFileError) throw error;
    if ((error as { code?: string }).code?.startsWith("CSV_")) {
      throw new ReportFileError("unreadableCsv", {
        line: await firstFilledLine(source, enc, lastEnd + 1),
      });
    }
    throw error;
  } finally {
    parser.destroy();
  }
}

function lineBreaks(fields: string[]): number {
  return fields.reduce((n, field) => n + (field.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
}

/** The first line from `from` on that is not blank: where the row with the open quote starts. */
async function firstFilledLine(source: ReportSource, enc: Encoding, from: number) {
  let line = 1;
  let current = "";
  let lastWasCr = false;
  for await (const text of decodeChunks(source, enc)) {
    for (const ch of text) {
      if (ch === "\n" && lastWasCr) {
        lastWasCr = false;
        continue;
      }
      lastWasCr = ch === "\r";
      if (ch === "\n" || ch === "\r") {
        if (line >= from && current.trim() !== "") return line;
        line += 1;
        current = "";
      } else if (line >= from && current.length < 64) current += ch;
    }
  }
  return line >= from && current.trim() !== "" ? line : from;
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

/** A report's line: a row to stage, or an error with its line and reason. */
export type ReportItem = ReportRow | ReportError;

export function isReportError(item: ReportItem): item is ReportError {
  return "error" in item;
}

/** Checks one record against the header's columns. */
function readRow(index: Record<Column, number>, line: number, cells: string[]): ReportItem {
  const cell = (c: Column) => (index[c] >= 0 ? (cells[index[c]] ?? "").trim() : "");
  const raw = {
    tradeDate: cell("tradeDate"),
    broker: cell("broker"),
    account: cell("account"),
    amount: cell("amount"),
    currency: cell("currency"),
  };
  const fail = (error: string): ReportError => ({ line, error, raw });
  const tradeDate = parseDate(raw.tradeDate);
  if (!tradeDate) return fail("badDate");
  if (!raw.broker) return fail("missingBroker");
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(raw.account)) return fail("badAccount");
  const lots = parseDecimal(cell("lots") || "0", LOT_PLACES);
  if (lots === null || lots === "negative") return fail("badLots");
  const currency = raw.currency.toUpperCase();
  if (currency !== "JPY" && currency !== "USD") return fail("unknownCurrency");
  // A blank amount is priced from the rate card; a given one is taken as the report says.
  const amount = raw.amount === "" ? null : parseDecimal(raw.amount, currency === "USD" ? 2 : 0);
  if (amount === "negative") return fail("negativeAmount");
  if (raw.amount !== "" && amount === null) return fail("badAmount");
  if (amount === 0n) return fail("zeroAmount");
  const commissionText = cell("commission");
  const commission = commissionText === "" ? null : parseDecimal(commissionText, 4);
  if (commission === "negative" || (commissionText !== "" && commission === null))
    return fail("badCommission");
  const rowKey = cell("rowKey");
  if (rowKey.length > 100) return fail("badRowKey");
  return {
    line,
    tradeDate,
    brokerText: raw.broker,
    accountNumber: raw.account,
    lotsE8: lots,
    lotsMilli: lotsMilliOf(lots),
    amountText: raw.amount,
    currency,
    amountMinor: amount as bigint | null,
    commissionX10000: commission as bigint | null,
    // Without the report's own key, the row's content is its identity: an identical row
    // (same account, day, lots, amount or commission) is then a duplicate, never a second
    // credit.
    rowKey:
      rowKey ||
      (amount === null
        ? `~${lotsKey(lots)}:c${commission ?? ""}:${currency}`
        : `~${lotsKey(lots)}:${amount}:${currency}`),
  };
}

/**
 * The volume in a row's content identity: thousandths as before exact volumes were kept (so a
 * row credited then is still recognised), the exact decimal when it has more places.
 */
function lotsKey(lotsE8: bigint): string {
  return lotsE8 % 100_000n === 0n ? String(lotsMilliOf(lotsE8)) : lotsText(lotsE8);
}

/** Refuses a file by its size, before anything is read. */
export function checkReportSize(bytes: number) {
  if (bytes === 0) throw new ReportFileError("emptyFile");
  if (bytes > MAX_REPORT_BYTES) {
    throw new ReportFileError("fileTooLarge", { maxMb: MAX_REPORT_BYTES / 1024 / 1024 });
  }
}

/**
 * The report's rows and errors in line order, `batchSize` at a time. The header is checked
 * before the first batch (a file without the required columns, or without any line, is
 * refused whole), and so is the row limit as the rows go by. Blank rows are skipped.
 */
export async function* readReport(
  source: ReportSource,
  batchSize: number,
  profile: ImportProfile | null = null,
): AsyncGenerator<ReportItem[]> {
  const reader = profile ? readCsv(source, profile.encoding, profile.delimiter) : readCsv(source);
  const first = await reader.next();
  if (first.done) throw new ReportFileError("emptyFile");
  let read: (line: number, cells: string[]) => ReportItem;
  if (profile) {
    const resolved = resolveColumns(profile, profile.hasHeader ? first.value[1] : null);
    if ("missing" in resolved)
      throw new ReportFileError("missingColumns", { columns: resolved.missing.join(", ") });
    read = (line, cells) => readProfileRow(profile, resolved.index, line, cells);
  } else {
    const index = headerIndex(first.value[1]);
    read = (line, cells) => readRow(index, line, cells);
  }
  let batch: ReportItem[] = [];
  let count = 0;
  // Adds one record to the batch; true when the batch is full.
  const take = (line: number, cells: string[]) => {
    if (cells.every((c) => c.trim() === "")) return false;
    if (++count > MAX_REPORT_ROWS)
      throw new ReportFileError("tooManyRows", { max: MAX_REPORT_ROWS });
    batch.push(read(line, cells));
    return batch.length >= batchSize;
  };
  // Without a header row, the first record is a row.
  if (profile && !profile.hasHeader && take(first.value[0], first.value[1])) {
    yield batch;
    batch = [];
  }
  for await (const [line, cells] of reader) {
    if (take(line, cells)) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

/** Checks the file's header only (reads no further than its first row): for the upload's answer. */
export async function checkReportHeader(
  source: ReportSource,
  profile: ImportProfile | null = null,
) {
  // Returning from the loop stops the parse there.
  for await (const _first of readReport(source, 1, profile)) return;
}

/** The first record of a file as a profile's encoding and delimiter read it (null when empty). */
export async function firstRecord(
  source: ReportSource,
  encoding: Encoding | undefined,
  delimiter: string,
): Promise<string[] | null> {
  for await (const [, cells] of readCsv(source, encoding, delimiter)) return cells;
  return null;
}

/**
 * A row as a profile reads it: account, trade date, volume and IB commission (and optionally
 * symbol, currency, row key). A value the profile cannot read refuses the whole file, naming
 * the line, the column and the value: a profile that misreads one row misreads the report, and
 * nothing of it should be credited until the profile is right.
 */
function readProfileRow(
  profile: ImportProfile,
  index: Record<ProfileColumn, number>,
  line: number,
  cells: string[],
): ReportRow {
  const cell = (c: ProfileColumn) => (index[c] >= 0 ? (cells[index[c]] ?? "").trim() : "");
  const refuse = (c: ProfileColumn): never => {
    throw new ReportFileError("badValue", {
      line,
      column: profile.columns[c] ?? c,
      value: cell(c).slice(0, 40),
    });
  };
  const account = cell("account");
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(account)) refuse("account");
  const written = cell("tradeDate");
  const local = profileLocalTime(written, profile.dateFormat);
  if (local === null) {
    throw new ReportFileError("badDateFormat", {
      line,
      column: profile.columns.tradeDate ?? "tradeDate",
      value: written.slice(0, 40),
      format: profile.dateFormat,
      example: dateExample(profile.dateFormat),
    });
  }
  const zone = profile.timeZone ?? TOKYO_ZONE;
  const time = tradeTime(local, zone);
  const lots = profileLots(cell("volume"), profile.volumeDivisor, profile.decimalComma);
  if (lots === null || lots === "negative") refuse("volume");
  const commission = profileDecimal(cell("commission"), 4, profile.decimalComma);
  if (commission === null || commission === "negative") refuse("commission");
  const currencyText = index.currency >= 0 ? cell("currency").toUpperCase() : profile.currency;
  if (currencyText !== "JPY" && currencyText !== "USD") refuse("currency");
  const symbol = cell("symbol").slice(0, 32);
  const rowKey = cell("rowKey");
  if (rowKey.length > 100) refuse("rowKey");
  const lotsE8 = lots as bigint;
  return {
    line,
    tradeDate: time.day,
    tradedAt: time.at,
    reportedAt: zone === TOKYO_ZONE ? null : written.slice(0, 40),
    brokerText: profile.brokerCode,
    accountNumber: account,
    lotsE8,
    lotsMilli: lotsMilliOf(lotsE8),
    amountText: "",
    currency: currencyText as Currency,
    amountMinor: null,
    commissionX10000: commission as bigint,
    symbol: symbol || null,
    // Without the report's own key, the row's content is its identity (as for the built-in
    // shape): an identical row is a duplicate, never a second credit.
    rowKey: rowKey || `~${lotsKey(lotsE8)}:c${commission}:${currencyText}:${symbol}`,
  };
}

/** A USD rate typed by the admin ("151.234") in millionths of a yen. */
export function parseRate(text: string): bigint | null {
  const v = parseDecimal(text, 6);
  return typeof v === "bigint" && v > 0n ? v : null;
}

/** Yen for a given amount: JPY as is; USD cents × rate, rounded down to the yen. */
export function toYen(
  row: { currency: Currency; amountMinor: bigint },
  usdRateMicro: bigint | null,
): number {
  if (row.currency === "JPY") return Number(row.amountMinor);
  if (usdRateMicro === null) throw new Error("USD row without a rate");
  return Number((row.amountMinor * usdRateMicro) / 100_000_000n);
}
