import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_STORE, pageCacheRules } from "#server/page-cache";
import { listen, type RunningServer } from "../helpers/http";

/**
 * The caching rules under every page: a page that chose nothing (a member's, an admin's) is
 * stored by nobody; a public page keeps its own choice; a 304 carries no new CSP, so the stored
 * page keeps the policy its scripts' nonce belongs to.
 */
let srv: RunningServer;

beforeAll(async () => {
  const app = express();
  app.use((_req, res, next) => {
    res.setHeader("Content-Security-Policy", "script-src 'nonce-fresh'");
    next();
  });
  app.use(pageCacheRules());
  app.get("/member", (_req, res) => {
    res.send("<p>balance</p>");
  });
  app.get("/public", (req, res) => {
    res.setHeader("Cache-Control", "public, max-age=0, s-maxage=300");
    res.setHeader("ETag", 'W/"v1"');
    if (req.get("If-None-Match") === 'W/"v1"') {
      res.status(304).end();
      return;
    }
    res.send("<p>rates</p>");
  });
  app.get("/redirect", (_req, res) => {
    res.redirect(302, "/login");
  });
  srv = await listen(app);
});
afterAll(async () => {
  await srv?.close();
});

describe("page caching rules", () => {
  it("stores a page that chose nothing nowhere, redirects included", async () => {
    for (const path of ["/member", "/redirect"]) {
      const res = await fetch(`${srv.url}${path}`, { redirect: "manual" });
      expect(res.headers.get("Cache-Control"), path).toBe(NO_STORE);
    }
  });

  it("keeps a public page's own choice and its policy on a 200", async () => {
    const res = await fetch(`${srv.url}/public`);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=300");
    expect(res.headers.get("Content-Security-Policy")).toBe("script-src 'nonce-fresh'");
  });

  it("sends a 304 without a policy, so the stored page keeps its own", async () => {
    const res = await fetch(`${srv.url}/public`, { headers: { "If-None-Match": 'W/"v1"' } });
    expect(res.status).toBe(304);
    expect(res.headers.get("Content-Security-Policy")).toBeNull();
    expect(res.headers.get("ETag")).toBe('W/"v1"');
  });
});
