import { DEMO_MEMBER } from "../../db/seed";
import { signInByEmail, test, userIdByEmail, visit } from "./fixtures";
import { languageCookie, PHONE, SHOT_LANGUAGES, shooterFor, shootSteps } from "./shots";

/**
 * Screenshots of the profile, payment and account pages for a person to look at (not compared against anything):
 * 375 px and desktop, ja and en, with the seeded demo member's accounts. Opt in with
 * `SCREENSHOTS=1 scripts/e2e-local.sh tests/e2e/accounts-screenshots.spec.ts`; they land in
 * SHOTS_DIR (default test-results/screenshots/accounts).
 */
const shoot = shooterFor(process.env.SHOTS_DIR ?? "test-results/screenshots/accounts");

for (const lng of SHOT_LANGUAGES) {
  test(`member pages (${lng})`, async ({ page, context, db, problems }) => {
    test.setTimeout(90_000);
    problems.allow(/\?_data=/);
    await signInByEmail(context, db, DEMO_MEMBER.email);
    await languageCookie(context, lng);
    await shootSteps(page, shoot, lng, [
      ["mypage", "/users/mypage"],
      ["bank", "/users/bank"],
    ]);
    // Errors at 375 px: a refused account number, a refused payment form.
    await page.setViewportSize(PHONE);
    await visit(page, "/users/bank");
    await page.locator("select[name=brokerId]").selectOption({ label: "TitanFX" });
    await page.locator("input[name=accountNumber]").fill("12AB");
    await page.getByTestId("add-account").locator("button[type=submit]").click();
    await page.getByTestId("error-accountNumber").waitFor();
    await shoot(page, `bank-error-phone-${lng}`);
    await page.locator("select[name=brokerId]").selectOption({ label: "Errante" });
    await shoot(page, `bank-errante-phone-${lng}`);

    await visit(page, "/users/mypage");
    const payment = page.getByTestId("payment-section");
    await payment.locator("input[name=password]").fill(DEMO_MEMBER.password);
    await payment.locator("button[type=submit]").click();
    await page.getByTestId("payment-form").waitFor();
    await shoot(page, `mypage-payment-form-phone-${lng}`);
    await page.locator("input[name=bankName]").fill("みずほ銀行");
    await page.locator("input[name=bankCode]").fill("１２３");
    await page.locator("input[name=usdtAddress]").fill("0x1234");
    await page.getByTestId("payment-form").locator("button[type=submit]").click();
    await page.getByTestId("error-bankCode").waitFor();
    await shoot(page, `mypage-payment-errors-phone-${lng}`);
  });

  test(`admin pages (${lng})`, async ({ page, context, login, db }) => {
    test.setTimeout(90_000);
    await login("admin");
    await languageCookie(context, lng);
    const demo = await userIdByEmail(db, DEMO_MEMBER.email);
    await shootSteps(page, shoot, lng, [
      ["admin-accounts", "/admin/account"],
      ["admin-brokers", "/admin/account/brokers"],
      ["admin-broker-new", "/admin/account/brokers/new"],
      ["admin-customers", "/admin/customer"],
      ["admin-customer", `/admin/customer/${demo}`],
    ]);
  });
}
