import AxeBuilder from "@axe-core/playwright";
import type { Result } from "axe-core";
import type { Page } from "@playwright/test";
import { E2E_ORIGIN } from "./env";
import { expect, test, visit } from "./fixtures";
import {
  ADMIN_MENU,
  adminSubPages,
  LANGUAGES,
  type Lng,
  MEMBER_MENU,
  memberSubPages,
  PENDING,
  PUBLIC_PAGES,
  type SeedIds,
  seedIds,
  setLanguage,
  signInAs,
} from "./walk";

/**
 * axe-core on every member page (the sidebar from nav-items.ts plus the sub-pages), every admin
 * page (the menu with its groups, plus detail pages) and the public pages. All of axe's default
 * rules (WCAG 2.x A and AA, and its best practices); a serious or critical violation fails the
 * page, and all of a page's violations are printed with the elements they concern, page by page.
 *
 * Every page is checked in Japanese; the pages visitors and members read are checked in English
 * too. The admin pages are checked in Japanese only: their markup is the same in both languages
 * (the rules read structure, names and colours, not the words). Every page is checked again in
 * dark mode, for contrast only.
 *
 * What a check costs decides how it runs (measured on 8 member pages, 2026-11-28): axe's
 * default mode opens a blank page for every analysis to finish it there, about half of its
 * 1.1 s; legacy mode runs in the page itself (0.5 s), and gives the same results for a page
 * without cross-origin frames, which no page of the portal has. A page visited in a context
 * that has loaded the scripts before takes 0.45 s instead of 0.8: the pages are checked a few
 * to a test, in one signed-in context.
 */

const FAILING_IMPACTS = new Set(["serious", "critical"]);

function describe(violation: Result): string {
  const nodes = violation.nodes
    .slice(0, 5)
    .map(
      (node) =>
        `      ${node.target.join(" ")}\n        ${node.failureSummary?.split("\n").join("\n        ") ?? ""}`,
    )
    .join("\n");
  const more = violation.nodes.length > 5 ? `\n      … and ${violation.nodes.length - 5} more` : "";
  return `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes}${more}`;
}

let ids: SeedIds | null = null;

type Who = "member" | "admin" | null;

/** Pages a test: enough to share a context's loaded scripts, few enough to spread over workers. */
const PAGES_PER_TEST = 6;

const PLACEHOLDERS: SeedIds = { memberId: ":member", gachaId: ":gacha", eaId: ":ea" };

/**
 * Dark mode changes colours only: its pages are checked for contrast alone, in Japanese (an
 * empty inbox kept its light-mode grey on the dark background, at 4.2 to 1).
 */
type Theme = "light" | "dark";

/** The pages of one area, a few to a test; an address with an id is made from the seeded rows. */
function pageTests(
  who: Who,
  paths: (ids: SeedIds) => string[],
  languages: readonly Lng[] = LANGUAGES,
  theme: Theme = "light",
) {
  const titles = paths(PLACEHOLDERS);
  for (let from = 0; from < titles.length; from += PAGES_PER_TEST) {
    const to = Math.min(from + PAGES_PER_TEST, titles.length);
    test(`${who ?? "visitor"} ${titles.slice(from, to).join(", ")}`, async ({
      page,
      context,
      db,
      problems,
    }) => {
      test.setTimeout(120_000);
      ids ??= await seedIds(db);
      const urls = paths(ids).slice(from, to);
      for (const url of urls.filter((u) => PENDING.has(u))) {
        problems.allow(new RegExp(`${url.replace(/[/]/g, "\\/")}(\\.data|\\?|$)`));
      }
      if (who) await signInAs(context, db, who);
      if (theme === "dark") {
        await context.addCookies([{ name: "theme", value: "dark", url: E2E_ORIGIN }]);
      }
      const failures: string[] = [];
      for (const lng of languages) {
        await setLanguage(context, lng);
        for (const url of urls) failures.push(...(await check(page, url, lng, theme)));
      }
      expect(failures.join("\n\n"), "serious or critical accessibility violations").toBe("");
    });
  }
}

/**
 * axe as every page is checked: in the page, only violations reported with their details.
 * `options()` replaces what `withTags()` or `withRules()` set, so it comes first: a WCAG-tags
 * filter written before it had never applied, and every default rule ran (as they still do).
 */
function analyze(page: Page, theme: Theme) {
  const axe = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"] });
  if (theme === "dark") axe.withRules(["color-contrast"]);
  return axe.analyze();
}

/** One page in one language: it answers, in that language, and axe finds nothing serious. */
async function check(page: Page, url: string, lng: Lng, theme: Theme): Promise<string[]> {
  const response = await visit(page, url);
  const status = response?.status() ?? 0;
  if (PENDING.has(url) && status === 404) {
    test.info().annotations.push({ type: "pending", description: `${url} answers 404` });
    return [];
  }
  expect(status, `${url} (${lng})`).toBeLessThan(400);
  expect(new URL(page.url()).pathname, `${url} (${lng}) was not redirected`).toBe(
    url.split("?")[0],
  );
  await expect(page.locator("html")).toHaveAttribute("lang", lng);
  const dark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
  if (theme === "dark" && !dark) {
    // The member dashboard is light whatever the choice; every other page takes it.
    expect(url, `${url} is shown in dark mode`).toBe("/users");
    return [];
  }
  const results = await analyze(page, theme);
  const serious = results.violations.filter((v) => FAILING_IMPACTS.has(v.impact ?? ""));
  const where = theme === "dark" ? `${url} (${lng}, dark)` : `${url} (${lng})`;
  return serious.length ? [`${where}:\n${serious.map(describe).join("\n")}`] : [];
}

test.describe("public pages", () => {
  pageTests(null, () => PUBLIC_PAGES);
});

test.describe("member pages", () => {
  pageTests("member", (ids) => [...MEMBER_MENU, ...memberSubPages(ids)]);
});

test.describe("admin pages", () => {
  pageTests("admin", (ids) => [...ADMIN_MENU, ...adminSubPages(ids)], ["ja"]);
});

test.describe("dark mode", () => {
  pageTests(null, () => PUBLIC_PAGES, ["ja"], "dark");
  pageTests("member", (ids) => [...MEMBER_MENU, ...memberSubPages(ids)], ["ja"], "dark");
  pageTests("admin", (ids) => [...ADMIN_MENU, ...adminSubPages(ids)], ["ja"], "dark");
});

test("the check finds a serious violation where there is one", async ({ page }) => {
  await page.setContent(
    `<html lang="en"><head><title>A form</title></head><body><main><h1>Form</h1><input type="text">` +
      `<p style="color:#bbb;background:#fff">faint</p></main></body></html>`,
  );
  const { violations } = await analyze(page, "light");
  const serious = violations.filter((v) => FAILING_IMPACTS.has(v.impact ?? ""));
  expect(serious.map((v) => v.id).sort()).toEqual(["color-contrast", "label"]);
  // The dark-mode pass reads contrast alone.
  const dark = await analyze(page, "dark");
  expect(dark.violations.map((v) => v.id)).toEqual(["color-contrast"]);
});
