import { randomBytes } from "node:crypto";
import { createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBot } from "#bot/worker";
import { createDb, type Db } from "#db";
import { createApp } from "#server/app";
import { parseConfig } from "#server/config";
import { silentLog } from "../helpers/fixtures";
import { listen } from "../helpers/http";
import { freePort } from "../helpers/processes";
import { signWebhook, STANDIN_DEFAULTS } from "../helpers/line-standin";

/**
 * A database that is down must be said to be down fast, on both processes: /readyz and the
 * LINE webhook answer within 2 s, whether the database refuses connections or accepts them and
 * never replies (a hung server, a black-holed network). The pool alone keeps retrying for 15 s.
 */

const SECRET = randomBytes(16).toString("hex");

/** Accepts TCP connections and never writes a byte: a MySQL server that hangs. */
async function silentServer(): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

let silent: Awaited<ReturnType<typeof silentServer>>;
let refusedPort: number;
beforeAll(async () => {
  silent = await silentServer();
  refusedPort = await freePort(); // nothing listens there
});
afterAll(async () => {
  await silent.close();
});

const cases = () => [
  { name: "refuses connections", url: `mysql://portal@127.0.0.1:${refusedPort}/portal` },
  { name: "accepts and never answers", url: `mysql://portal@127.0.0.1:${silent.port}/portal` },
];

async function timed(request: () => Promise<Response>) {
  const started = performance.now();
  const res = await request();
  await res.text();
  return { status: res.status, ms: performance.now() - started };
}

/** The database handle is closed in the background: its pool may still be retrying. */
function drop(db: Db) {
  void db.destroy().catch(() => undefined);
}

describe("a database that is down", () => {
  it.each([0, 1])("web /readyz answers 503 within 2 s (case %i)", async (i) => {
    const { url } = cases()[i]!;
    const config = parseConfig({ NODE_ENV: "test", DATABASE_URL: url, LOG_LEVEL: "silent" });
    const db = createDb({ databaseUrl: url, poolSize: 2 });
    const server = await listen(createApp({ config, db, log: silentLog }));
    try {
      const answer = await timed(() => fetch(`${server.url}/readyz`));
      expect(answer.status).toBe(503);
      expect(answer.ms).toBeLessThan(2_000);
    } finally {
      await server.close();
      drop(db);
    }
  });

  it.each([0, 1])("bot /readyz answers 503 and the webhook 500 within 2 s (case %i)", async (i) => {
    const { url } = cases()[i]!;
    const config = parseConfig({
      NODE_ENV: "test",
      DATABASE_URL: url,
      LINE_CHANNEL_SECRET: SECRET,
      LINE_CHANNEL_ACCESS_TOKEN: STANDIN_DEFAULTS.channelAccessToken,
    });
    const db = createDb({ databaseUrl: url, poolSize: 2 });
    const bot = createBot(config, silentLog, db);
    const server = await listen(bot.server);
    try {
      const ready = await timed(() => fetch(`${server.url}/readyz`));
      expect(ready.status).toBe(503);
      expect(ready.ms).toBeLessThan(2_000);
      const body = JSON.stringify({
        destination: "Ubot",
        events: [
          {
            type: "follow",
            mode: "active",
            timestamp: Date.now(),
            source: { type: "user", userId: `U${randomBytes(16).toString("hex")}` },
            webhookEventId: `01DOWN${randomBytes(10).toString("hex").toUpperCase()}`,
            deliveryContext: { isRedelivery: false },
          },
        ],
      });
      const hook = await timed(() =>
        fetch(`${server.url}/line/webhook`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "x-line-signature": signWebhook(body, SECRET),
          },
          body,
        }),
      );
      // Not recorded: LINE is told so (500) and redelivers later.
      expect(hook.status).toBe(500);
      expect(hook.ms).toBeLessThan(2_000);
    } finally {
      await server.close();
      drop(db);
    }
  });
});
