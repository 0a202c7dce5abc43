import { fund, givePaymentDetails } from "../helpers/money";
import { houseMovement, withdrawal } from "../helpers/statement";
import { test } from "./fixtures";
import { SHOT_LANGUAGES, shooterFor, shootSteps } from "./shots";
import { setLanguage } from "./walk";

/**
 * Screenshots of the statement for a person to look at (not compared against anything), at
 * 1280 and 375 px, ja and en, with an eight-digit balance and every kind of credit. Opt in with
 * SCREENSHOTS=1; they land in test-results/screenshots.
 */
const shoot = shooterFor("test-results/screenshots");

for (const lng of SHOT_LANGUAGES) {
  test(`statement (${lng})`, async ({ page, context, db, login }) => {
    await setLanguage(context, lng);
    const me = await login("member");
    await givePaymentDetails(db, me.id);
    await fund(db, me.id, 12_345_678);
    await houseMovement(db, me.id, "cashback", "import_batch", 38_400);
    await houseMovement(db, me.id, "affiliate_reward", "import_batch", 2_000);
    await houseMovement(db, me.id, "prize", "ranking_battle", 20_000);
    await houseMovement(db, me.id, "prize", "marathon_goal", 1_500);
    await houseMovement(db, me.id, "gacha_cost", "gacha_log", -300);
    await withdrawal(db, me.id, "bank", 5_000_000, true);
    await withdrawal(db, me.id, "paypay", 1_234_567);
    await shootSteps(page, shoot, lng, [
      ["statement", "/users/statement"],
      ["statement-empty", "/users/statement?kind=transfers&period=1w"],
    ]);
  });
}
