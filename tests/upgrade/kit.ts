/**
 * npm run test:upgrade — a rollback and the upgrade after it, with real builds on one database:
 *
 *   1. the previous release (the newest older CHANGELOG.md entry with a commit) is built from git
 *      history in a scratch folder, cached by commit;
 *   2. this build (npm run build first) migrates a fresh database and loads the demo data;
 *   3. the previous release's web process starts on it: member and admin pages answer, and
 *      ledger:check is clean (the rollback);
 *   4. this build starts on it again: the same smoke and ledger:check (the upgrade back);
 *   5. this build on a database a newer release migrated: started with a newer expand migration
 *      recorded it runs and names it, with a newer contract migration it stops with a message
 *      naming it (decision 051).
 *
 * Every wait has a deadline and says what it waits for. Prints "upgrade: N passed, N failed" and
 * writes {passed, failed, checks} to UPGRADE_REPORT.
 *
 *   UPGRADE_MYSQL_URL  a MySQL server (mysql://root@127.0.0.1:3306/test): a database of its own
 *                      is made there and dropped; without it an SQLite file
 *   UPGRADE_PORT       the web process's port (4750)
 *   UPGRADE_CACHE      where previous releases are built (~/.cache/cashback-portal/releases)
 *   UPGRADE_DIR        the database file, uploads and logs (a new temporary folder); kept when
 *                      UPGRADE_KEEP=1 or a check failed
 */
import { randomBytes } from "node:crypto";
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { createConnection } from "mysql2/promise";
import { createDb } from "../../db";
import { DEMO_ADMIN, DEMO_MEMBER } from "../../db/seed";
import { timeStep } from "../../server/auth/totp";
import { signIn } from "../helpers/http-session";
import { check, checks, CURRENT, DIR, ORIGIN, PORT, ROOT, run, running, say } from "./common";
import { buildRelease, previousRelease, tolerates } from "./release";

const MEMBER_PAGES = [
  "/users",
  "/users/cashback",
  "/users/withdraw",
  "/users/ranking",
  "/users/affiliate",
];
const ADMIN_PAGES = ["/admin", "/admin/customer", "/admin/cashback", "/admin/withdraw"];

// ---- the database --------------------------------------------------------------------------------

/** Variables a process gets on top of this one's. */
type Env = Record<string, string>;

interface Database {
  env: Env;
  drop(): Promise<void>;
}

async function createDatabase(): Promise<Database> {
  const mysqlUrl = process.env.UPGRADE_MYSQL_URL;
  if (!mysqlUrl) {
    const file = path.join(DIR, "portal.sqlite");
    return { env: { SQLITE_PATH: file, DATABASE_URL: "" }, drop: async () => {} };
  }
  const name = `upgrade_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const admin = await createConnection(mysqlUrl);
  await admin.query(`create database \`${name}\` character set utf8mb4 collate utf8mb4_bin`);
  const url = new URL(mysqlUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    async drop() {
      await admin.query(`drop database \`${name}\``);
      await admin.end();
    },
  };
}

/** Records (or forgets) a migration as a newer release would have applied it. */
async function recordMigration(env: Env, name: string, present: boolean) {
  const db = createDb({
    databaseUrl: env.DATABASE_URL || undefined,
    sqlitePath: env.SQLITE_PATH,
    poolSize: 1,
  });
  try {
    if (present)
      await sql`insert into kysely_migration (name, timestamp) values (${name}, ${new Date().toISOString()})`.execute(
        db.kysely,
      );
    else await sql`delete from kysely_migration where name = ${name}`.execute(db.kysely);
  } finally {
    await db.destroy();
  }
}

// ---- processes -----------------------------------------------------------------------------------

interface Web {
  child: ChildProcess;
  log: string;
  exit: Promise<number | null>;
}

let started = 0;

function startWeb(folder: string, env: Env): Web {
  const log = path.join(DIR, `web-${++started}.log`);
  const out = openSync(log, "a");
  const child = spawn(process.execPath, ["build/server/http.js"], {
    cwd: folder,
    env: {
      ...process.env,
      ...env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(PORT),
      APP_ORIGIN: ORIGIN,
      COOKIE_SECURE: "false",
      UPLOAD_DIR: path.join(DIR, "uploads"),
      MAIL_TRANSPORT: "file",
      MAIL_DIR: path.join(DIR, "mail"),
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", out, out],
  });
  running.add(child);
  const exit = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return { child, log, exit };
}

/** Waits for /readyz to answer 200; throws when the process exits or the deadline passes. */
async function waitReady(web: Web, label: string, seconds = 120): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  let exited: number | null | undefined;
  void web.exit.then((code) => (exited = code));
  let next = Date.now();
  while (Date.now() < deadline) {
    if (exited !== undefined) throw new Error(`${label} exited ${exited} before it was ready`);
    if (Date.now() >= next) {
      say(
        `waiting for ${label} to answer ${ORIGIN}/readyz (${Math.ceil((deadline - Date.now()) / 1000)} s left)`,
      );
      next = Date.now() + 10_000;
    }
    const ok = await fetch(`${ORIGIN}/readyz`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${label} did not answer ${ORIGIN}/readyz within ${seconds} s`);
}

async function stopWeb(web: Web, label: string, seconds = 30): Promise<void> {
  if (web.child.exitCode !== null) return;
  say(`stopping ${label} (SIGTERM, at most ${seconds} s)`);
  web.child.kill("SIGTERM");
  const timer = setTimeout(() => web.child.kill("SIGKILL"), seconds * 1000);
  await web.exit;
  clearTimeout(timer);
}

/** Starts a web process, waits for it, runs `body`, stops it; a failure is one failed check. */
async function withWeb(
  folder: string,
  label: string,
  env: Env,
  body: (web: Web) => Promise<void>,
): Promise<void> {
  const web = startWeb(folder, env);
  try {
    await waitReady(web, label);
    await body(web);
  } catch (error) {
    check(`${label}: starts and serves`, false, `${(error as Error).message} (log: ${web.log})`);
  } finally {
    await stopWeb(web, label);
  }
}

// ---- the checks ----------------------------------------------------------------------------------

let adminStep = -1;

/** Member and admin pages through the real login, each a 200 HTML page. */
async function smoke(label: string) {
  const member = await signIn(ORIGIN, DEMO_MEMBER.email, DEMO_MEMBER.password);
  // A TOTP code is accepted once: the admin's second login waits for the next step.
  if (timeStep() === adminStep) {
    say("waiting for the next TOTP step for the admin's second login (at most 30 s)");
    while (timeStep() === adminStep) await new Promise((r) => setTimeout(r, 500));
  }
  adminStep = timeStep();
  const admin = await signIn(ORIGIN, DEMO_ADMIN.email, DEMO_ADMIN.password, DEMO_ADMIN.totpSecret);
  for (const [cookie, pages] of [
    [member, MEMBER_PAGES],
    [admin, ADMIN_PAGES],
  ] as const) {
    for (const page of pages) {
      const res = await fetch(`${ORIGIN}${page}`, {
        headers: { cookie },
        redirect: "manual",
        signal: AbortSignal.timeout(30_000),
      });
      const body = await res.text();
      check(
        `${label}: ${page}`,
        res.status === 200 && body.includes("</html>"),
        `HTTP ${res.status}${res.headers.get("location") ? ` to ${res.headers.get("location")}` : ""}`,
      );
    }
  }
}

async function ledgerCheck(label: string, env: Env) {
  const log = path.join(DIR, "cli.log");
  try {
    await run(
      `ledger:check (this build's CLI) after ${label}`,
      process.execPath,
      ["build/server/cli.js", "ledger:check"],
      {
        cwd: ROOT,
        seconds: 120,
        env: { ...process.env, ...env, NODE_ENV: "production" },
        log,
      },
    );
    check(`${label}: ledger:check`, true);
  } catch (error) {
    check(`${label}: ledger:check`, false, (error as Error).message);
  }
}

async function main() {
  if (!existsSync(path.join(ROOT, "build/server/http.js")))
    throw new Error("no build of this checkout: run npm run build first");
  mkdirSync(DIR, { recursive: true });
  const release = previousRelease(readFileSync(path.join(ROOT, "CHANGELOG.md"), "utf8"), CURRENT);
  say(
    `this build ${CURRENT}, previous release ${release.version} (${release.commit.slice(0, 7)}); files in ${DIR}`,
  );
  const previous = await buildRelease(release);
  const database = await createDatabase();
  try {
    const env = database.env;
    await run(
      "this build migrates and seeds",
      process.execPath,
      ["build/server/cli.js", "seed", "--demo"],
      {
        cwd: ROOT,
        seconds: 300,
        env: { ...process.env, ...env, NODE_ENV: "production" },
        log: path.join(DIR, "cli.log"),
      },
    );

    // The rollback: the previous release on the schema this build made.
    const label = `previous ${release.version}`;
    const runMigrations = tolerates(release.version) ? "true" : "false";
    await withWeb(previous, label, { ...env, RUN_MIGRATIONS: runMigrations }, async () => {
      check(
        `${label}: starts on this build's schema`,
        true,
        runMigrations === "true" ? "migrating" : "RUN_MIGRATIONS=false",
      );
      await smoke(label);
    });
    await ledgerCheck(label, env);

    // The upgrade back: this build on the same database, migrating.
    const current = `this build ${CURRENT}`;
    await withWeb(ROOT, current, { ...env, RUN_MIGRATIONS: "true" }, async () => {
      const health = (await (await fetch(`${ORIGIN}/healthz`)).json()) as { version?: string };
      check(`${current}: /healthz says so`, health.version === CURRENT, JSON.stringify(health));
      await smoke(current);
    });
    await ledgerCheck(current, env);

    // A newer release's migrations ahead of this build: expand tolerated, contract refused.
    const expand = "209912310000_upgrade_test_newer_expand";
    const contract = "209912310100_contract_upgrade_test_newer";
    await recordMigration(env, expand, true);
    const tolerant = `${current} after a newer expand migration`;
    await withWeb(ROOT, tolerant, { ...env, RUN_MIGRATIONS: "true" }, async (web) => {
      const logged = readFileSync(web.log, "utf8");
      check(`${tolerant}: starts and names it`, logged.includes(expand), "warning in the log");
    });
    await recordMigration(env, contract, true);
    const refused = startWeb(ROOT, { ...env, RUN_MIGRATIONS: "true" });
    const timer = setTimeout(() => refused.child.kill("SIGKILL"), 60_000);
    say("waiting for this build to refuse the newer contract migration (at most 60 s)");
    const code = await refused.exit;
    clearTimeout(timer);
    const said = readFileSync(refused.log, "utf8");
    check(
      "newer contract migration: this build refuses to start, naming it",
      code === 1 && said.includes(contract) && !said.includes("listening"),
      said.trim().split("\n").at(-1) ?? `exit ${code}`,
    );
    await recordMigration(env, contract, false);
    await recordMigration(env, expand, false);
  } finally {
    await database.drop();
  }
}

async function finish(error?: unknown) {
  if (error)
    check(
      "the upgrade test ran to its end",
      false,
      error instanceof Error ? error.message : String(error),
    );
  for (const child of running) child.kill("SIGKILL");
  const passed = checks.filter((c) => c.ok).length;
  const failed = checks.length - passed;
  process.stdout.write(`upgrade: ${passed} passed, ${failed} failed\n`);
  if (process.env.UPGRADE_REPORT)
    writeFileSync(process.env.UPGRADE_REPORT, JSON.stringify({ passed, failed, checks }, null, 2));
  if (failed === 0 && process.env.UPGRADE_KEEP !== "1" && !process.env.UPGRADE_DIR)
    rmSync(DIR, { recursive: true, force: true });
  process.exit(failed === 0 ? 0 : 1);
}

process.on("SIGINT", () => void finish(new Error("interrupted")));
process.on("SIGTERM", () => void finish(new Error("terminated")));
main().then(
  () => finish(),
  (error: unknown) => finish(error),
);
