import { DEMO_MEMBER } from "../../db/seed";
import { rowWhere } from "../helpers/db";
import { signInByEmail, test } from "./fixtures";
import { languageCookie, SHOT_LANGUAGES, shooterFor, shootSteps } from "./shots";

/**
 * Screenshots of the help centre and the annual statement for a person to look at, at 375 px
 * and 1280 px, ja and en: /help, a search, an answer with a table, the admin's articles and
 * form, the statement with its annual links, and the annual statement of the demo member.
 * Opt in with SCREENSHOTS=1; they land in SHOTS_DIR (default test-results/screenshots/help).
 */
const shoot = shooterFor(process.env.SHOTS_DIR ?? "test-results/screenshots/help");

for (const lng of SHOT_LANGUAGES) {
  test(`help centre and annual statement (${lng})`, async ({ page, context, db }) => {
    test.setTimeout(180_000);
    await languageCookie(context, lng);
    await shootSteps(page, shoot, lng, [
      ["help", "/help"],
      ["help-search", lng === "ja" ? "/help?q=出金" : "/help?q=withdrawal"],
      ["help-article", "/help/withdrawal-fees"],
    ]);
    await signInByEmail(context, db, DEMO_MEMBER.email);
    const year = new Date().getFullYear();
    await shootSteps(page, shoot, lng, [
      ["statement", "/users/statement"],
      ["annual", `/users/statement/annual?year=${year}`],
      ["withdraw-new", "/users/withdraw/new"],
      ["chat", "/users/chat"],
    ]);
  });

  test(`admin help articles (${lng})`, async ({ page, context, login, db }) => {
    test.setTimeout(90_000);
    await login("admin");
    await languageCookie(context, lng);
    const article = await rowWhere(db, "help_articles", "slug", "cashback-tax");
    await shootSteps(page, shoot, lng, [
      ["admin-help", "/admin/setting/help"],
      ["admin-help-edit", `/admin/setting/help/${article.id}`],
    ]);
  });
}
