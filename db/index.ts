import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type LogEvent,
  MysqlDialect,
  type MysqlDialectConfig,
  MysqlDriver,
  type QueryResult,
  type TransactionSettings,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  sql,
} from "kysely";
import { createPool, type Pool } from "mysql2";
import { isConnectionLost } from "./dialect";
import type { Database } from "./schema";

export type Engine = "mysql" | "sqlite";

export interface Db {
  kysely: Kysely<Database>;
  /**
   * Where read-only lists and exports may read: the `DATABASE_READ_URL` replica or node when one
   * is configured, else the writer itself. Never for money, balances or a page right after the
   * member's own write (server/trpc/context.ts picks the writer then).
   */
  reader: Kysely<Database>;
  engine: Engine;
  /**
   * The driver's own client, for the one library that brings its own SQL (rate-limiter-flexible's
   * stores). Everything else goes through `kysely`.
   */
  native: NativeClient;
  destroy(): Promise<void>;
}

export type NativeClient =
  | { engine: "mysql"; pool: Pool; database: string }
  | { engine: "sqlite"; database: SQLite.Database };

export interface DbOptions {
  /** `mysql://…`; when absent the embedded SQLite file at `sqlitePath` is used. */
  databaseUrl?: string | undefined;
  sqlitePath?: string;
  poolSize?: number;
  /** `mysql://…` of a replica or another cluster node for read-only lists (MySQL only). */
  readUrl?: string | undefined;
  observe?: DbObserver;
}

/**
 * What a process that exports metrics learns from its database: each statement's time and
 * outcome, and the MySQL pools it opened. Passed in by that process (server/metrics-db.ts), so
 * the database layer knows nothing of metrics; a command-line tool or a test passes nothing.
 */
export interface DbObserver {
  statement(seconds: number, outcome: "ok" | "error"): void;
  /** The pools of the latest createDb by role; the reader only with a `readUrl`. */
  pools(pools: { writer: Pool; reader?: Pool }): void;
}

/** Kysely's log hook for an observer: every statement's time, failed or not. */
function statementLog(observe: DbObserver | undefined) {
  if (!observe) return undefined;
  return (event: LogEvent) =>
    observe.statement(event.queryDurationMillis / 1000, event.level === "error" ? "error" : "ok");
}

export function createDb(options: DbOptions): Db {
  if (options.databaseUrl) {
    const poolSize = options.poolSize ?? 10;
    const writer = createMysql(options.databaseUrl, poolSize, options.observe);
    const writerPool = (writer.native as { pool: Pool }).pool;
    if (!options.readUrl) {
      options.observe?.pools({ writer: writerPool });
      return writer;
    }
    const reader = createMysql(options.readUrl, poolSize, options.observe);
    options.observe?.pools({ writer: writerPool, reader: (reader.native as { pool: Pool }).pool });
    return {
      ...writer,
      reader: reader.kysely,
      destroy: async () => {
        await Promise.all([writer.destroy(), reader.destroy()]);
      },
    };
  }
  return createSqlite(options.sqlitePath ?? "data/portal.sqlite", options.observe);
}

/**
 * How long a read, or the opening of a connection, keeps trying while the database is
 * unreachable: long enough to ride out a cluster failover (the proxy noticing the dead node,
 * the surviving nodes agreeing on a new view: about 5 s measured), short enough that a member is
 * told "busy, try again" rather than left waiting.
 */
export const UNAVAILABLE_RETRY_MS = 15_000;

/** Exponential backoff with full jitter, so retrying processes do not return in step. */
export function backoffMs(attempt: number, baseMs = 20, capMs = 1_000): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** (attempt - 1));
  return Math.floor(ceiling / 2 + Math.random() * (ceiling / 2));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A statement that only reads: running it again after a broken connection changes nothing. */
function isReadOnly(query: CompiledQuery): boolean {
  return /^\s*\(?\s*select\b/i.test(query.sql);
}

/**
 * A connection that survives the death of the server it talks to, for what is safe to repeat:
 * a read outside a transaction is run again on a fresh connection. Inside a transaction nothing
 * is repeated here; the transaction fails as a whole and `inTransaction` (server/ledger) decides.
 */
class ReconnectingConnection implements DatabaseConnection {
  inTransaction = false;

  constructor(
    private readonly driver: Driver,
    public inner: DatabaseConnection,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const deadline = Date.now() + UNAVAILABLE_RETRY_MS;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.inner.executeQuery<R>(query);
      } catch (error) {
        if (this.inTransaction || !isConnectionLost(error) || !isReadOnly(query)) throw error;
        if (Date.now() > deadline) throw error;
        await sleep(backoffMs(attempt));
        const dead = this.inner;
        this.inner = await acquireWithin(this.driver, deadline);
        await this.driver.releaseConnection(dead).catch(() => undefined);
      }
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

/** A pool connection, trying again while opening one fails because the server is unreachable. */
async function acquireWithin(driver: Driver, deadline: number): Promise<DatabaseConnection> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await driver.acquireConnection();
    } catch (error) {
      if (!isConnectionLost(error) || Date.now() > deadline) throw error;
      await sleep(backoffMs(attempt));
    }
  }
}

class ReconnectingDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  init() {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new ReconnectingConnection(
      this.inner,
      await acquireWithin(this.inner, Date.now() + UNAVAILABLE_RETRY_MS),
    );
  }

  async beginTransaction(c: DatabaseConnection, settings: TransactionSettings) {
    const connection = c as ReconnectingConnection;
    await this.inner.beginTransaction(connection.inner, settings);
    connection.inTransaction = true;
  }

  commitTransaction(c: DatabaseConnection) {
    return this.endTransaction(c, (inner) => this.inner.commitTransaction(inner));
  }

  rollbackTransaction(c: DatabaseConnection) {
    return this.endTransaction(c, (inner) => this.inner.rollbackTransaction(inner));
  }

  /** A COMMIT or ROLLBACK: the connection is out of its transaction however it ends. */
  private async endTransaction(
    c: DatabaseConnection,
    end: (inner: DatabaseConnection) => Promise<void>,
  ): Promise<void> {
    const connection = c as ReconnectingConnection;
    try {
      await end(connection.inner);
    } finally {
      connection.inTransaction = false;
    }
  }

  releaseConnection(c: DatabaseConnection) {
    return this.inner.releaseConnection((c as ReconnectingConnection).inner);
  }

  destroy() {
    return this.inner.destroy();
  }
}

class ReconnectingMysqlDialect extends MysqlDialect {
  constructor(private readonly settings: MysqlDialectConfig) {
    super(settings);
  }

  override createDriver(): Driver {
    return new ReconnectingDriver(new MysqlDriver(this.settings));
  }
}

function createMysql(url: string, poolSize: number, observe?: DbObserver): Db {
  const pool = createPool({
    uri: url,
    connectionLimit: poolSize,
    charset: "utf8mb4",
    timezone: "Z",
    // Timestamps stay the strings we wrote (db/time.ts); SUM() over BIGINT comes back as a
    // number, not a DECIMAL string.
    dateStrings: true,
    decimalNumbers: true,
    supportBigNumbers: true,
    bigNumberStrings: false,
  });
  // Every connection talks UTC and refuses silent truncation.
  pool.on("connection", (conn) => {
    conn.query("SET time_zone = '+00:00', sql_mode = 'STRICT_ALL_TABLES,NO_ZERO_DATE'");
  });
  const kysely = new Kysely<Database>({
    dialect: new ReconnectingMysqlDialect({ pool }),
    log: statementLog(observe),
  });
  const database = decodeURIComponent(new URL(url).pathname.replace(/^\//, ""));
  return {
    kysely,
    reader: kysely,
    engine: "mysql",
    native: { engine: "mysql", pool, database },
    destroy: () => kysely.destroy(),
  };
}

/**
 * Transactions on SQLite take the write lock when they begin (`begin immediate`). A plain
 * `begin` reads a snapshot first; when another process (the CLI, a test) writes before the
 * transaction's first write, SQLite cannot wait for it and fails at once with
 * SQLITE_BUSY_SNAPSHOT, which reached a member as a 500 on the e2e server. Taking the lock up
 * front makes the transaction wait its turn (busy_timeout) instead.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.settings);
  }
}

/** Prepared statements kept per SQL text (see preparedOnce); the oldest goes past this many. */
export const SQLITE_STATEMENT_CACHE = 500;

/**
 * The database as Kysely's SQLite driver sees it, with each SQL text prepared once: the driver
 * prepares every statement it runs, and preparing was 5–6 % of the dashboard's and the
 * ranking's server CPU on the embedded database. Kysely writes parameters as
 * placeholders, so the texts are the queries of the code, not of the data. A statement still
 * being iterated (a streamed read) is busy: the same text then gets a statement of its own.
 */
export function preparedOnce(database: SQLite.Database, size = SQLITE_STATEMENT_CACHE) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(sql: string): SQLite.Statement {
      const kept = statements.get(sql);
      if (kept && !kept.busy) return kept;
      const statement = database.prepare(sql);
      if (!kept) {
        if (statements.size >= size) statements.delete(statements.keys().next().value!);
        statements.set(sql, statement);
      }
      return statement;
    },
    close() {
      statements.clear();
      database.close();
    },
  };
}

function createSqlite(path: string, observe?: DbObserver): Db {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const database = new SQLite(path);
  database.pragma("journal_mode = WAL");
  database.pragma("foreign_keys = ON");
  database.pragma("busy_timeout = 5000");
  database.pragma("synchronous = NORMAL");
  const kysely = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: preparedOnce(database) }),
    log: statementLog(observe),
  });
  return {
    kysely,
    reader: kysely,
    engine: "sqlite",
    native: { engine: "sqlite", database },
    destroy: () => kysely.destroy(),
  };
}

/** The database did not answer within a caller's deadline (it may still answer later). */
export class DatabaseTimeout extends Error {
  override name = "DatabaseTimeout";
  readonly code = "ETIMEDOUT";
}

/**
 * `work`, or a DatabaseTimeout once `ms` have passed: for answers that must come fast even when
 * the database hangs (a TCP peer that accepts and never replies) or refuses while the pool keeps
 * retrying for UNAVAILABLE_RETRY_MS. The work itself goes on; its late outcome is dropped.
 */
export function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DatabaseTimeout(`${what}: no answer in ${ms} ms`)), ms);
  });
  work.catch(() => undefined);
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** How long /readyz waits for the database by default (READY_TIMEOUT_MS). */
export const PING_TIMEOUT_MS = 1_000;

/** A cheap round trip, used by /readyz: fails within `timeoutMs` when the database is down. */
export async function ping(db: Db, timeoutMs = PING_TIMEOUT_MS): Promise<void> {
  await within(sql`select 1`.execute(db.kysely), timeoutMs, "database ping");
}
