/**
 * A CSV export holds at most this many rows; the list says so beside its export link when
 * more rows match. Its own module, free of server imports, so the table component can read it.
 */
export const EXPORT_MAX_ROWS = 10_000;
