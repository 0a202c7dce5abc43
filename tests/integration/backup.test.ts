import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "kysely";
import { createConnection } from "mysql2/promise";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "#db";
import { backupDatabase, restoreDatabase, RestoreRefused, type Target } from "#server/backup";
import { checkLedger } from "#server/ledger";
import { createTestDb, testEngine, type TestDb } from "../helpers/db";
import { createUser } from "../helpers/fixtures";
import { fund } from "../helpers/money";
import { childEnv } from "../helpers/processes";

/*
 * backup → restore → ledger check, on the engine of the run: the restored database has every
 * row of every table, the same balances, and a ledger that adds up.
 */

let t: TestDb;
let dir: string;
const dropLater: string[] = [];
const mysqlUrl = process.env.TEST_MYSQL_URL;

beforeAll(async () => {
  t = await createTestDb();
  dir = mkdtempSync(path.join(tmpdir(), "portal-backup-"));
  // Money in several wallets, with text that needs escaping in a dump.
  for (const [i, amount] of [12_345, 1, 9_007_199].entries()) {
    const member = await createUser(t.db, { name: `O'Brien "${i}" \\ 改行\n次の行` });
    await fund(t.db, member.id, amount);
  }
});
afterAll(async () => {
  if (mysqlUrl && dropLater.length) {
    const admin = await createConnection(mysqlUrl);
    for (const name of dropLater) await admin.query(`drop database if exists \`${name}\``);
    await admin.end();
  }
  await t.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

const source = (): Target =>
  "databaseUrl" in t.location ? t.location : { sqlitePath: t.location.sqlitePath };

/** An empty database of the run's engine to restore into. */
async function emptyTarget(): Promise<Target> {
  if (!mysqlUrl)
    return { sqlitePath: path.join(dir, `restored-${dropLater.length}-${Date.now()}.sqlite`) };
  const name = `restore_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = await createConnection(mysqlUrl);
  await admin.query(`create database \`${name}\` character set utf8mb4 collate utf8mb4_bin`);
  await admin.end();
  dropLater.push(name);
  const url = new URL(mysqlUrl);
  url.pathname = `/${name}`;
  return { databaseUrl: url.href };
}

/** Every table's row count, and each wallet's balance: what a restore must reproduce. */
async function snapshot(db: Db) {
  const tables = (await db.kysely.introspection.getTables()).map((x) => x.name).sort();
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await sql<{
      n: number;
    }>`select count(*) as n from ${sql.table(table)}`.execute(db.kysely);
    counts[table] = Number(rows[0]!.n);
  }
  const wallets = await db.kysely
    .selectFrom("ledger_entries")
    .select(["wallet_id", (eb) => eb.fn.sum<number>("amount").as("total")])
    .groupBy("wallet_id")
    .orderBy("wallet_id")
    .execute();
  const names = await db.kysely.selectFrom("users").select(["id", "name"]).orderBy("id").execute();
  return { counts, wallets: wallets.map((w) => [w.wallet_id, Number(w.total)]), names };
}

/** MySQL's triggers (the ranking totals keep themselves with them). */
async function triggers(db: Db): Promise<string[]> {
  const { rows } = await sql<{
    name: string;
  }>`select trigger_name as name from information_schema.triggers
    where trigger_schema = database() order by trigger_name`.execute(db.kysely);
  return rows.map((r) => r.name);
}

function open(target: Target): Db {
  return createDb({ ...target, poolSize: 2 });
}

describe(`backup and restore on ${testEngine}`, { timeout: 120_000 }, () => {
  let file: string;

  it("backs up, and restores every row into an empty database", async () => {
    file = path.join(dir, "portal.backup");
    const said = await backupDatabase(source(), file);
    expect(said).toMatch(
      mysqlUrl
        ? /tables, \d+ rows, one consistent snapshot \(mysql2 dump\)$/
        : /SQLite online backup/,
    );

    const target = await emptyTarget();
    await restoreDatabase(target, file, false);
    const restored = open(target);
    try {
      expect(await checkLedger(restored)).toEqual([]);
      const [before, after] = [await snapshot(t.db), await snapshot(restored)];
      expect(after).toEqual(before);
      expect(Object.values(after.counts).reduce((a, b) => a + b, 0)).toBeGreaterThan(10);
      expect(after.wallets.length).toBeGreaterThanOrEqual(3);
      if (mysqlUrl) {
        expect((await triggers(t.db)).length).toBeGreaterThan(0);
        expect(await triggers(restored)).toEqual(await triggers(t.db));
      }
    } finally {
      await restored.destroy();
    }
  });

  it("refuses a target that has tables, and replaces it with --force", async () => {
    const target = await emptyTarget();
    await restoreDatabase(target, file, false);
    const refused = restoreDatabase(target, file, false);
    await expect(refused).rejects.toThrow(RestoreRefused);
    await expect(refused).rejects.toThrow(/^restore refused: .* has \d+ tables; .*--force/);
    await restoreDatabase(target, file, true);
    const restored = open(target);
    try {
      expect(await checkLedger(restored)).toEqual([]);
      expect(await snapshot(restored)).toEqual(await snapshot(t.db));
    } finally {
      await restored.destroy();
    }
  });

  it("refuses a file that is not a backup, and one cut short", async () => {
    const junk = path.join(dir, "junk.backup");
    writeFileSync(junk, "");
    await expect(restoreDatabase(await emptyTarget(), junk, false)).rejects.toThrow();
    const whole = readFileSync(file);
    const cut = path.join(dir, "cut.backup");
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    const refused = restoreDatabase(await emptyTarget(), cut, false);
    await expect(refused).rejects.toThrow(mysqlUrl ? /cut short/ : /malformed|not a database/);
    await expect(
      restoreDatabase(await emptyTarget(), path.join(dir, "missing"), false),
    ).rejects.toThrow(/^no backup file at /);
  });

  it("runs as cli.js restore, ending with the ledger check", async () => {
    const target = await emptyTarget();
    const root = path.resolve(import.meta.dirname, "../..");
    const tsx = pathToFileURL(path.join(root, "node_modules/tsx/dist/loader.mjs")).href;
    const env: Record<string, string> =
      "databaseUrl" in target
        ? { DATABASE_URL: target.databaseUrl }
        : { SQLITE_PATH: target.sqlitePath };
    const child = spawn(
      process.execPath,
      ["--import", tsx, path.join(root, "tools/cli.ts"), "restore", file],
      {
        cwd: root,
        env: childEnv({ NODE_ENV: "production", ...env }),
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let out = "";
    let err = "";
    child.stdout.setEncoding("utf8").on("data", (c: string) => (out += c));
    child.stderr.setEncoding("utf8").on("data", (c: string) => (err += c));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code, err).toBe(0);
    expect(out.trim().split("\n")).toEqual([
      `restored from ${file}`,
      "ledger ok: every wallet equals its entries, every transaction and the total sum to zero",
    ]);
  });
});
