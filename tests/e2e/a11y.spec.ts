import AxeBuilder from "@axe-core/playwright";
import type { Result } from "axe-core";
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
 * page (the menu with its groups, plus detail pages) and the public pages. WCAG 2.0/2.1 A and AA
 * rules; a serious or critical violation fails the page, and all of a page's violations are
 * printed with the elements they concern.
 *
 * Every page is checked in Japanese; the pages visitors and members read are checked in English
 * too. The admin pages are checked in Japanese only: their markup is the same in both languages
 * (the rules read structure, names and colours, not the words), and an analysis costs 1–3 s of
 * a busy runner, two fifths of the browser suite when every page ran twice.
 */

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
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

function pageTest(
  path: string | ((ids: SeedIds) => string),
  who: Who,
  languages: readonly Lng[] = LANGUAGES,
) {
  const title =
    typeof path === "string" ? path : path({ memberId: ":member", gachaId: ":gacha", eaId: ":ea" });
  test(`${who ?? "visitor"} ${title}`, async ({ page, context, db, problems }) => {
    ids ??= await seedIds(db);
    const url = typeof path === "string" ? path : path(ids);
    if (PENDING.has(url)) problems.allow(new RegExp(`${url.replace(/[/]/g, "\\/")}(\\?|$)`));
    if (who) await signInAs(context, db, who);
    const failures: string[] = [];
    for (const lng of languages) {
      await setLanguage(context, lng);
      const response = await visit(page, url);
      const status = response?.status() ?? 0;
      if (PENDING.has(url) && status === 404) {
        test.info().annotations.push({ type: "pending", description: `${url} answers 404` });
        continue;
      }
      expect(status, `${url} (${lng})`).toBeLessThan(400);
      expect(new URL(page.url()).pathname, `${url} (${lng}) was not redirected`).toBe(
        url.split("?")[0],
      );
      await expect(page.locator("html")).toHaveAttribute("lang", lng);
      // Only violations are reported: axe skips gathering the details of every passing node,
      // which was most of its time on these pages.
      const results = await new AxeBuilder({ page })
        .withTags(TAGS)
        .options({ resultTypes: ["violations"] })
        .analyze();
      const serious = results.violations.filter((v) => FAILING_IMPACTS.has(v.impact ?? ""));
      if (serious.length) {
        failures.push(`${url} (${lng}):\n${serious.map(describe).join("\n")}`);
      }
    }
    expect(failures.join("\n\n"), "serious or critical accessibility violations").toBe("");
  });
}

test.describe("public pages", () => {
  for (const path of PUBLIC_PAGES) pageTest(path, null);
});

test.describe("member pages", () => {
  for (const path of MEMBER_MENU) pageTest(path, "member");
  for (const [i] of memberSubPages({ memberId: "", gachaId: "", eaId: "" }).entries()) {
    pageTest((ids) => memberSubPages(ids)[i]!, "member");
  }
});

test.describe("admin pages", () => {
  for (const path of ADMIN_MENU) pageTest(path, "admin", ["ja"]);
  for (const [i] of adminSubPages({ memberId: "", gachaId: "", eaId: "" }).entries()) {
    pageTest((ids) => adminSubPages(ids)[i]!, "admin", ["ja"]);
  }
});
