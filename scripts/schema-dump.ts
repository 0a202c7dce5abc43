/**
 * Migrates a fresh database and prints its schema, so a refactoring of db/migrations can be
 * checked to build exactly the same tables and indexes (compare the output before and after).
 *
 *   npx tsx scripts/schema-dump.ts sqlite > /tmp/schema-sqlite.txt
 *   npx tsx scripts/schema-dump.ts mysql://root@127.0.0.1:3306 > /tmp/schema-mysql.txt
 *
 * SQLite: every `sqlite_master` entry. MySQL: SHOW CREATE TABLE for every table, by name; a
 * throwaway database is created and dropped around it.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { createConnection } from "mysql2/promise";
import { createDb, type Db } from "#db";
import { migrateToLatest } from "#db/migrate";

async function dumpSqlite(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), "schema-dump-"));
  const db = createDb({ sqlitePath: path.join(dir, "dump.sqlite") });
  try {
    await migrateToLatest(db);
    const { rows } = await sql<{
      type: string;
      name: string;
      tbl_name: string;
      sql: string | null;
    }>`
      select type, name, tbl_name, sql from sqlite_master order by name
    `.execute(db.kysely);
    return rows.map((r) => `-- ${r.type} ${r.name} on ${r.tbl_name}\n${r.sql ?? ""}\n`).join("\n");
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function dumpMysql(serverUrl: string): Promise<string> {
  const name = `dbdedup_${randomBytes(4).toString("hex")}`;
  const admin = await createConnection(serverUrl);
  await admin.query(`create database \`${name}\` character set utf8mb4 collate utf8mb4_bin`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let db: Db | undefined;
  try {
    db = createDb({ databaseUrl: url.toString(), poolSize: 2 });
    await migrateToLatest(db);
    const [tables] = (await admin.query(
      `select table_name as name from information_schema.tables where table_schema = ? order by table_name`,
      [name],
    )) as unknown as [{ name: string }[]];
    const out: string[] = [];
    for (const { name: table } of tables) {
      const [rows] = (await admin.query(
        `show create table \`${name}\`.\`${table}\``,
      )) as unknown as [Record<string, string>[]];
      out.push(`${rows[0]?.["Create Table"] ?? ""}\n`);
    }
    return out.join("\n");
  } finally {
    await db?.destroy();
    await admin.query(`drop database \`${name}\``);
    await admin.end();
  }
}

const target = process.argv[2] ?? "sqlite";
const dump = target === "sqlite" ? await dumpSqlite() : await dumpMysql(target);
process.stdout.write(dump);
