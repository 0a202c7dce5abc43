/**
 * The cluster kit's bookkeeping (processes it started, checks, figures) and the cluster it
 * builds: three Galera nodes and HAProxy on loopback ports. Used by tests/cluster/kit.ts.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { closeSync, mkdirSync, openSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { createConnection } from "mysql2/promise";
import { childEnv } from "../helpers/processes";

const execFileAsync = promisify(execFile);
/**
 * A command run to its end, but never longer than `timeoutMs` (default 60 s): a client stuck on
 * a socket must not hold the kit.
 */
export function run(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
) {
  return execFileAsync(command, args, {
    cwd: options.cwd,
    env: options.env,
    timeout: options.timeoutMs ?? 60_000,
    killSignal: "SIGKILL",
  });
}
export const ROOT = path.resolve(import.meta.dirname, "../..");
export const DIR = process.env.CLUSTER_DIR ?? "/tmp/cluster-kit";
export const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
export const PROXY = port("CLUSTER_PORT", 3400);
export const NODES = [1, 2, 3].map((n) => ({
  n,
  sql: PROXY + n,
  check: PROXY + 3 + n,
  gcomm: port("CLUSTER_GCOMM_PORT", 4601) + n - 1,
  ist: port("CLUSTER_IST_PORT", 4611) + n - 1,
  sst: port("CLUSTER_SST_PORT", 4621) + n - 1,
  dir: path.join(DIR, `node${n}`),
}));
export const STATS = PROXY + 9;
export const WEB_PORTS = [port("CLUSTER_WEB_PORT", 3271), port("CLUSTER_WEB_PORT", 3271) + 1];
export const ORIGIN = `http://127.0.0.1:${WEB_PORTS[0]}`;
export const USER = "portal";
export const PASSWORD = "kit";
export const writerUrl = `mysql://${USER}:${PASSWORD}@127.0.0.1:${PROXY}/portal`;
export const nodeUrl = (n: number) => `mysql://${USER}:${PASSWORD}@127.0.0.1:${PROXY + n}/portal`;
export const asRoot = process.getuid?.() === 0;

// ------------------------------------------------------------------------------- bookkeeping

export const children: { name: string; child: ChildProcess }[] = [];
export const checks: { name: string; ok: boolean; detail: string }[] = [];
export const figures: Record<string, unknown> = {};
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const started = performance.now();
export const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)}s`;

export function say(text: string) {
  process.stdout.write(`[cluster ${elapsed()}] ${text}\n`);
}

export function check(name: string, ok: boolean, detail: string) {
  checks.push({ name, ok, detail });
  say(`${ok ? "PASS" : "FAIL"} ${name}: ${detail}`);
}

export function start(
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

export async function stop(
  child: ChildProcess,
  signal: NodeJS.Signals = "SIGTERM",
  waitMs = 20_000,
) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill(signal);
  if ((await Promise.race([exited, sleep(waitMs).then(() => "late")])) === "late") {
    child.kill("SIGKILL");
    // A process stuck in the kernel may not even die at once: do not wait on it forever.
    await Promise.race([exited, sleep(5_000)]);
  }
}

export async function stopAll() {
  // Web and workers first (they hold connections), then the proxy, checks and nodes.
  for (const group of [/^(web|bot)/, /^(haproxy|check|standin)/, /^node/]) {
    await Promise.all(
      children.filter((c) => group.test(c.name)).map((c) => stop(c.child).catch(() => undefined)),
    );
  }
}

/** Thrown inside a wait when waiting longer cannot help (the process died). */
export class GaveUp extends Error {}

/** How often a wait says it is still waiting. */
export const PROGRESS_EVERY_MS = Number(process.env.CLUSTER_PROGRESS_MS ?? 10_000);

/** `work`, or an error naming `what` once `ms` have passed (the work is left behind). */
export function deadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms / 1000} s`)), ms);
  });
  work.catch(() => undefined);
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * Asks `ok` until it says yes, for at most `timeoutMs`. Each attempt has its own deadline (a
 * query or a fetch that hangs counts as a no), and every PROGRESS_EVERY_MS the kit says what it
 * is still waiting for and what the last attempt said.
 */
export async function waitUntil(what: string, ok: () => Promise<boolean>, timeoutMs: number) {
  const begun = Date.now();
  const end = begun + timeoutMs;
  let nextProgress = begun + PROGRESS_EVERY_MS;
  let last = "not asked yet";
  for (;;) {
    const left = end - Date.now();
    try {
      if (await deadline(ok(), Math.max(1_000, Math.min(left, 15_000)), what)) return;
      last = "not yet";
    } catch (error) {
      if (error instanceof GaveUp) throw error;
      // The last line of a failed command says why (the first repeats the command).
      const message = (error instanceof Error ? error.message : String(error)).trim();
      last = (message.split("\n").at(-1) ?? "").slice(0, 160);
    }
    if (Date.now() > end) throw new Error(`${what}: not within ${timeoutMs / 1000} s (${last})`);
    if (Date.now() >= nextProgress) {
      say(
        `… still waiting for ${what} (${((Date.now() - begun) / 1000).toFixed(0)} s of ${timeoutMs / 1000} s; last: ${last})`,
      );
      nextProgress += PROGRESS_EVERY_MS;
    }
    await sleep(250);
  }
}

/** The step the kit is in, for the message when the whole kit runs out of time. */
export let currentStep = "starting";

/**
 * One step of the kit with its own time limit: says when it starts and ends, says every
 * PROGRESS_EVERY_MS that it is still running, and fails naming itself when the limit passes.
 */
export async function step<T>(name: string, limitMs: number, work: () => Promise<T>): Promise<T> {
  currentStep = name;
  const begun = performance.now();
  say(`step: ${name} (limit ${limitMs / 1000} s)`);
  const ticker = setInterval(
    () => say(`… ${name}: ${((performance.now() - begun) / 1000).toFixed(0)} s`),
    PROGRESS_EVERY_MS,
  );
  try {
    const result = await deadline(work(), limitMs, `step "${name}"`);
    say(`step done: ${name} in ${((performance.now() - begun) / 1000).toFixed(1)} s`);
    return result;
  } finally {
    clearInterval(ticker);
  }
}

// ------------------------------------------------------------------------------- the cluster

export function nodeConfig(node: (typeof NODES)[number]): string {
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
# One applier thread: with two, the migrations stalled the cluster on 2026-11-27 (twice in a
# row): the ledger migration's insert into wallets, applied beside its TOI index build on
# ledger_entries (whose rows reference wallets), ended in "MDL BF-BF conflict" on both other
# nodes, and node 1's next DDL waited out the step's 240 s.
wsrep_slave_threads=1
`;
}

export async function sqlAsRoot(node: (typeof NODES)[number], statement: string): Promise<string> {
  const { stdout } = await run(
    "mariadb",
    [
      "--no-defaults",
      `--socket=${node.dir}/mysqld.sock`,
      "--connect-timeout=5",
      "-uroot",
      "-N",
      "-e",
      statement,
    ],
    { timeoutMs: 15_000 },
  );
  return stdout.trim();
}

export async function wsrepState(node: (typeof NODES)[number]) {
  const out = await sqlAsRoot(
    node,
    "SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS WHERE VARIABLE_NAME IN ('WSREP_LOCAL_STATE_COMMENT') UNION ALL SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS WHERE VARIABLE_NAME = 'WSREP_CLUSTER_SIZE'",
  );
  const [state, size] = out.split("\n");
  return { state, size: Number(size) };
}

export function startNode(node: (typeof NODES)[number], bootstrap: boolean) {
  const args = [`--defaults-file=${node.dir}/my.cnf`];
  if (bootstrap) args.push("--wsrep-new-cluster");
  return start(`node${node.n}`, "/usr/sbin/mariadbd", args);
}

export async function waitSynced(
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

export async function startCluster() {
  rmSync(DIR, { recursive: true, force: true });
  for (const node of NODES) {
    mkdirSync(path.join(node.dir, "data"), { recursive: true });
    writeFileSync(path.join(node.dir, "my.cnf"), nodeConfig(node));
  }
  if (asRoot) await run("chown", ["-R", "mysql:mysql", DIR]);
  const first = NODES[0]!;
  say("initialising node 1's data directory");
  await run(
    "mariadb-install-db",
    [
      `--defaults-file=${first.dir}/my.cnf`,
      "--auth-root-authentication-method=normal",
      "--skip-test-db",
      "--wsrep-on=OFF",
    ],
    { timeoutMs: 180_000 },
  );
  let t = performance.now();
  say("starting node 1 (bootstrap)");
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
    say(`starting node ${node.n} (it copies node 1's data)`);
    await waitSynced(node, startNode(node, false), node.n);
    say(`node ${node.n} joined (SST) in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
}

export async function startProxy() {
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
  await writerReachesNode1("HAProxy sends to node 1");
}

/** Waits until the writer address (through HAProxy) lands on node 1, its first choice. */
export function writerReachesNode1(what: string) {
  return waitUntil(
    what,
    async () => {
      const c = await createConnection({ uri: writerUrl, connectTimeout: 2_000 });
      try {
        const [rows] = await c.query({ sql: "select @@port as port", timeout: 2_000 });
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
