import { linkLine } from "../helpers/line-link";
import { test, visit } from "./fixtures";
import { atEachSize, languageCookie, SHOT_LANGUAGES, shooterFor } from "./shots";

/**
 * Screenshots of the mypage notification choices for a person to look at: 375 px and
 * desktop, ja and en, LINE linked (two columns) and not (mail only, with the connect link).
 * Opt in with SCREENSHOTS=1; they land in SHOTS_DIR (default test-results/screenshots/notify).
 */
const shoot = shooterFor(process.env.SHOTS_DIR ?? "test-results/screenshots/notify");

for (const lng of SHOT_LANGUAGES) {
  test(`mypage notifications (${lng})`, async ({ page, login, db }) => {
    test.setTimeout(90_000);
    const me = await login("member");
    await languageCookie(page.context(), lng);
    const section = page.getByTestId("notifications-section");
    await atEachSize(page, async (size) => {
      await visit(page, "/users/mypage");
      await section.scrollIntoViewIfNeeded();
      await section.screenshot({
        path: `test-results/screenshots/notify/unlinked-${size}-${lng}.png`,
      });
    });
    await linkLine(db, me.id);
    await atEachSize(page, async (size) => {
      await visit(page, "/users/mypage");
      await section.getByRole("button").click();
      await page.getByTestId("notifications-saved").waitFor();
      await section.screenshot({
        path: `test-results/screenshots/notify/linked-${size}-${lng}.png`,
      });
      await shoot(page, `mypage-${size}-${lng}`);
    });
  });
}
