import http from "node:http";
import type { AddressInfo } from "node:net";
import { GCProfiler, type HeapSpaceStatistics } from "node:v8";
import express from "express";
import { describe, expect, it } from "vitest";
import { accessLog } from "#server/access-log";
import { httpServer } from "#server/app";
import { createLogger } from "#server/logger";

const REQUESTS = 2000;

/** Bytes in the old generation (large objects included) at one reading. */
const oldBytes = (heap: { heapSpaceStatistics: HeapSpaceStatistics[] }) =>
  heap.heapSpaceStatistics
    .filter((s) => s.spaceName === "old_space" || s.spaceName === "large_object_space")
    .reduce((sum, s) => sum + s.spaceUsedSize, 0);

/**
 * What the young generation's collections moved to the old one, per request, while two
 * keep-alive clients made REQUESTS requests. A request's objects all die with its response:
 * what is moved is kept by something else, and stays in the old generation until its next full
 * collection (the web process grew by hundreds of MB under page traffic that way).
 */
async function promotedPerRequest(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  // http.get, not fetch: fetch's own objects would be counted too.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  const get = () =>
    new Promise<void>((resolve, reject) => {
      http
        .get({ host: "127.0.0.1", port, path: "/page", agent }, (res) => {
          res.resume();
          res.on("end", resolve);
        })
        .on("error", reject);
    });
  try {
    for (let i = 0; i < 200; i++) await get();
    const profiler = new GCProfiler();
    profiler.start();
    await Promise.all(
      [0, 1].map(async () => {
        for (let i = 0; i < REQUESTS / 2; i++) await get();
      }),
    );
    const scavenges = profiler.stop().statistics.filter((gc) => gc.gcType === "Scavenge");
    const promoted = scavenges.reduce(
      (sum, gc) => sum + oldBytes(gc.afterGC) - oldBytes(gc.beforeGC),
      0,
    );
    return promoted / REQUESTS;
  } finally {
    agent.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

describe("a request's objects", () => {
  it("die young: under 4 KB a request reaches the old generation (8.5 KB when Express swapped each response's prototype and the access log defined req.log on each request)", async () => {
    const app = express();
    app.use(accessLog(createLogger({ level: "silent" }), () => false));
    app.get("/page", (req, res) => {
      res.send(req.log ? "ok" : "no logger");
    });
    expect(await promotedPerRequest(httpServer(app))).toBeLessThan(4 * 1024);
  });

  it("reach the first handler with the app's prototypes already, and req.log is not an own property", async () => {
    const app = express();
    app.use(accessLog(createLogger({ level: "silent" }), () => false));
    let own: PropertyDescriptor | undefined;
    let logs = false;
    app.get("/page", (req, res) => {
      own = Object.getOwnPropertyDescriptor(req, "log");
      logs = typeof req.log.info === "function";
      res.send("ok");
    });
    const server = httpServer(app);
    const prototypes: boolean[] = [];
    // Runs before Express's own listener, so it sees the objects as Node made them.
    server.prependListener("request", (req, res) => {
      prototypes.push(
        Object.getPrototypeOf(req) === app.request && Object.getPrototypeOf(res) === app.response,
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      expect((await fetch(`http://127.0.0.1:${port}/page`)).status).toBe(200);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    expect(prototypes).toEqual([true]);
    expect(own).toBeUndefined();
    expect(logs).toBe(true);
  });
});
