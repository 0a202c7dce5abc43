import { expect, test, visit } from "./fixtures";

const MEMBER_ENTRIES = [
  ["ダッシュボード", "/users"],
  ["マラソン", "/users/cb_marathon"],
  ["キャンペーン", "/users/campaign"],
  ["プロフィール", "/users/mypage"],
  ["メッセージ", "/users/chat"],
  ["口座", "/users/bank"],
  ["EA", "/users/ea"],
  ["キャッシュバック", "/users/cashback"],
  ["バトル", "/users/cashback-battle"],
  ["ランキング", "/users/ranking"],
  ["入金履歴", "/users/present"],
  ["出金履歴", "/users/withdraw"],
  ["取引明細", "/users/statement"],
  ["ガチャ", "/users/gachas"],
  ["アフィリエイト", "/users/affiliate"],
  ["LINE通知", "/users/line-connect"],
] as const;

test.describe("member shell", () => {
  test.beforeEach(async ({ problems }) => {
    // These tests check the shell, not the pages behind its links: a page's own errors are
    // its own spec's concern.
    problems.allow(/\/users(\/|\?|$)/);
  });

  test("/ leads to the dashboard, with the 16 member entries, the website and logout", async ({
    page,
    login,
  }) => {
    const me = await login("member");
    await visit(page, "/");
    await expect(page).toHaveURL(/\/users$/);
    await expect(page.getByTestId("welcome")).toContainText(me.nickname);

    const nav = page.getByTestId("sidebar").getByRole("navigation", { name: "メインメニュー" });
    const links = nav.getByRole("link");
    await expect(links).toHaveText([
      ...MEMBER_ENTRIES.map(([label]) => label),
      "ヘルプ",
      /ウェブサイト/,
    ]);
    for (const [i, [, href]] of MEMBER_ENTRIES.entries()) {
      await expect(links.nth(i)).toHaveAttribute("href", href);
    }
    await expect(nav.getByRole("button", { name: "ログアウト" })).toBeVisible();
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    await expect(links.first()).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("ranking-icon")).not.toHaveClass(/(^|\s)invert(\s|$)/);
    // No visitor buttons for a member.
    await expect(page.getByTestId("header-login")).toHaveCount(0);
    await expect(page.getByTestId("header-register")).toHaveCount(0);
  });

  test("marks the current entry on a member page and renders the 404 inside the shell", async ({
    page,
    login,
  }) => {
    await login("member");
    // A path under a sidebar entry that no page answers (every entry has its page now).
    const response = await visit(page, "/users/cashback-battle/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("not-found")).toBeVisible();
    await expect(page.getByRole("heading", { name: "ページが見つかりません" })).toBeVisible();

    const nav = page.getByTestId("sidebar");
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    await expect(nav.getByRole("link", { name: "バトル" })).toHaveAttribute("aria-current", "page");
    // The 16 member entries, then Help and the website.
    await expect(nav.getByRole("link")).toHaveCount(18);
    await expect(page.getByTestId("ranking-icon").first()).not.toHaveClass(/(^|\s)invert(\s|$)/);

    // The dashboard entry is current on /users only, not on its sub-pages.
    await expect(nav.getByRole("link", { name: "ダッシュボード" })).not.toHaveAttribute(
      "aria-current",
    );
  });

  test("draws the ranking icon inverted on /users/ranking only", async ({ page, login }) => {
    await login("member");
    await visit(page, "/users/ranking");
    const icon = page.getByTestId("sidebar").getByTestId("ranking-icon");
    await expect(icon).toHaveClass(/(^|\s)invert(\s|$)/);
    await expect(
      page.getByTestId("sidebar").getByRole("link", { name: "ランキング" }),
    ).toHaveAttribute("aria-current", "page");

    // A client-side navigation elsewhere drops it. The entries are plain anchors with one
    // click handler: the click must not load a new document (the mark on window survives).
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByTestId("sidebar").getByRole("link", { name: "出金履歴" }).click();
    await expect(page).toHaveURL(/\/users\/withdraw$/);
    await expect(icon).not.toHaveClass(/(^|\s)invert(\s|$)/);
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);

    // So do the footer's links.
    await page.getByTestId("footer").getByRole("link", { name: "ヘルプ" }).click();
    await expect(page).toHaveURL(/\/help$/);
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
  });

  test(
    "the drawer holds the member menu and the language selector",
    { tag: "@mobile" },
    async ({ page, login }) => {
      await login("member");
      await visit(page, "/users/cashback");
      await expect(page.getByTestId("sidebar")).toBeHidden();
      await page.getByTestId("mobile-menu-button").click();
      const drawer = page.getByRole("dialog", { name: "メインメニュー" });
      await expect(drawer.getByRole("link")).toHaveText([
        ...MEMBER_ENTRIES.map(([label]) => label),
        "ヘルプ",
        /ウェブサイト/,
      ]);
      await expect(drawer.getByRole("link", { name: "キャッシュバック" })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect(drawer.getByRole("button", { name: "ログアウト" })).toBeVisible();
      await expect(drawer.getByLabel("言語")).toBeVisible();

      await drawer.getByRole("link", { name: "ガチャ" }).click();
      await expect(page).toHaveURL(/\/users\/gachas$/);
      await expect(drawer).toBeHidden();
    },
  );

  test("logout ends the session, clears the popup flag and lands on login", async ({
    page,
    context,
    login,
  }) => {
    await login("member");
    await visit(page, "/users");
    await page.evaluate(() => window.sessionStorage.setItem("modal_shown", "true"));
    await page.getByTestId("sidebar").getByRole("button", { name: "ログアウト" }).click();
    await expect(page).toHaveURL(/\/login\?loggedOut=true$/);
    expect(await page.evaluate(() => window.sessionStorage.getItem("modal_shown"))).toBeNull();
    expect((await context.cookies()).some((c) => c.name === "sid" && c.value)).toBe(false);
    await expect(page.getByTestId("menu-column").getByRole("link")).toHaveText([
      "ログイン",
      "新規登録",
      "還元レート",
      "ヘルプ",
      /ウェブサイト/,
    ]);
    // The session is gone: the member area sends the visitor to login.
    await page.goto("/users");
    await expect(page).toHaveURL(/\/login$/);
  });
});
