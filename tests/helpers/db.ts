import { createHash, randomBytes } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Connection, createConnection } from "mysql2/promise";
import type { Selectable } from "kysely";
import { createDb, type Db } from "#db";
import type { Database, TokenPurpose } from "#db/schema";
import { migrateToLatest } from "#db/migrate";

export interface TestDb {
  db: Db;
  /** How another process reaches the same database (a spawned worker). */
  location: { databaseUrl: string } | { sqlitePath: string };
  cleanup(): Promise<void>;
}

/** The engine the integration suite runs on: MySQL when TEST_MYSQL_URL is set, else SQLite. */
export const testEngine = process.env.TEST_MYSQL_URL ? "mysql" : "sqlite";

/**
 * The migrations' fingerprint: their sources and the migrator's. A template database made from
 * one set of migrations is never used for another.
 */
function migrationsFingerprint(): string {
  const root = path.resolve(import.meta.dirname, "../../db");
  const hash = createHash("sha256").update(readFileSync(path.join(root, "migrate.ts")));
  const dir = path.join(root, "migrations");
  for (const file of readdirSync(dir).sort()) {
    hash.update(file).update(readFileSync(path.join(dir, file)));
  }
  return hash.digest("hex").slice(0, 12);
}

/**
 * A fresh, migrated database for one test file: a new schema on MySQL, a new file on SQLite.
 * Never a mock: the same SQL the portal runs. Migrating took 1–3 s a file on SQLite and 3–27 s
 * on MariaDB (DDL is slow there, slower on a busy machine), most of the suites' time: the
 * migrations run once into a template per fingerprint, and each file gets a copy of it (the
 * SQLite file copied; on MySQL the template's tables, triggers and rows recreated).
 */
export async function createTestDb(): Promise<TestDb> {
  const mysqlUrl = process.env.TEST_MYSQL_URL;
  if (mysqlUrl) {
    const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
    const admin = await createConnection(mysqlUrl);
    await admin.query(`create database \`${name}\` character set utf8mb4 collate utf8mb4_bin`);
    const url = new URL(mysqlUrl);
    url.pathname = `/${name}`;
    await copyMysqlTemplate(await mysqlTemplate(admin, mysqlUrl), url.toString());
    const db = createDb({ databaseUrl: url.toString(), poolSize: 20 });
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
  copyFileSync(await sqliteTemplate(), sqlitePath);
  const db = createDb({ sqlitePath });
  return {
    db,
    location: { sqlitePath },
    async cleanup() {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The migrated SQLite file to copy. Made under a temporary name and renamed into place, so a
 * test file running beside this one never copies half of it (two that make it at once both
 * make a whole one; the last rename wins).
 */
async function sqliteTemplate(): Promise<string> {
  const file = path.join(tmpdir(), `portal-test-template-${migrationsFingerprint()}.sqlite`);
  if (existsSync(file)) return file;
  const dir = mkdtempSync(path.join(tmpdir(), "portal-template-"));
  const db = createDb({ sqlitePath: path.join(dir, "template.sqlite") });
  try {
    await migrateToLatest(db);
  } finally {
    // Closing the last connection checkpoints the WAL into the file: the file is the database.
    await db.destroy();
  }
  renameSync(path.join(dir, "template.sqlite"), file);
  rmSync(dir, { recursive: true, force: true });
  return file;
}

/** The table that marks a MySQL template as whole: it is made after the last migration. */
const TEMPLATE_DONE = "zz_template_done";

/**
 * The migrated MySQL template's name, made under a lock when it is not there yet (test files
 * start in parallel; the first makes it, the others wait for the lock and find it whole).
 */
async function mysqlTemplate(admin: Connection, mysqlUrl: string): Promise<string> {
  const name = `tmpl_portal_${migrationsFingerprint()}`;
  const done = async () => {
    const [rows] = await admin.query(
      "select 1 from information_schema.tables where table_schema = ? and table_name = ?",
      [name, TEMPLATE_DONE],
    );
    return (rows as unknown[]).length > 0;
  };
  if (await done()) return name;
  const [lock] = await admin.query("select get_lock(?, 300) as got", [name]);
  if ((lock as { got: number }[])[0]?.got !== 1) {
    throw new Error(`waited 300 s for the lock on the template database ${name}`);
  }
  try {
    if (await done()) return name;
    await admin.query(`drop database if exists \`${name}\``);
    await admin.query(`create database \`${name}\` character set utf8mb4 collate utf8mb4_bin`);
    const url = new URL(mysqlUrl);
    url.pathname = `/${name}`;
    const db = createDb({ databaseUrl: url.toString(), poolSize: 2 });
    try {
      await migrateToLatest(db);
    } finally {
      await db.destroy();
    }
    await admin.query(`create table \`${name}\`.${TEMPLATE_DONE} (id int primary key)`);
    return name;
  } finally {
    await admin.query("select release_lock(?)", [name]);
  }
}

/**
 * The template's tables (as SHOW CREATE TABLE gives them, foreign keys included, made with the
 * checks off so their order does not matter), its rows (the migrations' own: the migration
 * record, defaults) and its triggers, in the empty database `target`.
 */
async function copyMysqlTemplate(template: string, targetUrl: string) {
  const target = await createConnection(targetUrl);
  try {
    await target.query("set foreign_key_checks = 0");
    const [tables] = await target.query(
      "select table_name as name from information_schema.tables where table_schema = ? and table_type = 'BASE TABLE' and table_name <> ?",
      [template, TEMPLATE_DONE],
    );
    for (const { name } of tables as { name: string }[]) {
      const [created] = await target.query(`show create table \`${template}\`.\`${name}\``);
      await target.query((created as Record<string, string>[])[0]!["Create Table"]!);
      const [columns] = await target.query(
        "select column_name as name from information_schema.columns where table_schema = ? and table_name = ? and extra not like '%GENERATED%' order by ordinal_position",
        [template, name],
      );
      const list = (columns as { name: string }[]).map((c) => `\`${c.name}\``).join(", ");
      await target.query(
        `insert into \`${name}\` (${list}) select ${list} from \`${template}\`.\`${name}\``,
      );
    }
    const [triggers] = await target.query(
      "select trigger_name as name from information_schema.triggers where trigger_schema = ?",
      [template],
    );
    for (const { name } of triggers as { name: string }[]) {
      const [shown] = await target.query(`show create trigger \`${template}\`.\`${name}\``);
      const statement = (shown as Record<string, string>[])[0]!["SQL Original Statement"]!;
      await target.query(statement);
    }
  } finally {
    await target.end();
  }
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
