import { E2E_ORIGIN } from "./env";
import { expect, reload, test, visit } from "./fixtures";

test.describe("visitor shell", () => {
  test("/ leads to login, in Japanese although the browser asks for English, with the logged-out sidebar and the header buttons", async ({
    page,
  }) => {
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

  test("switches to English, remembers it, renders it on the first byte, and restores a missing cookie", async ({
    page,
    context,
  }) => {
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

  test("hides the header login and register below 480 px", { tag: "@mobile" }, async ({ page }) => {
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
  });

  test(
    "opens the menu drawer from the keyboard and closes it with Escape",
    { tag: "@mobile" },
    async ({ page }) => {
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
    },
  );

  test("switches language from the drawer", { tag: "@mobile" }, async ({ page }) => {
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

  test("a drawer entry navigates and closes the drawer", { tag: "@mobile" }, async ({ page }) => {
    await visit(page, "/login");
    const button = page.getByTestId("mobile-menu-button");
    await button.click();
    await page.getByRole("dialog").getByRole("link", { name: "新規登録" }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole("dialog")).toBeHidden();
    await button.click();
    await expect(page.getByRole("dialog").getByRole("link", { name: "新規登録" })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });
});
