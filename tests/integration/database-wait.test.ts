import { createServer, type Server, type Socket, connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createDb, type Db } from "#db";
import { DatabaseRefusedError, waitForDatabase } from "#server/database-wait";
import { testEngine } from "../helpers/db";
import { freePort } from "../helpers/processes";

/*
 * A process that starts while its database is down waits for it: /healthz 200, /readyz 503,
 * a log line per attempt; it goes on once the database answers. A database that answers with
 * a refusal (unknown database, wrong password) is not waited for.
 */

interface Line {
  level: "warn" | "info";
  message: string;
  fields?: object;
}

function recordingLog() {
  const lines: Line[] = [];
  return {
    lines,
    warn: (fields: object, message: string) => lines.push({ level: "warn", message, fields }),
    info: (message: string) => lines.push({ level: "info", message }),
  };
}

async function until(what: string, condition: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`gave up after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A TCP forwarder to the test's MySQL that listens only once `open()` is called. */
function laterProxy(port: number, target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  return {
    async open() {
      server = createServer((client) => {
        const upstream = connect(Number(target.port || 3306), target.hostname);
        sockets.add(client).add(upstream);
        client.pipe(upstream).pipe(client);
        const end = () => {
          client.destroy();
          upstream.destroy();
        };
        client.on("error", end).on("close", end);
        upstream.on("error", end).on("close", end);
      });
      await new Promise<void>((resolve) => server!.listen(port, "127.0.0.1", resolve));
    },
    async close() {
      for (const s of sockets) s.destroy();
      if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
    },
  };
}

const open: Db[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  // The stand-in servers first: a pool's pending connection attempt ends when its socket does.
  for (const cleanup of cleanups.splice(0)) await cleanup();
  for (const db of open.splice(0)) await db.destroy();
});

describe(`a start while the database is down (${testEngine} run)`, { timeout: 60_000 }, () => {
  it("answers /healthz 200 and /readyz 503 and logs each attempt until stopped", async () => {
    const dbPort = await freePort(); // nothing listens there: connection refused
    const db = createDb({ databaseUrl: `mysql://root@127.0.0.1:${dbPort}/portal`, poolSize: 2 });
    open.push(db);
    const log = recordingLog();
    const httpPort = await freePort();
    const stop = new AbortController();
    const waiting = waitForDatabase(db, {
      timeoutMs: 500,
      intervalMs: 100,
      log,
      listen: { port: httpPort, host: "127.0.0.1", version: "9.9.9+abc1234" },
      signal: stop.signal,
    });
    await until("three log lines", () => log.lines.length >= 3);
    const health = await fetch(`http://127.0.0.1:${httpPort}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok", version: "9.9.9+abc1234" });
    const ready = await fetch(`http://127.0.0.1:${httpPort}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: "waiting-for-database", database: "mysql" });
    for (const line of log.lines) {
      expect(line.level).toBe("warn");
      expect(line.message).toMatch(/^database unreachable \(.*ECONNREFUSED.*\): waiting for it/);
    }
    stop.abort();
    expect(await waiting).toBe(false);
    // The stand-in endpoints are gone with the wait: the process's own server takes the port.
    await expect(fetch(`http://127.0.0.1:${httpPort}/healthz`)).rejects.toThrow();
  });

  it("waits for a database that accepts connections but never answers", async () => {
    const accepted = new Set<Socket>();
    const silent = createServer((socket) => {
      accepted.add(socket);
      socket.on("error", () => undefined);
    });
    const dbPort = await freePort();
    await new Promise<void>((resolve) => silent.listen(dbPort, "127.0.0.1", resolve));
    cleanups.push(async () => {
      for (const socket of accepted) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    });
    const db = createDb({ databaseUrl: `mysql://root@127.0.0.1:${dbPort}/portal`, poolSize: 2 });
    open.push(db);
    const log = recordingLog();
    const stop = new AbortController();
    const waiting = waitForDatabase(db, {
      timeoutMs: 300,
      intervalMs: 100,
      log,
      signal: stop.signal,
    });
    await until("two log lines", () => log.lines.length >= 2);
    // Each attempt ends at its own deadline, not the pool's 15 s retry.
    expect(log.lines[0]!.message).toMatch(/no answer in 300 ms\): waiting for it/);
    stop.abort();
    expect(await waiting).toBe(false);
  });

  it("goes on at once when the database answers", async () => {
    const url = process.env.TEST_MYSQL_URL;
    const db = url
      ? createDb({ databaseUrl: url, poolSize: 2 })
      : createDb({ sqlitePath: ":memory:" });
    open.push(db);
    const log = recordingLog();
    expect(await waitForDatabase(db, { timeoutMs: 1_000, intervalMs: 100, log })).toBe(true);
    expect(log.lines).toEqual([]);
  });

  it.runIf(testEngine === "mysql")("starts once a database that was down comes up", async () => {
    const target = new URL(process.env.TEST_MYSQL_URL!);
    const proxyPort = await freePort();
    const proxy = laterProxy(proxyPort, target);
    cleanups.push(() => proxy.close());
    const through = new URL(target);
    through.hostname = "127.0.0.1";
    through.port = String(proxyPort);
    const db = createDb({ databaseUrl: through.href, poolSize: 2 });
    open.push(db);
    const log = recordingLog();
    const httpPort = await freePort();
    const waiting = waitForDatabase(db, {
      timeoutMs: 500,
      intervalMs: 100,
      log,
      listen: { port: httpPort, host: "127.0.0.1", version: "1" },
    });
    await until("two log lines", () => log.lines.length >= 2);
    expect((await fetch(`http://127.0.0.1:${httpPort}/readyz`)).status).toBe(503);
    await proxy.open();
    expect(await waiting).toBe(true);
    expect(log.lines.at(-1)).toEqual({ level: "info", message: "database reachable: starting" });
  });

  it.runIf(testEngine === "mysql")(
    "stops at once, naming the cause, when the database does not exist",
    async () => {
      const url = new URL(process.env.TEST_MYSQL_URL!);
      url.pathname = "/portal_no_such_database_x";
      const db = createDb({ databaseUrl: url.href, poolSize: 2 });
      open.push(db);
      const log = recordingLog();
      const waiting = waitForDatabase(db, { timeoutMs: 1_000, intervalMs: 100, log });
      await expect(waiting).rejects.toThrow(DatabaseRefusedError);
      await expect(waiting).rejects.toThrow(
        /^the database refuses the portal: the database does not exist \(.*\); check DATABASE_URL$/,
      );
      expect(log.lines).toEqual([]);
    },
  );
});
