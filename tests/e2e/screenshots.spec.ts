import type { Page } from "@playwright/test";
import { E2E_ORIGIN } from "./env";
import { test, visit } from "./fixtures";
import { DESKTOP, languageCookie, PHONE, SHOT_LANGUAGES, shooterFor } from "./shots";

/**
 * Screenshots of the shell for a person to look at (not compared against anything): desktop
 * and phone, ja and en, visitor, member and admin, drawers open, dark mode. Opt in with
 * `SCREENSHOTS=1 npx playwright test screenshots` (the config ignores this file otherwise);
 * they land in test-results/screenshots.
 */
const TABLET = { width: 768, height: 800 };
const DIR = "test-results/screenshots";

const shoot = shooterFor(DIR);

async function openDrawer(page: Page) {
  await page.getByTestId("mobile-menu-button").click();
  await page.getByTestId("mobile-drawer").waitFor();
  // Let the drawer finish its transition.
  await page.waitForTimeout(300);
}

for (const lng of SHOT_LANGUAGES) {
  test(`visitor (${lng})`, async ({ page, context, problems }) => {
    problems.allow(/\/no-such-page$/);
    await languageCookie(context, lng);
    await page.setViewportSize(DESKTOP);
    await visit(page, "/login");
    await shoot(page, `visitor-login-desktop-${lng}`);
    await visit(page, "/no-such-page");
    await shoot(page, `visitor-404-desktop-${lng}`);
    // The narrowest width with the side navigation and the full header.
    await page.setViewportSize(TABLET);
    await visit(page, "/login");
    await shoot(page, `visitor-login-tablet-${lng}`, false);
    await page.setViewportSize({ width: 767, height: 800 });
    await visit(page, "/login");
    await shoot(page, `visitor-login-767-${lng}`, false);
    await page.setViewportSize(PHONE);
    await visit(page, "/login");
    await shoot(page, `visitor-login-phone-${lng}`);
    await openDrawer(page);
    await shoot(page, `visitor-drawer-phone-${lng}`, false);
  });

  test(`member (${lng})`, async ({ page, context, login, problems }) => {
    problems.allow(/\/users\//);
    await login("member");
    await languageCookie(context, lng);
    await page.setViewportSize(DESKTOP);
    await visit(page, "/users");
    await shoot(page, `member-dashboard-desktop-${lng}`);
    await visit(page, "/users/ranking");
    await shoot(page, `member-ranking-desktop-${lng}`);
    await page.setViewportSize(PHONE);
    await visit(page, "/users");
    await shoot(page, `member-dashboard-phone-${lng}`);
    await openDrawer(page);
    await shoot(page, `member-drawer-phone-${lng}`, false);
  });

  test(`admin (${lng})`, async ({ page, context, login, problems }) => {
    problems.allow(/\/admin/);
    await login("admin");
    await languageCookie(context, lng);
    await page.setViewportSize(DESKTOP);
    await visit(page, "/admin");
    await page.getByTestId("menu-column").getByTestId("admin-group-gachas").click();
    await shoot(page, `admin-desktop-${lng}`);
    await page.setViewportSize(PHONE);
    await visit(page, "/admin");
    await shoot(page, `admin-phone-${lng}`);
    await openDrawer(page);
    await page.getByTestId("mobile-drawer").getByTestId("admin-group-campaigns").click();
    await shoot(page, `admin-drawer-phone-${lng}`, false);
  });

  test(`dark mode (${lng})`, async ({ page, context, login, problems }) => {
    problems.allow(/\/admin/);
    await context.addCookies([{ name: "theme", value: "dark", url: E2E_ORIGIN }]);
    await languageCookie(context, lng);
    await page.setViewportSize(DESKTOP);
    await visit(page, "/login");
    await shoot(page, `dark-visitor-login-desktop-${lng}`);
    await page.setViewportSize(PHONE);
    await visit(page, "/login");
    await shoot(page, `dark-visitor-login-phone-${lng}`);
    await openDrawer(page);
    await shoot(page, `dark-visitor-drawer-phone-${lng}`, false);
    await login("admin");
    await page.setViewportSize(DESKTOP);
    await visit(page, "/admin");
    await shoot(page, `dark-admin-desktop-${lng}`);
  });
}

test("focus rings", async ({ page, login, problems }) => {
  problems.allow(/\/users\//);
  await login("member");
  await page.setViewportSize(DESKTOP);
  await visit(page, "/users/bank");
  for (let i = 0; i < 4; i++) await page.keyboard.press("Tab");
  await shoot(page, "focus-member-desktop-ja", false);
  // The current entry (green) must still show where the focus is.
  await page.getByTestId("sidebar").getByRole("link", { name: "口座" }).focus();
  await shoot(page, "focus-current-entry-desktop-ja", false);
});
