import { DEMO_MEMBER } from "#tools/seed";
import { E2E_ORIGIN } from "./env";
import { expect, reload, signInByEmail, test, visit } from "./fixtures";

/**
 * The shell around every page: what a visitor meets first (the login page, its sidebar and
 * header, in Japanese whatever the browser asks), the language switch, and dark mode as a member
 * turns it on and off; on a phone, the header's small-screen controls and the menu drawer. One
 * journey for each project.
 */

const YEAR = 365 * 24 * 3600;

test("a visitor finds the shell in Japanese and switches to English; a member turns dark mode on and off", async ({
  page,
  context,
  db,
  login,
  problems,
}) => {
  // Six former tests of about 60 s each on a slow machine.
  test.setTimeout(360_000);
  await test.step("/ leads to login, in Japanese although the browser asks for English, with the logged-out sidebar and the header buttons", async () => {
    const response = await visit(page, "/");
    await expect(page).toHaveURL(/\/login$/);
    // Japanese by default whatever Accept-Language says (tests/routes/public.test.ts asks the
    // server without a browser); here, what the page draws from it.
    expect(await response?.request().headerValue("accept-language")).toMatch(/^en-US/);
    await expect(page.locator("html")).toHaveAttribute("lang", "ja");
    await expect(page).toHaveTitle("ログイン | キャッシュバック会員ポータル");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("ログイン");
    await expect(page.getByTestId("header-register")).toHaveText("新規登録");
    const sidebar = page.getByTestId("menu-column");
    await expect(sidebar).toBeVisible();
    const links = sidebar.getByRole("link");
    await expect(links).toHaveText([
      "ログイン",
      "新規登録",
      "還元レート",
      "ヘルプ",
      /ウェブサイト/,
    ]);
    await expect(links.nth(0)).toHaveAttribute("href", "/login");
    await expect(links.nth(0)).toHaveAttribute("aria-current", "page");
    // The relative "register" link: /register from any top-level page.
    await expect(links.nth(1)).toHaveAttribute("href", /register$/);
    // The public broker rates.
    await expect(links.nth(2)).toHaveAttribute("href", "/brokers");
    await expect(links.nth(3)).toHaveAttribute("href", "/help");
    // No external website configured (WEBSITE_URL unset): the portal's own public home, same tab.
    await expect(links.nth(4)).toHaveAttribute("href", "/welcome");
    await expect(links.nth(4)).not.toHaveAttribute("target", "_blank");
    await expect(sidebar.getByRole("button", { name: "ログアウト" })).toHaveCount(0);

    await expect(page.getByTestId("header-login")).toBeVisible();
    await expect(page.getByTestId("header-login")).toHaveAttribute("href", "/login");
    await expect(page.getByTestId("header-register")).toBeVisible();
    await expect(page.getByTestId("header-register")).toHaveAttribute("href", "/register");
    await expect(page.getByTestId("header-website")).toBeVisible();
    await expect(page.getByTestId("header-website")).toHaveAttribute("href", "/welcome");
    await expect(page.getByTestId("header-language")).toBeVisible();
    // The small-screen controls stay out of the way on a desktop.
    await expect(page.getByTestId("mobile-menu-button")).toBeHidden();
    await expect(page.getByTestId("sidebar-language")).toBeHidden();

    await sidebar.getByRole("link", { name: "新規登録" }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(links.nth(1)).toHaveAttribute("aria-current", "page");
  });

  await test.step("switches to English, remembers it, renders it on the first byte, and restores a missing cookie", async () => {
    await visit(page, "/login");
    await page.getByTestId("header-language").getByLabel("言語").selectOption("en");

    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByTestId("header-login")).toHaveText("Login");
    await expect(page.getByTestId("header-register")).toHaveText("Register");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Login");
    await expect(page).toHaveTitle("Login | Cashback Member Portal");
    await expect(page.getByTestId("header-language").getByLabel("Language")).toHaveValue("en");

    // Where the choice lives, and its mirror for the server.
    expect(await page.evaluate(() => window.localStorage.getItem("language"))).toBe("en");
    const languageCookie = async () =>
      (await context.cookies(E2E_ORIGIN)).find((c) => c.name === "language");
    const cookie = await languageCookie();
    expect(cookie?.value).toBe("en");
    expect(cookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 300 * 24 * 3600);

    await reload(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByTestId("header-login")).toHaveText("Login");

    // A fresh request with the cookie is English in the HTML itself, before any script runs.
    const html = await (await page.request.get("/login")).text();
    expect(html).toContain('<html lang="en"');
    expect(html).not.toContain("キャッシュバック会員ポータル");

    // The stored choice wins over a missing cookie: the server renders ja (no cookie), the
    // browser restores the cookie and reloads in en.
    await context.clearCookies({ name: "language" });
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByTestId("header-login")).toHaveText("Login");
    await expect.poll(async () => (await languageCookie())?.value).toBe("en");
    // The reloaded page hydrates after its <html lang> shows: a choice made before would change
    // the select with no handler on it yet.
    await expect(page.locator("html[data-hydrated]")).toBeAttached();

    // Back to Japanese.
    await page.getByTestId("header-language").getByLabel("Language").selectOption("ja");
    await expect(page.locator("html")).toHaveAttribute("lang", "ja");
    await expect(page.getByTestId("header-login")).toHaveText("ログイン");
    expect(await page.evaluate(() => window.localStorage.getItem("language"))).toBe("ja");
  });

  // The theme steps check the theme, not the pages: a page's own errors are its own spec's concern.
  problems.allow(/\/users\//);
  await test.step("dark mode toggles, is kept for a year, survives a reload and yields to / and back", async () => {
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

  await test.step("dark mode has no toggle on / and /users, where light is forced", async () => {
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

  await test.step("the charts' axis text and figures read on the dark background", async () => {
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
});

test(
  "on a phone: the header's controls, the menu drawer, its language switch and dark mode",
  { tag: "@mobile" },
  async ({ page }) => {
    // Five former tests of about 60 s each on a slow machine.
    test.setTimeout(300_000);
    await test.step("hides the header login and register below 480 px", async () => {
      await visit(page, "/login");
      await expect(page.getByTestId("header-login")).toBeHidden();
      await expect(page.getByTestId("header-register")).toBeHidden();
      await expect(page.getByTestId("header-website")).toBeHidden();
      await expect(page.getByTestId("header-language")).toBeHidden();
      await expect(page.getByTestId("menu-column")).toBeHidden();
      await expect(page.getByTestId("mobile-menu-button")).toBeVisible();
      // Nothing sticks out sideways at 375 px.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);

      await page.setViewportSize({ width: 480, height: 812 });
      await expect(page.getByTestId("header-login")).toBeVisible();
      await expect(page.getByTestId("header-register")).toBeVisible();

      // Back to the phone width for the steps below.
      await page.setViewportSize({ width: 375, height: 812 });
    });

    await test.step("opens the menu drawer from the keyboard and closes it with Escape", async () => {
      await visit(page, "/login");
      const button = page.getByTestId("mobile-menu-button");
      await expect(button).toHaveAccessibleName("メニューを開く");

      // The skip link first, then the menu button.
      await page.keyboard.press("Tab");
      await expect(page.getByRole("link", { name: "本文へ移動" })).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(button).toBeFocused();
      await page.keyboard.press("Enter");

      const drawer = page.getByRole("dialog", { name: "メインメニュー" });
      await expect(drawer).toBeVisible();
      await expect(button).toHaveAttribute("aria-expanded", "true");
      await expect(drawer.getByRole("link")).toHaveText([
        "ログイン",
        "新規登録",
        "還元レート",
        "ヘルプ",
        /ウェブサイト/,
      ]);
      await expect(drawer.getByLabel("言語")).toBeVisible();
      await expect(drawer.getByLabel("言語")).toHaveValue("ja");

      // Focus stays inside the drawer while it is open.
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press("Tab");
        expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      }

      await page.keyboard.press("Escape");
      await expect(drawer).toBeHidden();
      await expect(button).toBeFocused();
      await expect(button).toHaveAttribute("aria-expanded", "false");
    });

    await test.step("a drawer entry navigates and closes the drawer", async () => {
      await visit(page, "/login");
      const button = page.getByTestId("mobile-menu-button");
      await button.click();
      await page.getByRole("dialog").getByRole("link", { name: "新規登録" }).click();
      await expect(page).toHaveURL(/\/register$/);
      await expect(page.getByRole("dialog")).toBeHidden();
      await button.click();
      await expect(
        page.getByRole("dialog").getByRole("link", { name: "新規登録" }),
      ).toHaveAttribute("aria-current", "page");
    });

    await test.step("switches language from the drawer", async () => {
      await visit(page, "/login");
      await page.getByTestId("mobile-menu-button").click();
      const drawer = page.getByRole("dialog", { name: "メインメニュー" });
      await drawer.getByLabel("言語").selectOption("en");
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(page.getByRole("dialog", { name: "Main menu" })).toBeVisible();
      await expect(page.getByRole("dialog").getByRole("link")).toHaveText([
        "Login",
        "Register",
        "Cashback rates",
        "Help",
        /Website/,
      ]);
      await page.getByRole("dialog").getByRole("button", { name: "Close menu" }).click();
      await expect(page.getByRole("dialog")).toBeHidden();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Login");
    });

    await test.step("visitors have dark mode on the login page, phone header included", async () => {
      await visit(page, "/login");
      await page.getByTestId("theme-toggle").click();
      await expect(page.locator("html")).toHaveClass(/dark/);
      await reload(page);
      await expect(page.locator("html")).toHaveClass(/dark/);
    });
  },
);

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
