import { test } from "./fixtures";
import { marginData } from "./margin-kit";
import { languageCookie, SHOT_LANGUAGES, shooterFor, shootSteps } from "./shots";

/**
 * Screenshots of the operator's margin (one broker, and every broker) and of the admin home
 * with this month's margin beside the work queue, at 1280 and 375 px in ja and en
 * (SCREENSHOTS=1).
 */
const shoot = shooterFor("test-results/screenshots");

for (const lng of SHOT_LANGUAGES) {
  test(`operator margin (${lng})`, async ({ page, context, db, login }) => {
    const s = await marginData(db);
    await login("admin");
    await languageCookie(context, lng);
    await shootSteps(page, shoot, lng, [
      ["margin-broker", `/admin/cashback/margin?broker=${s.withId}`],
      ["margin-all", "/admin/cashback/margin"],
      ["margin-home", "/admin", false],
    ]);
  });
}
