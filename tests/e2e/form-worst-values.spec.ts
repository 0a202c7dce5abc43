import type { Page } from "@playwright/test";
import { expect, insertUser, test, visit } from "./fixtures";
import { openPaymentForm } from "./money-steps";
import { languageCookie } from "./shots";

/**
 * Each money and profile form sent with its worst values on a phone (375 px): the refusal's
 * summary is in view and focused, and its message names the real limit (a transfer's range
 * from the settings, a withdrawal's available balance), never only "a whole number".
 */

test.use({ viewport: { width: 375, height: 667 } });

/** The summary: focused, wholly in view, an alert; the field's message beside it too. */
async function expectRefusal(page: Page, field: string, text: string) {
  const summary = page.getByTestId("form-error");
  await expect(summary).toBeFocused();
  await expect(summary).toHaveAttribute("role", "alert");
  await expect(summary).toBeInViewport({ ratio: 1 });
  await expect(summary).toContainText(text);
  await expect(page.getByTestId(`error-${field}`)).toHaveText(text);
  // Nothing scrolls sideways on the phone.
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(client);
}

test("transfer: ¥999,999,999 names the range the settings allow, in both languages", async ({
  page,
  context,
  db,
  payingMember,
  problems,
}) => {
  problems.allow(/\/users\/withdraw\/transfer/);
  await payingMember(20_000);
  const friend = await insertUser(db, { emailPrefix: "friend" });
  await visit(page, "/users/withdraw/transfer");
  await page.locator("input[name=email]").fill(friend.email);
  const amount = page.locator("input[name=amount]");
  await amount.fill("999,999,999");
  await page.locator("main button[type=submit]").click();
  await expectRefusal(page, "amount", "送金額は¥1,000〜¥500,000の範囲で入力してください");
  await expect(page.getByTestId("form-error")).not.toContainText("1円以上の整数");

  // Below the minimum: the same range.
  await amount.fill("999");
  await page.locator("main button[type=submit]").click();
  await expectRefusal(page, "amount", "送金額は¥1,000〜¥500,000の範囲で入力してください");

  // Without the browser's check the action answers the same: tests/routes/member-forms.test.ts.

  await languageCookie(context, "en");
  await visit(page, "/users/withdraw/transfer");
  await page.locator("input[name=email]").fill(friend.email);
  await page.locator("input[name=amount]").fill("999999999");
  await page.locator("main button[type=submit]").click();
  await expectRefusal(page, "amount", "Enter an amount from ¥1,000 to ¥500,000");
});

test("withdrawal: ¥999,999,999 names the available balance", async ({
  page,
  payingMember,
  problems,
}) => {
  problems.allow(/\/users\/withdraw\/new/);
  await payingMember(20_000);
  await visit(page, "/users/withdraw/new");
  await page.locator("input[name=amount]").fill("999999999");
  await page.locator("main button[type=submit]").click();
  await expectRefusal(page, "amount", "申請額が出金可能額（¥20,000）を超えています");
  await expect(page.getByTestId("form-error")).not.toContainText("1円以上の整数");

  await page.locator("input[name=amount]").fill("-5");
  await page.locator("main button[type=submit]").click();
  await expectRefusal(page, "amount", "金額は1円以上の整数で入力してください");
});

test("payout details: every field wrong at once is summarised at the top, focused", async ({
  page,
  login,
  problems,
}) => {
  problems.allow(/\/users\/mypage/);
  await login("member");
  const form = await openPaymentForm(page);
  await form.getByLabel("銀行名").fill("x".repeat(300));
  await form.getByLabel("銀行コード").fill("abcd");
  await form.getByLabel("支店名").fill("東京営業部");
  await form.getByLabel("支店番号").fill("9a");
  await form.getByLabel("口座種別").selectOption("savings");
  await form.getByLabel("口座番号", { exact: true }).fill("12ab");
  await form.getByLabel("口座名義（カタカナ）").fill("Suzuki Hanako");
  await form.getByRole("button", { name: "出金先情報を保存" }).click();
  const summary = page.getByTestId("form-error");
  await expect(summary).toBeFocused();
  await expect(summary).toBeInViewport();
  for (const text of [
    "銀行コードは半角数字4桁で入力してください",
    "支店番号は半角数字3桁で入力してください",
  ])
    await expect(summary).toContainText(text);
  await expect(page.getByTestId("error-bankCode")).toHaveText(
    "銀行コードは半角数字4桁で入力してください",
  );
});

test("profile: a name in Japanese letters and a URL that is not Twitter's are summarised, focused", async ({
  page,
  login,
  problems,
}) => {
  problems.allow(/\/users\/mypage/);
  await login("member");
  await visit(page, "/users/mypage");
  const section = page.getByTestId("profile-section");
  await section.locator("input[name=name]").fill("山田 太郎");
  await section.locator("input[name=twitterUrl]").fill("https://example.com/" + "x".repeat(400));
  await section.getByRole("button", { name: "保存する" }).click();
  const summary = page.getByTestId("form-error");
  await expect(summary).toBeFocused();
  await expect(summary).toBeInViewport({ ratio: 1 });
  await expect(summary).toContainText("半角英字");
  await expect(summary).toContainText("TwitterアカウントURLが長すぎます");
});
