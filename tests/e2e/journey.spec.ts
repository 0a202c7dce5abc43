import type { Locator, Page } from "@playwright/test";
import { ADMIN_NAV, enabled } from "#app/components/shell/nav-items";
import { DEFAULT_FEATURES } from "#server/config";
import { rawKeys } from "../helpers/raw-keys";
import { E2E_ORIGIN } from "./env";
import { expect, freshStep, type Problems, test, visit } from "./fixtures";
import { type Lng, MEMBER_MENU, PENDING, setLanguage } from "./walk";

/**
 * The whole journey through the menus, as people go: a new member clicks every sidebar entry
 * and an admin every admin menu entry (groups opened first), at 1280 px and, in the mobile
 * project (@mobile), at 375 px through the drawer, one width in ja and the other in en (the
 * member's side column in ja, the admin's in en). Each walk signs in once and fails on a
 * console error, a failed request or an error status (the fixtures' Problems), or on a raw
 * translation key left in the page's text (helpers/raw-keys.ts). One journey per width, the
 * member's walk and then the admin's as its steps.
 */

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
    desktopLanguage: "ja",
    home: "/users",
    column: "sidebar",
    targets: (): MenuTarget[] => fromSecond(MEMBER_MENU).map((to) => ({ to, group: null })),
  },
  {
    title: "an admin clicks through every admin menu entry",
    who: "admin",
    desktopLanguage: "en",
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
  test(`the menus, entry by entry: a new member's, then an admin's${tag}`, async ({
    page,
    context,
    login,
    problems,
  }) => {
    // The admin's walk clicks some thirty entries; through the drawer on 2 busy cores it took
    // over a minute: 3 minutes a walk.
    test.setTimeout(AREAS.length * 180_000);
    allowPending(problems);
    const pending: string[] = [];
    for (const [i, area] of AREAS.entries()) {
      // A raw key is a matter of the language, the drawer of the width: each language once,
      // each width once per area.
      const lng: Lng = mobile === (area.desktopLanguage === "ja") ? "en" : "ja";
      await test.step(`${area.title} (${lng})`, async () => {
        if (i > 0) await freshStep(page);
        await setLanguage(context, lng);
        await login(area.who);
        await visit(page, area.home);
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
      });
    }
    report(pending);
  });
}
