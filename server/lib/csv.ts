import { stringify } from "csv-stringify/sync";

/**
 * CSV for the lists' "export" link (RFC 4180, written by csv-stringify), made for Excel in Japan:
 * - a UTF-8 byte order mark first, without which Excel reads UTF-8 as Shift_JIS and garbles
 *   every Japanese character;
 * - CRLF line ends; a field holding a comma, a quote, a line break or edge spaces is quoted,
 *   with quotes doubled;
 * - text that a spreadsheet would run as a formula (=, +, -, @, tab, CR at the start, their
 *   full-width forms ＝＋－＠, which Excel in Japan reads the same, and any of them behind
 *   leading spaces) gets a leading apostrophe, so a member's nickname like `=HYPERLINK(...)`
 *   stays text (CSV injection).
 *   Numbers are written as numbers, so a negative amount is still a number.
 */

export type CsvCell = string | number | boolean | null | undefined;

export const CSV_BOM = "\uFEFF";
export const CSV_CONTENT_TYPE = "text/csv; charset=utf-8";

const FORMULA_START = /^[\s\u3000]*[=+\-@\t\r＝＋－＠]/;

/**
 * csv-stringify quotes a field holding the delimiter, a quote or the record delimiter (CRLF);
 * a lone CR or LF, or spaces at either end (which Excel would drop), are quoted as well.
 */
const STRINGIFY_OPTIONS = {
  record_delimiter: "\r\n",
  quoted_match: /[\r\n]|^\s|\s$/,
} as const;

/** A cell's text: numbers as numbers, a formula-looking text made plain text. */
function cellText(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "1" : "0";
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** One cell as it stands in the file (quoted when it must be). */
export function csvCell(value: CsvCell): string {
  return stringify([[cellText(value)]], { ...STRINGIFY_OPTIONS, record_delimiter: "" });
}

/** The whole file: BOM, header line, one line per row, each ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const records = [header, ...rows].map((row) => row.map(cellText));
  return CSV_BOM + stringify(records, STRINGIFY_OPTIONS);
}

/**
 * A download file name: the list's name and the date, ASCII only, plus an RFC 5987 UTF-8 form
 * so a Japanese title also survives. Returns the Content-Disposition value.
 */
export function csvDisposition(name: string, date: string): string {
  const ascii = `${name}-${date}.csv`.replace(/[^A-Za-z0-9._-]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(`${name}-${date}.csv`)}`;
}

/** Today's date in Asia/Tokyo as YYYYMMDD, for export file names. */
export function tokyoDateStamp(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "Asia/Tokyo",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  })
    .format(now)
    .replace(/-/g, "");
}

/**
 * A list's CSV download, named `name` and today's Tokyo date. Routes reach it as `context.csv`
 * (server/app.ts), so writing the file stays on the server side of the app/server boundary.
 * The rows come from the list's own procedure called with the page's filters and
 * `export: true`, so the file holds exactly what the filters select. Never cached: it holds
 * personal data.
 */
export function csvResponse(
  name: string,
  header: readonly string[],
  rows: readonly (readonly CsvCell[])[],
): Response {
  return new Response(toCsv(header, rows), {
    headers: {
      "Content-Type": CSV_CONTENT_TYPE,
      "Content-Disposition": csvDisposition(name, tokyoDateStamp()),
      "Cache-Control": "no-store",
    },
  });
}
