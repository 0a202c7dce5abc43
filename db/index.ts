import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  MysqlDialect,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  sql,
} from "kysely";
import { createPool, type Pool } from "mysql2";
import type { Database } from "./schema";

export type Engine = "mysql" | "sqlite";

export interface Db {
  kysely: Kysely<Database>;
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
}

export function createDb(options: DbOptions): Db {
  if (options.databaseUrl) return createMysql(options.databaseUrl, options.poolSize ?? 10);
  return createSqlite(options.sqlitePath ?? "data/portal.sqlite");
}

function createMysql(url: string, poolSize: number): Db {
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
  const kysely = new Kysely<Database>({ dialect: new MysqlDialect({ pool }) });
  const database = decodeURIComponent(new URL(url).pathname.replace(/^\//, ""));
  return {
    kysely,
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

function createSqlite(path: string): Db {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const database = new SQLite(path);
  database.pragma("journal_mode = WAL");
  database.pragma("foreign_keys = ON");
  database.pragma("busy_timeout = 5000");
  database.pragma("synchronous = NORMAL");
  const kysely = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database }) });
  return {
    kysely,
    engine: "sqlite",
    native: { engine: "sqlite", database },
    destroy: () => kysely.destroy(),
  };
}

/** A cheap round trip, used by /readyz. */
export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db.kysely);
}
