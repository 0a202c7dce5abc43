import { readFileSync } from "node:fs";
import type { APIRequestContext } from "@playwright/test";
import { createSession, SESSION_COOKIE } from "../../server/auth/session";
import { expect, test } from "./auth-helpers";
import { routeEntries } from "../helpers/route-tree";
import { E2E_ORIGIN } from "./env";

/**
 * Bad input never costs a 500: every route the portal serves (asked of Remix, so a route
 * added later is walked too), with each dynamic segment replaced by odd values, is asked for
 * by a visitor, a member and an admin; routes with an action also get a form they do not
 * expect and a multipart body no browser sends. Any status is fine below 500.
 */

const ODD_SEGMENTS = ["x", "a".repeat(65), "..%2F..%2Fetc%2Fpasswd", "%00%E3%81%82=%3B"];

interface RouteFile {
  file: string;
  /** The URL with `:param` for each dynamic segment and `*` for a splat. */
  pattern: string;
  /** An index route: a POST reaches its action only with `?index` (else its parent's). */
  index: boolean;
  hasAction: boolean;
}

/** Every route the portal serves (remix.config.js, asked of Remix), with whether it has an action. */
function routeFiles(): RouteFile[] {
  return routeEntries().map((route) => ({
    file: route.file,
    pattern: route.pattern,
    index: route.index,
    hasAction: /export (async )?function action\b|export const action\b/.test(
      readFileSync(route.file, "utf8"),
    ),
  }));
}

/** Each URL for a pattern: the pattern itself when static, else one per odd value. */
function urlsFor(pattern: string): string[] {
  if (!/[:*]/.test(pattern)) return [pattern];
  return ODD_SEGMENTS.map((odd) => pattern.replace(/:[^/]+|\*/g, odd));
}

async function statusOf(
  request: APIRequestContext,
  url: string,
  init: Parameters<APIRequestContext["fetch"]>[1],
) {
  const response = await request.fetch(url, { maxRedirects: 0, failOnStatusCode: false, ...init });
  return response.status();
}

test("no route answers 500 to odd URLs, forms or bodies, whoever asks", async ({
  playwright,
  db,
  createUser,
}) => {
  test.setTimeout(240_000);
  const routes = routeFiles();
  expect(routes.length).toBeGreaterThan(100);
  expect(routes.map((r) => r.pattern)).toContain("/admin/affiliate/:id");

  const member = await createUser();
  const admin = await createUser({ permission: "admin" });
  const failures: string[] = [];
  for (const who of ["visitor", "member", "admin"] as const) {
    for (const route of routes) {
      // A fresh session per route: a route that signs out spoils no other.
      let cookie = "";
      if (who !== "visitor") {
        const { token } = await createSession(db, who === "admin" ? admin.id : member.id, {
          userAgent: "playwright",
        });
        cookie = `${SESSION_COOKIE}=${token}`;
      }
      const request = await playwright.request.newContext({
        baseURL: E2E_ORIGIN,
        extraHTTPHeaders: cookie ? { Cookie: cookie } : {},
      });
      try {
        for (const url of urlsFor(route.pattern)) {
          const get = await statusOf(request, url, { method: "GET" });
          if (get >= 500) failures.push(`GET ${url} as ${who}: ${get} (${route.file})`);
          if (!route.hasAction) continue;
          const headers = { Origin: E2E_ORIGIN };
          const target = route.index ? `${url}?index` : url;
          const form = await statusOf(request, target, {
            method: "POST",
            headers,
            form: { intent: "x", id: "a".repeat(65), amount: "1e999" },
          });
          if (form >= 500) failures.push(`POST form ${url} as ${who}: ${form} (${route.file})`);
          const multipart = await statusOf(request, target, {
            method: "POST",
            headers: { ...headers, "Content-Type": "multipart/form-data; boundary=zz" },
            data: '--zz\r\nContent-Disposition: form-data; name="file"; filename="a=b;c.png"\r\n\r\nabc',
          });
          if (multipart >= 500) {
            failures.push(`POST multipart ${url} as ${who}: ${multipart} (${route.file})`);
          }
        }
      } finally {
        await request.dispose();
      }
    }
  }
  expect(failures).toEqual([]);
});
