import { E2E_ORIGIN } from "./env";
import { expect, reload, test, visit } from "./fixtures";

test.describe("language", () => {
  test("is Japanese by default although the browser asks for English", async ({ page }) => {
    const response = await visit(page, "/login");
    expect(await response?.request().headerValue("accept-language")).toMatch(/^en-US/);
    await expect(page.locator("html")).toHaveAttribute("lang", "ja");
    await expect(page).toHaveTitle("ログイン | キャッシュバック会員ポータル");
    const nav = page.getByTestId("menu-column").getByRole("navigation", { name: "メインメニュー" });
    await expect(nav.getByRole("link", { name: "ログイン" })).toBeVisible();
    await expect(page.getByTestId("header-register")).toHaveText("新規登録");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("ログイン");
  });

  test("switches to English, remembers it and renders it on the first byte", async ({
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
    const cookie = (await context.cookies(E2E_ORIGIN)).find((c) => c.name === "language");
    expect(cookie?.value).toBe("en");
    expect(cookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 300 * 24 * 3600);

    await reload(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByTestId("header-login")).toHaveText("Login");

    // A fresh request with the cookie is English in the HTML itself, before any script runs.
    const html = await (await page.request.get("/login")).text();
    expect(html).toContain('<html lang="en"');
    expect(html).toContain("Cashback Member Portal");
    expect(html).not.toContain("キャッシュバック会員ポータル");

    // Back to Japanese.
    await page.getByTestId("header-language").getByLabel("Language").selectOption("ja");
    await expect(page.locator("html")).toHaveAttribute("lang", "ja");
    await expect(page.getByTestId("header-login")).toHaveText("ログイン");
    expect(await page.evaluate(() => window.localStorage.getItem("language"))).toBe("ja");
  });

  test("a member's choice is kept on the account, for mail and LINE", async ({
    page,
    db,
    login,
  }) => {
    const member = await login();
    await visit(page, "/users");
    const language = async () =>
      (
        await db.kysely
          .selectFrom("users")
          .select("language")
          .where("id", "=", member.id)
          .executeTakeFirstOrThrow()
      ).language;
    await page.getByTestId("header-language").getByLabel("言語").selectOption("en");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect.poll(language).toBe("en");
    await page.getByTestId("header-language").getByLabel("Language").selectOption("ja");
    await expect(page.locator("html")).toHaveAttribute("lang", "ja");
    await expect.poll(language).toBe("ja");
  });

  test("a stored choice wins over a missing cookie", async ({ page, context }) => {
    await visit(page, "/login");
    await page.evaluate(() => window.localStorage.setItem("language", "en"));
    await context.clearCookies({ name: "language" });
    // The server renders ja (no cookie); the browser restores the cookie and reloads in en.
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByTestId("header-login")).toHaveText("Login");
    const cookie = (await context.cookies(E2E_ORIGIN)).find((c) => c.name === "language");
    expect(cookie?.value).toBe("en");
  });

  test("a request without the cookie stays Japanese whatever Accept-Language says", async ({
    playwright,
  }) => {
    const api = await playwright.request.newContext({
      baseURL: E2E_ORIGIN,
      extraHTTPHeaders: { "Accept-Language": "en-US,en;q=0.9" },
    });
    const html = await (await api.get("/login")).text();
    expect(html).toContain('<html lang="ja"');
    expect(html).toContain("キャッシュバック会員ポータル");
    await api.dispose();
  });
});
