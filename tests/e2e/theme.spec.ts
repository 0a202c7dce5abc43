import { E2E_ORIGIN } from "./env";
import { expect, reload, test, visit } from "./fixtures";

const YEAR = 365 * 24 * 3600;

test.describe("dark mode", () => {
  test.beforeEach(async ({ problems }) => {
    // These tests check the theme, not the pages: a page's own errors are its own spec's concern.
    problems.allow(/\/users\//);
  });

  test("has no toggle on / and /users, where light is forced", async ({ page, context, login }) => {
    await login("member");
    await context.addCookies([{ name: "theme", value: "dark", url: E2E_ORIGIN }]);
    // "/" itself only redirects (to /users for a member): both are light, without a toggle.
    for (const path of ["/", "/users"]) {
      const response = await visit(page, path);
      expect(await response?.text()).not.toMatch(/<html[^>]*class="dark"/);
      await expect(page.getByTestId("theme-toggle")).toHaveCount(0);
      await expect(page.locator("html")).not.toHaveClass(/dark/);
    }
    // Any other page has it, and honours the stored choice.
    await visit(page, "/users/mypage");
    await expect(page.getByTestId("theme-toggle")).toBeVisible();
    await expect(page.locator("html")).toHaveClass(/dark/);
  });

  test("toggles, is kept for a year, survives a reload and yields to / and back", async ({
    page,
    context,
    login,
  }) => {
    await login("member");
    await visit(page, "/users/mypage");
    const html = page.locator("html");
    const toggle = page.getByTestId("theme-toggle");
    await expect(html).not.toHaveClass(/dark/);
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await expect(toggle).toHaveAccessibleName("ダークモード");

    await toggle.click();
    await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    const cookie = (await context.cookies(E2E_ORIGIN)).find((c) => c.name === "theme");
    expect(cookie?.value).toBe("dark");
    const remaining = (cookie?.expires ?? 0) - Date.now() / 1000;
    expect(remaining).toBeGreaterThan(YEAR - 3600);
    expect(remaining).toBeLessThan(YEAR + 3600);

    // The server renders it: the first byte already carries the class.
    const response = await reload(page);
    expect(await response?.text()).toMatch(/<html[^>]*class="dark"/);
    await expect(html).toHaveClass(/dark/);

    // The logo goes to "/" (the dashboard for a member): light there ...
    await page.getByTestId("logo").click();
    await expect(page).toHaveURL(/\/users$/);
    await expect(html).not.toHaveClass(/dark/);
    await expect(toggle).toHaveCount(0);
    // ... and the choice comes back on the way back.
    await page.goBack();
    await expect(page).toHaveURL(/\/users\/mypage$/);
    await expect(html).toHaveClass(/dark/);

    // Switching off again.
    await toggle.click();
    await expect(html).not.toHaveClass(/dark/);
    const after = (await context.cookies(E2E_ORIGIN)).find((c) => c.name === "theme");
    expect(after?.value).toBe("light");
  });

  test(
    "visitors have it on the login page, phone header included",
    { tag: "@mobile" },
    async ({ page }) => {
      await visit(page, "/login");
      await page.getByTestId("theme-toggle").click();
      await expect(page.locator("html")).toHaveClass(/dark/);
      await reload(page);
      await expect(page.locator("html")).toHaveClass(/dark/);
    },
  );
});
