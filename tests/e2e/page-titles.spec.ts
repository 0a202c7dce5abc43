import { readFileSync } from "node:fs";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import type { Db } from "#db";
import { DEMO_MEMBER } from "#tools/seed";
import { routeEntries } from "../helpers/route-tree";
import { userIdByEmail } from "./fixtures";
import { type Lng, setLanguage, signInAs } from "./walk";

/**
 * Every page has its own <title>, the same as its heading: "<h1> | <app>", and no two pages
 * share one. The pages are every page route Remix serves (its route manifest, `remix routes`),
 * each dynamic segment filled with a seeded record's id, read as the server renders them in both
 * languages (a tab under a shared heading puts its own name first, so its title is still its
 * own), plus the 404s; every page that breaks a rule is listed at once. A new page route is
 * walked without touching this test; one whose segment it cannot fill fails it until PARAMS
 * names a record for it.
 */

const appName = (lng: Lng) =>
  (JSON.parse(readFileSync(`locales/${lng}/common.json`, "utf8")) as { app: { name: string } }).app
    .name;
const APP = { ja: appName("ja"), en: appName("en") };

function decode(html: string): string {
  return html
    .replace(/<[^>]+>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

/** Two addresses of one page (both in use): one module serves them. */
const ALIASES: Record<string, string> = { "/users/campaigns": "/users/campaign" };

/** The page's title and its headings of level 1, as served. */
async function read(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  const html = await response.text();
  // The 404s of each area are one page, "not found", wherever they are asked for.
  const at = new URL(response.url()).pathname;
  const landed = response.status() === 404 ? "(not found)" : (ALIASES[at] ?? at);
  const title = decode(/<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? "");
  const headings = [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => decode(m[1]!));
  return { title, headings, landed };
}

async function problems(
  request: APIRequestContext,
  lng: Lng,
  paths: string[],
  titles: Map<string, string>,
) {
  const found: string[] = [];
  for (const path of paths) {
    const { title, headings, landed } = await read(request, path);
    // A page that sends this reader on (a form without its token, a notice with nothing to
    // show) is read where it lands, once.
    const seen = titles.get(title);
    if (seen !== undefined && seen !== landed)
      found.push(`${path}: title "${title}" also on ${seen}`);
    if (seen !== undefined) continue;
    titles.set(title, landed);
    if (headings.length !== 1)
      found.push(`${path}: ${headings.length} h1 (${headings.join(" / ")})`);
    else if (title === APP[lng])
      found.push(`${path}: title is the site name only ("${headings[0]}")`);
    // A tab of an area whose pages share one heading names its tab first: "<tab> | <heading>".
    else if (!title.endsWith(`${headings[0]} | ${APP[lng]}`) || title.split(" | ").length > 3)
      found.push(`${path}: title "${title}" but heading "${headings[0]}"`);
  }
  return found;
}

/** A seeded record's id for each dynamic segment, by the route's pattern. */
async function seededParams(db: Db): Promise<Record<string, Record<string, string>>> {
  const first = async (
    table: "brokers" | "campaigns" | "eas" | "gachas" | "popups" | "ranking_battles",
    where?: [string, string],
  ) => {
    let query = db.kysely.selectFrom(table).select("id").orderBy("created_at");
    if (where) query = query.where(db.kysely.dynamic.ref(where[0]), "=", where[1]);
    return (await query.executeTakeFirstOrThrow()).id;
  };
  const memberId = await userIdByEmail(db, DEMO_MEMBER.email);
  const gachaId = await first("gachas", ["published", "1"]);
  const reward = await db.kysely
    .selectFrom("gacha_rewards")
    .select("id")
    .where("gacha_id", "=", gachaId)
    .executeTakeFirstOrThrow();
  const adjustment = await db.kysely
    .selectFrom("rate_adjustments")
    .select(["id", "broker_id"])
    .executeTakeFirstOrThrow();
  const help = await db.kysely.selectFrom("help_articles").select("id").executeTakeFirstOrThrow();
  const batch = await db.kysely
    .selectFrom("import_batches")
    .select("id")
    .where("status", "=", "committed")
    .executeTakeFirstOrThrow();
  const profile = await db.kysely
    .selectFrom("import_profiles")
    .select("id")
    .executeTakeFirstOrThrow();
  const campaign = await first("campaigns");
  const eaId = await first("eas");
  const battle = await first("ranking_battles");
  const inviter = await db.kysely
    .selectFrom("users")
    .select("referral_code")
    .where("id", "=", memberId)
    .executeTakeFirstOrThrow();
  return {
    "/help/:slug": { slug: "withdrawal-fees" },
    "/brokers/:slug": { slug: "xm" },
    "/r/:code": { code: inviter.referral_code ?? "" },
    "/admin/account/brokers/:id": { id: await first("brokers", ["code", "xm"]) },
    "/admin/account/brokers/:id/adjustments": { id: adjustment.broker_id },
    "/admin/account/brokers/:id/adjustments/:adjustmentId": {
      id: adjustment.broker_id,
      adjustmentId: adjustment.id,
    },
    "/admin/affiliate/:id": { id: memberId },
    "/admin/campaigns/:id": { id: campaign },
    "/admin/campaigns/:id/entries": { id: campaign },
    "/admin/customer/:id": { id: memberId },
    "/admin/customer/:id/chat": { id: memberId },
    "/admin/eas/:id": { id: eaId },
    "/admin/eas/:id/licenses": { id: eaId },
    "/admin/gachas/:gachaId": { gachaId },
    "/admin/gachas/:gachaId/gacha_logs": { gachaId },
    "/admin/gachas/:gachaId/rewards": { gachaId },
    "/admin/gachas/:gachaId/rewards/create": { gachaId },
    "/admin/gachas/:gachaId/rewards/:rewardId": { gachaId, rewardId: reward.id },
    "/admin/popups/:id": { id: await first("popups") },
    "/admin/ranking/battles/:id": { id: battle },
    "/admin/ranking/battles/:id/edit": { id: battle },
    "/admin/setting/help/:id": { id: help.id },
    "/admin/setting/legal/:kind": { kind: "terms" },
    "/admin/update/:batchId": { batchId: batch.id },
    "/admin/update/profiles/:id": { id: profile.id },
    "/users/campaigns/:id": { id: campaign },
    "/users/campaigns/:id/complete": { id: campaign },
    "/users/ea/:id": { id: eaId },
    "/users/gachas/:gachaId": { gachaId },
    "/users/gachas/:gachaId/draw": { gachaId },
  };
}

/**
 * Every page route's URL (resource routes, `.ts` modules, serve files, not pages; the catch-alls
 * are read through the 404 paths below), grouped by who reads it: the member area signed in as
 * the demo member, the admin area as the demo admin, the rest as a visitor.
 */
async function pagesOf(db: Db) {
  const params = await seededParams(db);
  const unfilled: string[] = [];
  const pages = { visitor: new Set<string>(), member: new Set<string>(), admin: new Set<string>() };
  for (const entry of routeEntries()) {
    if (!entry.file.endsWith(".tsx") || entry.pattern.includes("*")) continue;
    // The LIFF pages hand over to LINE's login when opened outside LINE: line.spec reads them
    // with LINE's SDK stood in.
    if (entry.pattern.startsWith("/liff")) continue;
    let path = entry.pattern.replace(/\/+$/, "") || "/";
    if (path.includes(":")) {
      const values = params[path];
      if (!values) {
        unfilled.push(path);
        continue;
      }
      path = path.replace(/:(\w+)/g, (_, name: string) => values[name] ?? `:${name}`);
    }
    const who = path.startsWith("/users")
      ? "member"
      : path.startsWith("/admin")
        ? "admin"
        : "visitor";
    pages[who].add(path);
  }
  pages.visitor.add("/no-such-page");
  pages.visitor.add("/help/no-such-question");
  pages.member.add("/users/no-such-page");
  pages.admin.add("/admin/no-such-page");
  return { pages, unfilled };
}

test("every page's title is its heading, and its own, in both languages", async ({
  browser,
  db,
}) => {
  // About 150 pages read three times over (as a visitor, a member, an admin) in each language.
  test.setTimeout(300_000);
  const { pages, unfilled } = await pagesOf(db);
  expect(unfilled, "page routes with a segment no seeded record fills").toEqual([]);
  expect(pages.member.size + pages.admin.size + pages.visitor.size).toBeGreaterThan(100);
  for (const lng of ["ja", "en"] as const) {
    await test.step(lng, async () => {
      const found: string[] = [];
      // Unique for one reader: a visitor's and a member's pages among themselves, the admin's
      // among theirs (an admin page may share a member page's name: another reader's tabs).
      const readers = { visitor: new Map<string, string>(), admin: new Map<string, string>() };
      for (const who of ["visitor", "member", "admin"] as const) {
        const context = await browser.newContext();
        await setLanguage(context, lng);
        if (who !== "visitor") await signInAs(context, db, who);
        const titles = who === "admin" ? readers.admin : readers.visitor;
        found.push(...(await problems(context.request, lng, [...pages[who]], titles)));
        await context.close();
      }
      // Soft: the other language is read whatever this one found.
      expect.soft(found, `pages whose title breaks a rule (${lng})`).toEqual([]);
    });
  }
});
