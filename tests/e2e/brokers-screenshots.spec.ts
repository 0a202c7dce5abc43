import { DEMO_MEMBER } from "../../db/seed";
import { rowWhere } from "../helpers/db";
import { signInByEmail, test } from "./fixtures";
import { languageCookie, SHOT_LANGUAGES, shooterFor, shootSteps } from "./shots";

/**
 * Screenshots of the broker rates and crediting times for a person to look at: /brokers (as a visitor,
 * with the calculator filled in), /users/bank with the rates beside each broker, and the
 * dashboard's crediting days, at 375 px and desktop, ja and en. Opt in with SCREENSHOTS=1;
 * they land in SHOTS_DIR (default test-results/screenshots/brokers).
 */
const shoot = shooterFor(process.env.SHOTS_DIR ?? "test-results/screenshots/brokers");

for (const lng of SHOT_LANGUAGES) {
  test(`broker rates (${lng})`, async ({ page, context, db, problems }) => {
    test.setTimeout(120_000);
    problems.allow(/\?_data=/);
    await languageCookie(context, lng);
    await shootSteps(page, shoot, lng, [["brokers", "/brokers?lots=10"]]);
    await signInByEmail(context, db, DEMO_MEMBER.email);
    await shootSteps(page, shoot, lng, [
      ["bank", "/users/bank"],
      ["dashboard", "/users"],
      ["withdraw-new", "/users/withdraw/new"],
      ["cashback", "/users/cashback"],
    ]);
  });

  test(`admin broker terms (${lng})`, async ({ page, context, login, db }) => {
    test.setTimeout(90_000);
    await login("admin");
    await languageCookie(context, lng);
    const xm = await rowWhere(db, "brokers", "code", "xm");
    await shootSteps(page, shoot, lng, [
      ["admin-broker-edit", `/admin/account/brokers/${xm.id}`],
      ["admin-accounts", "/admin/account"],
    ]);
  });
}
