import { type OrderByExpression, type SelectQueryBuilder, sql } from "kysely";
import { z } from "zod";
import { EXPORT_MAX_ROWS } from "../domain/export";

/**
 * Server-side paging and sorting for every list page (the admin lists, withdrawals, money).
 *
 * How a list uses it:
 *
 *   // schema.ts: the sort keys the list allows, and its default order
 *   export const listInput = pagingSchema(["createdAt", "nickname"], { sort: "createdAt", dir: "desc" })
 *     .extend({ q: z.string().trim().max(100).catch("").default("") });
 *
 *   // service.ts: filters on the query, the allow-listed key mapped to a column, a unique
 *   // tie-breaker last so rows never swap between pages
 *   const SORT = { createdAt: "users.created_at", nickname: "users.nickname" } as const;
 *   return paginate(query, input, (q) =>
 *     q.orderBy(SORT[input.sort], input.dir).orderBy("users.id", input.dir));
 *
 *   // route: the URL's search params go straight in (searchParamsObject from
 *   // app/components/table/url.ts); bad values fall back to the defaults
 *   const page = await context.trpc.admin.customers.list(searchParamsObject(request.url));
 *
 * The CSV export calls the same procedure with `export: true`: the same filters and order, up
 * to EXPORT_MAX_ROWS rows from the start (see server/lib/csv.ts and app/lib/csvExport.server.ts).
 */

/** The page size selector's choices (10 / 25 / 50 / 100, default 25). */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 25;
const MAX_PAGE = 1_000_000;

export type SortDir = "asc" | "desc";

export interface Paging<S extends string = string> {
  page: number;
  size: PageSize;
  sort: S;
  dir: SortDir;
  /** Every matching row (up to EXPORT_MAX_ROWS) instead of one page: the CSV export. */
  export?: boolean | undefined;
}

export interface Page<T, S extends string = string> {
  rows: T[];
  /** Rows matching the filters, all pages together. */
  total: number;
  /** The page actually shown: a page past the end becomes the last page. */
  page: number;
  size: PageSize;
  sort: S;
  dir: SortDir;
  /** Only for an export: more rows matched than EXPORT_MAX_ROWS. */
  truncated: boolean;
}

function isPageSize(n: number): n is PageSize {
  return (PAGE_SIZES as readonly number[]).includes(n);
}

/**
 * The paging part of a list procedure's input. Values come from the URL, where anyone can
 * type anything: an unknown sort key, a page of "abc" or a size of 1000 falls back to the
 * default instead of failing the page. The sort key can only ever be one of `sortKeys`, so it
 * is safe to map to a column.
 */
export function pagingSchema<const S extends readonly [string, ...string[]]>(
  sortKeys: S,
  defaults: { sort: S[number]; dir: SortDir },
) {
  return z.object({
    page: z.coerce.number().int().min(1).max(MAX_PAGE).catch(1).default(1),
    size: z.coerce
      .number()
      .refine(isPageSize)
      .transform((n) => n as PageSize)
      .catch(DEFAULT_PAGE_SIZE)
      .default(DEFAULT_PAGE_SIZE),
    sort: z.enum(sortKeys).catch(defaults.sort).default(defaults.sort),
    dir: z.enum(["asc", "desc"]).catch(defaults.dir).default(defaults.dir),
    export: z.boolean().optional(),
  });
}

/** The page to show: within 1..last page, so a stale link past the end shows the last rows. */
export function clampPage(page: number, total: number, size: number): number {
  const last = Math.max(1, Math.ceil(total / size));
  return Math.min(Math.max(1, Math.floor(page)), last);
}

/** Ways a large list pages without reading what it does not show. */
export interface PaginateOptions<DB, TB extends keyof DB, O> {
  /**
   * The number of matching rows, when something cheaper than COUNT(*) over the rows knows it
   * exactly (a summary table kept in the same transaction as the rows).
   */
  count?: () => Promise<number>;
  /**
   * The same order reversed (every key's direction flipped): a page past the middle is then
   * read from the other end, so the last page costs what the first does.
   */
  reversed?: (q: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, O>;
}

/**
 * Runs a list query as one page: counts the matching rows, then fetches the page in the given
 * order. `query` carries the selection and the filters but no order; `order` adds the order
 * (always ending with a unique column, so paging is stable).
 */
export async function paginate<DB, TB extends keyof DB, O, S extends string>(
  query: SelectQueryBuilder<DB, TB, O>,
  paging: Paging<S>,
  order: (q: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, O>,
  options: PaginateOptions<DB, TB, O> = {},
): Promise<Page<O, S>> {
  let total: number;
  if (options.count) total = await options.count();
  else {
    const counted = await query
      .clearSelect()
      .clearOrderBy()
      .select(sql<number | string | bigint>`count(*)`.as("total"))
      .executeTakeFirst();
    total = Number((counted as { total?: number | string | bigint } | undefined)?.total ?? 0);
  }
  const base = { total, size: paging.size, sort: paging.sort, dir: paging.dir };
  if (paging.export) {
    const rows = await order(query).limit(EXPORT_MAX_ROWS).execute();
    return { ...base, rows, page: 1, truncated: total > EXPORT_MAX_ROWS };
  }
  const page = clampPage(paging.page, total, paging.size);
  const offset = (page - 1) * paging.size;
  const shown = Math.min(paging.size, total - offset);
  let rows: O[];
  if (total === 0 || shown <= 0) rows = [];
  else if (options.reversed && offset > total / 2) {
    // From the end: skip the rows after this page, take this page, put it back in order.
    rows = await options
      .reversed(query)
      .limit(shown)
      .offset(total - offset - shown)
      .execute();
    rows.reverse();
  } else rows = await order(query).limit(paging.size).offset(offset).execute();
  return { ...base, rows, page, truncated: false };
}

/*
 * Filter fields of a list input. They come from the URL like the paging, so a value that does
 * not fit is dropped (the filter is off) instead of failing the page; "" means "no filter".
 */

const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

/** Free text (a search box), trimmed, at most `max` characters; blank is no filter. */
export function filterText(max = 100) {
  return z.preprocess(
    (v) => (typeof v === "string" ? blankToUndefined(v.trim()) : blankToUndefined(v)),
    z.string().max(max).optional().catch(undefined),
  );
}

/** One of a fixed set of values (a status select). */
export function filterChoice<const V extends readonly [string, ...string[]]>(values: V) {
  return z.preprocess(blankToUndefined, z.enum(values).optional().catch(undefined));
}

/** A Tokyo calendar date "YYYY-MM-DD" (a date input). */
export function filterDate() {
  return z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)))
      .optional()
      .catch(undefined),
  );
}

/** `like` pattern for "contains `text`", with `!` escaping % _ and ! (same on both engines). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

/** The same page with each row turned into what the list shows. */
export function mapRows<T, U, S extends string>(
  page: Page<T, S>,
  toRow: (row: T, index: number) => U,
): Page<U, S> {
  return { ...page, rows: page.rows.map(toRow) };
}

/**
 * "`column` contains `text`", taken literally: % and _ (common in emails) are escaped with "!",
 * and the escape is named in the query, because SQLite has no default escape character.
 */
export function contains(column: string, text: string) {
  return sql<boolean>`${sql.ref(column)} like ${containsPattern(text)} escape '!'`;
}

/**
 * How an admin finds a member in a list: part of the email (any case), of the nickname, or
 * of the name where the list shows it (`withName`), or the exact member id.
 */
export function memberMatches(text: string, withName = false) {
  return [
    contains("users.email", text.toLowerCase()),
    contains("users.nickname", text),
    ...(withName ? [contains("users.name", text)] : []),
    sql<boolean>`${sql.ref("users.id")} = ${text}`,
  ];
}

/**
 * A page ordered by `column` in the chosen direction, ties broken by `tieBreak` (the row's id)
 * the same way, so rows never swap places between pages.
 */
export function paginateSorted<DB, TB extends keyof DB, O, S extends string>(
  query: SelectQueryBuilder<DB, TB, O>,
  paging: Paging<S>,
  column: OrderByExpression<DB, TB, O>,
  tieBreak: OrderByExpression<DB, TB, O>,
): Promise<Page<O, S>> {
  return paginate(query, paging, (q) =>
    q.orderBy(column, paging.dir).orderBy(tieBreak, paging.dir),
  );
}

/**
 * As `memberMatches` with the name, but any case in every column: the text is lowercased and
 * compared with the lowercased email, nickname and name (and the id).
 */
export function memberMatchesAnyCase(text: string) {
  const lower = text.toLowerCase();
  const like = containsPattern(lower);
  return [
    sql<boolean>`${sql.ref("users.id")} = ${lower}`,
    ...["users.email", "users.nickname", "users.name"].map(
      (column) => sql<boolean>`lower(${sql.ref(column)}) like ${like} escape '!'`,
    ),
  ];
}

/**
 * A list page as the list shows it: `paginateSorted`, then each row turned into what the page
 * reads. Every admin and member list that maps its rows reads its page this way.
 */
export async function listPage<DB, TB extends keyof DB, O, S extends string, U>(
  query: SelectQueryBuilder<DB, TB, O>,
  paging: Paging<S>,
  column: OrderByExpression<DB, TB, O>,
  tieBreak: OrderByExpression<DB, TB, O>,
  toRow: (row: O, index: number) => U,
): Promise<Page<U, S>> {
  return mapRows(await paginateSorted(query, paging, column, tieBreak), toRow);
}
