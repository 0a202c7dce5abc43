import ArrowDownTrayIcon from "@heroicons/react/20/solid/ArrowDownTrayIcon";
import ChevronDownIcon from "@heroicons/react/20/solid/ChevronDownIcon";
import ChevronUpDownIcon from "@heroicons/react/20/solid/ChevronUpDownIcon";
import ChevronUpIcon from "@heroicons/react/20/solid/ChevronUpIcon";
import type { SerializeFrom } from "@remix-run/node";
import { Link, useLocation, useNavigation } from "@remix-run/react";
import { type ReactNode, useEffect, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { focusRing } from "#app/components/shell/styles";
import { EXPORT_MAX_ROWS } from "#domain/export";
import { ariaSort, exportHref, nextDir, rangeOf, type SortDir, withParams } from "./url";
import { buttonClass } from "#app/components/ui/button";
import { card } from "#app/components/ui/card";
import { PagingBar } from "./PagingBar";

/**
 * The one table of the portal: every list (members, accounts, withdrawals, money) uses it.
 *
 * Its state lives in the URL (`sort`, `dir`, `page`, `size` and the page's own filters), so the
 * loader reads the search params, passes them to the list procedure (which pages and sorts in
 * the database, see server/lib/paging.ts) and hands the result here:
 *
 *   export async function loader({ request, context }) {
 *     const page = await context.trpc.admin.customers.list(searchParamsObject(request.url));
 *     return json({ page });
 *   }
 *   ...
 *   <TableFilters>…inputs named like the procedure's filter fields…</TableFilters>
 *   <DataTable
 *     label={t("customers.title")}
 *     page={page}                                  // { rows, total, page, size, sort, dir }
 *     columns={[{ key: "nickname", header: t("…"), sortKey: "nickname", cell: (r) => r.nickname }]}
 *     csvHref="/admin/customer/export"             // a resource route calling the same procedure
 *   />
 *
 * Sortable headers are links (aria-sort on the header); the page size selector, the page
 * numbers and the export link are reachable by keyboard. Below 768 px the same markup shows as
 * a card list (see `narrow` below): each row a card, each cell a line with its column's name,
 * and the sortable headers a row of sort buttons, so nothing needs a sideways swipe. While the loader runs for a new sort, page or filter, the
 * table says it is loading. `selection` adds a checkbox column whose boxes belong to a form
 * elsewhere on the page (`form` attribute), for bulk actions.
 */

export interface Column<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Makes the header a sort link; must be one of the procedure's allowed sort keys. */
  sortKey?: string;
  /** The direction a first click sorts in: "desc" suits dates and amounts. */
  firstDir?: SortDir;
  align?: "left" | "right" | "center";
  /** Keep the cell on one line (dates, amounts, codes). */
  nowrap?: boolean;
  /** The cell names its row (a month in a table of months): a row header for screen readers. */
  rowHeader?: boolean;
  className?: string;
}

/** A row of the list a route's loader returns as `page`: what a page's column helpers take. */
export type PageRow<Loader extends (...args: never[]) => unknown> =
  SerializeFrom<Loader> extends { page: { rows: (infer R)[] } } ? R : never;

export interface TablePage<T> {
  rows: T[];
  total: number;
  page: number;
  size: number;
  sort: string;
  dir: SortDir;
}

export interface TableSelection<T> {
  /** The id of the form the checkboxes submit with. */
  form: string;
  /** The field name of each checked row's key. */
  name: string;
  /** Accessible name of one row's checkbox (e.g. "Select account 12345"). */
  rowLabel: (row: T) => string;
}

export interface DataTableProps<T> {
  /** The table's accessible name, also its caption for screen readers. */
  label: string;
  columns: Column<T>[];
  page: TablePage<T>;
  /** A row's key; by default its `id` (a row without one must name its key). */
  rowKey?: (row: T) => string;
  /** What an empty result says; defaults to "no matching data". */
  empty?: ReactNode;
  /** Path of the CSV resource route; the current filters and order are appended. */
  csvHref?: string;
  selection?: TableSelection<T>;
  /** Extra controls shown above the table, next to the count (bulk actions). */
  toolbar?: ReactNode;
  /** Hide the page size selector and paging (a short list that can never fill a page). */
  hidePaging?: boolean;
  /** Hide the "1–5 of 5" line too: a whole list (see `wholeList`) with nothing above it. */
  hideRange?: boolean;
  /**
   * The table is the accessible equivalent of a chart that shows the same figures: kept for
   * screen readers only, and out of the tab order (a focus stop nobody can see).
   */
  screenReaderOnly?: boolean;
  /** Marks a row (the member's own place in standings). */
  rowClassName?: (row: T) => string;
  /** Data attributes of a row, without the data- prefix (`{ month: "2026-11" }`), for tests. */
  rowData?: (row: T) => Record<string, string>;
  testId?: string;
  rowTestId?: string;
}

/**
 * A short list shown whole (standings, a breakdown, a gacha's rewards) as the page DataTable
 * takes: one page holding every row, unsorted. Pass `hidePaging` and `hideRange` with it.
 */
export function wholeList<T>(rows: T[]): TablePage<T> {
  return {
    rows,
    total: rows.length,
    page: 1,
    size: Math.max(1, rows.length),
    sort: "",
    dir: "asc",
  };
}

const alignClass = { left: "text-left", right: "text-right", center: "text-center" } as const;

/**
 * The card list below 768 px, in CSS only: one DOM for both layouts keeps test ids and form
 * fields single. Changing a table's display could drop its semantics in some browsers, so the
 * table, its rows and its headers carry their roles explicitly. A cell names its column through a pseudo-element (data-label),
 * which stays out of the cell's text; the action columns, whose headers are visually hidden,
 * get no name and take the card's full width.
 */
const narrow = {
  table: "mob:block",
  head: "mob:block mob:bg-transparent mob:dark:bg-transparent",
  headRow: "mob:flex mob:flex-wrap mob:items-center mob:gap-2 mob:px-3 mob:py-2",
  // Only what acts (select all, sort) stays in the header bar on a phone.
  plainHeader: "mob:hidden",
  sortHeader:
    "mob:rounded-full mob:border mob:border-slate-300 mob:px-3 mob:py-0 mob:dark:border-slate-600",
  body: "mob:block",
  row: "mob:block mob:px-3 mob:py-2",
  pairRow: "mob:flex mob:items-baseline mob:justify-between mob:gap-3 mob:px-3 mob:py-2",
  // The labelled line is a component class (app/tailwind.css); its alignment stays a utility,
  // so that it wins over the column's own on a phone as before.
  cell: "data-cell-labelled mob:text-right",
  checkbox: "mob:h-6 mob:w-6",
} as const;

function dataAttributes(data: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(data ?? {}).map(([k, v]) => [`data-${k}`, v]));
}

/** The column's name shown beside each value on a phone; none for a visually hidden header. */
function cellLabel(header: ReactNode): string | undefined {
  return typeof header === "string" ? header : undefined;
}

/** The key of a row that has an id: most lists' rows. */
function rowId(row: unknown): string {
  return (row as { id: string }).id;
}

export function DataTable<T>({
  label,
  columns,
  page,
  rowKey = rowId,
  empty,
  csvHref,
  selection,
  toolbar,
  hidePaging = false,
  hideRange = false,
  screenReaderOnly = false,
  rowClassName,
  rowData,
  testId = "data-table",
  rowTestId = "table-row",
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  const captionId = useId();
  const search = location.search;
  const loading =
    navigation.state === "loading" && navigation.location?.pathname === location.pathname;

  const keys = useMemo(() => page.rows.map(rowKey), [page.rows, rowKey]);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  // A new page of rows starts with nothing selected: a hidden row is never acted on.
  const keysSignature = keys.join(",");
  useEffect(() => setSelected(new Set()), [keysSignature]);
  const allSelected = keys.length > 0 && keys.every((k) => selected.has(k));
  const someSelected = !allSelected && keys.some((k) => selected.has(k));

  const range = rangeOf(page.page, page.size, page.total);
  // A row named by its header with one value (a month and its amount) is one line on a phone,
  // the name on the left and the value on the right, not a two-line card.
  const pairs = !selection && columns.length === 2 && columns[0]!.rowHeader === true;
  const colCount = columns.length + (selection ? 1 : 0);

  return (
    <div className={screenReaderOnly ? "sr-only" : "space-y-3"} data-testid={testId}>
      <div
        className={`flex flex-wrap items-center justify-between gap-3 ${hideRange ? "hidden" : ""}`}
      >
        <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="table-range">
          {t("table.range", range)}
          {selection && selected.size > 0 && (
            <span className="ml-2 font-medium text-slate-900 dark:text-white">
              {t("table.selected", { count: selected.size })}
            </span>
          )}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          {toolbar}
          {csvHref && (
            <a
              href={exportHref(csvHref, search)}
              download
              data-testid="table-export"
              className={buttonClass({ variant: "secondary" })}
            >
              <ArrowDownTrayIcon className="h-4 w-4" aria-hidden="true" />
              {t("table.exportCsv")}
            </a>
          )}
          {csvHref && page.total > EXPORT_MAX_ROWS && (
            <p
              className="w-full text-xs text-slate-600 dark:text-slate-300"
              data-testid="table-export-limit"
            >
              {t("table.exportLimit", { max: EXPORT_MAX_ROWS.toLocaleString("en-US") })}
            </p>
          )}
        </div>
      </div>

      <div className="relative">
        {/* A focusable region: a wide table scrolls sideways, by touch or by keyboard (a phone
            shows the card list instead). */}
        <div
          role="region"
          aria-labelledby={captionId}
          // A scrolling region must take focus, or keyboard users cannot scroll it (WCAG 2.1.1).
          tabIndex={screenReaderOnly ? undefined : 0}
          // A screen-reader-only table is read, not scrolled: no scrolling region without focus.
          className={screenReaderOnly ? "" : `${card} relative overflow-x-auto ${focusRing}`}
        >
          <table
            role="table"
            className={`${narrow.table} min-w-full divide-y divide-slate-200 text-sm transition-opacity dark:divide-slate-700 ${
              loading ? "opacity-50" : ""
            }`}
            aria-busy={loading || undefined}
          >
            <caption id={captionId} className="sr-only">
              {label}
            </caption>
            <thead
              className={`${narrow.head} bg-slate-50 dark:bg-slate-800/60 ${
                // On a phone the header bar holds only what acts: none, no empty bar.
                selection || columns.some((c) => c.sortKey) ? "" : "mob:hidden"
              }`}
            >
              <tr role="row" className={narrow.headRow}>
                {selection && (
                  <th role="columnheader" scope="col" className="w-10 px-3 py-2 mob:w-auto mob:p-0">
                    <input
                      type="checkbox"
                      aria-label={t("table.selectAll")}
                      data-testid="table-select-all"
                      checked={allSelected}
                      ref={(el) => {
                        if (el) el.indeterminate = someSelected;
                      }}
                      disabled={keys.length === 0}
                      onChange={(e) => setSelected(e.target.checked ? new Set(keys) : new Set())}
                      className={`h-4 w-4 rounded border-slate-300 text-emerald-600 focus:ring-emerald-600 ${narrow.checkbox}`}
                    />
                  </th>
                )}
                {columns.map((column) => (
                  <th
                    key={column.key}
                    role="columnheader"
                    scope="col"
                    aria-sort={column.sortKey ? ariaSort(column.sortKey, page) : undefined}
                    className={`whitespace-nowrap px-3 py-2 font-semibold text-slate-700 dark:text-slate-200 ${
                      alignClass[column.align ?? "left"]
                    } ${column.sortKey ? narrow.sortHeader : narrow.plainHeader}`}
                  >
                    {column.sortKey ? (
                      <SortLink column={column} page={page} search={search} />
                    ) : (
                      column.header
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className={`${narrow.body} divide-y divide-slate-100 dark:divide-slate-800`}>
              {page.rows.length === 0 ? (
                <tr role="row" className={narrow.row}>
                  <td
                    colSpan={colCount}
                    className="block px-3 py-10 text-center text-slate-500 md:table-cell dark:text-slate-400"
                    data-testid="table-empty"
                  >
                    {empty ?? t("table.empty")}
                  </td>
                </tr>
              ) : (
                page.rows.map((row, index) => {
                  const key = keys[index]!;
                  return (
                    <tr
                      key={key}
                      role="row"
                      data-testid={rowTestId}
                      {...dataAttributes(rowData?.(row))}
                      className={`${pairs ? narrow.pairRow : narrow.row} ${rowClassName?.(row) || "hover:bg-slate-50 dark:hover:bg-slate-800/40"}`}
                    >
                      {selection && (
                        <td className="px-3 py-2 mob:block mob:px-0">
                          <input
                            type="checkbox"
                            form={selection.form}
                            name={selection.name}
                            value={key}
                            aria-label={selection.rowLabel(row)}
                            checked={selected.has(key)}
                            onChange={(e) => {
                              const next = new Set(selected);
                              if (e.target.checked) next.add(key);
                              else next.delete(key);
                              setSelected(next);
                            }}
                            className={`h-4 w-4 rounded border-slate-300 text-emerald-600 focus:ring-emerald-600 ${narrow.checkbox}`}
                          />
                        </td>
                      )}
                      {columns.map((column) => {
                        const Cell = column.rowHeader ? "th" : "td";
                        return (
                          <Cell
                            key={column.key}
                            scope={column.rowHeader ? "row" : undefined}
                            data-label={pairs ? undefined : cellLabel(column.header)}
                            className={`data-cell ${
                              alignClass[column.align ?? "left"]
                            } ${column.nowrap ? "whitespace-nowrap" : ""} ${column.rowHeader ? "font-normal" : ""} ${
                              column.className ?? ""
                            } ${
                              pairs
                                ? "mob:block mob:px-0 mob:py-0"
                                : cellLabel(column.header)
                                  ? narrow.cell
                                  : "mob:block mob:px-0"
                            }`}
                          >
                            {column.cell(row)}
                          </Cell>
                        );
                      })}
                    </tr>
                  );
                })
              )}
            </tbody>
          </table>
        </div>
        {loading && (
          <div
            className="pointer-events-none absolute inset-0 flex items-start justify-center pt-10"
            data-testid="table-loading"
          >
            <span className="rounded-full bg-white px-3 py-1 text-sm text-slate-700 shadow dark:bg-slate-800 dark:text-slate-100">
              {t("table.loading")}
            </span>
          </div>
        )}
        <p className="sr-only" role="status" aria-live="polite">
          {loading ? t("table.loading") : ""}
        </p>
      </div>

      {!hidePaging && <PagingBar page={page} search={search} />}
    </div>
  );
}

function SortLink<T>({
  column,
  page,
  search,
}: {
  column: Column<T>;
  page: TablePage<T>;
  search: string;
}) {
  const { t } = useTranslation();
  const key = column.sortKey!;
  const state = ariaSort(key, page);
  const Icon =
    state === "ascending"
      ? ChevronUpIcon
      : state === "descending"
        ? ChevronDownIcon
        : ChevronUpDownIcon;
  const to = withParams(search, {
    sort: key,
    dir: nextDir(key, page, column.firstDir),
    page: null,
  });
  return (
    <Link
      to={to}
      preventScrollReset
      data-testid={`sort-${key}`}
      className={`inline-flex items-center gap-1 rounded-sm hover:text-emerald-700 mob:min-h-11 mob:px-1 dark:hover:text-emerald-400 ${focusRing}`}
    >
      {column.header}
      <Icon
        className={`h-4 w-4 ${state === "none" ? "text-slate-400" : "text-emerald-600 dark:text-emerald-400"}`}
        aria-hidden="true"
      />
      <span className="sr-only">{t("table.sortHint")}</span>
    </Link>
  );
}
