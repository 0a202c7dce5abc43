import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxCounts } from "#server/notify/outbox";
import { createTestDb, testEngine, type TestDb } from "../helpers/db";
import { createUser } from "../helpers/fixtures";
import { enqueue, eventually, linkLine, notificationRows } from "../helpers/line";
import { LineStandin } from "../helpers/line-standin";
import { childEnv, freePort } from "../helpers/processes";

/**
 * The worker as production runs it (bot/main.ts in its own process), killed with SIGKILL while
 * pushes are in flight and started again: every notification reaches LINE exactly once.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const TSX = pathToFileURL(path.join(ROOT, "node_modules/tsx/dist/loader.mjs")).href;

let t: TestDb;
let standin: LineStandin;
const children: ChildProcess[] = [];

beforeAll(async () => {
  t = await createTestDb();
  standin = new LineStandin();
  await standin.start();
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  await standin.stop();
  await t.cleanup();
});

interface Worker {
  child: ChildProcess;
  stderr: () => string;
  exited: Promise<NodeJS.Signals | number | null>;
}

async function startWorker(): Promise<Worker> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", TSX, path.join(ROOT, "bot/main.ts")], {
    cwd: ROOT,
    env: childEnv({
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      BOT_PORT: String(port),
      ...("databaseUrl" in t.location
        ? { DATABASE_URL: t.location.databaseUrl }
        : { SQLITE_PATH: t.location.sqlitePath }),
      LINE_CHANNEL_SECRET: randomBytes(16).toString("hex"),
      LINE_CHANNEL_ACCESS_TOKEN: standin.options.channelAccessToken,
      LINE_API_BASE_URL: standin.url,
      // Wait for held answers rather than time out: the kill has to catch pushes in flight.
      LINE_HTTP_TIMEOUT_MS: "60000",
      BOT_BATCH_SIZE: "10",
      BOT_CONCURRENCY: "4",
      BOT_LEASE_MS: "1500",
      BOT_POLL_INTERVAL_MS: "50",
      BOT_BACKOFF_BASE_MS: "50",
      BOT_BACKOFF_MAX_MS: "200",
    }),
    stdio: ["ignore", "ignore", "pipe"],
  });
  children.push(child);
  let err = "";
  child.stderr?.setEncoding("utf8").on("data", (c: string) => (err += c));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.on("exit", (code, signal) => resolve(signal ?? code)),
  );
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`worker exited early: ${err}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`worker did not start: ${err}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, stderr: () => err, exited };
}

describe(`a worker killed mid-send on ${testEngine}`, { timeout: 180_000 }, () => {
  it("delivers each notification exactly once after a restart", async () => {
    const total = 40;
    for (let i = 0; i < total; i++) {
      const m = await createUser(t.db);
      await linkLine(t.db, m.id, { following: true });
      await enqueue(
        t.db,
        m.id,
        "withdrawal_completed",
        { withdrawalId: `w${i}`, amount: 1000 + i, method: "bank" },
        `crash:${i}`,
      );
    }
    // LINE accepts the first pushes but its answers do not come back before the kill.
    standin.scriptPushes(
      ...Array.from({ length: total }, () => ({ kind: "hold", ms: 120_000 }) as const),
    );

    const first = await startWorker();
    await eventually(async () => standin.accepted.size >= 4, "pushes in flight", 60_000);
    first.child.kill("SIGKILL");
    expect(await first.exited).toBe("SIGKILL");
    const inFlight = standin.accepted.size;
    // LINE has these, but the dead worker recorded none of them.
    expect((await outboxCounts(t.db)).sent).toBe(0);

    standin.clearScript();
    // Two workers after the restart: they share the rows without sending one twice.
    const second = await startWorker();
    const third = await startWorker();
    await eventually(
      async () => (await outboxCounts(t.db)).sent === total,
      "every row sent",
      90_000,
    );
    second.child.kill("SIGTERM");
    third.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
    expect(await third.exited).toBe(0);

    const rows = await notificationRows(t.db);
    expect(rows).toHaveLength(total);
    // Exactly once at LINE: every retry key accepted, each once; nothing sent without a key.
    expect(standin.accepted.size).toBe(total);
    expect(standin.acceptedWithoutKey).toBe(0);
    for (const row of rows) expect(standin.accepted.has(row.retry_key)).toBe(true);
    expect(standin.pushes.filter((p) => p.status === 200)).toHaveLength(total);
    // The pushes the kill interrupted were repeated once, with their key, and got 409.
    const conflicts = standin.pushes.filter((p) => p.status === 409);
    expect(conflicts).toHaveLength(inFlight);
    expect(rows.filter((r) => r.last_error === "409: accepted earlier")).toHaveLength(inFlight);
    for (const c of conflicts) {
      const firstTry = standin.pushes.find((p) => p.retryKey === c.retryKey && p.status === 200);
      expect(firstTry?.to).toBe(c.to);
    }
  });
});
