import { searchParamsObject } from "~/components/table/url";
import { type CsvCell, CSV_CONTENT_TYPE, csvDisposition, toCsv } from "../../server/lib/csv";

/**
 * The CSV downloads of the export routes, member and admin: the file name carries the Tokyo
 * date, the body comes from server/lib/csv (BOM, CRLF, quoting, formula guard), and nothing is
 * cached, since every export holds personal data.
 */

/** Today's date in Asia/Tokyo as YYYYMMDD, for export file names. */
function tokyoDateStamp(now = new Date()): string {
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
 * A CSV download for a list's export route. The rows come from the list's own procedure called
 * with the page's filters and `export: true`, so the file holds exactly what the filters select.
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

/**
 * One column of a list's CSV export: its header and how a row fills it. Written side by side so
 * a column added or moved can never leave its header in another place than its values.
 */
type CsvColumn<R> = readonly [header: string, cell: (row: R) => CsvCell];

/**
 * What an export route passes to its list's procedure: the page's own search params (filters,
 * order) with `export: true`, so the file holds every row the page's filters select.
 */
export function exportInput(request: Request) {
  return { ...searchParamsObject(request.url), export: true as const };
}

/** The CSV download `name` of `rows`, one line per row in the order of `columns`. */
export function csvColumnsResponse<R>(
  name: string,
  rows: readonly R[],
  columns: readonly CsvColumn<R>[],
): Response {
  return csvResponse(
    name,
    columns.map(([header]) => header),
    rows.map((row) => columns.map(([, cell]) => cell(row))),
  );
}
