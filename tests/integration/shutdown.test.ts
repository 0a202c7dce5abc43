import http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { ping } from "#db";
import { createApp } from "#server/app";
import { parseConfig } from "#server/config";
import { createLogger } from "#server/logger";
import { HandlerWork, installGracefulShutdown } from "#server/shutdown";
import { createTestDb, testEngine, type TestDb } from "../helpers/db";
import { listen, type RunningServer } from "../helpers/http";

const log = createLogger({ level: "silent" });

interface Reply {
  status: number;
  body: string;
  connection: string | undefined;
}

/** A GET over node:http, so the test decides whether a connection is new or reused. */
function get(url: string, agent: http.Agent | false = false): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

/** Resolves once the server has received `n` requests in total. */
function requestsSeen(server: http.Server, n: number): Promise<void> {
  let seen = 0;
  return new Promise((resolve) => {
    const onRequest = () => {
      seen += 1;
      if (seen >= n) {
        server.off("request", onRequest);
        resolve();
      }
    };
    server.on("request", onRequest);
  });
}

let running: RunningServer | undefined;
const agents: http.Agent[] = [];
afterEach(async () => {
  for (const agent of agents.splice(0)) agent.destroy();
  await running?.close();
  running = undefined;
});

/** The server's graceful shutdown, counting how often its onDrained ran. */
function countingDrains(
  server: http.Server,
  timeoutMs: number,
  more: Partial<Parameters<typeof installGracefulShutdown>[1]> = {},
) {
  let drains = 0;
  const shutdown = installGracefulShutdown(server, {
    log,
    timeoutMs,
    ...more,
    onDrained: async () => void (drains += 1),
  });
  return { shutdown, drained: () => drains };
}

/** A plain server: /slow answers after `slowMs`, /hang never answers, anything else at once. */
async function start(slowMs = 400) {
  const server = http.createServer((req, res) => {
    if (req.url === "/slow") {
      setTimeout(() => res.end("slow done"), slowMs);
    } else if (req.url === "/hang") {
      // never answers
    } else {
      res.end("fast");
    }
  });
  running = await listen(server);
  return running;
}

describe("installGracefulShutdown", () => {
  it("lets an in-flight request finish, refuses new connections, then runs onDrained", async () => {
    const srv = await start(400);
    const events: string[] = [];
    const shutdown = installGracefulShutdown(srv.server, {
      log,
      timeoutMs: 10_000,
      setNotReady: () => events.push("not-ready"),
      onDrained: async () => {
        events.push("drained");
      },
    });

    const arrived = requestsSeen(srv.server, 1);
    const slow = get(`${srv.url}/slow`);
    await arrived;
    const stopped = shutdown("SIGTERM").then(() => events.push("stopped"));
    expect(events).toEqual(["not-ready"]);

    // The listening socket is closed at once: a new connection is refused.
    await expect(get(`${srv.url}/`)).rejects.toMatchObject({ code: "ECONNREFUSED" });

    const reply = await slow;
    expect(reply).toMatchObject({ status: 200, body: "slow done" });
    await stopped;
    expect(events).toEqual(["not-ready", "drained", "stopped"]);
    expect(srv.server.listening).toBe(false);
  });

  it("waits for a tracked handler whose client left before it runs onDrained", async () => {
    // The client gives up mid-request: its connection closes at once, but the handler (a
    // loader mid-query) goes on, and closing the database under it would fail its work.
    const work = new HandlerWork();
    const events: string[] = [];
    let release: () => void = () => {};
    const server = http.createServer(
      work.track(async (_req: http.IncomingMessage, res: http.ServerResponse) => {
        await new Promise<void>((resolve) => (release = resolve));
        events.push("handler done");
        if (!res.destroyed) res.end("late");
      }),
    );
    running = await listen(server);
    const shutdown = installGracefulShutdown(server, {
      log,
      timeoutMs: 10_000,
      work,
      onDrained: async () => void events.push("drained"),
    });
    const arrived = requestsSeen(server, 1);
    const request = http.get(`${running.url}/`, { agent: false });
    request.on("error", () => {});
    await arrived;
    request.destroy();
    const stopped = shutdown("SIGTERM").then(() => events.push("stopped"));
    await new Promise((r) => setTimeout(r, 200));
    expect(work.size).toBe(1);
    expect(events).toEqual([]);
    release();
    await stopped;
    expect(events).toEqual(["handler done", "drained", "stopped"]);
  });

  it("does not wait for idle keep-alive connections", async () => {
    const srv = await start();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    agents.push(agent);
    expect((await get(`${srv.url}/`, agent)).body).toBe("fast");
    const { shutdown, drained } = countingDrains(srv.server, 10_000);
    const started = Date.now();
    await shutdown("SIGTERM");
    expect(drained()).toBe(1);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("closes a keep-alive connection once its in-flight request is answered", async () => {
    const srv = await start(300);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    agents.push(agent);
    const shutdown = installGracefulShutdown(srv.server, { log, timeoutMs: 10_000 });
    const arrived = requestsSeen(srv.server, 1);
    const slow = get(`${srv.url}/slow`, agent);
    await arrived;
    const started = Date.now();
    const stopped = shutdown("SIGTERM");
    const reply = await slow;
    expect(reply).toMatchObject({ status: 200, body: "slow done", connection: "close" });
    await stopped;
    // Well before the server's 5 s keep-alive timeout.
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("force-closes a hanging connection after the timeout and still runs onDrained", async () => {
    const srv = await start();
    const { shutdown, drained } = countingDrains(srv.server, 200);
    const arrived = requestsSeen(srv.server, 1);
    const hanging = get(`${srv.url}/hang`);
    hanging.catch(() => undefined); // observed below
    await arrived;
    const started = Date.now();
    await shutdown("SIGTERM");
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(190);
    expect(elapsed).toBeLessThan(2000);
    await expect(hanging).rejects.toMatchObject({ code: "ECONNRESET" });
    expect(drained()).toBe(1);
  });

  it("shuts down once, however many signals arrive", async () => {
    const srv = await start();
    let notReadyTimes = 0;
    const { shutdown, drained } = countingDrains(srv.server, 1000, {
      setNotReady: () => void (notReadyTimes += 1),
    });
    const first = shutdown("SIGTERM");
    const second = shutdown("SIGINT");
    expect(second).toBe(first);
    await Promise.all([first, second]);
    await shutdown("SIGTERM");
    expect(drained()).toBe(1);
    expect(notReadyTimes).toBe(1);
  });

  it("finishes even when onDrained fails, logging the failure", async () => {
    const srv = await start();
    const lines: string[] = [];
    const shutdown = installGracefulShutdown(srv.server, {
      log: createLogger({
        level: "info",
        destination: { write: (l: string) => void lines.push(l) },
      }),
      timeoutMs: 1000,
      onDrained: async () => {
        throw new Error("close failed");
      },
    });
    await shutdown("SIGTERM");
    expect(lines.join("")).toContain("closing the database failed");
    expect(lines.join("")).toContain("stopped");
  });
});

describe(`graceful shutdown of the portal on ${testEngine}`, () => {
  let t: TestDb | undefined;
  afterEach(async () => {
    await t?.cleanup().catch(() => undefined);
    t = undefined;
  });

  it("answers in-flight requests, turns /readyz to 503, then closes the database", async () => {
    t = await createTestDb();
    const db = t.db;
    let ready = true;
    const config = parseConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" });
    const app = createApp({ config, db, log, isReady: () => ready });
    // A slow route stands in for a long page render.
    const server = http.createServer((req, res) => {
      if (req.url === "/slow") {
        req.url = "/readyz";
        setTimeout(() => app(req, res), 300);
        return;
      }
      app(req, res);
    });
    const srv = await listen(server);
    running = srv;
    const shutdown = installGracefulShutdown(server, {
      log,
      timeoutMs: 5000,
      setNotReady: () => {
        ready = false;
      },
      onDrained: () => db.destroy(),
    });

    const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
    agents.push(keepAlive);
    expect((await get(`${srv.url}/readyz`, keepAlive)).status).toBe(200);

    const arrived = requestsSeen(server, 1);
    const inFlight = get(`${srv.url}/slow`); // answered by the readiness check after 300 ms
    await arrived;
    const stopped = shutdown("SIGTERM");

    // Answered after shutdown began: the app already reports it is going away.
    const reply = await inFlight;
    expect(reply.status).toBe(503);
    expect(JSON.parse(reply.body)).toMatchObject({ status: "shutting-down" });
    await expect(get(`${srv.url}/healthz`)).rejects.toMatchObject({ code: "ECONNREFUSED" });
    await stopped;

    // The database was closed by onDrained.
    await expect(ping(db)).rejects.toThrow();
  });

  it("waits for an in-flight request that still needs the database", async () => {
    t = await createTestDb();
    const db = t.db;
    const server = http.createServer((_req, res) => {
      setTimeout(() => {
        ping(db).then(
          () => res.end("db ok"),
          () => res.writeHead(500).end("db closed"),
        );
      }, 300);
    });
    const srv = await listen(server);
    running = srv;
    const shutdown = installGracefulShutdown(server, {
      log,
      timeoutMs: 5000,
      onDrained: () => db.destroy(),
    });
    const arrived = requestsSeen(server, 1);
    const inFlight = get(`${srv.url}/`);
    await arrived;
    await shutdown("SIGTERM");
    expect(await inFlight).toMatchObject({ status: 200, body: "db ok" });
  });
});
