import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "#server/app";
import { parseConfig } from "#server/config";
import { createTestDb, type TestDb } from "../helpers/db";
import { createSession, findSession, SESSION_COOKIE } from "#server/auth/session";
import { createUser, silentLog, TEST_PASSWORD } from "../helpers/fixtures";
import { listen, type RunningServer } from "../helpers/http";

let t: TestDb;
let srv: RunningServer;
beforeAll(async () => {
  t = await createTestDb();
  const config = parseConfig({ NODE_ENV: "test", APP_ORIGIN: "https://portal.example.jp" });
  srv = await listen(createApp({ config, db: t.db, log: silentLog }));
});
afterAll(async () => {
  await srv.close();
  await t.cleanup();
});

function post(headers: Record<string, string>) {
  return fetch(`${srv.url}/api/trpc/profile.setLanguage`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ language: "en" }),
  });
}

describe("state-changing requests from another site are refused", () => {
  it("refuses another origin, an opaque origin and a cross-site fetch", async () => {
    expect((await post({ origin: "https://evil.example" })).status).toBe(403);
    expect((await post({ origin: "null" })).status).toBe(403);
    expect((await post({ "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect(
      (await post({ origin: "https://portal.example.jp", "sec-fetch-site": "same-site" })).status,
    ).toBe(403);
  });

  it("accepts the configured origin, the request's own host, and clients that send neither header", async () => {
    expect((await post({ origin: "https://portal.example.jp" })).status).toBe(200);
    expect((await post({ origin: srv.url, "sec-fetch-site": "same-origin" })).status).toBe(200);
    expect((await post({})).status).toBe(200);
  });

  it("refuses the sign-in and sign-out forms from another site before any route runs", async () => {
    const { id, email } = await createUser(t.db);
    const { token } = await createSession(t.db, id);
    const form = (path: string, headers: Record<string, string>) =>
      fetch(`${srv.url}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        body: new URLSearchParams({ email, password: TEST_PASSWORD }),
      });
    const evil = { origin: "https://evil.example" };
    const refused = await form("/login", evil);
    expect(refused.status).toBe(403);
    expect(refused.headers.getSetCookie()).toEqual([]);
    expect((await form("/login", { "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await form("/logout", { ...evil, cookie: `${SESSION_COOKIE}=${token}` })).status).toBe(
      403,
    );
    // The member is still signed in.
    expect(await findSession(t.db, token)).not.toBeNull();
  });

  it("leaves reads alone", async () => {
    const res = await fetch(`${srv.url}/api/trpc/shell.viewer`, {
      headers: { origin: "https://evil.example" },
    });
    expect(res.status).toBe(200);
  });
});
