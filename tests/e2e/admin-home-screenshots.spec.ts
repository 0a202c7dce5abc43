import { test } from "./fixtures";
import { member, withdraw } from "./money-steps";
import { languageCookie, SHOT_LANGUAGES, shooterFor, shootSteps } from "./shots";

/**
 * Screenshots of the admin home (the work queue and the charts) and of section pages with
 * their tabs under the title, at 1280 and 375 px in ja and en (SCREENSHOTS=1).
 */
const shoot = shooterFor("test-results/screenshots");

for (const lng of SHOT_LANGUAGES) {
  test(`admin home and section tabs (${lng})`, async ({ page, context, db, login }) => {
    const m = await member(db, 30_000);
    await withdraw(db, m, "bank", 8_000);
    await login("admin");
    await languageCookie(context, lng);
    await shootSteps(page, shoot, lng, [
      ["admin-home", "/admin"],
      ["admin-tabs-eas", "/admin/eas/licenses", false],
      ["admin-tabs-affiliate", "/admin/affiliate/banners", false],
      ["admin-tabs-account", "/admin/account", false],
      ["admin-tabs-withdraw", "/admin/withdraw", false],
      ["admin-tabs-setting", "/admin/setting/zengin", false],
    ]);
  });
}
