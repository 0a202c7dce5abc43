/**
 * The cluster kit (npm run test:cluster, through scripts/cluster/run.sh): the portal on a
 * 3-node MariaDB Galera cluster behind HAProxy as the single writer, every process on loopback.
 *
 *   1. money burst: 100 parallel withdrawals and 100 parallel transfers from one member, split
 *      over two web processes; the over-balance part must be refused, exactly;
 *   2. failover: withdrawals at 10 in flight, node 1 killed with SIGKILL mid-load; no request
 *      may fail, no yen may be lost or doubled; node 1 then rejoins;
 *   3. outbox: two LINE workers deliver 2,000 notifications to the LINE stand-in, one worker is
 *      killed with SIGKILL on the way: every notification delivered exactly once;
 *   4. read scaling: DATABASE_READ_URL points at node 2; a list is read there, a page right after
 *      the member's own write is read on the writer;
 * with ledger:check (the built CLI) after each. Prints the figures, writes a JSON report
 * (CLUSTER_REPORT) and stops everything it started, also on failure or interrupt.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { closeSync, mkdirSync, openSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { createConnection } from "mysql2/promise";
import { seedOutbox } from "../../bench/notify-seed";
import { createDb, type Db } from "../../db";
import { migrateToLatest } from "../../db/migrate";
import { nowDb } from "../../db/time";
import { createSession } from "../../server/auth/session";
import { outboxCounts } from "../../server/notify/outbox";
import { createUser } from "../helpers/fixtures";
import { STANDIN_DEFAULTS } from "../helpers/line-standin";
import { LineStandin } from "../helpers/line-standin";
import { fund, givePaymentDetails } from "../helpers/money";
import { childEnv, freePort } from "../helpers/processes";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");
const DIR = process.env.CLUSTER_DIR ?? "/tmp/cluster-kit";
const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const PROXY = port("CLUSTER_PORT", 3400);
const NODES = [1, 2, 3].map((n) => ({
  n,
  sql: PROXY + n,
  check: PROXY + 3 + n,
  gcomm: port("CLUSTER_GCOMM_PORT", 4601) + n - 1,
  ist: port("CLUSTER_IST_PORT", 4611) + n - 1,
  sst: port("CLUSTER_SST_PORT", 4621) + n - 1,
  dir: path.join(DIR, `node${n}`),
}));
const STATS = PROXY + 9;
const WEB_PORTS = [port("CLUSTER_WEB_PORT", 3271), port("CLUSTER_WEB_PORT", 3271) + 1];
const ORIGIN = `http://127.0.0.1:${WEB_PORTS[0]}`;
const USER = "portal";
const PASSWORD = "kit";
const writerUrl = `mysql://${USER}:${PASSWORD}@127.0.0.1:${PROXY}/portal`;
const nodeUrl = (n: number) => `mysql://${USER}:${PASSWORD}@127.0.0.1:${PROXY + n}/portal`;
const asRoot = process.getuid?.() === 0;

// ------------------------------------------------------------------------------- bookkeeping

const children: { name: string; child: ChildProcess }[] = [];
const checks: { name: string; ok: boolean; detail: string }[] = [];
const figures: Record<string, unknown> = {};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)}s`;

function say(text: string) {
  process.stdout.write(`[cluster ${elapsed()}] ${text}\n`);
}

function check(name: string, ok: boolean, detail: string) {
  checks.push({ name, ok, detail });
  say(`${ok ? "PASS" : "FAIL"} ${name}: ${detail}`);
}

function start(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = childEnv({ NODE_ENV: "production" }),
) {
  const log = openSync(path.join(DIR, `${name}.log`), "a");
  const child = spawn(command, args, {
    cwd: ROOT,
    env,
    stdio: ["ignore", log, log],
  });
  closeSync(log);
  children.push({ name, child });
  return child;
}

async function stop(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM", waitMs = 20_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill(signal);
  if ((await Promise.race([exited, sleep(waitMs).then(() => "late")])) === "late") {
    child.kill("SIGKILL");
    await exited;
  }
}

async function stopAll() {
  // Web and workers first (they hold connections), then the proxy, checks and nodes.
  for (const group of [/^(web|bot)/, /^(haproxy|check|standin)/, /^node/]) {
    await Promise.all(
      children.filter((c) => group.test(c.name)).map((c) => stop(c.child).catch(() => undefined)),
    );
  }
}

/** Thrown inside a wait when waiting longer cannot help (the process died). */
class GaveUp extends Error {}

async function waitUntil(what: string, ok: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const done = await ok().catch((error: unknown) => {
      if (error instanceof GaveUp) throw error;
      return false;
    });
    if (done) return;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(250);
  }
}

// ------------------------------------------------------------------------------- the cluster

function nodeConfig(node: (typeof NODES)[number]): string {
  const all = NODES.map((x) => `127.0.0.1:${x.gcomm}`).join(",");
  return `[mysqld]
${asRoot ? "user=mysql" : ""}
datadir=${node.dir}/data
socket=${node.dir}/mysqld.sock
pid-file=${node.dir}/mysqld.pid
log-error=${node.dir}/error.log
port=${node.sql}
bind-address=127.0.0.1
skip-name-resolve
character-set-server=utf8mb4
collation-server=utf8mb4_bin
default-storage-engine=InnoDB
# Galera needs row events and interleaved auto-increment locks
binlog_format=ROW
innodb_autoinc_lock_mode=2
# Small: the kit shares a 2-core machine
innodb_buffer_pool_size=64M
innodb_log_file_size=32M
performance_schema=OFF
max_connections=150
# Durability comes from the other nodes holding the write set
innodb_flush_log_at_trx_commit=2
# The ranking triggers are created by the migrations on a binlogging server
log_bin_trust_function_creators=1
wsrep_on=ON
wsrep_provider=/usr/lib/galera/libgalera_smm.so
wsrep_cluster_name=portal-kit
wsrep_cluster_address=gcomm://${all}
wsrep_node_name=node${node.n}
wsrep_node_address=127.0.0.1:${node.gcomm}
wsrep_provider_options="gmcast.listen_addr=tcp://127.0.0.1:${node.gcomm};ist.recv_addr=127.0.0.1:${node.ist};gcache.size=64M"
wsrep_sst_method=rsync
wsrep_sst_receive_address=127.0.0.1:${node.sst}
wsrep_slave_threads=2
`;
}

async function sqlAsRoot(node: (typeof NODES)[number], statement: string): Promise<string> {
  const { stdout } = await run("mariadb", [
    "--no-defaults",
    `--socket=${node.dir}/mysqld.sock`,
    "-uroot",
    "-N",
    "-e",
    statement,
  ]);
  return stdout.trim();
}

async function wsrepState(node: (typeof NODES)[number]) {
  const out = await sqlAsRoot(
    node,
    "SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS WHERE VARIABLE_NAME IN ('WSREP_LOCAL_STATE_COMMENT') UNION ALL SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS WHERE VARIABLE_NAME = 'WSREP_CLUSTER_SIZE'",
  );
  const [state, size] = out.split("\n");
  return { state, size: Number(size) };
}

function startNode(node: (typeof NODES)[number], bootstrap: boolean) {
  const args = [`--defaults-file=${node.dir}/my.cnf`];
  if (bootstrap) args.push("--wsrep-new-cluster");
  return start(`node${node.n}`, "/usr/sbin/mariadbd", args);
}

async function waitSynced(
  node: (typeof NODES)[number],
  child: ChildProcess,
  size: number,
  timeoutMs = 180_000,
) {
  await waitUntil(
    `node ${node.n} Synced in a cluster of ${size}`,
    async () => {
      if (child.exitCode !== null)
        throw new GaveUp(`node ${node.n} exited (${child.exitCode}): see ${node.dir}/error.log`);
      const s = await wsrepState(node);
      return s.state === "Synced" && s.size >= size;
    },
    timeoutMs,
  );
}

async function startCluster() {
  rmSync(DIR, { recursive: true, force: true });
  for (const node of NODES) {
    mkdirSync(path.join(node.dir, "data"), { recursive: true });
    writeFileSync(path.join(node.dir, "my.cnf"), nodeConfig(node));
  }
  if (asRoot) await run("chown", ["-R", "mysql:mysql", DIR]);
  const first = NODES[0]!;
  await run("mariadb-install-db", [
    `--defaults-file=${first.dir}/my.cnf`,
    "--auth-root-authentication-method=normal",
    "--skip-test-db",
    "--wsrep-on=OFF",
  ]);
  let t = performance.now();
  await waitSynced(first, startNode(first, true), 1);
  await sqlAsRoot(
    first,
    `CREATE USER '${USER}'@'127.0.0.1' IDENTIFIED BY '${PASSWORD}';
     GRANT ALL ON *.* TO '${USER}'@'127.0.0.1';
     CREATE DATABASE portal CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;`,
  );
  say(`node 1 bootstrapped in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  // One joiner at a time: each copies the donor's data (rsync SST).
  for (const node of NODES.slice(1)) {
    t = performance.now();
    await waitSynced(node, startNode(node, false), node.n);
    say(`node ${node.n} joined (SST) in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
}

async function startProxy() {
  for (const node of NODES) {
    start(
      `check${node.n}`,
      process.execPath,
      [path.join(ROOT, "scripts/cluster/galera-check.mjs")],
      childEnv({
        NODE_ENV: "production",
        GALERA_CHECK_URL: `mysql://${USER}:${PASSWORD}@127.0.0.1:${node.sql}/`,
        GALERA_CHECK_PORT: String(node.check),
      }),
    );
  }
  const config = haproxyConfig();
  writeFileSync(path.join(DIR, "haproxy.cfg"), config);
  start("haproxy", "haproxy", ["-db", "-f", path.join(DIR, "haproxy.cfg")]);
  await waitUntil(
    "HAProxy sends to node 1",
    async () => {
      const c = await createConnection({ uri: writerUrl, connectTimeout: 2_000 });
      try {
        const [rows] = await c.query("select @@port as port");
        return (rows as { port: number }[])[0]!.port === NODES[0]!.sql;
      } finally {
        c.destroy();
      }
    },
    60_000,
  );
}

/** The tested HAProxy configuration (docs/operations.md shows the same, with these ports). */
export function haproxyConfig(): string {
  return `global
  maxconn 2000

defaults
  mode tcp
  timeout connect 2s
  timeout client 1h
  timeout server 1h
  timeout check 2s

# One writer: node 1 while it is Synced; else the first Synced backup. "first" keeps every
# connection on one node, so row locks stay row locks (no certification conflicts).
listen portal-writer
  bind 127.0.0.1:${PROXY}
  balance first
  option httpchk GET /
  http-check expect status 200
  # A dead node is taken out at its first refused connection (observe), or after two failed
  # checks half a second apart; its open connections are cut so the pools reconnect at once.
  # A node coming back takes the writes again only after three good checks, and the backup's
  # connections are cut then, so two nodes never write at the same time.
  default-server inter 500ms fall 2 rise 3 on-marked-down shutdown-sessions on-marked-up shutdown-backup-sessions observe layer4 error-limit 1 on-error mark-down
${NODES.map((n) => `  server node${n.n} 127.0.0.1:${n.sql} check port ${n.check}${n.n > 1 ? " backup" : ""}`).join("\n")}

listen stats
  mode http
  bind 127.0.0.1:${STATS}
  stats enable
  stats uri /
`;
}

// ------------------------------------------------------------------------------- the portal

function portalEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return childEnv({
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    DATABASE_URL: writerUrl,
    RUN_MIGRATIONS: "false",
    APP_ORIGIN: ORIGIN,
    UPLOAD_DIR: path.join(DIR, "uploads"),
    MAIL_DIR: path.join(DIR, "mail"),
    DB_POOL_SIZE: "10",
    ...extra,
  });
}

async function ready(url: string, child: ChildProcess) {
  await waitUntil(
    url,
    async () => {
      if (child.exitCode !== null) throw new GaveUp(`${url}: exited ${child.exitCode}`);
      return (await fetch(url)).ok;
    },
    120_000,
  );
}

async function ledgerCheck(label: string) {
  const result = await run(
    process.execPath,
    [path.join(ROOT, "build/server/cli.js"), "ledger:check"],
    {
      cwd: ROOT,
      env: portalEnv({}),
    },
  ).then(
    (r) => ({ ok: true, out: r.stdout.trim() }),
    (e: { stdout?: string; stderr?: string }) => ({
      ok: false,
      out: `${e.stdout ?? ""}${e.stderr ?? ""}`.trim().slice(0, 500),
    }),
  );
  check(`ledger:check after ${label}`, result.ok, result.out);
}

interface Member {
  id: string;
  email: string;
  cookie: string;
}

async function member(db: Db, yen: number): Promise<Member> {
  const m = await createUser(db);
  if (yen) await fund(db, m.id, yen);
  await givePaymentDetails(db, m.id);
  const { token } = await createSession(db, m.id);
  return { id: m.id, email: m.email, cookie: `sid=${token}` };
}

interface Answer {
  status: number;
  key: string | null;
  startedMs: number;
  endedMs: number;
  setCookies: string[];
}

/** A money form sent as the browser's Remix form does it; 204 + X-Remix-Redirect is "done". */
async function submit(
  web: number,
  route: string,
  who: Member,
  fields: Record<string, string>,
): Promise<Answer> {
  const startedMs = performance.now();
  let status = 0;
  let key: string | null = null;
  let setCookies: string[] = [];
  try {
    const res = await fetch(
      `http://127.0.0.1:${WEB_PORTS[web]}/${route.replaceAll(".", "/")}?_data=routes%2F${route}`,
      {
        method: "POST",
        redirect: "manual",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: ORIGIN,
          "sec-fetch-site": "same-origin",
          cookie: who.cookie,
        },
        body: new URLSearchParams(fields),
        signal: AbortSignal.timeout(60_000),
      },
    );
    status = res.status;
    setCookies = res.headers.getSetCookie().map((c) => c.split(";")[0]!);
    const text = await res.text();
    if (status !== 204) {
      try {
        key = (JSON.parse(text) as { error?: { key?: string } }).error?.key ?? text.slice(0, 80);
      } catch {
        key = text.slice(0, 80);
      }
    }
  } catch (error) {
    key = error instanceof Error ? error.message : String(error);
  }
  return { status, key, startedMs, endedMs: performance.now(), setCookies };
}

const withdraw = (web: number, who: Member, amount: number, requestKey = randomUUID()) =>
  submit(web, "users.withdraw.new", who, { method: "bank", amount: String(amount), requestKey });

async function heldOf(db: Db, userId: string) {
  const w = await db.kysely
    .selectFrom("wallets")
    .select(["balance", "held"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  return { available: Number(w.balance), held: Number(w.held) };
}

function tally(answers: Answer[]) {
  const by: Record<string, number> = {};
  for (const a of answers) {
    const k = a.status === 204 ? "done" : `${a.status}${a.key ? ` ${a.key}` : ""}`;
    by[k] = (by[k] ?? 0) + 1;
  }
  return by;
}

// ------------------------------------------------------------------------------- the phases

async function moneyBurst(db: Db) {
  // 100 withdrawals of 1,000 against 60,000: exactly 60 fit.
  const a = await member(db, 60_000);
  const withdrawals = await Promise.all(
    Array.from({ length: 100 }, (_, i) => withdraw(i % 2, a, 1_000)),
  );
  const done = withdrawals.filter((w) => w.status === 204).length;
  const rows = await db.kysely
    .selectFrom("withdrawals")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", a.id)
    .executeTakeFirstOrThrow();
  const wallet = await heldOf(db, a.id);
  figures.burstWithdrawals = tally(withdrawals);
  check(
    "withdrawal burst: exactly what the balance allows",
    done === 60 &&
      Number(rows.n) === 60 &&
      wallet.available === 0 &&
      wallet.held === 60_000 &&
      withdrawals.every((w) => w.status === 204 || w.key === "aboveAvailable"),
    `${JSON.stringify(tally(withdrawals))}, ${rows.n} rows, wallet ${JSON.stringify(wallet)}`,
  );

  // 100 transfers of 1,000 (fee included in the hold) from another member to a third.
  const b = await member(db, 200_000);
  const c = await member(db, 0);
  const transfers = await Promise.all(
    Array.from({ length: 100 }, (_, i) =>
      submit(i % 2, "users.withdraw.transfer", b, {
        email: c.email,
        amount: "1000",
        message: "",
        requestKey: randomUUID(),
      }),
    ),
  );
  const held = await heldOf(db, b.id);
  const rowsT = await db.kysely
    .selectFrom("transfers")
    .select((eb) => [
      eb.fn.countAll<number>().as("n"),
      eb.fn.sum<number>(eb.ref("amount")).as("amount"),
      eb.fn.sum<number>(eb.ref("fee")).as("fee"),
    ])
    .where("sender_id", "=", b.id)
    .executeTakeFirstOrThrow();
  const doneT = transfers.filter((t) => t.status === 204).length;
  figures.burstTransfers = tally(transfers);
  check(
    "transfer burst: every request once, the holds add up",
    doneT === 100 &&
      Number(rowsT.n) === 100 &&
      held.held === Number(rowsT.amount) + Number(rowsT.fee) &&
      held.available + held.held === 200_000,
    `${JSON.stringify(tally(transfers))}, ${rowsT.n} rows, wallet ${JSON.stringify(held)}`,
  );
  await ledgerCheck("the money burst");
}

async function failover(db: Db) {
  const m = await member(db, 10_000_000);
  const answers: Answer[] = [];
  const LOAD_MS = 24_000;
  const KILL_AT_MS = 6_000;
  const t0 = performance.now();
  let killedAt = 0;
  let sent = 0;
  const loop = async (lane: number) => {
    while (performance.now() - t0 < LOAD_MS) {
      sent++;
      answers.push(await withdraw(lane % 2, m, 1_000));
    }
  };
  const killer = (async () => {
    await sleep(KILL_AT_MS);
    const pid = Number(
      (await import("node:fs")).readFileSync(path.join(NODES[0]!.dir, "mysqld.pid"), "utf8"),
    );
    killedAt = performance.now();
    process.kill(pid, "SIGKILL");
    say(`node 1 (pid ${pid}) killed with SIGKILL`);
  })();
  await Promise.all([...Array.from({ length: 10 }, (_, i) => loop(i)), killer]);

  const ok = answers.filter((a) => a.status === 204);
  const failed = answers.filter((a) => a.status !== 204);
  // The stall: the longest time with no request completing, around the kill.
  const ends = ok.map((a) => a.endedMs).sort((x, y) => x - y);
  let stall = 0;
  for (let i = 1; i < ends.length; i++) {
    if (ends[i]! >= killedAt) stall = Math.max(stall, ends[i]! - Math.max(ends[i - 1]!, killedAt));
    if (ends[i - 1]! > killedAt + 20_000) break;
  }
  const firstAfter = ends.find((e) => e > killedAt);
  const rows = await db.kysely
    .selectFrom("withdrawals")
    .select((eb) => [
      eb.fn.countAll<number>().as("n"),
      eb.fn.sum<number>(eb.ref("amount")).as("yen"),
    ])
    .where("user_id", "=", m.id)
    .executeTakeFirstOrThrow();
  const wallet = await heldOf(db, m.id);
  const seconds = (performance.now() - t0) / 1000;
  figures.failover = {
    requests: sent,
    accepted: ok.length,
    failed: failed.length,
    failures: tally(failed),
    ratePerSecond: Math.round(ok.length / seconds),
    stallSeconds: Number((stall / 1000).toFixed(2)),
    firstSuccessAfterKillSeconds: firstAfter
      ? Number(((firstAfter - killedAt) / 1000).toFixed(2))
      : null,
    slowestRequestSeconds: Number(
      (Math.max(...answers.map((a) => a.endedMs - a.startedMs)) / 1000).toFixed(2),
    ),
    rows: Number(rows.n),
  };
  check("failover: no money request failed", failed.length === 0, JSON.stringify(tally(answers)));
  check(
    "failover: accepted = rows = held, nothing lost or doubled",
    Number(rows.n) === ok.length &&
      Number(rows.yen) === ok.length * 1_000 &&
      wallet.held === ok.length * 1_000 &&
      wallet.available + wallet.held === 10_000_000,
    `${ok.length} accepted, ${rows.n} rows, ${rows.yen} yen, wallet ${JSON.stringify(wallet)}`,
  );
  check(
    "failover: the load recovered without a restart",
    firstAfter !== undefined,
    `stall ${(stall / 1000).toFixed(2)} s`,
  );
  await ledgerCheck("the failover");

  // Node 1 comes back: it rejoins by IST from a survivor's cache and takes the writes again.
  const t = performance.now();
  await waitSynced(NODES[0]!, startNode(NODES[0]!, false), 3);
  const log = (await import("node:fs")).readFileSync(path.join(NODES[0]!.dir, "error.log"), "utf8");
  const how = /IST received|Receiving IST/.test(log) ? "IST" : "SST";
  figures.rejoin = { how, seconds: Number(((performance.now() - t) / 1000).toFixed(1)) };
  say(`node 1 rejoined by ${how} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  await waitUntil(
    "HAProxy sends to node 1 again",
    async () => {
      const c = await createConnection({ uri: writerUrl, connectTimeout: 2_000 });
      try {
        const [r] = await c.query("select @@port as port");
        return (r as { port: number }[])[0]!.port === NODES[0]!.sql;
      } finally {
        c.destroy();
      }
    },
    60_000,
  );
}

async function notifications(db: Db) {
  const COUNT = 2_000;
  const standin = new LineStandin();
  const standinPort = await freePort();
  await standin.start(standinPort);
  // Due in an hour: released once both workers are up.
  await seedOutbox(db, { count: COUNT, members: 200, dueAt: "2999-01-01 00:00:00.000" });
  const workers: ChildProcess[] = [];
  try {
    for (let w = 0; w < 2; w++) {
      const botPort = await freePort();
      const worker = start(
        `bot${w + 1}`,
        process.execPath,
        [path.join(ROOT, "build/server/bot.js")],
        portalEnv({
          BOT_PORT: String(botPort),
          DB_POOL_SIZE: "6",
          LINE_CHANNEL_SECRET: randomBytes(16).toString("hex"),
          LINE_CHANNEL_ACCESS_TOKEN: STANDIN_DEFAULTS.channelAccessToken,
          LINE_API_BASE_URL: standin.url,
          BOT_BATCH_SIZE: "50",
          BOT_CONCURRENCY: "4",
          BOT_POLL_INTERVAL_MS: "100",
          // A killed worker's claimed rows are claimed again after this.
          BOT_LEASE_MS: "5000",
        }),
      );
      workers.push(worker);
      await ready(`http://127.0.0.1:${botPort}/readyz`, worker);
    }
    const t0 = performance.now();
    await db.kysely
      .updateTable("notifications")
      .set({ next_attempt_at: nowDb() })
      .where("status", "=", "pending")
      .execute();
    await waitUntil(
      "a quarter delivered",
      async () => (await outboxCounts(db)).sent >= COUNT / 4,
      120_000,
    );
    await stop(workers[0]!, "SIGKILL");
    const sentAtKill = (await outboxCounts(db)).sent;
    say(`LINE worker 1 killed with SIGKILL after ${sentAtKill} deliveries`);
    await waitUntil(
      "every notification settled",
      async () => {
        const c = await outboxCounts(db);
        return c.sent + c.failed + c.skipped >= COUNT;
      },
      180_000,
    );
    const seconds = (performance.now() - t0) / 1000;
    const counts = await outboxCounts(db);
    const keys = await db.kysely.selectFrom("notifications").select("retry_key").execute();
    const everyKeyOnce = keys.every(
      (k) => k.retry_key !== null && standin.accepted.has(k.retry_key),
    );
    const repeats = standin.pushes.length - standin.accepted.size;
    figures.notifications = {
      count: COUNT,
      seconds: Number(seconds.toFixed(1)),
      perSecond: Math.round(COUNT / seconds),
      sentAtKill,
      pushes: standin.pushes.length,
      delivered: standin.accepted.size,
      repeatedPushesAnswered409: repeats,
      outbox: counts,
    };
    check(
      "notifications: every one delivered exactly once",
      counts.sent === COUNT &&
        standin.accepted.size === COUNT &&
        standin.acceptedWithoutKey === 0 &&
        everyKeyOnce,
      `${standin.accepted.size} delivered of ${COUNT}, ${standin.pushes.length} pushes (${repeats} repeats refused by the retry key), outbox ${JSON.stringify(counts)}`,
    );
  } finally {
    for (const w of workers) await stop(w);
    await standin.stop();
  }
  await ledgerCheck("the notifications");
}

async function nodeSelects(n: number): Promise<number> {
  const c = await createConnection({ uri: nodeUrl(n) });
  try {
    const [rows] = await c.query("SHOW GLOBAL STATUS LIKE 'Com_select'");
    return Number((rows as { Value: string }[])[0]!.Value);
  } finally {
    await c.end();
  }
}

async function readScaling(db: Db) {
  const m = await member(db, 100_000);
  const list = (cookie: string) =>
    fetch(`http://127.0.0.1:${WEB_PORTS[0]}/users/withdraw?_data=routes%2Fusers.withdraw._index`, {
      headers: { cookie },
    });
  // The reads of a list page with no write of the member's own just before: on node 2.
  const before = await nodeSelects(2);
  for (let i = 0; i < 20; i++) await (await list(m.cookie)).text();
  const onReader = (await nodeSelects(2)) - before;
  // Right after a withdrawal the page must show it: this browser reads the writer for a moment.
  const res = await withdraw(0, m, 2_000);
  const window = res.setCookies.find((c) => c.startsWith("recent_write="));
  const beforeOwn = await nodeSelects(2);
  const after = await list(`${m.cookie}; ${window ?? ""}`);
  const shown = (await after.text()).includes("2000");
  const ownOnReader = (await nodeSelects(2)) - beforeOwn;
  figures.readScaling = {
    selectsOnReaderFor20Lists: onReader,
    selectsOnReaderAfterOwnWrite: ownOnReader,
  };
  check(
    "read scaling: lists are read on DATABASE_READ_URL (node 2)",
    onReader >= 20,
    `${onReader} SELECTs on node 2 for 20 list pages`,
  );
  check(
    "read scaling: the page right after the member's own write reads the writer",
    res.status === 204 && window !== undefined && after.ok && shown && ownOnReader === 0,
    `withdrawal HTTP ${res.status}, writer window ${window ? "set" : "missing"}, list HTTP ${after.status} ${shown ? "shows it" : "does not show it"}, ${ownOnReader} SELECTs on node 2`,
  );
}

// ------------------------------------------------------------------------------- main

async function main() {
  say(`data in ${DIR}; writer on 127.0.0.1:${PROXY}, nodes ${NODES.map((n) => n.sql).join(", ")}`);
  await startCluster();
  await startProxy();
  const db = createDb({ databaseUrl: writerUrl, poolSize: 6 });
  try {
    let t = performance.now();
    await migrateToLatest(db);
    say(`migrated through HAProxy in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    t = performance.now();
    const webs = WEB_PORTS.map((p, i) =>
      start(
        `web${i + 1}`,
        process.execPath,
        [path.join(ROOT, "build/server/http.js")],
        portalEnv({
          PORT: String(p),
          DATABASE_READ_URL: nodeUrl(2),
        }),
      ),
    );
    await Promise.all(webs.map((w, i) => ready(`http://127.0.0.1:${WEB_PORTS[i]}/readyz`, w)));
    say(`two web processes ready in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    await moneyBurst(db);
    await readScaling(db);
    await failover(db);
    await notifications(db);
  } finally {
    await db.destroy().catch(() => undefined);
  }
}

async function finish(error?: unknown) {
  if (error)
    check("the kit ran to the end", false, error instanceof Error ? error.message : String(error));
  say("stopping everything the kit started");
  await stopAll();
  const passed = checks.filter((c) => c.ok).length;
  const failed = checks.length - passed;
  figures.totalSeconds = Number(((performance.now() - started) / 1000).toFixed(0));
  process.stdout.write(`\n==== cluster figures\n${JSON.stringify(figures, null, 2)}\n`);
  process.stdout.write(`cluster: ${passed} passed, ${failed} failed\n`);
  if (process.env.CLUSTER_REPORT)
    writeFileSync(
      process.env.CLUSTER_REPORT,
      JSON.stringify({ passed, failed, checks, figures }, null, 2),
    );
  if (failed === 0 && process.env.CLUSTER_KEEP !== "1")
    rmSync(DIR, { recursive: true, force: true });
  else say(`logs kept in ${DIR}`);
  process.exit(failed === 0 ? 0 : 1);
}

let finishing = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (finishing) return;
    finishing = true;
    void finish(new Error(`interrupted by ${signal}`));
  });
}
main().then(
  () => {
    if (!finishing) {
      finishing = true;
      void finish();
    }
  },
  (error: unknown) => {
    if (!finishing) {
      finishing = true;
      void finish(error);
    }
  },
);
