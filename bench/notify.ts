/**
 * npm run bench:notify — 20,000 queued LINE notifications delivered by two bot worker
 * processes (bot/main.ts, as production runs it) to the LINE stand-in running in its own
 * process, compared with the stand-in's own ceiling measured in the same run: as many pushes
 * as the two workers' combined concurrency, sent straight at it with the same client and no
 * database. Not a test: it prints figures (and exits non-zero if a notification was lost or
 * delivered twice).
 *
 *   BENCH_ENGINE       mysql (default) or sqlite
 *   BENCH_MYSQL_URL    server to use (default mysql://root@127.0.0.1:3306/test); a fresh schema
 *                      is created and dropped
 *   BENCH_COUNT        notifications (default 20000); BENCH_MEMBERS members (default 2000)
 *   BENCH_CONCURRENCY  pushes in flight per worker (default 8); BENCH_BATCH claim size (100)
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createConnection } from "mysql2/promise";
import { createDb, type Db } from "#db";
import { migrateToLatest } from "#db/migrate";
import { addMs, nowDb, toDbTime } from "#db/time";
import { lineMessaging } from "#server/line/messaging";
import { outboxCounts } from "#server/notify/outbox";
import { seedOutbox } from "./notify-seed";
import { STANDIN_DEFAULTS } from "../tests/helpers/line-standin";
import { childEnv, freePort } from "../tests/helpers/processes";

const ENGINE = process.env.BENCH_ENGINE === "sqlite" ? "sqlite" : "mysql";
const COUNT = Number(process.env.BENCH_COUNT ?? 20_000);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 2_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const BATCH = Number(process.env.BENCH_BATCH ?? 100);
const WORKERS = 2;
const base = process.env.BENCH_MYSQL_URL ?? "mysql://root@127.0.0.1:3306/test";
const ROOT = path.resolve(import.meta.dirname, "..");
const TSX = pathToFileURL(path.join(ROOT, "node_modules/tsx/dist/loader.mjs")).href;

function start(args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ["--import", TSX, ...args], {
    cwd: ROOT,
    env: childEnv({
      NODE_ENV: "production",
      ...env,
    }),
    stdio: ["ignore", "ignore", "inherit"],
  });
  return child;
}

async function waitFor(url: string, child: ChildProcess) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`${url}: no answer`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface Stats {
  pushes: number;
  accepted: number;
  acceptedWithoutKey: number;
  byStatus: Record<string, number>;
}

async function stats(standinUrl: string): Promise<Stats> {
  return (await (await fetch(`${standinUrl}/__standin/stats`)).json()) as Stats;
}

/** The ceiling: pushes straight at the stand-in, `inFlight` at a time, no database. */
async function ceiling(standinUrl: string, total: number, inFlight: number): Promise<number> {
  const client = lineMessaging({
    channelAccessToken: STANDIN_DEFAULTS.channelAccessToken,
    apiBaseUrl: standinUrl,
    timeoutMs: 30_000,
  });
  const text =
    "出金が完了しました。\n金額：￥12,345\n方法：銀行振込\n\n詳しくはこちら：https://portal.example/users/withdraw";
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < total) {
        next++;
        const outcome = await client.push(
          `U${randomBytes(16).toString("hex")}`,
          [{ type: "text", text }],
          randomUUID(),
        );
        if (outcome.kind !== "sent") throw new Error(`ceiling push: ${JSON.stringify(outcome)}`);
      }
    }),
  );
  return total / ((performance.now() - started) / 1000);
}

async function main() {
  let location: { DATABASE_URL: string } | { SQLITE_PATH: string };
  let cleanup: () => Promise<void>;
  let db: Db;
  if (ENGINE === "mysql") {
    const schema = `bench_notify_${randomBytes(4).toString("hex")}`;
    const admin = await createConnection(base);
    await admin.query(`create database \`${schema}\` character set utf8mb4 collate utf8mb4_bin`);
    const url = new URL(base);
    url.pathname = `/${schema}`;
    location = { DATABASE_URL: url.toString() };
    db = createDb({ databaseUrl: url.toString(), poolSize: 4 });
    cleanup = async () => {
      await admin.query(`drop database \`${schema}\``);
      await admin.end();
    };
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), "bench-notify-"));
    const file = path.join(dir, "bench.sqlite");
    location = { SQLITE_PATH: file };
    db = createDb({ sqlitePath: file });
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  const children: ChildProcess[] = [];
  try {
    await migrateToLatest(db);
    // Held back until both workers are up, so the clock measures delivery, not start-up.
    await seedOutbox(db, {
      count: COUNT,
      members: MEMBERS,
      dueAt: toDbTime(addMs(new Date(), 3_600_000)),
    });

    const standinPort = await freePort();
    const standinUrl = `http://127.0.0.1:${standinPort}`;
    const standin = start([path.join(ROOT, "tests/helpers/line-standin-server.ts")], {
      LINE_STANDIN_PORT: String(standinPort),
    });
    children.push(standin);
    await waitFor(`${standinUrl}/__standin/stats`, standin);

    const inFlight = WORKERS * CONCURRENCY;
    const ceilingRate = await ceiling(standinUrl, COUNT, inFlight);
    await fetch(`${standinUrl}/__standin/reset`, { method: "POST" });

    for (let w = 0; w < WORKERS; w++) {
      const port = await freePort();
      const worker = start([path.join(ROOT, "bot/main.ts")], {
        NODE_ENV: "production",
        LOG_LEVEL: "warn",
        HOST: "127.0.0.1",
        BOT_PORT: String(port),
        RUN_MIGRATIONS: "false",
        ...location,
        DB_POOL_SIZE: String(CONCURRENCY + 2),
        LINE_CHANNEL_SECRET: randomBytes(16).toString("hex"),
        LINE_CHANNEL_ACCESS_TOKEN: STANDIN_DEFAULTS.channelAccessToken,
        LINE_API_BASE_URL: standinUrl,
        APP_ORIGIN: "http://127.0.0.1:3000",
        MAIL_TRANSPORT: "file",
        BOT_BATCH_SIZE: String(BATCH),
        BOT_CONCURRENCY: String(CONCURRENCY),
        BOT_POLL_INTERVAL_MS: "50",
      });
      children.push(worker);
      await waitFor(`http://127.0.0.1:${port}/readyz`, worker);
    }

    await db.kysely.updateTable("notifications").set({ next_attempt_at: nowDb() }).execute();
    const started = performance.now();
    for (;;) {
      const counts = await outboxCounts(db);
      if (counts.sent + counts.failed + counts.skipped >= COUNT) break;
      if (performance.now() - started > 600_000)
        throw new Error(`stuck: ${JSON.stringify(counts)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    const rate = COUNT / seconds;
    const counts = await outboxCounts(db);
    const seen = await stats(standinUrl);

    const line = (label: string, value: string) => console.log(`${label.padEnd(34)} ${value}`);
    console.log(
      `\nbench:notify — ${COUNT.toLocaleString("en")} notifications, ${WORKERS} workers × ${CONCURRENCY} in flight, ${ENGINE}`,
    );
    line(
      "stand-in ceiling (no database)",
      `${ceilingRate.toFixed(0)} pushes/s at ${inFlight} in flight`,
    );
    line("delivered by the workers", `${seconds.toFixed(2)} s, ${rate.toFixed(0)} messages/s`);
    line("ratio to the ceiling", (rate / ceilingRate).toFixed(2));
    line("outbox", JSON.stringify(counts));
    line("stand-in", JSON.stringify(seen));
    const ok =
      counts.sent === COUNT &&
      seen.accepted === COUNT &&
      seen.pushes === COUNT &&
      seen.acceptedWithoutKey === 0;
    line("each delivered exactly once", ok ? "yes" : "NO");
    if (!ok) process.exitCode = 1;
  } finally {
    for (const child of children) child.kill("SIGTERM");
    await Promise.all(
      children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.on("exit", r)))),
    );
    await db.destroy();
    await cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
