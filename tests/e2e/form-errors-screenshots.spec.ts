import { E2E_PASSWORD, test, visit } from "./fixtures";
import { atEachSize, SHOT_LANGUAGES, shooterFor } from "./shots";
import { setLanguage } from "./walk";

/**
 * Screenshots for a person to look at (not compared against anything), at 1280 and 375 px, ja
 * and en: what the member sees right after a refused submit (the viewport, not the full page),
 * an eight-figure balance, the campaign cards and the LINE page. Opt in with SCREENSHOTS=1;
 * they land in test-results/screenshots.
 */
const shoot = shooterFor("test-results/screenshots");

for (const lng of SHOT_LANGUAGES) {
  test(`refused forms where the eye is (${lng})`, async ({
    page,
    context,
    payingMember,
    problems,
  }) => {
    test.setTimeout(180_000);
    // Each refusal is a 400 of the form's action: the point of these screenshots.
    problems.allow(/\/users\/(withdraw|bank|mypage)/);
    await setLanguage(context, lng);
    await payingMember(99_999_999);
    const submit = page.locator("main form:has(input[name=requestKey]) button[type=submit]");
    await atEachSize(page, async (size) => {
      await visit(page, "/users/withdraw/new");
      await page.locator("input[name=amount]").fill("199999999");
      await submit.click();
      await page.getByTestId("form-error").waitFor();
      await shoot(page, `error-withdraw-${size}-${lng}`, false);

      await visit(page, "/users/withdraw/transfer");
      await page.locator("input[name=email]").fill("nobody-here@example.test");
      await page.locator("input[name=amount]").fill("1000");
      await submit.click();
      await page.getByTestId("form-error").waitFor();
      await shoot(page, `error-transfer-${size}-${lng}`, false);

      // The worst amount: the message names the settings' range.
      await visit(page, "/users/withdraw/transfer");
      await page.locator("input[name=email]").fill("nobody-here@example.test");
      await page.locator("input[name=amount]").fill("999999999");
      await submit.click();
      await page.getByTestId("form-error").waitFor();
      await shoot(page, `error-transfer-range-${size}-${lng}`, false);

      await visit(page, "/users/mypage");
      const profile = page.getByTestId("profile-section");
      await profile.locator("input[name=name]").fill("山田 太郎");
      await profile.locator("button[type=submit]").click();
      await page.getByTestId("form-error").waitFor();
      await shoot(page, `error-profile-${size}-${lng}`, false);

      await visit(page, "/users/bank");
      await page.locator("select[name=brokerId]").selectOption({ label: "TitanFX" });
      await page.locator("input[name=accountNumber]").fill("12AB");
      await page.locator("input[name=accountNumber]").press("Enter");
      await page.getByTestId("form-error").waitFor();
      await shoot(page, `error-bank-${size}-${lng}`, false);

      await visit(page, "/users/mypage");
      const payment = page.getByTestId("payment-section");
      if (await payment.locator("input[type=password]").count()) {
        await payment.locator("input[type=password]").fill(E2E_PASSWORD);
        await payment.locator("button[type=submit]").click();
        await payment.getByTestId("payment-form").waitFor({ timeout: 15_000 });
      }
      await payment.locator("input[name=bankAccountNumber]").fill("12ab");
      await payment.getByTestId("payment-form").locator("button[type=submit]").click();
      await page.getByTestId("form-error").waitFor();
      await shoot(page, `error-payout-${size}-${lng}`, false);

      await visit(page, "/users/statement");
      await shoot(page, `statement-8figures-${size}-${lng}`, false);
      await visit(page, "/users/campaigns");
      await shoot(page, `campaign-cards-${size}-${lng}`);
      await visit(page, "/users/line-connect");
      await shoot(page, `line-connect-${size}-${lng}`);
    });
  });

  test(`registration refused where the eye is (${lng})`, async ({ page, context }) => {
    await setLanguage(context, lng);
    await atEachSize(page, async (size) => {
      await visit(page, "/register");
      await page.locator("main form:has(input[name=passwordConfirm]) button[type=submit]").click();
      await page.getByTestId("form-error").waitFor();
      await shoot(page, `error-register-${size}-${lng}`, false);
    });
  });
}
