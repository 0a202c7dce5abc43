import { type CsvCell, CSV_CONTENT_TYPE, csvDisposition, toCsv } from "../../server/lib/csv";

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
 * A CSV download for a list's export route. The rows come from the list's own procedure called
 * with the page's filters and `export: true`, so the file holds exactly what the filters select.
 * Never cached: it holds personal data.
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
