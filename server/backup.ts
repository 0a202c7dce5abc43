import {
  closeSync,
  createReadStream,
  createWriteStream,
  existsSync,
  openSync,
  readSync,
  rmSync,
  statSync,
} from "node:fs";
import { once } from "node:events";
import { createInterface } from "node:readline";
import SQLite from "better-sqlite3";
import { type Connection, createConnection } from "mysql2";
import { createConnection as createPromiseConnection } from "mysql2/promise";

/**
 * `cli.js backup FILE` and `cli.js restore FILE [--force]`.
 *
 * MySQL/MariaDB: a logical dump written by this code through mysql2 (no `mariadb-dump` needed,
 * so the image can back itself up): every table read in one `START TRANSACTION WITH
 * CONSISTENT SNAPSHOT`, so a ledger transaction and its entries are both in the dump or both
 * not; every InnoDB table. The file is plain SQL a `mysql` client can load too: each table's
 * `SHOW CREATE TABLE`, its rows as multi-row INSERTs (one line each: values escaped by mysql2,
 * binary as hex, BIGINT and DECIMAL as exact text), then the triggers (after the rows, so
 * loading the rows fires none of them).
 *
 * SQLite: better-sqlite3's online backup API, which copies a consistent state while the portal
 * keeps writing; the backup is an SQLite file.
 *
 * Restore refuses a target database that has any table unless `force` (then it drops them
 * first); the caller runs the ledger check after it.
 */

export type Target = { databaseUrl: string } | { sqlitePath: string };

export class RestoreRefused extends Error {
  override name = "RestoreRefused";
}

const ROWS_PER_INSERT = 200;
/** The dump's last line: a file without it was cut short (a full disk, a copy interrupted). */
const END_MARK = "-- end of backup\n";

/** Refuses a dump that does not end with END_MARK, before anything is changed. */
function refuseCutShort(file: string): void {
  const size = statSync(file).size;
  const tail = Buffer.alloc(Math.min(size, END_MARK.length));
  const fd = openSync(file, "r");
  try {
    readSync(fd, tail, 0, tail.length, size - tail.length);
  } finally {
    closeSync(fd);
  }
  if (tail.toString("utf8") !== END_MARK) {
    throw new Error(
      `${file} does not end with "${END_MARK.trim()}": it is cut short or not a backup of the portal`,
    );
  }
}

/** A connection that reads values exactly as stored: dates, BIGINTs and DECIMALs as text. */
function exactConnection(url: string): Connection {
  return createConnection({
    uri: url,
    charset: "utf8mb4",
    timezone: "Z",
    dateStrings: true,
    supportBigNumbers: true,
    bigNumberStrings: true,
    decimalNumbers: false,
  });
}

const ident = (name: string) => "`" + name.replace(/`/g, "``") + "`";

async function write(out: NodeJS.WritableStream, text: string): Promise<void> {
  if (!out.write(text)) await once(out, "drain");
}

/** Dumps the MySQL database `url` names into `file`; returns the number of rows written. */
async function backupMysql(url: string, file: string): Promise<{ tables: number; rows: number }> {
  const conn = exactConnection(url);
  const q = conn.promise();
  const out = createWriteStream(file, { mode: 0o600 });
  let rows = 0;
  try {
    await q.query("SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ");
    await q.query("START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY");
    const [tables] = await q.query(
      "select table_name as name from information_schema.tables where table_schema = database() and table_type = 'BASE TABLE' order by table_name",
    );
    await write(
      out,
      `-- cashback-portal backup, ${new Date().toISOString()}\n` +
        "SET NAMES utf8mb4;\nSET time_zone = '+00:00';\nSET FOREIGN_KEY_CHECKS = 0;\n" +
        "SET UNIQUE_CHECKS = 0;\nSET sql_mode = 'NO_AUTO_VALUE_ON_ZERO';\n",
    );
    for (const { name } of tables as { name: string }[]) {
      const [created] = await q.query(`SHOW CREATE TABLE ${ident(name)}`);
      const ddl = (created as Record<string, string>[])[0]!["Create Table"]!;
      await write(out, `\n${ddl};\n`);
      const stream = conn.query(`select * from ${ident(name)}`).stream();
      let batch: string[] = [];
      let columns = "";
      const flush = async () => {
        if (!batch.length) return;
        await write(out, `INSERT INTO ${ident(name)} (${columns}) VALUES ${batch.join(",")};\n`);
        batch = [];
      };
      for await (const row of stream as AsyncIterable<Record<string, unknown>>) {
        if (!columns) columns = Object.keys(row).map(ident).join(",");
        batch.push(
          `(${Object.values(row)
            .map((v) => conn.escape(v))
            .join(",")})`,
        );
        rows++;
        if (batch.length >= ROWS_PER_INSERT) await flush();
      }
      await flush();
    }
    const [triggers] = await q.query(
      "select trigger_name as name from information_schema.triggers where trigger_schema = database() order by trigger_name",
    );
    for (const { name } of triggers as { name: string }[]) {
      const [shown] = await q.query(`SHOW CREATE TRIGGER ${ident(name)}`);
      const statement = (shown as Record<string, string>[])[0]!["SQL Original Statement"]!;
      // A trigger's body holds semicolons: the mysql client's DELIMITER marks its end.
      await write(
        out,
        `\nDELIMITER ;;\n${statement.replace(/\s*DEFINER=\S+/, "")};;\nDELIMITER ;\n`,
      );
    }
    await write(out, `\nSET FOREIGN_KEY_CHECKS = 1;\nSET UNIQUE_CHECKS = 1;\n${END_MARK}`);
    await q.query("COMMIT");
    return { tables: (tables as unknown[]).length, rows };
  } finally {
    out.end();
    await once(out, "close");
    conn.destroy();
  }
}

/** The statements of a dump, as the mysql client reads them (DELIMITER lines honoured). */
async function* statements(file: string): AsyncGenerator<string> {
  let delimiter = ";";
  let current: string[] = [];
  const lines = createInterface({ input: createReadStream(file, "utf8"), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!current.length && (line.trim() === "" || line.startsWith("-- "))) continue;
    const change = /^DELIMITER (\S+)$/.exec(line);
    if (change && !current.length) {
      delimiter = change[1]!;
      continue;
    }
    if (line.endsWith(delimiter)) {
      current.push(line.slice(0, -delimiter.length));
      yield current.join("\n");
      current = [];
    } else current.push(line);
  }
  if (current.join("").trim())
    throw new Error("the backup file ends inside a statement: it is cut short");
}

async function restoreMysql(url: string, file: string, force: boolean): Promise<void> {
  refuseCutShort(file);
  const conn = await createPromiseConnection({ uri: url, charset: "utf8mb4", timezone: "Z" });
  try {
    const [tables] = await conn.query(
      "select table_name as name from information_schema.tables where table_schema = database()",
    );
    const names = (tables as { name: string }[]).map((t) => t.name);
    if (names.length && !force) {
      throw new RestoreRefused(
        `restore refused: the target database has ${names.length} table${names.length > 1 ? "s" : ""}; restore into an empty database, or pass --force to drop them first`,
      );
    }
    await conn.query("SET FOREIGN_KEY_CHECKS = 0");
    for (const name of names) await conn.query(`DROP TABLE ${ident(name)}`);
    let count = 0;
    for await (const statement of statements(file)) {
      await conn.query(statement);
      count++;
    }
    if (!count) throw new Error(`${file} holds no statement: not a backup of the portal`);
  } finally {
    await conn.end();
  }
}

async function backupSqlite(path: string, file: string): Promise<void> {
  if (!existsSync(path)) throw new Error(`no SQLite database at ${path}`);
  const source = new SQLite(path, { readonly: true, fileMustExist: true });
  try {
    await source.backup(file);
  } finally {
    source.close();
  }
}

function sqliteTables(db: SQLite.Database): string[] {
  return (
    db
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
      .all() as {
      name: string;
    }[]
  ).map((r) => r.name);
}

async function restoreSqlite(path: string, file: string, force: boolean): Promise<void> {
  const backup = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    if (!sqliteTables(backup).length)
      throw new Error(`${file} holds no table: not a backup of the portal`);
    if (existsSync(path) && statSync(path).size > 0) {
      const target = new SQLite(path, { readonly: true });
      const tables = sqliteTables(target);
      target.close();
      if (tables.length && !force) {
        throw new RestoreRefused(
          `restore refused: ${path} has ${tables.length} table${tables.length > 1 ? "s" : ""}; restore into a new file, or pass --force to replace it (stop the portal's processes first)`,
        );
      }
    }
    for (const suffix of ["", "-wal", "-shm"]) rmSync(path + suffix, { force: true });
    await backup.backup(path);
  } finally {
    backup.close();
  }
}

export async function backupDatabase(target: Target, file: string): Promise<string> {
  if ("databaseUrl" in target) {
    const { tables, rows } = await backupMysql(target.databaseUrl, file);
    return `backup written to ${file}: ${tables} tables, ${rows} rows, one consistent snapshot (mysql2 dump)`;
  }
  await backupSqlite(target.sqlitePath, file);
  return `backup written to ${file} (SQLite online backup of ${target.sqlitePath})`;
}

export async function restoreDatabase(target: Target, file: string, force: boolean): Promise<void> {
  if (!existsSync(file)) throw new Error(`no backup file at ${file}`);
  if ("databaseUrl" in target) await restoreMysql(target.databaseUrl, file, force);
  else await restoreSqlite(target.sqlitePath, file, force);
}
