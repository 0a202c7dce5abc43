import { DEMO_MEMBER } from "#tools/seed";
import { E2E_ORIGIN } from "./env";
import { expect, reload, signInByEmail, test, visit } from "./fixtures";

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

  test("the charts' axis text and figures read on the dark background", async ({
    page,
    context,
    db,
  }) => {
    // The demo member has six months of cashback and a referral's rewards this year.
    await signInByEmail(context, db, DEMO_MEMBER.email);
    await context.addCookies([{ name: "theme", value: "dark", url: E2E_ORIGIN }]);
    for (const path of ["/users/cashback", "/users/affiliate?preset=thisYear"]) {
      await visit(page, path);
      const chart = page.locator("svg.recharts-surface").first();
      await expect(chart, path).toBeVisible();
      await expect(chart.locator("text").first(), path).toBeAttached();
      const lowest = await chart.evaluate(lowestTextContrast);
      // WCAG AA for text: 4.5 to 1 against what is behind it.
      expect(lowest.ratio, `${path}: "${lowest.text}"`).toBeGreaterThanOrEqual(4.5);
    }
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

/**
 * The lowest contrast between an SVG text's fill and the first opaque background behind the
 * chart (runs in the page: recharts sets the fills as attributes, read here as computed colours).
 */
function lowestTextContrast(svg: SVGSVGElement) {
  const rgb = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number);
  const luminance = (color: string) => {
    const [r = 0, g = 0, b = 0] = rgb(color).map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  let behind: Element | null = svg.parentElement;
  let background = "rgb(255, 255, 255)";
  while (behind) {
    const color = getComputedStyle(behind).backgroundColor;
    if (rgb(color)[3] !== 0 && color !== "transparent") {
      background = color;
      break;
    }
    behind = behind.parentElement;
  }
  let lowest = { ratio: Infinity, text: "" };
  for (const text of svg.querySelectorAll("text")) {
    if (!text.textContent?.trim()) continue;
    const [a, b] = [luminance(getComputedStyle(text).fill), luminance(background)];
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    if (ratio < lowest.ratio) lowest = { ratio, text: text.textContent };
  }
  return lowest;
}
