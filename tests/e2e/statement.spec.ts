import { readFileSync } from "node:fs";
import { withdrawal } from "../helpers/statement";
import { expect, test, visit } from "./fixtures";

/**
 * The member's statement in the browser: every movement with the balances after it, the kind
 * filter, the CSV of what is shown, each row's link to its source, and no sideways scroll on
 * a phone.
 */
test("a member reads where each yen came from and went, filters it and downloads it", async ({
  page,
  payingMember,
  db,
}) => {
  const me = await payingMember(20_000);
  await withdrawal(db, me.id, "bank", 5_000, true);
  await withdrawal(db, me.id, "paypay", 1_000);

  // Reached from the balance on the dashboard, and from both histories.
  await visit(page, "/users/withdraw");
  await expect(page.getByTestId("statement-link")).toHaveAttribute("href", "/users/statement");
  await visit(page, "/users/present");
  await expect(page.getByTestId("statement-link")).toHaveAttribute("href", "/users/statement");
  await visit(page, "/users");
  await page.getByTestId("statement-link").click();
  await expect(page).toHaveURL(/\/users\/statement$/);
  await expect(page.getByTestId("statement-available")).toHaveText("¥14,000");
  await expect(page.getByTestId("statement-held")).toHaveText("¥1,000");
  const table = page.getByTestId("statement");
  const rows = table.getByTestId("table-row");
  await expect(rows).toHaveCount(4);
  // Newest first, each with what it was and the balances after it.
  const entries = table.getByTestId("statement-entry");
  await expect(entries).toHaveText([
    "出金申請（保留）",
    "出金完了",
    "出金申請（保留）",
    "プレゼント",
  ]);
  await expect(table.getByTestId("statement-available-after")).toHaveText([
    "¥14,000",
    "¥15,000",
    "¥15,000",
    "¥20,000",
  ]);
  await expect(table.getByTestId("statement-held-after")).toHaveText([
    "¥1,000",
    "¥0",
    "¥5,000",
    "¥0",
  ]);
  await expect(rows.first()).toContainText("-¥1,000");
  await expect(rows.first()).toContainText("PayPay");
  await expect(rows.last()).toContainText("+¥20,000");

  // The kind filter: only presents and prizes, balances still the true ones.
  await page.getByTestId("filter-kind").selectOption("rewards");
  await page.getByTestId("filters-apply").click();
  await expect(page).toHaveURL(/kind=rewards/);
  await expect(rows).toHaveCount(1);
  await expect(table.getByTestId("statement-available-after")).toHaveText(["¥20,000"]);

  // The CSV holds what the filter shows: BOM, Japanese header and label, Tokyo time.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("table-export").click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^statement-\d{8}\.csv$/);
  const csv = readFileSync((await download.path())!, "utf8");
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const lines = csv.slice(1).trimEnd().split("\r\n");
  expect(lines[0]).toContain("日時");
  expect(lines[0]).toContain("出金可能額（後）");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2},プレゼント,20000,0,20000,0/);

  // A kind with nothing in it says so.
  await page.getByTestId("filter-kind").selectOption("gacha");
  await page.getByTestId("filters-apply").click();
  await expect(page.getByTestId("statement-empty")).toContainText("条件に合う明細はありません");

  // Each row opens the history it comes from.
  await visit(page, "/users/statement?kind=withdrawals");
  await table.getByTestId("statement-entry").first().click();
  await expect(page).toHaveURL(/\/users\/withdraw$/);

  // On a phone the statement is a card list that never scrolls sideways.
  await page.setViewportSize({ width: 375, height: 812 });
  await visit(page, "/users/statement");
  await expect(rows).toHaveCount(4);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
