/**
 * Pure helpers of the table: the URL is the table's state (sort, dir, page, size and the
 * page's own filters), so every change is a new search string and the loader queries again.
 */

export type SortDir = "asc" | "desc";

/** A search string with `changes` applied; null or "" removes a parameter. */
export function withParams(
  current: URLSearchParams | string,
  changes: Record<string, string | number | null | undefined>,
): string {
  const params = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === "") params.delete(key);
    else params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "?";
}

/**
 * The direction a header link asks for: the other direction when the column is already the
 * sort, otherwise the column's natural first direction (newest or largest first for dates and
 * amounts, A→Z for names).
 */
export function nextDir(
  column: string,
  current: { sort: string; dir: SortDir },
  firstDir: SortDir = "asc",
): SortDir {
  if (current.sort !== column) return firstDir;
  return current.dir === "asc" ? "desc" : "asc";
}

export function ariaSort(
  column: string,
  current: { sort: string; dir: SortDir },
): "ascending" | "descending" | "none" {
  if (current.sort !== column) return "none";
  return current.dir === "asc" ? "ascending" : "descending";
}

export function lastPage(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/**
 * The page numbers to show: the first, the last and a window around the current page, with
 * "gap" where numbers are left out. Always at most 7 entries, so it fits 375 px.
 */
export function pageWindow(page: number, last: number): (number | "gap")[] {
  if (last <= 7) return Array.from({ length: last }, (_, i) => i + 1);
  if (page <= 4) return [1, 2, 3, 4, 5, "gap", last];
  if (page >= last - 3) return [1, "gap", last - 4, last - 3, last - 2, last - 1, last];
  return [1, "gap", page - 1, page, page + 1, "gap", last];
}

/** "from–to of total" numbers for the summary line; 0–0 when empty. */
export function rangeOf(page: number, size: number, total: number) {
  if (total === 0) return { from: 0, to: 0, total };
  const from = (page - 1) * size + 1;
  return { from, to: Math.min(total, page * size), total };
}

/** The export link: the same filters and order as the page, without its paging. */
export function exportHref(path: string, current: URLSearchParams | string): string {
  const query = withParams(current, { page: null, size: null });
  return query === "?" ? path : path + query;
}

/** A URL's search params as a plain object for a list procedure (first value of each name). */
export function searchParamsObject(url: URL | string): Record<string, string> {
  const params = (typeof url === "string" ? new URL(url, "http://x") : url).searchParams;
  const out: Record<string, string> = {};
  for (const [key, value] of params) if (!(key in out)) out[key] = value;
  return out;
}
