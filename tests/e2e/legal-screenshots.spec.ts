import { DEMO_ADMIN } from "../../db/seed";
import { signInByEmail, test } from "./fixtures";
import { clickTo, languageCookie, SHOT_LANGUAGES, shooterFor, shootSteps } from "./shots";

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
    await shootSteps(page, shoot, lng, [
      ["terms", "/terms"],
      ["privacy", "/privacy"],
      ["legal", "/legal"],
      ["company", "/company"],
      [
        "register-refused",
        ["/register", clickTo((p) => p.getByTestId("main").getByRole("button"), "error-agree")],
      ],
    ]);

    await login();
    await shootSteps(page, shoot, lng, [["member-footer", "/users/security"]]);

    const admin = await browser.newContext();
    await signInByEmail(admin, db, DEMO_ADMIN.email);
    await languageCookie(admin, lng);
    const adminPage = await admin.newPage();
    await shootSteps(adminPage, shoot, lng, [
      ["admin-legal", "/admin/setting/legal"],
      ["admin-legal-terms", "/admin/setting/legal/terms"],
    ]);
    await admin.close();
  });
}
