import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createSession, SESSION_COOKIE } from "#server/auth/session";
import { fileDatabase } from "../helpers/file-db";
import { createUser } from "../helpers/fixtures";
import { routeEntries } from "../helpers/route-tree";
import { type RouteAnswer, routeClient } from "../helpers/routes";

/**
 * Bad input never costs a 500: every route the portal serves (asked of Remix, so a route added
 * later is walked too), with each dynamic segment replaced by odd values and an unknown query
 * parameter, is asked for by a visitor, a member and an admin; routes with an action also get a
 * form they do not expect and a multipart body no browser sends. Any status below 500 is fine.
 */

const t = fileDatabase();
const routes = routeClient(() => t.db);

const ODD_SEGMENTS = ["x", "a".repeat(65), "..%2F..%2Fetc%2Fpasswd", "%00%E3%81%82=%3B"];

/** Each URL for a pattern: the pattern itself when static, else one per odd value. */
function urlsFor(pattern: string): string[] {
  if (!/[:*]/.test(pattern)) return [pattern, `${pattern}?id=%00&page=-1&sort=%27`];
  return ODD_SEGMENTS.map((odd) => pattern.replace(/:[^/]+|\*/g, odd));
}

const hasAction = (file: string) =>
  /export (async )?function action\b|export const action\b/.test(readFileSync(file, "utf8"));

/** "500 (why)" when the answer is a server failure, else null. */
function failure(answer: RouteAnswer): string | null {
  if (answer.status < 500) return null;
  const why = answer.error instanceof Error ? answer.error.message : "";
  return `${answer.status}${why ? ` (${why.slice(0, 120)})` : ""}`;
}

describe("odd URLs, forms and bodies", () => {
  it("no route answers 500, whoever asks", async () => {
    const all = routeEntries();
    expect(all.length).toBeGreaterThan(100);
    expect(all.map((r) => r.pattern)).toContain("/admin/affiliate/:id");
    const member = await createUser(t.db);
    const admin = await createUser(t.db, { permission: "admin" });
    const senders: [string, string | null][] = [
      ["visitor", null],
      ["member", member.id],
      ["admin", admin.id],
    ];
    const failures: string[] = [];
    for (const [who, userId] of senders) {
      for (const route of all) {
        const action = hasAction(route.file);
        // A fresh session per route: a route that signs out spoils no other.
        const as = { cookies: {} as Record<string, string> };
        if (userId) as.cookies[SESSION_COOKIE] = (await createSession(t.db, userId)).token;
        for (const url of urlsFor(route.pattern)) {
          const get = failure(await routes.get(url, as));
          if (get) failures.push(`GET ${url} as ${who}: ${get} (${route.file})`);
          if (!action) continue;
          const target = `${url.split("?")[0]}${route.index ? "?index" : ""}`;
          const form = failure(
            await routes.post(target, { intent: "x", id: "a".repeat(65), amount: "1e999" }, as),
          );
          if (form) failures.push(`POST form ${target} as ${who}: ${form} (${route.file})`);
          const multipart = failure(
            await routes.request(
              new Request(new URL(target, "http://portal.test"), {
                method: "POST",
                headers: { "Content-Type": "multipart/form-data; boundary=zz" },
                body: '--zz\r\nContent-Disposition: form-data; name="file"; filename="a=b;c.png"\r\n\r\nabc',
              }),
              as,
            ),
          );
          if (multipart) failures.push(`POST multipart ${target} as ${who}: ${multipart}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
