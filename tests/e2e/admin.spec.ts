import { type Locator } from "@playwright/test";
import { expect, test, visit } from "./fixtures";
import { member, withdraw } from "./money-steps";
import { languageCookie } from "./shots";

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

test.describe("admin shell", () => {
  test.beforeEach(async ({ problems }) => {
    // These tests check the shell, not the pages behind its links: a page's own errors are
    // its own spec's concern.
    problems.allow(/\/admin(\/|\?|\.data|$)/);
  });

  test("shows the 17 entries in a fixed quarter-width column", async ({ page, login }) => {
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

  test("/ leads an admin to the admin area, whose menu ends with logout", async ({
    page,
    login,
  }) => {
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

  test(
    "the phone drawer closes on an entry but not on a group",
    { tag: "@mobile" },
    async ({ page, login }) => {
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
    },
  );
});

/**
 * The admin home as a work queue: a member's new withdrawal request shows in the queue with
 * its count and age and in the menu's badge; the queue item leads to the list filtered to what
 * waits, where the request is. The charts write their figures out.
 */
test("the queue shows pending work, its badge, and leads to the filtered list", async ({
  page,
  db,
  login,
}) => {
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
  await expect(page.getByTestId("table-row").filter({ hasText: m.email })).toContainText("¥12,345");
});

test("in English, and the sections' tabs sit under the title", async ({ page, context, login }) => {
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
