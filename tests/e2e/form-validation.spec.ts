import { withdrawalExpectedBy } from "#server/lib/business-days";
import { fund } from "../helpers/money";
import { expect, test, visit } from "./fixtures";
import { setLanguage } from "./walk";

/**
 * The money forms check themselves in the browser with the procedure's own zod schema: a
 * field's error shows when the member leaves it, and a form with an error is not sent. What
 * only the server knows (the balance, the recipient) still comes back from the server.
 */

test("the withdrawal form shows field errors before it is sent, and sends once they are fixed", async ({
  page,
  payingMember,
}) => {
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

test("the transfer form checks the email and the amount in the browser (English)", async ({
  page,
  context,
  login,
  db,
  problems,
}) => {
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
