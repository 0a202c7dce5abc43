/**
 * npm run test:upgrade — an upgrade and a rollback with real builds on one database:
 *
 *   0. what it needs is checked first, and what is missing said at once: this checkout's build,
 *      the previous release's commit in this clone, the MySQL server (a database of its own is
 *      made there, and dropped);
 *   1. the previous release (the newest CHANGELOG.md release before HEAD: its tag v<version>, or
 *      the commit the entry records on a clone without tags) is built from git in a scratch
 *      folder, cached by commit and Node ABI;
 *   2. it migrates the EMPTY database and writes through its own code: its CLI's demo seed
 *      (members, cashback imports, withdrawals in every state), and its web process a member's
 *      chat message; its pages answer, its ledger:check is clean; the rows are noted;
 *   3. this build starts on it, migrates up, and reads the same rows and balances, column for
 *      column (its pages show the message and the balance); ledger:check;
 *   4. this build writes new ones: a cashback import, a withdrawal and a chat message; ledger:check;
 *   5. the previous release, started as docs/operations.md says for a rollback, serves both: the
 *      member's pages show the old and the new message and both withdrawals; ledger:check;
 *   6. this build on a database a newer release migrated: with a newer expand migration recorded
 *      it runs and names it, with a newer contract migration it stops naming it (decision 051);
 *   7. the restore drill: cli.js backup, cli.js restore into a new database (it ends with the
 *      ledger check), and the restored rows equal the backed-up ones.
 *
 * Every wait has a deadline and says what it waits for. Prints "upgrade: N passed, N failed" and
 * writes {passed, failed, checks} to UPGRADE_REPORT.
 *
 *   UPGRADE_MYSQL_URL  a MySQL server (mysql://root@127.0.0.1:3306/test): databases of its own
 *                      are made there and dropped; without it SQLite files
 *   UPGRADE_PORT       the web process's port (4750)
 *   UPGRADE_CACHE      where previous releases are built (~/.cache/cashback-portal/releases)
 *   UPGRADE_DIR        the database files, uploads and logs (a new temporary folder); kept when
 *                      UPGRADE_KEEP=1 or a check failed
 *
 * `npm run test:upgrade -- --prepare` only builds the previous release into the cache and exits:
 * two kits started side by side (one per engine) must not both build it, since each replaces the
 * cached folder the other may be running from.
 */
import { randomBytes } from "node:crypto";
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { createConnection } from "mysql2/promise";
import { createDb } from "#db";
import { DEMO_ADMIN, DEMO_MEMBER } from "#tools/seed";
import { timeStep } from "#server/auth/totp";
import { creditReport, REPORT_HEADER } from "../helpers/cashback";
import { callerFor } from "../helpers/fixtures";
import { signIn } from "../helpers/http-session";
import { check, checks, DIR, ORIGIN, PORT, ROOT, run, running, say } from "./common";
import { buildRelease, hasCommit, previousRelease, type Release, tolerates } from "./release";

const MEMBER_PAGES = [
  "/users",
  "/users/cashback",
  "/users/withdraw",
  "/users/chat",
  "/users/ranking",
  "/users/affiliate",
];
const ADMIN_PAGES = ["/admin", "/admin/customer", "/admin/cashback", "/admin/withdraw"];

/**
 * The rows compared across the upgrade, the rollback and the restore: the columns every release
 * since 0.1.0 has, so an expand migration's new columns do not count as a change.
 */
const NOTED: Record<string, string[]> = {
  users: ["id", "email", "nickname", "permission", "referrer_id"],
  wallets: ["id", "user_id", "kind", "balance", "held"],
  ledger_transactions: ["id", "idempotency_key", "kind", "ref_type", "ref_id"],
  ledger_entries: ["id", "tx_id", "wallet_id", "bucket", "amount"],
  cashbacks: ["id", "user_id", "broker_account_id", "trade_date", "amount", "ledger_tx_id"],
  withdrawals: ["id", "user_id", "amount", "method", "status", "request_key"],
  chat_messages: ["id", "thread_id", "sender_role", "body"],
};

// ---- the database --------------------------------------------------------------------------------

/** Variables a process gets on top of this one's. */
type Env = Record<string, string>;

interface Database {
  env: Env;
  /** A second, empty database on the same server or folder (the restore drill's target). */
  another(): Promise<Env>;
  drop(): Promise<void>;
}

/** Opens the database this kit works on, or says at once that the server cannot be used. */
async function createDatabase(): Promise<Database> {
  const mysqlUrl = process.env.UPGRADE_MYSQL_URL;
  if (!mysqlUrl) {
    let n = 0;
    const file = () => path.join(DIR, `portal${n++ ? `-${n}` : ""}.sqlite`);
    return {
      env: { SQLITE_PATH: file(), DATABASE_URL: "" },
      another: async () => ({ SQLITE_PATH: file(), DATABASE_URL: "" }),
      drop: async () => {},
    };
  }
  // The server alone: the kit makes its own databases, so the URL's database need not exist.
  const server = new URL(mysqlUrl);
  server.pathname = "";
  const admin = await createConnection(server.toString()).catch((error: Error) => {
    throw new Error(
      `UPGRADE_MYSQL_URL ${mysqlUrl}: cannot connect (${error.message}); the kit needs a MySQL or MariaDB server where it may create databases`,
    );
  });
  const names: string[] = [];
  const make = async (): Promise<Env> => {
    const name = `upgrade_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
    await admin
      .query(`create database \`${name}\` character set utf8mb4 collate utf8mb4_bin`)
      .catch((error: Error) => {
        throw new Error(
          `UPGRADE_MYSQL_URL ${mysqlUrl}: cannot create a database (${error.message})`,
        );
      });
    names.push(name);
    const url = new URL(mysqlUrl);
    url.pathname = `/${name}`;
    return { DATABASE_URL: url.toString() };
  };
  return {
    env: await make(),
    another: make,
    async drop() {
      for (const name of names) await admin.query(`drop database if exists \`${name}\``);
      await admin.end();
    },
  };
}

function open(env: Env) {
  return createDb({
    databaseUrl: env.DATABASE_URL || undefined,
    sqlitePath: env.SQLITE_PATH,
    poolSize: 1,
  });
}

/** Records (or forgets) a migration as a newer release would have applied it. */
async function recordMigration(env: Env, name: string, present: boolean) {
  const db = open(env);
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

type Rows = Record<string, string[]>;

/** The noted columns of every noted table, each row as one line, in id order. */
async function noteRows(env: Env): Promise<Rows> {
  const db = open(env);
  try {
    const rows: Rows = {};
    for (const [table, columns] of Object.entries(NOTED)) {
      const { rows: found } = await sql<Record<string, unknown>>`select ${sql.join(
        columns.map((c) => sql.ref(c)),
      )} from ${sql.table(table)} order by id`.execute(db.kysely);
      rows[table] = found.map((r) => columns.map((c) => String(r[c] ?? "")).join("|"));
    }
    return rows;
  } finally {
    await db.destroy();
  }
}

async function appliedMigrations(env: Env): Promise<string[]> {
  const db = open(env);
  try {
    const { rows } = await sql<{
      name: string;
    }>`select name from kysely_migration order by name`.execute(db.kysely);
    return rows.map((r) => r.name);
  } finally {
    await db.destroy();
  }
}

/** Says which noted rows differ: none when `after` holds exactly `before` (and `added`, if any). */
function differences(before: Rows, after: Rows, allowAdded = false, skip: string[] = []): string {
  const said: string[] = [];
  for (const table of Object.keys(NOTED).filter((t) => !skip.includes(t))) {
    const was = new Set(before[table]);
    const now = new Set(after[table]);
    const lost = [...was].filter((r) => !now.has(r));
    const gained = [...now].filter((r) => !was.has(r));
    if (lost.length) said.push(`${table}: ${lost.length} rows changed or gone, e.g. ${lost[0]}`);
    if (gained.length && !allowAdded)
      said.push(`${table}: ${gained.length} rows new or changed, e.g. ${gained[0]}`);
  }
  return said.join("; ");
}

const count = (rows: Rows) =>
  Object.entries(rows)
    .map(([t, r]) => `${t} ${r.length}`)
    .join(", ");

// ---- processes -----------------------------------------------------------------------------------

interface Web {
  child: ChildProcess;
  log: string;
  exit: Promise<number | null>;
}

let started = 0;

/** The variables every process of both builds gets: production, with what production requires. */
function productionEnv(env: Env): NodeJS.ProcessEnv {
  return {
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
  };
}

function startWeb(folder: string, env: Env): Web {
  const log = path.join(DIR, `web-${++started}.log`);
  const out = openSync(log, "a");
  const child = spawn(process.execPath, ["build/server/http.js"], {
    cwd: folder,
    env: productionEnv(env),
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

/** A CLI command of a build (its folder), to its end; its failure is the caller's to judge. */
function cli(folder: string, what: string, args: string[], env: Env, seconds = 300) {
  return run(what, process.execPath, ["build/server/cli.js", ...args], {
    cwd: folder,
    seconds,
    env: productionEnv(env),
    log: path.join(DIR, "cli.log"),
  });
}

// ---- the checks ----------------------------------------------------------------------------------

let adminStep = -1;

async function page(cookie: string, url: string) {
  const res = await fetch(`${ORIGIN}${url}`, {
    headers: { cookie },
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
  });
  return { res, body: await res.text() };
}

/** Member and admin pages through the real login, each a 200 HTML page; the member's cookie. */
async function smoke(label: string): Promise<string> {
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
    for (const url of pages) {
      const { res, body } = await page(cookie, url);
      check(
        `${label}: ${url}`,
        res.status === 200 && body.includes("</html>"),
        `HTTP ${res.status}${res.headers.get("location") ? ` to ${res.headers.get("location")}` : ""}`,
      );
    }
  }
  return member;
}

/** The member's chat message, posted through the composer as the browser posts it. */
async function postChat(cookie: string, body: string) {
  const form = new FormData();
  form.set("body", body);
  const res = await fetch(`${ORIGIN}/users/chat`, {
    method: "POST",
    headers: { cookie, origin: ORIGIN, "sec-fetch-site": "same-origin" },
    body: form,
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
  });
  await res.text();
  return res.status;
}

/** What a page of the member's must show: each text in `wanted` (escaped as HTML writes it). */
async function shows(label: string, cookie: string, url: string, wanted: string[]) {
  const { res, body } = await page(cookie, url);
  const missing = wanted.filter((w) => !body.includes(w));
  check(
    `${label}: ${url} shows ${wanted.join(", ")}`,
    res.status === 200 && missing.length === 0,
    missing.length ? `HTTP ${res.status}, missing ${missing.join(", ")}` : "",
  );
}

async function ledgerCheck(label: string, folder: string, who: string, env: Env) {
  try {
    await cli(folder, `ledger:check (${who}'s CLI) after ${label}`, ["ledger:check"], env, 120);
    check(`${label}: ledger:check`, true, `${who}'s CLI`);
  } catch (error) {
    check(`${label}: ledger:check`, false, (error as Error).message);
  }
}

const yen = (n: number) => n.toLocaleString("en-US");

/** The demo member's id, main wallet balance and an approved broker account with its broker. */
async function demoMember(env: Env) {
  const db = open(env);
  try {
    const user = await db.kysely
      .selectFrom("users")
      .select("id")
      .where("email", "=", DEMO_MEMBER.email)
      .executeTakeFirstOrThrow();
    const wallet = await db.kysely
      .selectFrom("wallets")
      .select(["balance", "held"])
      .where("user_id", "=", user.id)
      .executeTakeFirstOrThrow();
    const account = await db.kysely
      .selectFrom("broker_accounts")
      .innerJoin("brokers", "brokers.id", "broker_accounts.broker_id")
      .select(["broker_accounts.account_number", "brokers.code"])
      .where("broker_accounts.user_id", "=", user.id)
      .where("broker_accounts.status", "=", "approved")
      .orderBy("broker_accounts.id")
      .executeTakeFirstOrThrow();
    const admin = await db.kysely
      .selectFrom("users")
      .select("id")
      .where("email", "=", DEMO_ADMIN.email)
      .executeTakeFirstOrThrow();
    return { id: user.id, adminId: admin.id, wallet, account };
  } finally {
    await db.destroy();
  }
}

/** This build writes as its code does: a cashback import, a withdrawal and (by HTTP) a message. */
async function writeWithThisBuild(env: Env, tag: string) {
  const member = await demoMember(env);
  const db = open(env);
  try {
    const day = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    await creditReport(db, member.adminId, {
      fileName: `upgrade-${tag}.csv`,
      lines: [
        REPORT_HEADER,
        `${day},${member.account.code},${member.account.account_number},1.5,4321,JPY,upgrade-${tag}`,
      ],
    });
    const caller = await callerFor(db, member.id);
    await caller.wallet.requestWithdrawal({
      method: "bank",
      amount: 1_357,
      requestKey: `up-${tag}`,
    });
  } finally {
    await db.destroy();
  }
}

// ---- the run -------------------------------------------------------------------------------------

/** What the kit needs, each missing thing said in one line, before anything is built. */
function preflight(): Release {
  const missing: string[] = [];
  if (!existsSync(path.join(ROOT, "build/server/http.js")))
    missing.push("no build of this checkout: run npm run build first");
  const head = spawnSync("git", ["rev-parse", "HEAD"], { cwd: ROOT, encoding: "utf8" });
  if (head.status !== 0) missing.push("git cannot read this checkout (the kit builds from git)");
  let release: Release | undefined;
  try {
    release = previousRelease(
      readFileSync(path.join(ROOT, "CHANGELOG.md"), "utf8"),
      head.stdout.trim(),
    );
    if (!hasCommit(release.commit))
      missing.push(
        `the previous release ${release.version} (${release.commit.slice(0, 7)}, from ${release.from}) is not in this clone: git fetch --unshallow (or git fetch origin tag v${release.version})`,
      );
  } catch (error) {
    missing.push((error as Error).message);
  }
  if (missing.length || !release) throw new Error(`cannot run:\n  ${missing.join("\n  ")}`);
  return release;
}

/** Runs the kit; resolves to "prepared" when it was only asked to build the previous release. */
async function main(): Promise<"prepared" | "ran"> {
  mkdirSync(DIR, { recursive: true });
  const release = preflight();
  if (process.argv.includes("--prepare")) {
    say(
      `previous release ${release.version} (${release.commit.slice(0, 7)}, from ${release.from})`,
    );
    say(`built in ${await buildRelease(release)}`);
    return "prepared";
  }
  const database = await createDatabase();
  try {
    const version = spawnSync(process.execPath, ["build/server/cli.js", "--version"], {
      cwd: ROOT,
      encoding: "utf8",
    }).stdout.trim();
    say(
      `this build ${version}, previous release ${release.version} (${release.commit.slice(0, 7)}, from ${release.from}); files in ${DIR}`,
    );
    const previous = await buildRelease(release);
    const env = database.env;
    const old = `previous ${release.version}`;
    const current = `this build ${version}`;
    // As docs/operations.md says: a release from 1.0.0 on starts as it is; 0.1.0 predates the
    // start-up check and runs with RUN_MIGRATIONS=false on a newer schema.
    const rollbackMigrations = tolerates(release.version) ? "true" : "false";
    const tag = randomBytes(3).toString("hex");
    const oldMessage = `Written by ${release.version} before the upgrade (${tag})`;
    const newMessage = `Written by ${version} after the upgrade (${tag})`;

    // 1. The previous release on an empty database: its migrations, its seed, its web process.
    await cli(previous, `${old} migrates the empty database and seeds`, ["seed", "--demo"], env);
    await withWeb(previous, old, { ...env, RUN_MIGRATIONS: "true" }, async () => {
      const member = await smoke(old);
      const status = await postChat(member, oldMessage);
      check(`${old}: the member's chat message is posted`, status < 400, `HTTP ${status}`);
    });
    await ledgerCheck(old, previous, release.version, env);
    const before = await noteRows(env);
    const migrated = await appliedMigrations(env);
    const oldWallet = (await demoMember(env)).wallet;
    check(
      `${old}: wrote members, cashback, withdrawals and chat`,
      ["users", "cashbacks", "withdrawals", "chat_messages"].every((t) => before[t]!.length > 0) &&
        before.chat_messages!.some((r) => r.endsWith(`|${oldMessage}`)),
      count(before),
    );

    // 2. This build on it: migrates up at start and reads the same rows and balances; then
    // (3.) it writes new ones — a chat message through its web process while it runs, a cashback
    // import and a withdrawal through its code after — one start instead of two.
    let read: Rows = {};
    await withWeb(ROOT, current, { ...env, RUN_MIGRATIONS: "true" }, async () => {
      const health = (await (await fetch(`${ORIGIN}/healthz`)).json()) as { version?: string };
      check(`${current}: /healthz says so`, health.version === version, JSON.stringify(health));
      const upgraded = await appliedMigrations(env);
      check(
        `${current}: migrated up`,
        migrated.every((m) => upgraded.includes(m)),
        `${upgraded.length - migrated.length} migrations applied: ${upgraded.filter((m) => !migrated.includes(m)).join(", ") || "none"}`,
      );
      read = await noteRows(env);
      const changed = differences(before, read);
      check(`${current}: the same rows and balances after migrating`, !changed, changed);
      const member = await smoke(current);
      await shows(current, member, "/users/chat", [oldMessage]);
      await shows(current, member, "/users/withdraw", [yen(oldWallet.balance)]);
      const status = await postChat(member, newMessage);
      check(`${current}: the member's chat message is posted`, status < 400, `HTTP ${status}`);
    });
    // The chat message moves no money: this check covers the migrated ledger.
    await ledgerCheck(current, ROOT, version, env);
    await writeWithThisBuild(env, tag);
    const written = await noteRows(env);
    // Balances move with the new rows (the ledger check says they add up); every other row stays.
    const lost = differences(read, written, true, ["wallets"]);
    const added = Object.keys(NOTED).filter((t) => written[t]!.length > read[t]!.length);
    check(
      `${current}: new cashback, withdrawal and chat rows, the old ones kept`,
      !lost && ["cashbacks", "withdrawals", "chat_messages"].every((t) => added.includes(t)),
      lost || `more rows in ${added.join(", ")}`,
    );
    await ledgerCheck(`${current} writing`, ROOT, version, env);
    const newWallet = (await demoMember(env)).wallet;

    // 4. The rollback: the previous release serves the old and the new rows.
    const back = `${old} rolled back to`;
    await withWeb(previous, back, { ...env, RUN_MIGRATIONS: rollbackMigrations }, async () => {
      const health = (await (await fetch(`${ORIGIN}/healthz`)).json()) as { version?: string };
      check(
        `${back}: /healthz says ${release.version}`,
        health.version === release.version,
        JSON.stringify(health),
      );
      const member = await smoke(back);
      await shows(back, member, "/users/chat", [oldMessage, newMessage]);
      await shows(back, member, "/users/withdraw", [yen(1_357), yen(newWallet.balance)]);
      await shows(back, member, "/users/cashback", [yen(4_321)]);
    });
    const rolledBack = await noteRows(env);
    const moved = differences(written, rolledBack);
    check(`${back}: the rows as this build left them`, !moved, moved);
    await ledgerCheck(back, ROOT, version, env);

    // 5. A newer release's migrations ahead of this build: expand tolerated, contract refused.
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

    // 6. The restore drill: cli.js backup, cli.js restore into an empty database (it ends with
    // the ledger check), the same rows.
    const file = path.join(DIR, "portal.backup");
    const target = await database.another();
    try {
      await cli(ROOT, "cli.js backup", ["backup", file], env);
      await cli(ROOT, "cli.js restore into an empty database", ["restore", file], target);
      check("restore drill: backup, restore and its ledger check", true, file);
      const restored = differences(rolledBack, await noteRows(target));
      check("restore drill: the restored rows equal the backed-up ones", !restored, restored);
    } catch (error) {
      check("restore drill: backup, restore and its ledger check", false, (error as Error).message);
    }
  } finally {
    await database.drop();
  }
  return "ran";
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
  if (failed === 0) removeWorkDir();
  process.exit(failed === 0 ? 0 : 1);
}

/** The kit's folder goes after a run that passed, unless it was named or asked to be kept. */
function removeWorkDir() {
  if (process.env.UPGRADE_KEEP !== "1" && !process.env.UPGRADE_DIR)
    rmSync(DIR, { recursive: true, force: true });
}

process.on("SIGINT", () => void finish(new Error("interrupted")));
process.on("SIGTERM", () => void finish(new Error("terminated")));
main().then(
  // Building the previous release checks nothing: no count to print, nothing to clean up.
  (done) => {
    if (done === "ran") return finish();
    removeWorkDir();
    process.exit(0);
  },
  (error: unknown) => finish(error),
);
