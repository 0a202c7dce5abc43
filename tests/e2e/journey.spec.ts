import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { ADMIN_NAV, enabled } from "#app/components/shell/nav-items";
import { DEFAULT_FEATURES } from "#server/config";
import { E2E_ORIGIN } from "./env";
import { expect, type Problems, test, visit } from "./fixtures";
import { LANGUAGES, type Lng, MEMBER_MENU, PENDING, setLanguage } from "./walk";

/**
 * The whole journey through the menus, as people go: a new member clicks every sidebar entry
 * and an admin every admin menu entry (groups opened first), in ja and en, at 1280 px and, in
 * the mobile project (@mobile), at 375 px through the drawer. Each test signs in once and
 * fails on a console error, a failed request or an error status (the fixtures' Problems),
 * or on a raw translation key left in the page's text.
 */

/** Every key of every namespace ("nav.dashboard", "fields.email.label" …). */
function localeKeys(): { keys: Set<string>; tops: Set<string>; namespaces: Set<string> } {
  const keys = new Set<string>();
  const tops = new Set<string>();
  const namespaces = new Set<string>();
  const dir = path.resolve("locales/en");
  const walk = (prefix: string, value: unknown) => {
    if (value && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) walk(prefix ? `${prefix}.${k}` : k, v);
    } else {
      // Plural forms are looked up without their suffix.
      keys.add(prefix.replace(/_(zero|one|two|few|many|other)$/, ""));
    }
  };
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
    namespaces.add(file.replace(/\.json$/, ""));
    const json = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Record<string, unknown>;
    for (const top of Object.keys(json)) tops.add(top);
    walk("", json);
  }
  return { keys, tops, namespaces };
}

const LOCALE = localeKeys();
/** A dotted word with an optional "namespace:" in front, as i18next shows a missing key. */
const KEY_LIKE = /^(?:([a-z][a-z-]*):)?([a-z][A-Za-z0-9_]*)(?:\.[A-Za-z0-9_]+)+$/;

/**
 * The words of the page that are translation keys: known keys, or dotted words that start
 * with a namespace or a top-level key of the locale files (a key missing from both languages).
 * E-mail addresses, URLs, file names and amounts never match: they have @, / or digits first,
 * and their first part is no key.
 */
function rawKeys(text: string): string[] {
  const found = new Set<string>();
  for (const word of text.split(/[\s"'“”「」『』()（）[\]{}<>,、。：;；!?！？]+/)) {
    const token = word.replace(/[.…]+$/, "");
    const match = KEY_LIKE.exec(token);
    if (!match) continue;
    const [, ns, top] = match;
    const bare = ns ? token.slice(ns.length + 1) : token;
    if (
      LOCALE.keys.has(bare) ||
      (ns && LOCALE.namespaces.has(ns)) ||
      (LOCALE.tops.has(top!) && !/\.(com|net|org|jp|test|png|jpe?g|webp|csv)$/.test(token))
    ) {
      found.add(token);
    }
  }
  return [...found];
}

function allowPending(problems: Problems) {
  for (const p of PENDING) {
    problems.allow(new RegExp(`^${E2E_ORIGIN}${p.replace(/\//g, "\\/")}(\\.data|\\?|$)`));
  }
}

/** Waits for the page a menu click led to and checks its text for raw keys. */
async function arrived(page: Page, to: string, lng: Lng, pending: string[]) {
  await expect(page).toHaveURL(`${E2E_ORIGIN}${to}`);
  const main = page.getByTestId("main");
  await expect(main).toBeVisible();
  // The route's namespaces may still be loading right after a client-side navigation: a key
  // counts only if it stays.
  await expect
    .poll(async () => rawKeys(await page.locator("body").innerText()), {
      message: `raw translation keys on ${to} (${lng})`,
      timeout: 3_000,
    })
    .toEqual([]);
  await expect(page.locator("html")).toHaveAttribute("lang", lng);
  if (PENDING.has(to) && (await page.getByTestId("not-found").count())) pending.push(to);
}

function report(pending: string[]) {
  if (pending.length) {
    test.info().annotations.push({ type: "pending", description: `404: ${pending.join(", ")}` });
  }
}

/** A menu entry: in the side column at 1280 px, in the drawer (opened first) at 375 px. */
async function menuLink(page: Page, mobile: boolean, column: string, to: string): Promise<Locator> {
  if (!mobile) return page.getByTestId(column).locator(`a[href="${to}"]`);
  const drawer = page.getByTestId("mobile-drawer");
  if (!(await drawer.isVisible())) {
    await page.getByTestId("mobile-menu-button").click();
    await expect(drawer).toBeVisible();
  }
  return drawer.locator(`a[href="${to}"]`);
}

/** A menu entry to click: its address, and the admin group to open first (null: none). */
interface MenuTarget {
  to: string;
  group: string | null;
}

/** From the second entry round to the first, so that every click navigates. */
function fromSecond<T>(list: readonly T[]): T[] {
  return [...list.slice(1), list[0]!];
}

const AREAS = [
  {
    title: "a new member clicks through every sidebar entry",
    who: "member",
    home: "/users",
    column: "sidebar",
    targets: (): MenuTarget[] => fromSecond(MEMBER_MENU).map((to) => ({ to, group: null })),
  },
  {
    title: "an admin clicks through every admin menu entry",
    who: "admin",
    home: "/admin",
    column: "menu-column",
    targets: (): MenuTarget[] =>
      fromSecond(enabled(ADMIN_NAV, DEFAULT_FEATURES)).flatMap((item): MenuTarget[] =>
        item.kind === "link"
          ? [{ to: item.to, group: null }]
          : enabled(item.children, DEFAULT_FEATURES).map((c) => ({ to: c.to, group: item.id })),
      ),
  },
] as const;

for (const mobile of [false, true]) {
  const tag = mobile ? " @mobile" : "";
  for (const lng of LANGUAGES) {
    for (const area of AREAS) {
      test(`${area.title} (${lng})${tag}`, async ({ page, context, login, problems }) => {
        allowPending(problems);
        await setLanguage(context, lng);
        await login(area.who);
        await visit(page, area.home);
        const pending: string[] = [];
        const column = mobile ? "mobile-drawer" : area.column;
        for (const { to, group } of area.targets()) {
          const link = await menuLink(page, mobile, column, to);
          if (group && !(await link.isVisible())) {
            await page.getByTestId(column).getByTestId(`admin-group-${group}`).click();
          }
          await link.click();
          await arrived(page, to, lng, pending);
          if (mobile) await expect(page.getByTestId("mobile-drawer")).toBeHidden();
        }
        report(pending);
      });
    }
  }
}

test("the raw-key detector finds keys and leaves ordinary text alone", () => {
  expect(rawKeys("Menu nav.dashboard and common:nav.website here")).toEqual([
    "nav.dashboard",
    "common:nav.website",
  ]);
  expect(rawKeys("nav.somethingNew")).toEqual(["nav.somethingNew"]);
  expect(
    rawKeys(
      "member@example.com https://example.com/ 1,234.56 ¥ e2e-a.b@example.test v1.2.3 report.csv Mr. Smith e.g.",
    ),
  ).toEqual([]);
});
