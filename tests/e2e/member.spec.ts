import type { Browser, BrowserContext } from "@playwright/test";
import { type Db } from "#db";
import { newId } from "#db/id";
import { tokyoMonth } from "#server/features/ranking/summary";
import { addMonthlyCashback, createAccount, createBroker } from "../helpers/cashback";
import { linkLine } from "../helpers/line-link";
import { expect, freshStep, insertUser, reload, signInUser, test, visit } from "./fixtures";
import { atEachSize, languageCookie, shooterFor } from "./shots";

/**
 * A member's own pages as one journey per width, each former test a step with a member of its
 * own: the support chat between two browsers (the member writes, support answers from the
 * customer's chat page, and each side sees the other's messages and read state without
 * reloading); the mail choices on /users/mypage (saved with a message, still there after a
 * reload; LINE's column only once LINE is linked); the ranking (nicknames, ranks and amounts,
 * the member's own place, genre and period; an opted-out member is not listed; the admin sees
 * real names; amounts far above anything other tests import this month, so these members lead
 * the board); and the shell's menu, its current entry, its 404 and logout. Screenshots (1280
 * and 375 px) land in test-results/screenshots.
 */

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

/**
 * The shell's steps check the shell, not the pages behind its links: a page's own errors are
 * its own spec's concern. They come last in each journey, so this allowance reaches no other
 * step.
 */
const SHELL_ONLY = /\/users(\/|\?|\.data|$)/;

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

/** A second browser, signed in as a new admin (the `login` fixture serves the first one). */
async function adminBrowser(
  browser: Browser,
  db: Db,
  passwordHash: string,
): Promise<BrowserContext> {
  const admin = await insertUser(db, {
    emailPrefix: "e2e-admin",
    passwordHash,
    name: "E2E Admin",
    nickname: `admin${newId().slice(-6)}`,
    permission: "admin",
  });
  const context = await browser.newContext({ locale: "en-US", timezoneId: "Asia/Tokyo" });
  // The tag manager and pixel hosts are unreachable here.
  await context.route(/googletagmanager|google-analytics|facebook/, (route) =>
    route.fulfill({ status: 204, body: "" }),
  );
  await context.addCookies([{ name: "language", value: "en", domain: "localhost", path: "/" }]);
  await signInUser(context, db, admin.id);
  return context;
}

// An empty message is refused by the server with its reason: tests/routes/member-forms.test.ts.

test("a member's own pages: support chat, notification choices, the ranking, then the shell's menu and logout", async ({
  browser,
  context,
  db,
  login,
  page,
  passwordHash,
  problems,
}) => {
  test.setTimeout(480_000);
  await test.step("chat round trip: member → support → member, live and with read state", async () => {
    const member = await login("member");
    await context.addCookies([{ name: "language", value: "en", domain: "localhost", path: "/" }]);
    await visit(page, "/users/chat");
    await expect(page.getByTestId("chat-empty")).toBeVisible();
    const question = `Where is my withdrawal? ${newId().slice(-6)}`;
    await page.getByLabel("Message", { exact: true }).fill(question);
    await page.getByTestId("chat-send").click();
    const mine = page.getByTestId("chat-message").filter({ hasText: question });
    await expect(mine).toHaveAttribute("data-role", "member");
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue("");
    await expect(mine.getByTestId("chat-read")).toHaveCount(0);

    const adminContext = await adminBrowser(browser, db, passwordHash);
    try {
      const admin = await adminContext.newPage();
      await visit(admin, "/admin/customer/messages");
      // The unread filter is a text link a finger can still hit.
      const filter = await admin.getByTestId("inbox-filter").boundingBox();
      expect(filter?.height ?? 0).toBeGreaterThanOrEqual(44);
      // The admin menu counts members' unread messages. Its total is shared with every parallel
      // spec's threads (and shows "99+" past 99), so only its presence is checked here; the
      // count itself is covered in tests/integration/chat.test.ts.
      await expect(admin.getByTestId("admin-unread-badge")).toBeVisible();
      const row = admin.getByTestId("inbox-row").filter({ hasText: member.nickname });
      await expect(row.getByTestId("inbox-unread")).toContainText("1");
      await row.getByRole("link", { name: member.nickname }).click();
      await admin.waitForURL(`**/admin/customer/${member.id}/chat`);
      await expect(admin.getByTestId("chat-message").filter({ hasText: question })).toHaveAttribute(
        "data-role",
        "member",
      );

      // Opening the thread read it: this member's inbox row no longer counts it as unread.
      await visit(admin, "/admin/customer/messages");
      await expect(row).toBeVisible();
      await expect(row.getByTestId("inbox-unread")).toHaveCount(0);
      await row.getByRole("link", { name: member.nickname }).click();
      await admin.waitForURL(`**/admin/customer/${member.id}/chat`);

      // Support has read it: the member's page shows it without a reload.
      await expect(mine.getByTestId("chat-read")).toBeVisible({ timeout: 15_000 });

      const answer = "It was paid today. 本日お支払いしました。";
      await admin.getByLabel("Message", { exact: true }).fill(answer);
      await admin.getByTestId("chat-send").click();
      await expect(admin.getByTestId("chat-message").filter({ hasText: answer })).toHaveAttribute(
        "data-role",
        "admin",
      );

      // The member's open page receives the answer by polling.
      const reply = page.getByTestId("chat-message").filter({ hasText: answer });
      await expect(reply).toBeVisible({ timeout: 15_000 });
      await expect(reply).toHaveAttribute("data-role", "admin");
      await expect(reply).toContainText("Support");
      // …and, having shown it, tells support it was read.
      const sent = admin.getByTestId("chat-message").filter({ hasText: answer });
      await expect(sent.getByTestId("chat-read")).toBeVisible({ timeout: 15_000 });

      // The member answers back; support sees it live too.
      const thanks = "Thank you!";
      await page.getByLabel("Message", { exact: true }).fill(thanks);
      await page.getByTestId("chat-send").click();
      await expect(admin.getByTestId("chat-message").filter({ hasText: thanks })).toBeVisible({
        timeout: 15_000,
      });

      // The customer page leads to the same thread.
      await visit(admin, `/admin/customer/${member.id}`);
      await admin.getByTestId("customer-chat-link").click();
      await admin.waitForURL(`**/admin/customer/${member.id}/chat`);
      await expect(admin.getByTestId("chat-message")).toHaveCount(3);
    } finally {
      await adminContext.close();
    }
  });
  await test.step("mail only without LINE: untick, save, reload shows the choice", async () => {
    await freshStep(page);
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
  await test.step("with LINE linked, both channels are offered and saved", async () => {
    await freshStep(page);
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
  await test.step("members see the ranking by nickname with their own place; the admin sees names", async () => {
    await freshStep(page);
    const tag = newId().slice(-5).toLowerCase();
    const broker = await createBroker(db, `R${tag}`, `Rank ${tag}`);
    const top = await member(db, `トップ${tag}`, "Taro Top");
    const hidden = await member(db, `hidden${tag}`, "Hidden Member", true);
    const xss = await member(db, `<b>x</b>${tag}`, "Xss Member");
    // A retry finds the first attempt's members still ranked: its amounts lie above all of theirs.
    const above = test.info().retry * 200_000_000;
    await cashback(db, broker, top, 900_000_000 + above);
    await cashback(db, broker, hidden, 990_000_000 + above);
    await cashback(db, broker, xss, 800_000_000 + above);
    const me = await login();
    await cashback(db, broker, me.id, 800_000_000 + above);

    await atEachSize(page, async (_size, { width: w }) => {
      await visit(page, "/users/ranking");
      const table = page.getByTestId("ranking-table");
      const rows = table.locator("tbody tr");
      await expect(rows.nth(0)).toContainText(`トップ${tag}`);
      await expect(rows.nth(0)).toContainText(`¥${(900_000_000 + above).toLocaleString("en")}`);
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
  await test.step("/ leads to the dashboard, with the 16 member entries, the website and logout", async () => {
    await freshStep(page);
    problems.allow(SHELL_ONLY);
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
  await test.step("marks the current entry on a member page and renders the 404 inside the shell", async () => {
    await freshStep(page);
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
  await test.step("draws the ranking icon inverted on /users/ranking only", async () => {
    await freshStep(page);
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
  await test.step("logout ends the session, clears the popup flag and lands on login", async () => {
    await freshStep(page);
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

test("a member's own pages at 375 px: a chat image, then the drawer @mobile", async ({
  page,
  login,
  problems,
}) => {
  test.setTimeout(120_000);
  await test.step("the member attaches an image and sees it in the thread", async () => {
    await login("member");
    await visit(page, "/users/chat");
    await page.getByTestId("chat-image-input").setInputFiles("tests/fixtures/images/avatar.png");
    await page.getByTestId("chat-send").click();
    const image = page.getByTestId("chat-image");
    await expect(image).toBeVisible();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
  });
  await test.step("the drawer holds the member menu and the language selector", async () => {
    await freshStep(page);
    problems.allow(SHELL_ONLY);
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
  });
});
