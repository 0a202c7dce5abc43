import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { isPermissionRefusal } from "#domain/refusal";
import type { TFunction } from "i18next";
import type { CsvCell } from "#server/lib/csv";
import type { Caller } from "#server/trpc/router";
import { searchParamsObject } from "#app/components/table/url";
import { i18nServer } from "#app/i18n.server";

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

/**
 * A list's CSV export route, written as what differs between lists: the file's name, the
 * namespaces of its headers, the page's own procedure (called with `exportInput`, so the file
 * holds every row the page's filters select) and the columns of a row. Every download, the
 * admin's lists and the member's own, goes through here to the one CSV writer, so the byte
 * order mark, the quoting and the formula guard cannot differ between files.
 */
export function csvExport<P extends { rows: readonly unknown[] }>(list: {
  /** The file's name before its date; a function when it names what the page read. */
  name: string | ((t: TFunction, page: NoInfer<P>) => string);
  ns: string | readonly [string, ...string[]];
  read: (
    trpc: Caller,
    input: ReturnType<typeof exportInput>,
    args: LoaderFunctionArgs,
    t: TFunction,
  ) => Promise<P>;
  columns: (t: TFunction, page: P) => readonly CsvColumn<P["rows"][number]>[];
}) {
  return async (args: LoaderFunctionArgs): Promise<Response> => {
    const t = await i18nServer.getFixedT(args.request, list.ns);
    let page: P;
    try {
      page = await list.read(args.context.trpc, exportInput(args.request), args, t);
    } catch (error) {
      // A download has no page of its own: an admin refused for want of the permission goes
      // back to the list's page, whose layout answers the 403 inside the menu instead of a
      // blank page. Other refusals (a member's terms not accepted) answer as they are.
      if (isPermissionRefusal(error)) throw redirect(refusedExportPage(args.request.url));
      throw error;
    }
    const columns = list.columns(t, page);
    return args.context.csv(
      typeof list.name === "string" ? list.name : list.name(t, page),
      columns.map(([header]) => header),
      page.rows.map((row) => columns.map(([, cell]) => cell(row))),
    );
  };
}

/** The query parameter that tells the admin layout a CSV of this page was refused. */
export const EXPORT_REFUSED = "exportRefused";

/** The list page a CSV at `<page>/export?…` belongs to, with its filters, marked as refused. */
export function refusedExportPage(exportUrl: string): string {
  const url = new URL(exportUrl);
  const params = new URLSearchParams(url.search);
  params.set(EXPORT_REFUSED, "1");
  return `${url.pathname.replace(/\/export$/, "")}?${params.toString()}`;
}
