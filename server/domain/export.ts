/**
 * A list's CSV export holds at most this many rows (pure: the list's table says so beside its
 * export link when more rows match, and the paging query stops there).
 */
export const EXPORT_MAX_ROWS = 10_000;
