import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessLog } from "#server/access-log";
import { createLogger } from "#server/logger";
import { listen, type RunningServer } from "../helpers/http";

interface Entry {
  level: number;
  msg: string;
  req: { id: string; method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
  input?: unknown;
}

const SECRET = "s3cr3t-VALUE-must-not-leak";
const lines: string[] = [];
let srv: RunningServer;

beforeAll(async () => {
  const log = createLogger({
    level: "trace",
    destination: { write: (l: string) => void lines.push(l) },
  });
  const app = express();
  app.use(accessLog(log, (url) => url === "/healthz"));
  app.get("/healthz", (_req, res) => void res.send("ok"));
  app.get("/page", (_req, res) => void res.send("page"));
  app.get("/missing", (_req, res) => void res.status(404).send("no"));
  app.get("/broken", (_req, res) => void res.status(500).send("failed"));
  app.get("/logs", (req, res) => {
    req.log.warn({ input: { password: SECRET } }, "something to say");
    res.send("logged");
  });
  srv = await listen(app);
});
afterAll(() => srv?.close());

/**
 * The entries written while `run` ran, once the line for `url` is among them. The line is
 * written when the response ends, just after the client has it: on a busy machine that can be
 * a while, so the wait has a deadline of its own and says what it waited for.
 */
async function entries(url: string, run: () => Promise<unknown>) {
  const from = lines.length;
  await run();
  const written = () => lines.slice(from).map((l) => JSON.parse(l) as Entry);
  const deadline = Date.now() + 10_000;
  while (!written().some((l) => l.req.url === url && l.res)) {
    if (Date.now() > deadline) throw new Error(`no access line for ${url} within 10 s`);
    await new Promise((r) => setTimeout(r, 5));
  }
  return written();
}

describe("the access log", () => {
  it("writes one line per request: id, method, URL with secrets hidden, status and time", async () => {
    const [line, ...more] = await entries("/page?token=[Redacted]&lng=en", () =>
      fetch(`${srv.url}/page?token=${SECRET}&lng=en`, {
        headers: { "X-Request-Id": "req-12345678" },
      }),
    );
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      level: 30,
      msg: "request completed",
      req: { id: "req-12345678", method: "GET", url: "/page?token=[Redacted]&lng=en" },
      res: { statusCode: 200 },
    });
    expect(line!.responseTime).toBeTypeOf("number");
  });

  it("writes a 4xx at warn and a 5xx at error, and skips what it is told to", async () => {
    expect((await entries("/missing", () => fetch(`${srv.url}/missing`)))[0]).toMatchObject({
      level: 40,
      res: { statusCode: 404 },
    });
    expect((await entries("/broken", () => fetch(`${srv.url}/broken`)))[0]).toMatchObject({
      level: 50,
      msg: "request errored",
      res: { statusCode: 500 },
    });
    // The skipped request goes first: had it been logged, its line would be written first too.
    expect(
      (
        await entries("/page", async () => {
          await fetch(`${srv.url}/healthz`);
          await fetch(`${srv.url}/page`);
        })
      ).map((l) => l.req.url),
    ).toEqual(["/page"]);
  });

  it("gives the request a logger with the request bound that still hides secrets", async () => {
    const written = await entries("/logs", () => fetch(`${srv.url}/logs`));
    const said = written.find((l) => l.msg === "something to say");
    expect(said).toMatchObject({
      level: 40,
      req: { method: "GET", url: "/logs" },
      input: { password: "[Redacted]" },
    });
    expect(said!.req.id).toBe(written.find((l) => l.msg === "request completed")!.req.id);
    expect(JSON.stringify(written)).not.toContain(SECRET);
  });
});
