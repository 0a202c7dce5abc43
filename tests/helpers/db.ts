import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createConnection } from "mysql2/promise";
import type { Selectable } from "kysely";
import { createDb, type Db } from "../../db";
import type { Database, TokenPurpose } from "../../db/schema";
import { migrateToLatest } from "../../db/migrate";

export interface TestDb {
  db: Db;
  /** How another process reaches the same database (a spawned worker). */
  location: { databaseUrl: string } | { sqlitePath: string };
  cleanup(): Promise<void>;
}

/** The engine the integration suite runs on: MySQL when TEST_MYSQL_URL is set, else SQLite. */
export const testEngine = process.env.TEST_MYSQL_URL ? "mysql" : "sqlite";

/**
 * A fresh, migrated database for one test file: a new schema on MySQL, a new file on SQLite.
 * Never a mock: the same SQL the portal runs.
 */
export async function createTestDb(): Promise<TestDb> {
  const mysqlUrl = process.env.TEST_MYSQL_URL;
  if (mysqlUrl) {
    const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
    const admin = await createConnection(mysqlUrl);
    await admin.query(`create database \`${name}\` character set utf8mb4 collate utf8mb4_bin`);
    const url = new URL(mysqlUrl);
    url.pathname = `/${name}`;
    const db = createDb({ databaseUrl: url.toString(), poolSize: 20 });
    await migrateToLatest(db);
    return {
      db,
      location: { databaseUrl: url.toString() },
      async cleanup() {
        await db.destroy();
        await admin.query(`drop database \`${name}\``);
        await admin.end();
      },
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), "portal-test-"));
  const sqlitePath = path.join(dir, "test.sqlite");
  const db = createDb({ sqlitePath });
  await migrateToLatest(db);
  return {
    db,
    location: { sqlitePath },
    async cleanup() {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Every row of `table` whose `column` holds `value`, as stored: what a test reads back. */
export async function rowsWhere<T extends keyof Database>(
  db: Db,
  table: T,
  column: keyof Database[T] & string,
  value: string,
): Promise<Selectable<Database[T]>[]> {
  // Kysely cannot type a query on a table chosen by the caller; the signature types the rows.
  const rows = await db.kysely
    .selectFrom(table as "users")
    .selectAll()
    .where(column as "id", "=", value)
    .execute();
  return rows as unknown as Selectable<Database[T]>[];
}

/** The one row of `table` whose `column` holds `value`; throws when there is none. */
export async function rowWhere<T extends keyof Database>(
  db: Db,
  table: T,
  column: keyof Database[T] & string,
  value: string,
): Promise<Selectable<Database[T]>> {
  const [row] = await rowsWhere(db, table, column, value);
  if (!row) throw new Error(`no ${table} row with ${column} = ${value}`);
  return row;
}

/** A user's tokens of one purpose (sign-in challenges, mail links); `unused` keeps the open ones. */
export async function tokensOf(
  db: Db,
  userId: string,
  purpose: TokenPurpose,
  { unused = false } = {},
) {
  let query = db.kysely
    .selectFrom("auth_tokens")
    .selectAll()
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose);
  if (unused) query = query.where("used_at", "is", null);
  return query.execute();
}
