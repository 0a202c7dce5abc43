import { DEMO_ADMIN } from "../../db/seed";
import { signInByEmail, test, visit } from "./fixtures";
import { atEachSize, languageCookie, SHOT_LANGUAGES, shooterFor } from "./shots";

/**
 * The legal documents, the registration form with its agreement box, a member page's footer
 * and the admin's legal screens, at 1280 and 375 px in ja and en, for a person to look at.
 * Opt in with SCREENSHOTS=1; they land in test-results/screenshots/legal.
 */
const shoot = shooterFor("test-results/screenshots/legal");

for (const lng of SHOT_LANGUAGES) {
  test(`legal pages and footer (${lng})`, async ({
    page,
    context,
    browser,
    db,
    login,
    problems,
  }) => {
    test.setTimeout(180_000);
    problems.allow(/\/register\?/);
    await languageCookie(context, lng);
    await atEachSize(page, async (size) => {
      for (const path of ["/terms", "/privacy", "/legal", "/company"]) {
        await visit(page, path);
        await shoot(page, `${path.slice(1)}-${size}-${lng}`);
      }
      await visit(page, "/register");
      await page.getByTestId("main").getByRole("button").click();
      await page.getByTestId("error-agree").waitFor();
      await shoot(page, `register-refused-${size}-${lng}`);
    });

    await login();
    await atEachSize(page, async (size) => {
      await visit(page, "/users/security");
      await shoot(page, `member-footer-${size}-${lng}`);
    });

    const admin = await browser.newContext();
    await signInByEmail(admin, db, DEMO_ADMIN.email);
    await languageCookie(admin, lng);
    const adminPage = await admin.newPage();
    await atEachSize(adminPage, async (size) => {
      await visit(adminPage, "/admin/setting/legal");
      await shoot(adminPage, `admin-legal-${size}-${lng}`);
      await visit(adminPage, "/admin/setting/legal/terms");
      await shoot(adminPage, `admin-legal-terms-${size}-${lng}`);
    });
    await admin.close();
  });
}
