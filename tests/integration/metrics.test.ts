import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBot } from "#bot/worker";
import { createDb, type Db } from "#db";
import { createApp } from "#server/app";
import { parseConfig } from "#server/config";
import { databaseMetrics } from "#server/metrics-db";
import { appRouter } from "#server/trpc/router";
import { createTestDb, testEngine, type TestDb } from "../helpers/db";
import { createUser, silentLog } from "../helpers/fixtures";
import { listen, type RunningServer } from "../helpers/http";
import { enqueue } from "../helpers/line";

const TOKEN = "metrics-token-0123456789abcdef";
const config = parseConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", METRICS_TOKEN: TOKEN });

let t: TestDb;
/** The test's database opened as the processes open theirs: with their metrics observing it. */
let db: Db;
let web: RunningServer;
let bot: RunningServer;

beforeAll(async () => {
  t = await createTestDb();
  db = createDb({ ...t.location, poolSize: 4, observe: databaseMetrics });
  web = await listen(createApp({ config, db, log: silentLog }));
  bot = await listen(createBot(config, silentLog, db).server);
});
afterAll(async () => {
  await web.close();
  await bot.close();
  await db.destroy();
  await t.cleanup();
});

const scrape = (url: string, token: string | null = TOKEN) =>
  fetch(`${url}/metrics`, token ? { headers: { authorization: `Bearer ${token}` } } : {});

/** The values one label takes across every series of the scrape. */
function labelValues(text: string, label: string): Set<string> {
  return new Set([...text.matchAll(new RegExp(`[{,]${label}="([^"]*)"`, "g"))].map((m) => m[1]!));
}

/** The value of one series, `name{labels}` written as Prometheus prints it. */
function value(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe(`/metrics on ${testEngine}`, () => {
  it("requires the token on both processes, and is off without one", async () => {
    for (const url of [web.url, bot.url]) {
      expect((await scrape(url, null)).status).toBe(401);
      expect((await scrape(url, "wrong-token-0123456789abcdef")).status).toBe(401);
      expect((await scrape(url, `${TOKEN}x`)).status).toBe(401);
      expect((await scrape(url)).status).toBe(200);
    }
    const off = parseConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" });
    const webOff = await listen(createApp({ config: off, db: t.db, log: silentLog }));
    const botOff = await listen(createBot(off, silentLog, t.db).server);
    try {
      expect((await scrape(webOff.url)).status).toBe(404);
      expect((await scrape(botOff.url)).status).toBe(404);
    } finally {
      await webOff.close();
      await botOff.close();
    }
  });

  it("counts requests by route, never by raw URL, ids or query", async () => {
    const id = "01JZZZMETRICSIDNEVERALABEL";
    // Each answer is read whole. They are gzip and chunked, so fetch resolves on the headers,
    // before the body has ended, and the server counts a request when its response closes: a
    // scrape right after a bare fetch missed the request 40 times in 200, after a read never.
    const get = async (url: string) => void (await (await fetch(url)).arrayBuffer());
    await get(`${web.url}/healthz`);
    await get(`${web.url}/api/trpc/auth.me?input=${encodeURIComponent("{}")}`);
    await get(`${web.url}/api/trpc/auth.me,shell.viewer?batch=1&input=${encodeURIComponent("{}")}`);
    await get(`${web.url}/api/trpc/${id}.steal?input=secret-${id}`);
    await get(`${web.url}/users/${id}/withdraw?token=secret-${id}`);
    await get(`${bot.url}/line/${id}`);
    const res = await scrape(web.url);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const expected = [
      'portal_http_requests_total{route="trpc:auth.me",method="GET",status="2xx"}',
      'portal_http_requests_total{route="trpc:batch",method="GET",status="2xx"}',
      'portal_http_requests_total{route="trpc:unknown",method="GET",status="4xx"}',
    ];
    // The close can still follow the last byte by a moment: the scrape is read again, for up
    // to 5 s, until the three series are there; a missing one is said with every count.
    let text = await res.text();
    const missing = () => expected.filter((series) => !((value(text, series) ?? 0) >= 1));
    const deadline = Date.now() + 5_000;
    while (missing().length > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      text = await (await scrape(web.url)).text();
    }
    const counts = text.split("\n").filter((l) => l.startsWith("portal_http_requests_total{"));
    expect(missing(), `request counts in the scrape:\n${counts.join("\n")}`).toEqual([]);
    expect(text).not.toContain(id);
    const procedures = new Set(Object.keys(appRouter._def.procedures).map((p) => `trpc:${p}`));
    const special = ["healthz", "readyz", "metrics", "static", "unmatched", "webhook"];
    for (const route of labelValues(text, "route")) {
      expect(
        procedures.has(route) ||
          special.includes(route) ||
          /^(trpc:(batch|unknown)|remix:(unknown|unmatched))$/.test(route),
        route,
      ).toBe(true);
    }
    expect(text).toMatch(/portal_http_request_duration_seconds_bucket\{le="0\.1",route="healthz"/);
    expect(labelValues(text, "status").size).toBeGreaterThan(0);
    for (const s of labelValues(text, "status")) expect(s).toMatch(/^[1-5]xx$/);
  });

  it("reports the database, the outbox per channel, imports, logins and limiter refusals", async () => {
    const member = await createUser(t.db);
    await enqueue(t.db, member.id, "support_reply", { messageId: "m", excerpt: "x" }, "metrics");
    // A wrong password, then enough of them to be refused by the attempt limit.
    const wrong = () =>
      fetch(`${web.url}/api/trpc/auth.login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: member.email, password: "Not-the-password-1" }),
      });
    let refused = false;
    for (let i = 0; i < 12 && !refused; i++) refused = (await wrong()).status === 429;
    expect(refused).toBe(true);

    for (const url of [web.url, bot.url]) {
      const text = await (await scrape(url)).text();
      expect(value(text, "portal_database_up")).toBe(1);
      expect(value(text, 'portal_outbox_pending{channel="line"}')).toBeGreaterThanOrEqual(1);
      expect(value(text, 'portal_outbox_pending{channel="mail"}')).toBeGreaterThanOrEqual(0);
      expect(
        value(text, 'portal_outbox_oldest_due_age_seconds{channel="line"}'),
      ).toBeGreaterThanOrEqual(0);
      expect(value(text, 'portal_import_jobs{state="running"}')).toBe(0);
      expect(value(text, 'portal_import_stalled_seconds{state="queued"}')).toBe(0);
      expect(text).toMatch(/^portal_db_query_duration_seconds_count\{outcome="ok"\} [1-9]/m);
      expect(text).toContain("process_resident_memory_bytes");
      if (url === web.url) {
        expect(
          value(text, 'portal_logins_total{method="password",outcome="invalidCredentials"}'),
        ).toBeGreaterThanOrEqual(1);
        expect(
          value(text, 'portal_logins_total{method="password",outcome="tooManyAttempts"}'),
        ).toBeGreaterThanOrEqual(1);
        expect(text).toMatch(/^portal_limiter_refusals_total\{rule="signIn\w+"\} [1-9]/m);
      } else {
        expect(value(text, "portal_line_configured")).toBe(0);
      }
    }
  });

  it("has every metric the dashboard and the alert rules use", async () => {
    const scraped = (await (await scrape(web.url)).text()) + (await (await scrape(bot.url)).text());
    const served = new Set([...scraped.matchAll(/^# TYPE (portal_\w+)/gm)].map((m) => m[1]!));
    const docs = ["grafana-dashboard.json", "prometheus-alerts.yml"].map((f) =>
      readFileSync(path.join(import.meta.dirname, "../../docs/monitoring", f), "utf8"),
    );
    // A histogram's series (_bucket, _count, _sum) are typed under its own name.
    const used = new Set(
      docs.flatMap((d) =>
        [...d.matchAll(/\b(portal_[a-z_]+?)(?:_bucket|_count|_sum)?\b/g)].map((m) => m[1]!),
      ),
    );
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((name) => !served.has(name))).toEqual([]);
  });
});
