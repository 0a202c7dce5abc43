import AxeBuilder from "@axe-core/playwright";
import type { Result } from "axe-core";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { BrowserContext, Page } from "@playwright/test";
import type { Db } from "#db";
import { E2E_ORIGIN } from "./env";
import { expect, type Problems, test } from "./fixtures";
import {
  ADMIN_MENU,
  adminSubPages,
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
 * that has loaded the scripts before takes 0.45 s instead of 0.8: each reader's pages are one
 * walk, in one signed-in context, every page a step of its own.
 *
 * What axe is sent into the page (measured on 11 public and 9 member pages, 2026-11-30): the
 * builder evaluates its source, axe-core's unminified build (1.3 MB), twice in every analysis
 * (once before it looks for runPartial, once more as it injects into each frame), 250 to 400 ms
 * of a check. axe-core's own minified build of the same version, sent once, and a builder whose
 * source only makes sure axe is there: 0.65 s per analysis instead of 0.8, the same rules and
 * results.
 */

/**
 * axe-core's minified build, of the version the builder runs: the builder's own axe-core (it
 * pins one of its own, and the one next to this project may be newer), so the rules stay its.
 */
const AXE_SOURCE = readFileSync(
  createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright")).resolve(
    "axe-core/axe.min.js",
  ),
  "utf8",
);

/**
 * What the builder evaluates as its source once axe is in the document: nothing but the check
 * that it is (a main frame without axe fails the analysis; the builder ignores a child frame's).
 */
const AXE_PRESENT = `if (typeof window.axe?.run !== "function") throw new Error("axe-core is not in this document");`;

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

type Who = "member" | "admin" | null;

/**
 * Dark mode changes colours only: its pages are checked for contrast alone, in Japanese (an
 * empty inbox kept its light-mode grey on the dark background, at 4.2 to 1).
 */
type Theme = "light" | "dark";

/** One pass of a walk: the pages in one language and theme. */
interface Pass {
  lng: Lng;
  theme: Theme;
}

/** Every page in both languages, then in dark mode in Japanese. */
const EVERY_LANGUAGE_AND_DARK: Pass[] = [
  { lng: "ja", theme: "light" },
  { lng: "en", theme: "light" },
  { lng: "ja", theme: "dark" },
];

/**
 * One reader's walk: signed in once, one context for every pass (its loaded scripts shared),
 * each page a step whose problems are soft failures, so one page's violation hides no other's.
 */
async function walk(
  {
    page,
    context,
    db,
    problems,
  }: { page: Page; context: BrowserContext; db: Db; problems: Problems },
  who: Who,
  paths: (ids: SeedIds) => string[],
  passes: Pass[],
) {
  const urls = paths(await seedIds(db));
  for (const url of urls.filter((u) => PENDING.has(u))) {
    problems.allow(new RegExp(`${url.replace(/[/]/g, "\\/")}(\\.data|\\?|$)`));
  }
  if (who) await signInAs(context, db, who);
  for (const { lng, theme } of passes) {
    await setLanguage(context, lng);
    if (theme === "dark") {
      await context.addCookies([{ name: "theme", value: "dark", url: E2E_ORIGIN }]);
    }
    for (const url of urls) {
      await test.step(`${url} (${lng}, ${theme})`, async () => {
        const failures = await check(page, url, lng, theme);
        expect.soft(failures.join("\n\n"), "serious or critical accessibility violations").toBe("");
      });
    }
  }
}

/**
 * axe as every page is checked: in the page, only violations reported with their details.
 * `options()` replaces what `withTags()` or `withRules()` set, so it comes first: a WCAG-tags
 * filter written before it had never applied, and every default rule ran (as they still do).
 */
async function analyze(page: Page, theme: Theme) {
  // Into every frame, as the builder's legacy mode would put it, once; a frame that refuses it
  // is left out as the builder leaves it out.
  for (const frame of page.frames()) {
    await frame.evaluate(AXE_SOURCE).catch(() => undefined);
  }
  const axe = new AxeBuilder({ page, axeSource: AXE_PRESENT })
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] });
  if (theme === "dark") axe.withRules(["color-contrast"]);
  return axe.analyze();
}

/** One page in one language: it answers, in that language, and axe finds nothing serious. */
async function check(page: Page, url: string, lng: Lng, theme: Theme): Promise<string[]> {
  const response = await page.goto(url);
  // Eighty pages in a row on a busy runner: hydration gets more than the default 5 s, and a page
  // that never hydrates fails softly, so the walk still checks the rest.
  await expect.soft(page.locator("html[data-hydrated]")).toBeAttached({ timeout: 20_000 });
  const status = response?.status() ?? 0;
  if (PENDING.has(url) && status === 404) {
    test.info().annotations.push({ type: "pending", description: `${url} answers 404` });
    return [];
  }
  expect.soft(status, `${url} (${lng})`).toBeLessThan(400);
  expect
    .soft(new URL(page.url()).pathname, `${url} (${lng}) was not redirected`)
    .toBe(url.split("?")[0]);
  await expect.soft(page.locator("html")).toHaveAttribute("lang", lng);
  const dark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
  if (theme === "dark" && !dark) {
    // The member dashboard is light whatever the choice; every other page takes it.
    expect.soft(url, `${url} is shown in dark mode`).toBe("/users");
    return [];
  }
  const results = await analyze(page, theme);
  const serious = results.violations.filter((v) => FAILING_IMPACTS.has(v.impact ?? ""));
  const where = theme === "dark" ? `${url} (${lng}, dark)` : `${url} (${lng})`;
  return serious.length ? [`${where}:\n${serious.map(describe).join("\n")}`] : [];
}

// The longest walk first, so it does not start last on a worker: the admin's pages (about forty,
// twice), the member's (about twenty-five, three times), the visitor's (about ten, three times).
// Each walk's timeout is at least the sum of its former tests' (120 s for six pages): on 2 cores
// at a load of 25 to 35 a page's check took up to 16 s, the admin's 82 checks 22 minutes; the
// member's 78 get the admin's budget.
test("an admin's pages, in Japanese and in dark mode", async ({ page, context, db, problems }) => {
  test.setTimeout(1_680_000);
  await walk(
    { page, context, db, problems },
    "admin",
    (ids) => [...ADMIN_MENU, ...adminSubPages(ids)],
    [
      { lng: "ja", theme: "light" },
      { lng: "ja", theme: "dark" },
    ],
  );
});

test("a member's pages, in both languages and in dark mode", async ({
  page,
  context,
  db,
  problems,
}) => {
  test.setTimeout(1_680_000);
  await walk(
    { page, context, db, problems },
    "member",
    (ids) => [...MEMBER_MENU, ...memberSubPages(ids)],
    EVERY_LANGUAGE_AND_DARK,
  );
});

test("a visitor's pages, in both languages and in dark mode", async ({
  page,
  context,
  db,
  problems,
}) => {
  test.setTimeout(540_000);
  await test.step("the check finds a serious violation where there is one", async () => {
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
  await walk({ page, context, db, problems }, null, () => PUBLIC_PAGES, EVERY_LANGUAGE_AND_DARK);
});
