import type { Locator, Page } from "@playwright/test";
import { withdrawalExpectedBy } from "#server/lib/business-days";
import { fund } from "../helpers/money";
import { expect, insertUser, test, visit } from "./fixtures";
import { openPaymentForm } from "./money-steps";
import { languageCookie } from "./shots";
import { setLanguage } from "./walk";

/**
 * The money forms check themselves in the browser with the procedure's own zod schema: a
 * field's error shows when the member leaves it, and a form with an error is not sent. What
 * only the server knows (the balance, the recipient) still comes back from the server.
 */

/**
 * A refused form on a phone (375 px): the reason is where the member is looking. Focus moves to
 * the error summary at the top of the form, scrolled into view and announced; each invalid field
 * is marked and linked from the summary; an error goes as soon as its cause is edited, and none
 * survives a corrected submit. The worst values (¥999,999,999, a negative amount) name the real
 * limit. What the server answers without the browser's check, the payout details' and the
 * profile's field messages included, is asked in tests/routes/member-forms.test.ts.
 */

const PHONE = { width: 375, height: 667 };
const DESKTOP = { width: 1280, height: 800 };

/** The summary: focused, inside the viewport, an alert, saying `text`. */
async function expectSummary(page: Page, text: string | RegExp) {
  const summary = page.getByTestId("form-error");
  await expect(summary).toBeFocused();
  await expect(summary).toHaveAttribute("role", "alert");
  await expect(summary).toContainText(text);
  await expect(summary).toBeInViewport({ ratio: 1 });
  return summary;
}

/** Nothing scrolls sideways on the phone. */
async function expectNoSidewaysScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(client);
}

/** The field is marked invalid, its message beside it, and the summary links to it. */
async function expectMarked(summary: Locator, field: Locator, message: string | RegExp) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const id = await field.getAttribute("id");
  const described = (await field.getAttribute("aria-describedby")) ?? "";
  const errorId = described.split(" ").find((d) => d.endsWith("-error"));
  expect(errorId, "the field names its error").toBeTruthy();
  await expect(field.page().locator(`[id="${errorId}"]`)).toContainText(message);
  await expect(summary.locator(`a[href="#${id}"]`)).toContainText(message);
}

/** Refused for `message`: the summary at the top says it, and the field is marked with it. */
async function expectRefused(page: Page, field: Locator, message: string) {
  const summary = await expectSummary(page, message);
  await expectMarked(summary, field, message);
  return summary;
}

/** The field's error went once it was edited: no summary left, the field no longer marked. */
async function expectCleared(page: Page, field: Locator) {
  await expect(page.getByTestId("form-error")).toHaveCount(0);
  await expect(field).not.toHaveAttribute("aria-invalid", "true");
}

test("forms check themselves in the browser, and a refusal is shown at the top of the form, focused, on a phone", async ({
  page,
  context,
  db,
  login,
  payingMember,
  problems,
}) => {
  // Seven former tests of about 60 s each on a slow machine.
  test.setTimeout(420_000);
  // Each step signs a member of its own in (its balance and payout details are its own), after
  // the visitor's registration; a step that expects the server's refusal allows its 400 from
  // there on, so the steps that expect none come before.
  await test.step("registration: an empty submit focuses the summary, which links every field", async () => {
    await page.setViewportSize(PHONE);
    problems.allow(/\/register(\.data|\?)/);
    await visit(page, "/register");
    const main = page.getByTestId("main");
    const name = main.getByLabel("氏名（半角英字）");
    await main.getByRole("button", { name: "登録する" }).click();
    const summary = await expectRefused(page, name, "氏名（半角英字）は必須です");
    // Five fields and the agreement to the terms, which registration now requires.
    await expect(summary.locator("a")).toHaveCount(6);
    await expect(summary.locator("a").last()).toHaveText(
      "利用規約とプライバシーポリシーに同意してください",
    );

    // Following a link puts the cursor in its field.
    await summary.locator("a").first().click();
    await expect(name).toBeFocused();
    await name.fill("Taro Yamada");
    await expect(summary.locator("a")).toHaveCount(5);
  });

  await test.step("the withdrawal form shows field errors before it is sent, and sends once they are fixed", async () => {
    await page.setViewportSize(DESKTOP);
    await payingMember(20_000);
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });

    await visit(page, "/users/withdraw/new");
    const amount = page.locator("input[name=amount]");
    const submit = page.locator("main button[type=submit]");
    // When it should be processed, in Japanese business days.
    await expect(page.getByTestId("expected-by")).toContainText(
      withdrawalExpectedBy(new Date()).replaceAll("-", "/"),
    );

    // Sent empty: the field says so, nothing leaves the browser.
    await submit.click();
    await expect(page.getByTestId("error-amount")).toHaveText("出金額（円）は必須です");
    await expect(amount).toHaveAttribute("aria-invalid", "true");
    // Not a whole number: shown on leaving the field.
    await amount.fill("12.5");
    await amount.blur();
    await expect(page.getByTestId("error-amount")).toHaveText(
      "金額は1円以上の整数で入力してください",
    );
    // Under the method's minimum: the same rule as the service, from the same module.
    await page.locator("input[value=usdt]").check();
    await amount.fill("4999");
    await submit.click();
    await expect(page.getByTestId("error-amount")).toHaveText("最低出金額は¥5,000です");
    expect(posts, "no request while the form has an error").toEqual([]);

    // Fixed as the member types: the error goes, and the form is sent.
    await amount.fill("5,000");
    await expect(page.getByTestId("error-amount")).toHaveCount(0);
    await page.getByTestId("usdt-confirm").check();
    await submit.click();
    await expect(page.getByTestId("withdraw-submitted")).toBeVisible();
    expect(posts.filter((u) => u.includes("/users/withdraw/new"))).toHaveLength(1);
  });

  await test.step("withdrawal: over the balance is shown at the top, focused; editing the amount clears it", async () => {
    await page.setViewportSize(PHONE);
    problems.allow(/\/users\/withdraw\/new/);
    await payingMember(20_000);
    await visit(page, "/users/withdraw/new");
    const amount = page.locator("input[name=amount]");
    const submit = page.locator("main button[type=submit]");

    // The worst value: refused in the browser naming the balance the page knows, never only "a
    // whole number" (the server's own answer: tests/routes/member-forms.test.ts).
    await amount.fill("999999999");
    await submit.click();
    await expectRefused(page, amount, "申請額が出金可能額（¥20,000）を超えています");
    await expect(page.getByTestId("form-error")).not.toContainText("1円以上の整数");
    await expectNoSidewaysScroll(page);

    await amount.fill("-5");
    await submit.click();
    await expectRefused(page, amount, "金額は1円以上の整数で入力してください");

    // Editing the amount: that refusal no longer applies, and goes at once; what is wrong with
    // the new amount is said instead, beside it and in the summary.
    await amount.fill("500");
    await expect(page.getByTestId("form-error")).not.toContainText("1円以上の整数");
    await expect(page.getByTestId("error-amount")).toHaveText("最低出金額は¥1,000です");

    // Refused in the browser: the same summary, focused, with the field's own message.
    await submit.click();
    await expectRefused(page, amount, "最低出金額は¥1,000です");

    // Another method: the message follows it, nothing of the bank's stays.
    await page.locator("input[value=usdt]").check();
    await expect(page.getByTestId("error-amount")).toHaveText("最低出金額は¥5,000です");
    await expect(page.getByTestId("form-error")).not.toContainText("¥1,000");

    // Corrected and sent: no error anywhere.
    await amount.fill("5000");
    await page.getByTestId("usdt-confirm").check();
    await submit.click();
    await expect(page.getByTestId("withdraw-submitted")).toBeVisible();
    await expect(page.getByTestId("form-error")).toHaveCount(0);
  });

  await test.step("a refusal the page was loaded with is conform's own: the refused field is checked again as it is edited", async () => {
    problems.allow(/\/users\/withdraw\/new/);
    await payingMember(20_000);
    await visit(page, "/users/withdraw/new");
    const amount = page.locator("input[name=amount]");
    await amount.fill("500");
    // Sent as a page without its scripts sends it (the form's own submit, no check in the
    // browser): the server refuses it and answers with the whole page.
    const loaded = page.waitForEvent("load");
    await page
      .locator("form:has(input[name=amount])")
      .evaluate((form: HTMLFormElement) => HTMLFormElement.prototype.submit.call(form));
    await loaded;
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    await expect(page.getByTestId("error-amount")).toHaveText("最低出金額は¥1,000です");
    await expect(amount).toHaveValue("500");
    // The answer counts the amount as checked, so typing re-checks it at once, as after a
    // check in the browser, without waiting for the member to leave the field.
    await amount.fill("12.5");
    await expect(page.getByTestId("error-amount")).toHaveText(
      "金額は1円以上の整数で入力してください",
    );
    await expect(amount).toBeFocused();
    await amount.fill("2000");
    await expect(page.getByTestId("error-amount")).toHaveCount(0);
  });

  await test.step("transfer: the worst amounts name the allowed range in both languages; an unknown recipient is focused at the top and goes once the address is edited", async () => {
    problems.allow(/\/users\/withdraw\/transfer/);
    await payingMember(20_000);
    const friend = await insertUser(db, { emailPrefix: "friend" });
    await visit(page, "/users/withdraw/transfer");
    const email = page.locator("input[name=email]");
    const amount = page.locator("input[name=amount]");
    const submit = page.locator("main button[type=submit]");

    // Above and below the range the settings allow: the range, never only "a whole number".
    await email.fill(friend.email);
    for (const worst of ["999,999,999", "999"]) {
      await amount.fill(worst);
      await submit.click();
      await expectRefused(page, amount, "送金額は¥1,000〜¥500,000の範囲で入力してください");
      await expect(page.getByTestId("form-error")).not.toContainText("1円以上の整数");
    }

    await email.fill("nobody-here@example.test");
    await amount.fill("1000");
    await submit.click();
    await expectRefused(page, email, "送金先が見つかりません");

    await email.fill(friend.email);
    await expectCleared(page, email);
    await submit.click();
    await expect(page).toHaveURL(/\/users\/withdraw\b/);
    await expect(page.getByTestId("form-error")).toHaveCount(0);

    await languageCookie(context, "en");
    await visit(page, "/users/withdraw/transfer");
    await email.fill(friend.email);
    await amount.fill("999999999");
    await submit.click();
    await expectRefused(page, amount, "Enter an amount from ¥1,000 to ¥500,000");
  });

  await test.step("payout details: a refused field is focused at the top; the corrected form saves with no error left", async () => {
    // The transfer step ended in English.
    await setLanguage(context, "ja");
    problems.allow(/\/users\/mypage/);
    await login("member");
    const form = await openPaymentForm(page);

    await form.getByLabel("銀行名").fill("みずほ銀行");
    await form.getByLabel("銀行コード").fill("0001");
    await form.getByLabel("支店名").fill("東京営業部");
    await form.getByLabel("支店番号").fill("001");
    await form.getByLabel("口座種別").selectOption("savings");
    const number = form.getByLabel("口座番号", { exact: true });
    await number.fill("12ab");
    await form.getByLabel("口座名義（カタカナ）").fill("ｽｽﾞｷ ﾊﾅｺ");
    await form.getByRole("button", { name: "出金先情報を保存" }).click();
    await expectRefused(page, number, "口座番号");

    await number.fill("1234567");
    await expectCleared(page, number);
    await form.getByRole("button", { name: "出金先情報を保存" }).click();
    await expect(page.getByTestId("payment-saved")).toBeVisible();
    await expect(page.getByTestId("form-error")).toHaveCount(0);
  });

  await test.step("account registration: a malformed number is focused at the top and goes when edited", async () => {
    problems.allow(/\/users\/bank/);
    await login("member");
    await visit(page, "/users/bank");
    await page.getByLabel("会社").selectOption({ label: "TitanFX" });
    const number = page.getByRole("textbox", { name: /口座番号|顧客ID|UID/ });
    await number.fill("12AB");
    await page.getByRole("button", { name: "申請する" }).click();
    await expectRefused(page, number, "顧客IDは半角数字6〜8桁で入力してください");

    await number.fill("123456");
    await expectCleared(page, number);
  });

  await test.step("the transfer form checks the email and the amount in the browser (English)", async () => {
    await page.setViewportSize(DESKTOP);
    // The unknown recipient is the server's answer: a 400 with its message.
    problems.allow(/\/users\/withdraw\/transfer/);
    const me = await login("member");
    await setLanguage(context, "en");
    await fund(db, me.id, 20_000);
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });

    await visit(page, "/users/withdraw/transfer");
    const email = page.locator("input[name=email]");
    await email.fill("not-an-email");
    await email.blur();
    await expect(page.getByTestId("error-email")).toHaveText("Please enter a valid email address");
    await page.locator("input[name=amount]").fill("-3");
    await page.locator("main button[type=submit]").click();
    await expect(page.getByTestId("error-amount")).toHaveText(
      "Enter a whole number of yen, 1 or more",
    );
    expect(posts).toEqual([]);

    // Well formed but nobody's address: only the server can say, and it does.
    await email.fill("nobody-here@example.test");
    await page.locator("input[name=amount]").fill("1000");
    await expect(page.getByTestId("error-email")).toHaveCount(0);
    await page.locator("main button[type=submit]").click();
    // At the top of the form, linked to the address, and beside the address.
    await expect(page.getByTestId("form-error")).toHaveText("Recipient not found");
    await expect(page.getByTestId("error-email")).toHaveText("Recipient not found");
    expect(posts).toHaveLength(1);
  });
});
