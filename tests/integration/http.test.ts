import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "#db";
import { createSession } from "#server/auth/session";
import { createApp } from "#server/app";
import { parseConfig } from "#server/config";
import { createLogger } from "#server/logger";
import { VERSION } from "#server/version";
import { createTestDb, testEngine, type TestDb, rowWhere } from "../helpers/db";
import { createUser } from "../helpers/fixtures";
import { listen, type RunningServer } from "../helpers/http";

const config = parseConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" });
const log = createLogger({ level: "silent" });

let t: TestDb;
let publicDir: string;
let ready = true;
let srv: RunningServer;
const extra: RunningServer[] = [];

beforeAll(async () => {
  t = await createTestDb();
  publicDir = mkdtempSync(path.join(tmpdir(), "portal-public-"));
  mkdirSync(path.join(publicDir, "build"));
  writeFileSync(path.join(publicDir, "build", "x.js"), "console.log('x');\n");
  // A script the build compressed (scripts/build-server.mjs writes y.js.br beside y.js).
  const script = `console.log("${"y".repeat(2000)}");\n`;
  writeFileSync(path.join(publicDir, "build", "y.js"), script);
  writeFileSync(path.join(publicDir, "build", "y.js.br"), brotliCompressSync(script));
  writeFileSync(path.join(publicDir, "robots.txt"), "User-agent: *\nDisallow:\n");
  srv = await listen(createApp({ config, db: t.db, log, publicDir, isReady: () => ready }));
});
afterAll(async () => {
  await srv?.close();
  for (const s of extra) await s.close();
  await t?.cleanup();
  if (publicDir) rmSync(publicDir, { recursive: true, force: true });
});

async function json(res: Response): Promise<Record<string, unknown>> {
  expect(res.headers.get("content-type")).toMatch(/application\/json/);
  return (await res.json()) as Record<string, unknown>;
}

describe(`HTTP server on ${testEngine}`, () => {
  it("answers /healthz", async () => {
    const res = await fetch(`${srv.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ status: "ok", version: VERSION });
  });

  it("answers /readyz with the database engine", async () => {
    const res = await fetch(`${srv.url}/readyz`);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ status: "ready", database: testEngine });
  });

  it("is not ready once shutdown has begun", async () => {
    ready = false;
    try {
      const res = await fetch(`${srv.url}/readyz`);
      expect(res.status).toBe(503);
      expect(await json(res)).toMatchObject({ status: "shutting-down" });
      // Liveness is unaffected: the process is alive while it drains.
      expect((await fetch(`${srv.url}/healthz`)).status).toBe(200);
    } finally {
      ready = true;
    }
  });

  it("is not ready when the database cannot be reached", async () => {
    const unreachable = createDb({ databaseUrl: "mysql://root@127.0.0.1:1/x", poolSize: 1 });
    try {
      const s = await listen(createApp({ config, db: unreachable, log }));
      extra.push(s);
      const res = await fetch(`${s.url}/readyz`);
      expect(res.status).toBe(503);
      expect(await json(res)).toEqual({ status: "unavailable", database: "mysql" });
    } finally {
      await unreachable.destroy().catch(() => undefined);
    }
  });

  it("is not ready when the database has been closed", async () => {
    const other = await createTestDb();
    const s = await listen(createApp({ config, db: other.db, log }));
    extra.push(s);
    try {
      expect((await fetch(`${s.url}/readyz`)).status).toBe(200);
      await other.db.destroy();
      const res = await fetch(`${s.url}/readyz`);
      expect(res.status).toBe(503);
      expect(await json(res)).toMatchObject({ status: "unavailable" });
    } finally {
      await other.cleanup().catch(() => undefined); // destroy twice is harmless; drops the schema
    }
  });

  it("sends the security headers", async () => {
    const res = await fetch(`${srv.url}/healthz`);
    const csp = res.headers.get("content-security-policy") ?? "";
    const directives = new Map(
      csp.split(";").map((d) => {
        const [name = "", ...values] = d.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    const scriptSrc = directives.get("script-src") ?? [];
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc.some((v) => /^'nonce-[A-Za-z0-9+/]{16,}={0,2}'$/.test(v))).toBe(true);
    expect(scriptSrc).toContain("https://www.googletagmanager.com");
    expect(scriptSrc).toContain("https://connect.facebook.net");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(directives.get("frame-ancestors")).toEqual(["'none'"]);
    expect(directives.get("object-src")).toEqual(["'none'"]);
    expect(directives.get("default-src")).toEqual(["'self'"]);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-powered-by")).toBeNull();
    // Not in production: no HSTS over plain http.
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });

  it("sends the security headers on errors and unknown paths too", async () => {
    const res = await fetch(`${srv.url}/no/such/page`);
    expect(res.status).toBe(404);
    // Without a Remix build express's own 404 answers, with its stricter "default-src 'none'".
    expect(res.headers.get("content-security-policy")).toBeTruthy();
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });

  it("isolates every page from other windows, except along LINE's sign-in popup", async () => {
    const coop = async (path: string) =>
      (await fetch(`${srv.url}${path}`)).headers.get("cross-origin-opener-policy");
    expect(await coop("/no/such/page")).toBe("same-origin");
    expect(await coop("/users/security")).toBe("same-origin");
    // The login page keeps the popup it opens; the popup's pages, back from LINE, keep it.
    expect(await coop("/login")).toBe("same-origin-allow-popups");
    expect(await coop("/login/line/callback")).toBe("unsafe-none");
    expect(await coop("/login/line/done")).toBe("unsafe-none");
  });

  it("uses a fresh CSP nonce for every request", async () => {
    const nonce = async () => {
      const res = await fetch(`${srv.url}/healthz`);
      return /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
    };
    const a = await nonce();
    const b = await nonce();
    expect(a).toBeTruthy();
    expect(b).toBeTruthy();
    expect(a).not.toBe(b);
  });

  it("adds HSTS and upgrade-insecure-requests when cookies are Secure (production)", async () => {
    const prod = parseConfig({
      NODE_ENV: "production",
      APP_ORIGIN: "http://localhost:3000",
      MAIL_TRANSPORT: "file",
      SQLITE_PATH: ":memory:",
      LOG_LEVEL: "silent",
    });
    const s = await listen(createApp({ config: prod, db: t.db, log, publicDir }));
    extra.push(s);
    const res = await fetch(`${s.url}/healthz`);
    expect(res.headers.get("strict-transport-security")).toMatch(/max-age=31536000/);
    expect(res.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
  });

  it("generates an X-Request-Id when none is sent", async () => {
    const a = (await fetch(`${srv.url}/healthz`)).headers.get("x-request-id");
    const b = (await fetch(`${srv.url}/healthz`)).headers.get("x-request-id");
    expect(a).toMatch(/^[A-Za-z0-9._-]{8,128}$/);
    expect(b).toMatch(/^[A-Za-z0-9._-]{8,128}$/);
    expect(a).not.toBe(b);
  });

  it("echoes a valid X-Request-Id and replaces an invalid one", async () => {
    const valid = "req-1234.abcd_EF";
    const echoed = await fetch(`${srv.url}/healthz`, { headers: { "X-Request-Id": valid } });
    expect(echoed.headers.get("x-request-id")).toBe(valid);
    for (const bad of ["short", "has spaces in it", "x".repeat(129), "<script>alert(1)</script>"]) {
      const res = await fetch(`${srv.url}/healthz`, { headers: { "X-Request-Id": bad } });
      const id = res.headers.get("x-request-id");
      expect(id).not.toBe(bad);
      expect(id).toMatch(/^[A-Za-z0-9._-]{8,128}$/);
    }
  });

  describe("tRPC over HTTP", () => {
    const setLanguage = (body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${srv.url}/api/trpc/profile.setLanguage`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body: JSON.stringify(body),
      });

    it("sets the language for a visitor", async () => {
      const res = await setLanguage({ language: "en" });
      expect(res.status).toBe(200);
      expect(await json(res)).toEqual({ result: { data: { language: "en" } } });
    });

    it("refuses an unsupported language with a translatable validation error", async () => {
      const res = await setLanguage({ language: "fr" });
      expect(res.status).toBe(400);
      const body = (await json(res)) as {
        error: {
          data: { code: string; i18nKey: string; fieldErrors: Record<string, string[]> | null };
        };
      };
      expect(body.error.data.code).toBe("BAD_REQUEST");
      expect(body.error.data.i18nKey).toBe("validation");
      expect(body.error.data.fieldErrors?.language).toEqual(expect.any(Array));
      expect(body.error.data.fieldErrors?.language?.length).toBeGreaterThan(0);
      expect(JSON.stringify(body)).not.toMatch(/\bat .+\.ts:\d+/); // no stack in test mode
    });

    it("stores the language of a signed-in member, found through the session cookie", async () => {
      const user = await createUser(t.db);
      const { token } = await createSession(t.db, user.id);
      const res = await setLanguage({ language: "en" }, { Cookie: `sid=${token}` });
      expect(res.status).toBe(200);
      const row = await rowWhere(t.db, "users", "id", user.id);
      expect(row.language).toBe("en");
    });

    it("describes a visitor as nobody, with the feature flags", async () => {
      const res = await fetch(`${srv.url}/api/trpc/shell.viewer`);
      expect(res.status).toBe(200);
      const body = (await json(res)) as {
        result: { data: { user: unknown; features: Record<string, boolean> } };
      };
      expect(body.result.data.user).toBeNull();
      expect(body.result.data.features).toEqual(config.FEATURES);
    });

    it("describes a signed-in member by nickname", async () => {
      const user = await createUser(t.db, { nickname: "viewer-nick" });
      const { token } = await createSession(t.db, user.id);
      const res = await fetch(`${srv.url}/api/trpc/shell.viewer`, {
        headers: { Cookie: `theme=dark; sid=${token}` },
      });
      const body = (await json(res)) as { result: { data: { user: unknown } } };
      expect(body.result.data.user).toEqual({
        id: user.id,
        nickname: "viewer-nick",
        permission: "member",
        emailVerified: true,
      });
    });

    it("treats an unknown session cookie as a visitor", async () => {
      const res = await fetch(`${srv.url}/api/trpc/shell.viewer`, {
        headers: { Cookie: `sid=${"A".repeat(43)}` },
      });
      const body = (await json(res)) as { result: { data: { user: unknown } } };
      expect(body.result.data.user).toBeNull();
    });
  });

  describe("static files", () => {
    it("caches fingerprinted build files for a year", async () => {
      const res = await fetch(`${srv.url}/build/x.js`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("console.log('x')");
      const cache = res.headers.get("cache-control") ?? "";
      expect(cache).toContain("max-age=31536000");
      expect(cache).toContain("immutable");
      // A script needs nosniff, not the page's policies (a kilobyte on every file otherwise).
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("content-security-policy")).toBeNull();
      expect(res.headers.get("x-frame-options")).toBeNull();
    });

    it("sends the build's Brotli file to browsers that accept Brotli, the plain one otherwise", async () => {
      const br = await fetch(`${srv.url}/build/y.js`, {
        headers: { "Accept-Encoding": "gzip, deflate, br" },
      });
      expect(br.status).toBe(200);
      expect(br.headers.get("content-encoding")).toBe("br");
      expect(br.headers.get("content-type")).toMatch(/^application\/javascript/);
      expect(br.headers.get("vary")).toMatch(/Accept-Encoding/i);
      expect(br.headers.get("cache-control")).toContain("immutable");
      expect(await br.text()).toContain(`console.log("yyy`);

      const gzip = await fetch(`${srv.url}/build/y.js`, { headers: { "Accept-Encoding": "gzip" } });
      expect(gzip.status).toBe(200);
      expect(gzip.headers.get("content-encoding")).toBe("gzip");
      expect(await gzip.text()).toContain(`console.log("yyy`);

      // No .br beside it: the file itself (compressed on the fly as before).
      const plain = await fetch(`${srv.url}/build/x.js`, { headers: { "Accept-Encoding": "br" } });
      expect(plain.status).toBe(200);
      expect(await plain.text()).toContain("console.log('x')");
      // A .br that does not exist, and a path climbing out, are not found.
      expect((await fetch(`${srv.url}/build/none.js`)).status).toBe(404);
      expect(
        (
          await fetch(`${srv.url}/build/..%2f..%2fpackage.json`, {
            headers: { "Accept-Encoding": "br" },
          })
        ).status,
      ).toBeGreaterThanOrEqual(400);
    });

    it("caches other public files briefly", async () => {
      const res = await fetch(`${srv.url}/robots.txt`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("User-agent");
      const cache = res.headers.get("cache-control") ?? "";
      const maxAge = Number(/max-age=(\d+)/.exec(cache)?.[1]);
      expect(maxAge).toBeGreaterThan(0);
      expect(maxAge).toBeLessThanOrEqual(86_400);
      expect(cache).not.toContain("immutable");
    });

    it("does not list directories or escape the public folder", async () => {
      expect((await fetch(`${srv.url}/build/`)).status).toBe(404);
      const res = await fetch(`${srv.url}/%2e%2e/package.json`);
      expect(res.status).toBeGreaterThanOrEqual(400);
    });
  });
});
