import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import type { Db } from "#db";
import { DEMO_RICH } from "#tools/seed";
import { enterCampaign } from "#server/features/campaigns/service";
import { routeEntries } from "../helpers/route-tree";
import { expect, signInByEmail, test } from "./fixtures";
import { LANGUAGES, type Lng, seedIds, setLanguage } from "./walk";
import { PHONE_CHECK, type PhoneProblem } from "./phone-check";

/**
 * Phone first, on every member page: as the demo member with an eight-figure balance, in en at
 * 375 px and in ja at 414 px, no page scrolls sideways, no text is cut off or spills out of
 * its box, no table hides part of itself behind a sideways swipe in its own box, every control
 * is a 44 px touch target, each page has a title of its own, and amount
 * and code fields bring up the number pad. The rules are in phone-check.ts.
 *
 * The pages are the member area's routes, asked of Remix: a new page is walked without touching this file
 * (one with a parameter needs its address below, or the test says so).
 */

/**
 * One width a language: both are below the first breakpoint (480 px), so the layout is the same
 * with less or more room. English, whose words are longer and break less, gets the narrowest;
 * Japanese the common larger phone.
 */
const WIDTH: Record<Lng, number> = { en: 375, ja: 414 };

/** Member addresses with no page to look at: they only redirect, or they are the area's 404. */
const NOT_PAGES = new Set([
  "/users/*", // the 404 of an unknown address
  "/users/line-callback", // LINE Login's return: always redirects
  // The notice of new terms redirects unless a version asks members to agree again; measured
  // on a phone in legal-reconsent.spec.ts, where one does.
  "/users/consent",
]);

interface Ids {
  gachaId: string;
  eaId: string;
  campaignId: string;
}

/** Addresses of the routes with parameters, from the seeded rows. */
const WITH_PARAMS: Record<string, (ids: Ids) => string> = {
  "/users/campaigns/:id": (ids) => `/users/campaigns/${ids.campaignId}`,
  "/users/campaigns/:id/complete": (ids) => `/users/campaigns/${ids.campaignId}/complete`,
  "/users/ea/:id": (ids) => `/users/ea/${ids.eaId}`,
  "/users/gachas/:gachaId": (ids) => `/users/gachas/${ids.gachaId}`,
  "/users/gachas/:gachaId/draw": (ids) => `/users/gachas/${ids.gachaId}/draw`,
};

/** A route that re-exports another page (one page at two addresses) is walked once. */
function isAlias(file: string): boolean {
  return /^export \{ default\b[^}]*\} from "\./m.test(readFileSync(file, "utf8"));
}

/**
 * The member pages' addresses (resource routes, `.ts`, have no page; a layout and its index
 * answer the same address, walked once).
 */
function memberPages(): string[] {
  const pages = routeEntries().filter(
    (route) =>
      route.pattern.startsWith("/users") && route.file.endsWith(".tsx") && !isAlias(route.file),
  );
  return [...new Set(pages.map((route) => route.pattern))]
    .filter((pattern) => !NOT_PAGES.has(pattern))
    .sort();
}

function pathOf(pattern: string, ids: Ids): string {
  const withParams = WITH_PARAMS[pattern];
  if (withParams) return withParams(ids);
  if (/[:*]/.test(pattern)) throw new Error(`${pattern}: add its address to WITH_PARAMS`);
  return pattern;
}

async function prepare(db: Db, userId: string): Promise<Ids> {
  const { gachaId, eaId } = await seedIds(db);
  const campaigns = await db.kysely
    .selectFrom("campaigns")
    .select(["id", "starts_at", "ends_at"])
    .orderBy("created_at")
    .execute();
  const now = new Date().toISOString().replace("T", " ");
  const open = campaigns.find((c) => c.starts_at <= now && now < c.ends_at) ?? campaigns[0]!;
  // The complete page is the entered campaign's: the member enters once (again is a no-op).
  await enterCampaign(db, userId, open.id);
  // The marathon goals the demo import reached would open their modal over the first pages.
  await db.kysely.updateTable("marathons").set({ is_modal: 1 }).where("uid", "=", userId).execute();
  return { gachaId, eaId, campaignId: open.id };
}

async function checkAt(page: Page, width: number): Promise<PhoneProblem[]> {
  await page.setViewportSize({ width, height: 812 });
  // The layout settles (fonts, the chart's client-only bundle) before it is measured.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  return page.evaluate(PHONE_CHECK);
}

test("the phone check finds its problems; every member page fits a phone in each language", async ({
  page,
  context,
  db,
}) => {
  // About thirty pages in each language (the former tests' 240 s each), one context and one
  // sign-in for both, and the check's own test first.
  test.setTimeout(540_000);
  await test.step("the phone check finds each problem it names, and not what is meant to be so", async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.setContent(`
    <style>.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0,0,0,0)}</style>
    <div style="width:40px;overflow:hidden;white-space:nowrap" id="clipped">¥12,345,678</div>
    <div style="width:40px;white-space:nowrap" id="spills">¥98,765,432</div>
    <button style="height:30px">Small</button>
    <a href="/x" style="display:inline-flex;min-height:44px">Big enough</a>
    <p>Read the <a href="/terms">terms</a> first.</p>
    <section><p>A paragraph.</p><a href="/alone">A link on its own line</a></section>
    <input name="amount" autocomplete="off">
    <input name="email" type="email">
    <div style="overflow-x:auto;width:200px" id="swipes"><div style="width:900px">a wide table that scrolls</div></div>
    <div style="overflow-x:auto;width:200px"><div style="width:200px">a table that fits its box</div></div>
    <div class="sr-only"><table><tr><td>a table for screen readers, wider than the page</td></tr></table></div>
    <div style="width:500px">wider than the window</div>
  `);
    const found = (await page.evaluate(PHONE_CHECK)).map((p) => `${p.rule} ${p.detail}`);
    const rules = found.map((f) => f.split(" ")[0]).sort();
    expect(rules, found.join("\n")).toEqual(
      [
        "autocomplete",
        "box-scrolls",
        "number-pad",
        "sideways-scroll",
        "small-target", // the button
        "small-target", // the link on its own line
        "small-target", // the amount field (38 px)
        "small-target", // the email field
        "text-cut-off",
        "text-spills",
      ].sort(),
    );
    expect(found.find((f) => f.startsWith("text-cut-off"))).toContain("#clipped");
    expect(found.find((f) => f.startsWith("text-spills"))).toContain("#spills");
    expect(found.find((f) => f.startsWith("box-scrolls"))).toContain("#swipes");
  });

  const userId = await signInByEmail(context, db, DEMO_RICH.email);
  const ids = await prepare(db, userId);
  const pages = memberPages().map((pattern) => pathOf(pattern, ids));
  for (const lng of LANGUAGES) {
    await test.step(`every member page fits a phone (${WIDTH[lng]} px) in ${lng}`, async () => {
      await setLanguage(context, lng);
      const titles = new Map<string, string>();
      for (const path of pages) {
        const failures: string[] = [];
        const response = await page.goto(path);
        // Thirty pages in a row on a busy runner: hydration gets more than the default 5 s.
        await expect(page.locator("html[data-hydrated]")).toBeAttached({ timeout: 20_000 });
        expect.soft(response?.status() ?? 0, `${path} (${lng})`).toBeLessThan(400);
        expect.soft(new URL(page.url()).pathname, `${path} was not redirected`).toBe(path);
        // Charts and lazy parts render after hydration: wait until the network is quiet.
        await page.waitForLoadState("networkidle");
        const title = await page.title();
        const same = [...titles].find(([, t]) => t === title);
        if (same) failures.push(`${path} (${lng}): same <title> as ${same[0]}: "${title}"`);
        titles.set(path, title);
        for (const problem of await checkAt(page, WIDTH[lng])) {
          failures.push(`${path} (${lng}, ${WIDTH[lng]} px) ${problem.rule}: ${problem.detail}`);
        }
        // Soft: every page is measured whatever an earlier one showed.
        expect.soft(failures.join("\n"), "phone layout problems").toBe("");
      }
    });
  }
});
