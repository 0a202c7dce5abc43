import type { AppLoadContext } from "@remix-run/node";
import type { CsvCell } from "../../server/lib/csv";
import { searchParamsObject } from "~/components/table/url";

/**
 * One column of a list's CSV export: its header and how a row fills it. Written side by side so
 * a column added or moved can never leave its header in another place than its values.
 */
export type CsvColumn<R> = readonly [header: string, cell: (row: R) => CsvCell];

/**
 * What an export route passes to its list's procedure: the page's own search params (filters,
 * order) with `export: true`, so the file holds every row the page's filters select.
 */
export function exportInput(request: Request) {
  return { ...searchParamsObject(request.url), export: true as const };
}

/**
 * The CSV download `name` of `rows`, one line per row in the order of `columns`; the file is
 * written on the server side (`context.csv`).
 */
export function csvColumnsResponse<R>(
  context: AppLoadContext,
  name: string,
  rows: readonly R[],
  columns: readonly CsvColumn<R>[],
): Response {
  return context.csv(
    name,
    columns.map(([header]) => header),
    rows.map((row) => columns.map(([, cell]) => cell(row))),
  );
}
