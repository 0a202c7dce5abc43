import { expect, test, visit } from "./fixtures";

test.describe("visitor shell", () => {
  test("/ leads to login, with the logged-out sidebar and the header buttons", async ({ page }) => {
    await visit(page, "/");
    await expect(page).toHaveURL(/\/login$/);
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
