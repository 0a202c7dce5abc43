import { expect, test, visit } from "./fixtures";
import { member, withdraw } from "./money-steps";
import { languageCookie } from "./shots";

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
