import { type Locator } from "@playwright/test";
import { newId } from "#db/id";
import { adminList, setActive } from "#server/features/marathon/service";
import { mailLink, newBrowserContext } from "./auth-helpers";
import { expect, forgetLanguage, insertUser, signInUser, test, visit } from "./fixtures";
import { member, withdraw } from "./money-steps";
import { atEachSize, languageCookie, SHOT_LANGUAGES, shooterFor } from "./shots";

/** The 17 admin menu entries, in order (campaigns and gachas are groups). */
const ADMIN_ENTRIES = [
  "HOME",
  "顧客一覧",
  "口座一覧",
  "キャッシュバック一覧",
  "ランキング",
  "プレゼント一覧",
  "出金一覧",
  "アフィリエイト一覧",
  "キャッシュバックマラソン",
  "キャンペーン",
  "ガチャ",
  "EA一覧",
  "データ更新",
  "ポップアップ",
  "設定",
  /外部サイト/,
  "ログアウト",
];

/** The top-level entries: links and group buttons, not the sub-entries of an open group. */
function topLevelEntries(menu: Locator) {
  return menu.locator(
    ":scope > ul > li > a, :scope > ul > li > button, :scope > ul > li > form > button",
  );
}

/**
 * The admin area, as an admin meets it in one sitting: the home as a work queue (a member's new
 * withdrawal request shows in the queue with its count and age and in the menu's badge; the
 * queue item leads to the list filtered to what waits; the charts write their figures out),
 * the home in English, roles and the team tab (a support admin sees no money in the menu, and a
 * money page is the 403 page in ja and en at both widths; an owner invites by mail, and the
 * invitee sets a password and lands on the second factor's enrolment, nothing else), the
 * marathon editor, and last the menu itself, which ends with logging out. What differs on a
 * phone (the drawer) is a journey of its own.
 */

/** The 403 page's heading. */
const FORBIDDEN = {
  ja: "このページはあなたのロールでは開けません",
  en: "Your role does not include this page",
} as const;

/**
 * The marathon editor's steps: goals as rows with a live preview of the member's popup, a row
 * added from the keyboard, a refused row named in place, then the marathon saved and edited.
 * Its marathons start in 2099, so no member qualifies and other tests' imports never reach them.
 *
 * Goal numbers are unique across marathons, and other specs create marathons in parallel from
 * the "next free" number too: each step takes numbers of its own, far from theirs, so a
 * neighbour saving first cannot refuse this step's save (it did, once in CI).
 */
const ownGoalNumber = () => 500_000 + Math.floor(Math.random() * 400_000);
const shoot = shooterFor("test-results/screenshots");

test("admin: home queue, English, roles and team, marathon editor, the menu", async ({
  page,
  login,
  db,
  context,
  problems,
  browser,
}) => {
  test.setTimeout(540_000);
  await test.step("the queue shows pending work, its badge, and leads to the filtered list", async () => {
    const m = await member(db, 30_000);
    await withdraw(db, m, "bank", 12_345);
    await login("admin");
    await page.setViewportSize({ width: 1280, height: 800 });

    await visit(page, "/admin");
    await expect(page.getByRole("heading", { level: 1, name: "ホーム" })).toBeVisible();
    const item = page.getByTestId("home-pending-withdrawals");
    await expect(item).toContainText("出金申請");
    // The oldest request's age: this one's if nothing older waits.
    await expect(item).toContainText(/最古 (1分以内|\d+(分|時間|日)前)/);
    const count = Number((await item.locator(".text-2xl").innerText()).replace(/[^\d]/g, ""));
    expect(count).toBeGreaterThan(0);
    for (const queue of ["transfers", "accounts", "licences", "chats"]) {
      await expect(page.getByTestId(`home-pending-${queue}`)).toBeVisible();
    }

    // The menu's entry says the same number, in words for a screen reader.
    const withdrawEntry = page.getByTestId("admin-menu").getByRole("link", { name: /出金/ });
    const badge = withdrawEntry.getByTestId("admin-pending-badge");
    await expect(badge).toBeVisible();
    await expect(badge.locator(".sr-only")).toHaveText(/^対応待ち \d+件$/);

    // The charts carry their totals as text and a table for screen readers.
    for (const chart of ["chart-daily", "chart-monthly", "chart-brokers", "chart-members"]) {
      await expect(page.getByTestId(`${chart}-total`)).toHaveText(/^合計 /);
    }
    await expect(page.getByTestId("chart-daily").getByRole("table")).toHaveCount(1);

    await item.click();
    await expect(page).toHaveURL(/\/admin\/withdraw\?status=pending$/);
    await expect(page.getByTestId("tab-withdrawals")).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("table-row").filter({ hasText: m.email })).toContainText(
      "¥12,345",
    );
  });
  await test.step("in English, and the sections' tabs sit under the title", async () => {
    await login("admin");
    await languageCookie(context, "en");
    await page.setViewportSize({ width: 1280, height: 800 });
    await visit(page, "/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Home" })).toBeVisible();
    await expect(page.getByTestId("home-pending-chats")).toContainText("Unread chats");

    // Licences: a tab of the EA section (no "back" link), the title first.
    await visit(page, "/admin/eas");
    await page.getByTestId("all-licenses").click();
    await expect(page).toHaveURL(/\/admin\/eas\/licenses$/);
    const heading = page.getByRole("heading", { level: 1 });
    const tabs = page.getByRole("navigation", { name: "EAs" });
    await expect(tabs.getByTestId("all-licenses")).toHaveAttribute("aria-current", "page");
    const headingBox = (await heading.boundingBox())!;
    const tabsBox = (await tabs.boundingBox())!;
    expect(tabsBox.y).toBeGreaterThan(headingBox.y);
  });
  await test.step("the support admin sees no money in the menu, and the 403 page in each language", async () => {
    // The step before read the pages in English.
    await forgetLanguage(page);
    // The 403 is what this test asks for. Which pages and files a role may open is asked of the
    // routes (tests/routes/guards.test.ts); here, what the support admin sees.
    problems.allow(/\/admin\/withdraw(\.data)?(\?|$)/);
    const support = await insertUser(db, { permission: "admin", adminRole: "support" });
    await signInUser(context, db, support.id);
    await page.setViewportSize({ width: 1280, height: 800 });

    await visit(page, "/admin/customer");
    const menu = page.getByTestId("admin-menu");
    await expect(menu.getByRole("link", { name: "顧客一覧" })).toBeVisible();
    await expect(menu.getByRole("link", { name: /出金/ })).toHaveCount(0);
    await expect(menu.getByRole("link", { name: /プレゼント/ })).toHaveCount(0);

    // The language by the URL's `lng`: it comes before the cookie and the one the page stored.
    for (const lng of SHOT_LANGUAGES) {
      await atEachSize(page, async (size) => {
        const response = await page.goto(`/admin/withdraw?lng=${lng}`);
        expect(response?.status()).toBe(403);
        await expect(page.getByTestId("forbidden")).toBeVisible();
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(FORBIDDEN[lng]);
        await shoot(page, `admin-403-${size}-${lng}`);
      });
    }
  });
  await test.step("an owner invites an admin; the invitee sets a password, then must enrol a factor", async () => {
    // The step before read the pages in English.
    await forgetLanguage(page);
    await login("admin");
    await page.setViewportSize({ width: 1280, height: 800 });
    await visit(page, "/admin/setting/team");
    const email = `invitee-${Date.now()}@example.test`;
    const invite = page.getByTestId("team-invite");
    await invite.getByLabel("メールアドレス").fill(email);
    await invite.getByLabel("氏名").fill("招待 太郎");
    await invite.getByLabel("ロール").selectOption("finance");
    await invite.getByRole("button", { name: "招待を送信" }).click();
    await expect(page.getByTestId("team-done")).toContainText("招待を送信しました");
    await expect(page.getByTestId("team-invitation").filter({ hasText: email })).toContainText(
      "経理",
    );
    await shoot(page, "admin-team-desktop-ja");

    const link = await mailLink(email, "adminInvitation");
    const invitee = await newBrowserContext(browser);
    const other = await invitee.newPage();
    await other.goto(link);
    await expect(other.getByTestId("invitation")).toContainText("経理");
    await other.locator('input[name="password"]').fill("Invitee-Strong-2026!");
    await other.locator('input[name="passwordConfirm"]').fill("Invitee-Strong-2026!");
    await other.getByRole("button", { name: "パスワードを設定して進む" }).click();
    // The password's hash takes a moment on a busy machine.
    await expect(other).toHaveURL(/\/admin\/security/, { timeout: 20_000 });
    // Before a second factor, every admin page sends them back to enrol.
    await other.goto("/admin/withdraw");
    await expect(other).toHaveURL(/\/admin\/security/);
    // The link was single use.
    await other.goto(link);
    await expect(other.getByTestId("invitation-invalid")).toBeVisible();
    await invitee.close();
  });
  await test.step("the admin adds goal rows, sees the popup preview, gets a bad row refused in place, saves and edits", async () => {
    // The refused save answers 400, as forms here do.
    problems.allow(/\/admin\/cb_marathon/);
    const admin = await login("admin");
    const title = `Editor marathon ${newId().slice(-6)}`;
    await visit(page, "/admin/cb_marathon");
    const editor = page.getByTestId("marathon-editor");
    await editor.getByLabel("タイトル", { exact: true }).fill(title);
    await editor.getByLabel("タイトル（英語・任意）").fill(`${title} (en)`);
    // The start day is left for later: the refused save below must check it too.
    const rows = editor.getByTestId("goal-row");
    const first = rows.nth(0);
    await first.getByLabel("番号").fill(String(ownGoalNumber()));
    await first.getByLabel("目標（累計キャッシュバック・円）").fill("10,000");
    await first.getByLabel("報酬（円）").fill("1000");
    await first
      .getByLabel("ポップアップ文言（日本語）")
      .fill("おめでとうございます！\nゴール達成です");
    // The preview is the member's popup, line breaks and reward included, as it is typed.
    const preview = first.getByTestId("goal-preview");
    await expect(preview.getByTestId("marathon-goal-text")).toHaveText(
      "おめでとうございます！ゴール達成です",
    );
    await expect(preview.locator("br")).toHaveCount(1);
    await expect(preview).toContainText("¥1,000");
    await expect(preview).not.toContainText("プレビュー（英語）");

    // Add a row from the keyboard: focus lands in the new row, its number already offered.
    await editor.getByRole("button", { name: "ゴールを追加" }).focus();
    await page.keyboard.press("Enter");
    await expect(rows).toHaveCount(2);
    const second = rows.nth(1);
    await expect(second.getByLabel("番号")).toBeFocused();
    const n = Number(await first.getByLabel("番号").inputValue());
    await expect(second.getByLabel("番号")).toHaveValue(String(n + 1));
    await second.getByLabel("目標（累計キャッシュバック・円）").fill("5000");
    await second.getByLabel("報酬（円）").fill("0");
    await second.getByLabel("ポップアップ文言（日本語）").fill("二つ目");
    await second.getByLabel("ポップアップ文言（英語・任意）").fill("Second goal");
    await expect(second.getByTestId("goal-preview")).toContainText("Second goal");

    // A target below the row above is refused on that row, and nothing is saved.
    await editor.getByRole("button", { name: "作成する" }).click();
    await expect(page.getByTestId("rows-error")).toHaveText("1件のゴールに入力の誤りがあります。");
    // The reason takes focus and is in view, not the button pressed at the bottom of the rows.
    await expect(page.getByTestId("editor-refusal")).toBeFocused();
    await expect(page.getByTestId("rows-error")).toBeInViewport();
    // What the admin sees at once after the refused save.
    await shoot(page, "marathon-editor-refused-ja-1280", false);
    await expect(rows.nth(1).getByTestId("error-goals[1].threshold")).toHaveText(
      "目標は前のゴールより大きくしてください",
    );
    await expect(rows.nth(0).getByTestId("error-goals[0].threshold")).toHaveCount(0);
    expect((await adminList(db)).marathons.some((m) => m.title === title)).toBe(false);

    // The save checked every field, not only those left so far (the start day was never touched).
    await expect(editor.getByTestId("error-startsOn")).toHaveText("日付が正しくありません");
    await editor.getByLabel("開始日").fill("2099-01-01");
    await rows.nth(1).getByLabel("目標（累計キャッシュバック・円）").fill("20,000");
    await editor.getByRole("button", { name: "作成する" }).click();
    await expect(page.getByTestId("marathon-notice")).toHaveText("マラソンを作成しました。");
    const card = page.getByTestId("admin-marathon").filter({ hasText: title });
    await expect(card).toContainText("¥20,000");
    await expect(card).toContainText("Second goal");

    // Edit: the rows come back; removing the second one and saving keeps the first.
    await card.getByRole("link", { name: "編集" }).click();
    await expect(page.getByRole("heading", { name: `「${title}」を編集` })).toBeVisible();
    await expect(rows).toHaveCount(2);
    await rows.nth(1).getByRole("button", { name: "ゴール 2 を削除" }).click();
    await expect(rows).toHaveCount(1);
    await editor.getByRole("button", { name: "保存する" }).click();
    await expect(page.getByTestId("marathon-notice")).toHaveText("マラソンを保存しました。");
    const saved = (await adminList(db)).marathons.find((m) => m.title === title)!;
    expect(saved.goals.map((g) => g.threshold)).toEqual([10_000]);
    await setActive(db, admin.id, saved.id, false);
  });
  await test.step("a save pressed straight from a goal's text checks every field, the reason in view", async () => {
    problems.allow(/\/admin\/cb_marathon/);
    await login("admin");
    await visit(page, "/admin/cb_marathon");
    const editor = page.getByTestId("marathon-editor");
    const rows = editor.getByTestId("goal-row");
    await rows.nth(0).getByLabel("目標（累計キャッシュバック・円）").fill("10000");
    await rows.nth(0).getByLabel("ポップアップ文言（日本語）").fill("一つ目");
    await editor.getByRole("button", { name: "ゴールを追加" }).click();
    await rows.nth(1).getByLabel("目標（累計キャッシュバック・円）").fill("5000");
    await rows.nth(1).getByLabel("報酬（円）").fill("0");
    await rows.nth(1).getByLabel("ポップアップ文言（日本語）").fill("二つ目");
    // Leaving the text checks it (conform submits with its own intent): that is not a refused
    // save, so the summary must not take focus and scroll the save button from under the click.
    await editor.getByRole("button", { name: "作成する" }).click();
    await expect(editor.getByTestId("error-title")).toHaveText("入力してください");
    await expect(rows.nth(0).getByTestId("error-goals[0].reward")).toHaveText("入力してください");
    await expect(page.getByTestId("rows-error")).toHaveText("2件のゴールに入力の誤りがあります。");
    await expect(page.getByTestId("editor-refusal")).toBeFocused();
    await expect(page.getByTestId("rows-error")).toBeInViewport();
  });
  await test.step("without JavaScript, a row is added by the server and the form still saves", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const admin = await insertUser(db, { permission: "admin", nickname: `nj${newId().slice(-8)}` });
    await signInUser(context, db, admin.id);
    await page.goto("/admin/cb_marathon");
    const editor = page.getByTestId("marathon-editor");
    const title = `No-JS marathon ${newId().slice(-6)}`;
    await editor.getByLabel("タイトル", { exact: true }).fill(title);
    await editor.getByLabel("開始日").fill("2099-02-01");
    const rows = editor.getByTestId("goal-row");
    const own = ownGoalNumber();
    await rows.nth(0).getByLabel("番号").fill(String(own));
    await rows.nth(0).getByLabel("目標（累計キャッシュバック・円）").fill("3000");
    await rows.nth(0).getByLabel("報酬（円）").fill("100");
    await rows.nth(0).getByLabel("ポップアップ文言（日本語）").fill("一つ目");
    await editor.getByRole("button", { name: "ゴールを追加" }).click();
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0).getByLabel("ポップアップ文言（日本語）")).toHaveValue("一つ目");
    await expect(editor.getByLabel("タイトル", { exact: true })).toHaveValue(title);
    // The server offers the next free number, which a parallel spec may be taking right now.
    await rows
      .nth(1)
      .getByLabel("番号")
      .fill(String(own + 1));
    await rows.nth(1).getByLabel("目標（累計キャッシュバック・円）").fill("2000");
    await rows.nth(1).getByLabel("報酬（円）").fill("200");
    await rows.nth(1).getByLabel("ポップアップ文言（日本語）").fill("二つ目");
    // A third row left blank (its number alone) is no goal; the server's refusal names the row
    // by its place on the page, every row sent coming back as typed.
    await editor.getByRole("button", { name: "ゴールを追加" }).click();
    await expect(rows).toHaveCount(3);
    await editor.getByRole("button", { name: "作成する" }).click();
    await expect(page.getByTestId("rows-error")).toHaveText("1件のゴールに入力の誤りがあります。");
    await expect(rows.nth(1).getByTestId("error-goals[1].threshold")).toHaveText(
      "目標は前のゴールより大きくしてください",
    );
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1).getByLabel("ポップアップ文言（日本語）")).toHaveValue("二つ目");
    await rows.nth(1).getByLabel("目標（累計キャッシュバック・円）").fill("6000");
    await editor.getByRole("button", { name: "作成する" }).click();
    await expect(page.getByTestId("marathon-notice")).toBeVisible();
    const saved = (await adminList(db)).marathons.find((m) => m.title === title)!;
    expect(saved.goals.map((g) => g.threshold)).toEqual([3_000, 6_000]);
    await setActive(db, admin.id, saved.id, false);
    await context.close();
  });
  await test.step("shows the 17 entries in a fixed quarter-width column", async () => {
    // The menu's steps check the shell, not the pages behind its links: a page's own errors
    // are its own step's concern.
    problems.allow(/\/admin(\/|\?|\.data|$)/);
    await login("admin");
    await visit(page, "/admin");
    const column = page.getByTestId("menu-column");
    const menu = column.getByRole("navigation", { name: "管理メニュー" });
    await expect(menu).toBeVisible();
    // Contain, not equal: an entry with waiting work ends with its pending badge.
    await expect(topLevelEntries(menu)).toHaveCount(ADMIN_ENTRIES.length);
    await expect(topLevelEntries(menu)).toContainText(ADMIN_ENTRIES);
    await expect(menu.getByRole("link", { name: "HOME" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("mobile-menu-button")).toBeHidden();
    // No member sidebar and no visitor buttons for an admin.
    await expect(page.getByTestId("member-nav")).toHaveCount(0);
    await expect(page.getByTestId("header-login")).toHaveCount(0);

    // 25 % menu, 75 % content.
    const layout = await page.getByTestId("layout-admin").boundingBox();
    const aside = await column.boundingBox();
    const main = await page.getByTestId("main").boundingBox();
    expect(layout && aside && main).toBeTruthy();
    const inner = layout!.width - 32; // the container's 1 rem padding on each side
    expect(aside!.width / inner).toBeCloseTo(0.25, 1);
    expect(main!.x).toBeGreaterThan(aside!.x + aside!.width);
    expect(main!.x + main!.width).toBeLessThanOrEqual(layout!.x + layout!.width);

    // It stays in place while the page scrolls.
    await page.evaluate(() => {
      document.getElementById("main")!.style.minHeight = "3000px";
      window.scrollTo(0, 1500);
    });
    await expect(menu.getByRole("link", { name: "HOME" })).toBeInViewport();

    // The groups work from the keyboard.
    const gachas = menu.getByRole("button", { name: "ガチャ" });
    await gachas.focus();
    await page.keyboard.press("Enter");
    await expect(gachas).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(menu.getByRole("link", { name: "ガチャ一覧" })).toBeFocused();

    // Groups open their sub-entries; a sub-entry is marked current on its page.
    await menu.getByRole("button", { name: "キャンペーン" }).click();
    await menu.getByRole("link", { name: "キャンペーン作成" }).click();
    await expect(page).toHaveURL(/\/admin\/campaigns\/create$/);
    await expect(menu.getByRole("link", { name: "キャンペーン作成" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(menu.getByRole("link", { name: "キャンペーン一覧" })).not.toHaveAttribute(
      "aria-current",
    );
  });
  await test.step("/ leads an admin to the admin area, whose menu ends with logout", async () => {
    await login("admin");
    await visit(page, "/");
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByTestId("layout-admin")).toBeVisible();
    const menu = page.getByTestId("admin-menu");
    await expect(topLevelEntries(menu)).toHaveCount(17);

    // Its last entry logs out.
    await menu.getByRole("button", { name: "ログアウト" }).click();
    await expect(page).toHaveURL(/\/login\?loggedOut=true$/);
    await expect(page.getByTestId("admin-menu")).toHaveCount(0);
  });
});

test("admin on a phone: the drawer closes on an entry but not on a group @mobile", async ({
  page,
  login,
  problems,
}) => {
  test.setTimeout(60_000);
  await test.step("the phone drawer closes on an entry but not on a group", async () => {
    // This checks the shell, not the pages behind its links.
    problems.allow(/\/admin(\/|\?|\.data|$)/);
    await login("admin");
    await visit(page, "/admin");
    await expect(page.getByTestId("menu-column")).toBeHidden();

    const button = page.getByTestId("mobile-menu-button");
    const drawer = page.getByRole("dialog", { name: "管理メニュー" });
    /** Follows the drawer's link to `url`: the drawer closes behind it. */
    const follow = async (name: string, url: RegExp) => {
      await drawer.getByRole("link", { name }).click();
      await expect(page).toHaveURL(url);
      await expect(drawer).toBeHidden();
    };
    /** Reopens the drawer, which marks the link to the page it was left on as current. */
    const reopenAt = async (name: string) => {
      await button.click();
      await expect(drawer.getByRole("link", { name })).toHaveAttribute("aria-current", "page");
    };
    await button.click();
    await expect(drawer).toBeVisible();
    const entries = topLevelEntries(drawer.getByTestId("admin-menu"));
    await expect(entries).toHaveCount(ADMIN_ENTRIES.length);
    await expect(entries).toContainText(ADMIN_ENTRIES);
    await expect(drawer.getByLabel("言語")).toBeVisible();

    // A normal entry navigates and closes the drawer.
    await follow("顧客一覧", /\/admin\/customer$/);

    // The groups open in place: the drawer stays.
    await reopenAt("顧客一覧");
    const campaigns = drawer.getByRole("button", { name: "キャンペーン" });
    await campaigns.click();
    await expect(campaigns).toHaveAttribute("aria-expanded", "true");
    await expect(drawer.getByRole("link", { name: "キャンペーン一覧" })).toBeVisible();
    const gachas = drawer.getByRole("button", { name: "ガチャ" });
    await gachas.click();
    await expect(gachas).toHaveAttribute("aria-expanded", "true");
    await expect(drawer).toBeVisible();

    // A sub-entry navigates and closes it.
    await follow("ガチャ一覧", /\/admin\/gachas$/);

    // Reopened, the group of the current page is open.
    await reopenAt("ガチャ一覧");
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
  });
});
