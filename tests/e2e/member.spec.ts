import { expect, test, visit, insertUser, reload } from "./fixtures";
import { type Db } from "#db";
import { newId } from "#db/id";
import { tokyoMonth } from "#server/features/ranking/summary";
import { addMonthlyCashback, createAccount, createBroker } from "../helpers/cashback";
import { shooterFor, atEachSize, languageCookie } from "./shots";
import { linkLine } from "../helpers/line-link";

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
    problems.allow(/\/users(\/|\?|\.data|$)/);
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

/**
 * The ranking in the browser: the member sees nicknames, ranks and amounts, their own place,
 * and switches genre and period; a member who opted out is not listed; the admin sees real
 * names. Amounts here are far above anything other tests import this month, so these members
 * lead the board. Screenshots (1280 and 375 px) land in test-results/screenshots.
 */
test.describe.configure({ mode: "default" });

const DIR = "test-results/screenshots";

async function member(db: Db, nickname: string, name: string, optOut = false) {
  const { id } = await insertUser(db, { emailPrefix: "rk", name, nickname, rankingOptOut: optOut });
  return id;
}

async function cashback(db: Db, broker: string, userId: string, amount: number) {
  const account = await createAccount(db, userId, broker, newId().slice(-6));
  const month = tokyoMonth(new Date());
  await addMonthlyCashback(db, { userId, accountId: account, brokerId: broker, month, amount });
}

const shoot = shooterFor(DIR);

test("members see the ranking by nickname with their own place; the admin sees names", async ({
  page,
  db,
  login,
}) => {
  const tag = newId().slice(-5).toLowerCase();
  const broker = await createBroker(db, `R${tag}`, `Rank ${tag}`);
  const top = await member(db, `トップ${tag}`, "Taro Top");
  const hidden = await member(db, `hidden${tag}`, "Hidden Member", true);
  const xss = await member(db, `<b>x</b>${tag}`, "Xss Member");
  await cashback(db, broker, top, 900_000_000);
  await cashback(db, broker, hidden, 990_000_000);
  await cashback(db, broker, xss, 800_000_000);
  const me = await login();
  await cashback(db, broker, me.id, 800_000_000);

  await atEachSize(page, async (_size, { width: w }) => {
    await visit(page, "/users/ranking");
    const table = page.getByTestId("ranking-table");
    const rows = table.locator("tbody tr");
    await expect(rows.nth(0)).toContainText(`トップ${tag}`);
    await expect(rows.nth(0)).toContainText("¥900,000,000");
    // A tie: both second; the nickname is text, never markup.
    await expect(rows.nth(1)).toContainText("2");
    await expect(rows.nth(2)).toContainText("2");
    await expect(table).toContainText(`<b>x</b>${tag}`);
    await expect(table).not.toContainText(`hidden${tag}`);
    await expect(table).not.toContainText("Taro Top");
    await expect(page.getByTestId("ranking-me")).toContainText("2位");
    await shoot(page, `ranking-member-${w}`);
  });

  await page.getByRole("link", { name: "出金" }).click();
  await expect(page).toHaveURL(/genre=withdrawal&scope=month/);
  await page.getByRole("link", { name: "全期間" }).click();
  await expect(page).toHaveURL(/genre=withdrawal&scope=all/);
  await expect(page.getByTestId("ranking-me")).toBeVisible();

  await login("admin");
  await atEachSize(page, async (_size, { width: w }) => {
    await visit(page, "/admin/ranking");
    await expect(page.getByTestId("ranking-table").locator("tbody tr").nth(0)).toContainText(
      "Taro Top",
    );
    await shoot(page, `ranking-admin-${w}`);
  });
});

/**
 * Mail for money events: on /users/mypage a member chooses per event group and
 * channel; the choice is saved with a message and is still there after a reload. LINE's
 * column appears only once LINE is linked.
 */

test.describe("mypage: notification choices", () => {
  test("mail only without LINE: untick, save, reload shows the choice", async ({ page, login }) => {
    await login("member");
    await visit(page, "/users/mypage");
    const section = page.getByTestId("notifications-section");
    await expect(section.getByRole("heading", { name: "お知らせ" })).toBeVisible();
    const rewards = section.getByRole("group", { name: "賞金・報酬" });
    const withdrawals = section.getByRole("group", { name: "出金" });
    // Everything is on by default; no LINE column without a link.
    await expect(rewards.getByLabel("メール")).toBeChecked();
    await expect(section.getByLabel("LINE")).toHaveCount(0);
    await expect(section.getByRole("link", { name: "LINEを連携する" })).toBeVisible();

    // Each switch's label row is a touch target of at least 44 px.
    const box = await rewards.locator("label", { hasText: "メール" }).boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);

    await rewards.locator("label", { hasText: "メール" }).click();
    await expect(rewards.getByLabel("メール")).not.toBeChecked();
    await section.getByRole("button", { name: "お知らせの設定を保存" }).click();
    await expect(page.getByTestId("notifications-saved")).toHaveText(
      "お知らせの設定を保存しました",
    );

    await reload(page);
    await expect(rewards.getByLabel("メール")).not.toBeChecked();
    await expect(withdrawals.getByLabel("メール")).toBeChecked();
    await expect(page.getByTestId("notifications-saved")).toHaveCount(0);
  });

  test("with LINE linked, both channels are offered and saved", async ({ page, login, db }) => {
    const me = await login("member");
    await linkLine(db, me.id);
    // In English this time: the section's texts come from both locales.
    await languageCookie(page.context(), "en");
    await visit(page, "/users/mypage");
    const section = page.getByTestId("notifications-section");
    await expect(section.getByRole("heading", { name: "Notifications" })).toBeVisible();
    const transfers = section.getByRole("group", { name: "Transfers" });
    const accounts = section.getByRole("group", { name: "Broker accounts" });
    await expect(transfers.getByLabel("LINE")).toBeChecked();
    await transfers.getByLabel("LINE").uncheck();
    await accounts.getByLabel("Email").uncheck();
    await section.getByRole("button", { name: "Save notification settings" }).click();
    await expect(page.getByTestId("notifications-saved")).toHaveText(
      "Your notification settings have been saved",
    );
    await reload(page);
    await expect(transfers.getByLabel("LINE")).not.toBeChecked();
    await expect(transfers.getByLabel("Email")).toBeChecked();
    await expect(accounts.getByLabel("Email")).not.toBeChecked();
    await expect(accounts.getByLabel("LINE")).toBeChecked();
  });
});
