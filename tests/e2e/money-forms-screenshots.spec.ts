import { test, visit } from "./fixtures";
import { atEachSize, SHOT_LANGUAGES, shooterFor } from "./shots";
import { setLanguage } from "./walk";

/**
 * Screenshots of the withdrawal and transfer forms with the browser's field errors showing, for
 * a person to look at (not compared against anything), at 1280 and 375 px, ja and en. Opt in
 * with SCREENSHOTS=1; they land in test-results/screenshots.
 */
const shoot = shooterFor("test-results/screenshots");

for (const lng of SHOT_LANGUAGES) {
  test(`money forms with field errors (${lng})`, async ({ page, context, payingMember }) => {
    await setLanguage(context, lng);
    await payingMember(69_120);
    await atEachSize(page, async (size) => {
      await visit(page, "/users/withdraw/new");
      await page.locator("input[value=usdt]").check();
      await page.locator("input[name=amount]").fill("4999");
      await page.locator("main button[type=submit]").click();
      await shoot(page, `withdraw-new-errors-${size}-${lng}`);
      await visit(page, "/users/withdraw/transfer");
      await page.locator("input[name=email]").fill("not-an-email");
      await page.locator("textarea[name=message]").fill("ありがとう");
      await page.locator("main button[type=submit]").click();
      await shoot(page, `transfer-errors-${size}-${lng}`);
    });
  });
}
