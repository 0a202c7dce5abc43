import { readFileSync } from "node:fs";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  ADMIN_MENU,
  adminSubPages,
  type Lng,
  MEMBER_MENU,
  memberSubPages,
  PUBLIC_PAGES,
  seedIds,
  setLanguage,
  signInAs,
} from "./walk";

/**
 * Every page has its own <title>, the same as its heading: "<h1> | <app>". Each page of the
 * walk (both menus, their sub-pages, the public pages and the 404s) is read as the server
 * renders it, in both languages (a tab
 * under a shared heading puts its own name first, so its title is still its own); every page that breaks the rule is listed at once.
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

/** The page's title and its headings of level 1, as served. */
async function read(request: APIRequestContext, path: string) {
  const html = await (await request.get(path)).text();
  const title = decode(/<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? "");
  const headings = [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => decode(m[1]!));
  return { title, headings };
}

async function problems(request: APIRequestContext, lng: Lng, paths: string[]) {
  const found: string[] = [];
  for (const path of paths) {
    const { title, headings } = await read(request, path);
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

for (const lng of ["ja", "en"] as const) {
  test(`every page's title is its heading (${lng})`, async ({ browser, db }) => {
    test.setTimeout(180_000);
    const ids = await seedIds(db);
    const found: string[] = [];
    const visitor = await browser.newContext();
    await setLanguage(visitor, lng);
    found.push(...(await problems(visitor.request, lng, [...PUBLIC_PAGES, "/no-such-page"])));
    for (const who of ["member", "admin"] as const) {
      const context = await browser.newContext();
      await setLanguage(context, lng);
      await signInAs(context, db, who);
      const paths =
        who === "member"
          ? [...MEMBER_MENU, ...memberSubPages(ids), "/users/no-such-page"]
          : [...ADMIN_MENU, ...adminSubPages(ids), "/admin/setting/zengin", "/admin/no-such-page"];
      found.push(...(await problems(context.request, lng, paths)));
      await context.close();
    }
    await visitor.close();
    expect(found).toEqual([]);
  });
}
