import { DEMO_MEMBER } from "../../db/seed";
import { signInByEmail, test, visit } from "./fixtures";
import { atEachSize, languageCookie, SHOT_LANGUAGES, shooterFor } from "./shots";

/**
 * Screenshots of the payout form (with the bank picker open) and the deposit history,
 * at 375 px and 1280 px, ja and en, for a person to look at. Opt in with SCREENSHOTS=1; they
 * land in SHOTS_DIR (default test-results/screenshots/payout-forms).
 */
const shoot = shooterFor(process.env.SHOTS_DIR ?? "test-results/screenshots/payout-forms");

for (const lng of SHOT_LANGUAGES) {
  test(`payout form and deposit history (${lng})`, async ({ page, context, db, problems }) => {
    test.setTimeout(120_000);
    problems.allow(/\?_data=/);
    await signInByEmail(context, db, DEMO_MEMBER.email);
    await languageCookie(context, lng);
    await atEachSize(page, async (size) => {
      await visit(page, "/users/present");
      await shoot(page, `present-${size}-${lng}`);
      await visit(page, "/users/mypage");
      const payment = page.getByTestId("payment-section");
      if (!(await payment.getByTestId("payment-form").isVisible())) {
        await payment.locator("input[name=password]").fill(DEMO_MEMBER.password);
        await payment.locator("button[type=submit]").click();
        await payment.getByTestId("payment-form").waitFor({ timeout: 15_000 });
      }
      await page.getByTestId("bank-picker").locator("input").fill("みず");
      await page.getByRole("listbox").getByRole("option").first().waitFor();
      await payment.scrollIntoViewIfNeeded();
      await payment.screenshot({
        path: `${process.env.SHOTS_DIR ?? "test-results/screenshots/payout-forms"}/payout-${size}-${lng}.png`,
        animations: "disabled",
      });
      await shoot(page, `mypage-${size}-${lng}`, false);
    });
  });
}
