import { test, visit } from "./fixtures";
import { member, withdraw } from "./money-steps";
import { atEachSize, languageCookie, SHOT_LANGUAGES, shooterFor } from "./shots";

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
    await atEachSize(page, async (size) => {
      await visit(page, "/admin");
      await shoot(page, `admin-home-${size}-${lng}`);
      for (const [name, path] of [
        ["eas", "/admin/eas/licenses"],
        ["affiliate", "/admin/affiliate/banners"],
        ["account", "/admin/account"],
        ["withdraw", "/admin/withdraw"],
        ["setting", "/admin/setting/zengin"],
      ] as const) {
        await visit(page, path);
        await shoot(page, `admin-tabs-${name}-${size}-${lng}`, false);
      }
    });
  });
}
