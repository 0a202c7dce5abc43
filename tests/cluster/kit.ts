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
import { type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createConnection } from "mysql2/promise";
import { seedOutbox } from "../../bench/notify-seed";
import { createDb, type Db } from "#db";
import { migrateToLatest } from "#db/migrate";
import { nowDb } from "#db/time";
import { outboxCounts } from "#server/notify/outbox";
import { STANDIN_DEFAULTS } from "../helpers/line-standin";
import { LineStandin } from "../helpers/line-standin";
import { freePort } from "../helpers/processes";
import {
  ROOT,
  DIR,
  PROXY,
  NODES,
  WEB_PORTS,
  writerUrl,
  nodeUrl,
  checks,
  figures,
  sleep,
  started,
  say,
  check,
  start,
  stop,
  stopAll,
  waitUntil,
  startNode,
  waitSynced,
  startCluster,
  startProxy,
  step,
  currentStep,
  deadline,
  writerReachesNode1,
} from "./cluster";
import {
  portalEnv,
  ready,
  ledgerCheck,
  member,
  type Answer,
  submit,
  withdraw,
  tally,
} from "./portal";
import { walletOf } from "../helpers/money";

// ------------------------------------------------------------------------------- the phases

async function moneyBurst(db: Db) {
  // 100 withdrawals of 1,000 against 60,000: exactly 60 fit.
  const a = await member(db, 60_000);
  const withdrawals = await Promise.all(
    Array.from({ length: 100 }, (_, i) => withdraw(i % 2, a, 1_000)),
  );
  const done = withdrawals.filter((w) => w.done).length;
  const rows = await db.kysely
    .selectFrom("withdrawals")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", a.id)
    .executeTakeFirstOrThrow();
  const wallet = await walletOf(db, a.id);
  figures.burstWithdrawals = tally(withdrawals);
  check(
    "withdrawal burst: exactly what the balance allows",
    done === 60 &&
      Number(rows.n) === 60 &&
      wallet.available === 0 &&
      wallet.held === 60_000 &&
      withdrawals.every((w) => w.done || w.key === "aboveAvailable"),
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
  const held = await walletOf(db, b.id);
  const rowsT = await db.kysely
    .selectFrom("transfers")
    .select((eb) => [
      eb.fn.countAll<number>().as("n"),
      eb.fn.sum<number>(eb.ref("amount")).as("amount"),
      eb.fn.sum<number>(eb.ref("fee")).as("fee"),
    ])
    .where("sender_id", "=", b.id)
    .executeTakeFirstOrThrow();
  const doneT = transfers.filter((t) => t.done).length;
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

  const ok = answers.filter((a) => a.done);
  const failed = answers.filter((a) => !a.done);
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
  const wallet = await walletOf(db, m.id);
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
  await writerReachesNode1("HAProxy sends to node 1 again");
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
  const c = await createConnection({ uri: nodeUrl(n), connectTimeout: 5_000 });
  try {
    const [rows] = await c.query({ sql: "SHOW GLOBAL STATUS LIKE 'Com_select'", timeout: 5_000 });
    return Number((rows as { Value: string }[])[0]!.Value);
  } finally {
    await c.end();
  }
}

async function readScaling(db: Db) {
  const m = await member(db, 100_000);
  const list = (cookie: string) =>
    fetch(
      `http://127.0.0.1:${WEB_PORTS[0]}/users/withdraw.data?_routes=${encodeURIComponent("routes/users+/withdraw+/_index")}`,
      {
        headers: { cookie },
        signal: AbortSignal.timeout(30_000),
      },
    );
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
    res.done && window !== undefined && after.ok && shown && ownOnReader === 0,
    `withdrawal HTTP ${res.status}, writer window ${window ? "set" : "missing"}, list HTTP ${after.status} ${shown ? "shows it" : "does not show it"}, ${ownOnReader} SELECTs on node 2`,
  );
}

// ------------------------------------------------------------------------------- main

/**
 * The whole kit's time limit (CLUSTER_TIMEOUT_S, default 20 minutes): past it, the kit fails
 * naming the step it was in and stops everything. Each step has its own, shorter limit.
 */
const KIT_LIMIT_MS = Number(process.env.CLUSTER_TIMEOUT_S ?? 1_200) * 1000;

async function main() {
  say(`data in ${DIR}; writer on 127.0.0.1:${PROXY}, nodes ${NODES.map((n) => n.sql).join(", ")}`);
  await step("start three Galera nodes", 420_000, startCluster);
  await step("start HAProxy and the node checks", 90_000, startProxy);
  const db = createDb({ databaseUrl: writerUrl, poolSize: 6 });
  try {
    await step("migrate through HAProxy", 240_000, () => migrateToLatest(db));
    await step("start two web processes", 150_000, async () => {
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
    });

    await step("money burst", 240_000, () => moneyBurst(db));
    await step("read scaling", 120_000, () => readScaling(db));
    await step("failover", 420_000, () => failover(db));
    await step("notifications", 420_000, () => notifications(db));
  } finally {
    await deadline(db.destroy(), 10_000, "closing the kit's pool").catch(() => undefined);
  }
}

async function finish(error?: unknown) {
  if (error)
    check("the kit ran to the end", false, error instanceof Error ? error.message : String(error));
  say("stopping everything the kit started");
  await deadline(stopAll(), 90_000, "stopping everything").catch((e: unknown) =>
    say(e instanceof Error ? e.message : String(e)),
  );
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
setTimeout(() => {
  if (finishing) return;
  finishing = true;
  void finish(
    new Error(`the kit's limit of ${KIT_LIMIT_MS / 1000} s passed during step "${currentStep}"`),
  );
}, KIT_LIMIT_MS).unref();
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
