import { type InsertQueryBuilder, type Kysely, type SelectQueryBuilder, sql } from "kysely";
import type { Db } from "./index";
import type { Database } from "./schema";

/**
 * The few places where MySQL and SQLite differ, kept here so services never branch on the
 * engine themselves.
 */

/**
 * Lock the selected rows until the transaction ends. SQLite has no row locks (a write
 * transaction already excludes other writers) and rejects the syntax, so it is skipped there.
 */
export function forUpdate<DB, TB extends keyof DB, O>(
  db: Db,
  query: SelectQueryBuilder<DB, TB, O>,
  options: { skipLocked?: boolean } = {},
): SelectQueryBuilder<DB, TB, O> {
  if (db.engine === "sqlite") return query;
  const locked = query.forUpdate();
  return options.skipLocked ? locked.skipLocked() : locked;
}

/**
 * Insert, or update the given columns when the row's unique key already exists.
 * `conflictColumns` names that key for SQLite; MySQL finds it by itself.
 */
export function upsert<DB, TB extends keyof DB, O>(
  db: Db,
  insert: InsertQueryBuilder<DB, TB, O>,
  conflictColumns: string[],
  updates: Record<string, unknown>,
): InsertQueryBuilder<DB, TB, O> {
  /* eslint-disable @typescript-eslint/no-explicit-any -- kysely's conflict builders are keyed by
     the table's column union, which a generic helper cannot name. */
  if (db.engine === "mysql") return insert.onDuplicateKeyUpdate(updates as any);
  return insert.onConflict((oc) => oc.columns(conflictColumns as any).doUpdateSet(updates as any));
  /* eslint-enable @typescript-eslint/no-explicit-any */
}

/** Insert unless the unique key already exists; the existing row wins. */
export function insertIgnore<DB, TB extends keyof DB, O>(
  db: Db,
  insert: InsertQueryBuilder<DB, TB, O>,
): InsertQueryBuilder<DB, TB, O> {
  return db.engine === "mysql" ? insert.ignore() : insert.onConflict((oc) => oc.doNothing());
}

/** The driver's code and number of a database error, when `error` is one. */
function driverError(error: unknown): { code?: string; errno?: number; fatal?: boolean } {
  return error && typeof error === "object" ? error : {};
}

/** True when the error carries one of `codes` or one of `errnos` (either engine's naming). */
function hasErrorCode(error: unknown, codes: ReadonlySet<string>, errnos: ReadonlySet<number>) {
  const { code, errno } = driverError(error);
  return (code !== undefined && codes.has(code)) || (errno !== undefined && errnos.has(errno));
}

const UNIQUE_CODES = new Set([
  "ER_DUP_ENTRY",
  "SQLITE_CONSTRAINT_UNIQUE",
  "SQLITE_CONSTRAINT_PRIMARYKEY",
]);
const UNIQUE_ERRNOS = new Set([1062]);

/** True when a database error is a unique-key violation, on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  return hasErrorCode(error, UNIQUE_CODES, UNIQUE_ERRNOS);
}

const RETRY_CODES = new Set([
  "ER_LOCK_DEADLOCK",
  "ER_LOCK_WAIT_TIMEOUT",
  "ER_UNKNOWN_COM_ERROR",
  "SQLITE_BUSY",
]);
const RETRY_ERRNOS = new Set([1213, 1205, 1047]);

/**
 * True when the engine asks the transaction to be retried: a deadlock or lock-wait timeout, a
 * Galera certification conflict (reported as a deadlock, 1213), a Galera node that is not ready
 * for queries (1047: joining, donor, or cut off from the primary component), SQLite busy. The
 * transaction was rolled back, so running it again starts clean.
 */
export function isRetryableTxError(error: unknown): boolean {
  return hasErrorCode(error, RETRY_CODES, RETRY_ERRNOS);
}

/** Network-level failures of the driver itself (no server error code). */
const LOST_CODES = new Set([
  "PROTOCOL_CONNECTION_LOST",
  "PROTOCOL_ENQUEUE_AFTER_FATAL_ERROR",
  "PROTOCOL_SEQUENCE_TIMEOUT",
  "ECONNRESET",
  "ECONNREFUSED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
]);
/**
 * Server errors that end the connection: shutdown (1053), connection killed (1927), and the
 * client-side "server gone away" / "lost connection" numbers (2006, 2013).
 */
const LOST_ERRNOS = new Set([1053, 1927, 2006, 2013]);

/**
 * True when the connection to MySQL broke (the server or the node behind a proxy died, the
 * connection was killed, the network dropped). mysql2 marks such errors `fatal`. Whatever was
 * running on that connection is gone: an open transaction was rolled back by the server, but a
 * COMMIT that was sent may or may not have been applied.
 */
export function isConnectionLost(error: unknown): boolean {
  return driverError(error).fatal === true || hasErrorCode(error, LOST_CODES, LOST_ERRNOS);
}

/**
 * True when a failure says the database is unavailable for now rather than that the request is
 * wrong: the member should be told to try again shortly (503), never shown an internal error.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return isRetryableTxError(error) || isConnectionLost(error);
}

/**
 * The updates that add `addColumns` of the new row to the existing row with the same key.
 * MySQL names the new value VALUES(col), SQLite excluded.col; both read the old value as the
 * bare column.
 */
function addedValues(db: Db, addColumns: string[]) {
  return Object.fromEntries(
    addColumns.map((c) => [
      c,
      db.engine === "mysql"
        ? sql`${sql.ref(c)} + values(${sql.ref(c)})`
        : sql`${sql.ref(c)} + excluded.${sql.ref(c)}`,
    ]),
  );
}

/* eslint-disable @typescript-eslint/no-explicit-any -- as in upsert: a generic helper cannot
   name one table's column union. */

/**
 * Inserts rows, or adds their `addColumns` to the existing row with the same key: the way
 * running totals (daily and monthly summaries) are kept.
 */
export async function upsertAdd<T extends Record<string, unknown>>(
  db: Db,
  executor: Kysely<Database>,
  table: keyof Database & string,
  rows: T[],
  keyColumns: (keyof T & string)[],
  addColumns: (keyof T & string)[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    const insert = executor.insertInto(table).values(rows.slice(i, i + 500) as any);
    await upsert(db, insert, keyColumns, addedValues(db, addColumns)).execute();
  }
}

/**
 * upsertAdd with the rows computed by the database in one statement: `select` (typically
 * grouped) yields `columns` in that order. It must have a WHERE clause: SQLite would read the
 * upsert's ON after a bare FROM as a join's.
 */
export async function upsertAddFrom<C extends string>(
  db: Db,
  executor: Kysely<Database>,
  table: keyof Database & string,
  columns: C[],
  select: SelectQueryBuilder<Database, any, Record<C, unknown>>,
  keyColumns: C[],
  addColumns: C[],
): Promise<void> {
  const insert = executor
    .insertInto(table)
    .columns(columns as any)
    .expression(select as any);
  await upsert(db, insert, keyColumns, addedValues(db, addColumns)).execute();
}
/* eslint-enable @typescript-eslint/no-explicit-any */
