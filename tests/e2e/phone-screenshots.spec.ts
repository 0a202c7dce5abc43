import { DEMO_MEMBER, DEMO_RICH } from "../../db/seed";
import { signInByEmail, test, visit } from "./fixtures";
import { atEachSize, SHOT_LANGUAGES, shooterFor } from "./shots";
import { setLanguage } from "./walk";

/**
 * Screenshots of the pages the phone pass changed, for a person to look at (not compared against
 * anything): at 1280 and 375 px, ja and en, as the seeded member with an eight-figure balance
 * (and the demo member, whose history fills the charts). Opt in with SCREENSHOTS=1; they land in
 * test-results/screenshots/phone.
 */
const shoot = shooterFor("test-results/screenshots/phone");

const PAGES: [string, string][] = [
  ["dashboard", "/users"],
  ["cashback", "/users/cashback"],
  ["affiliate", "/users/affiliate"],
  ["affiliate-empty", "/users/affiliate?preset=7d"],
  ["withdraw", "/users/withdraw"],
  ["withdraw-new", "/users/withdraw/new"],
  ["transfer", "/users/withdraw/transfer"],
  ["statement", "/users/statement"],
  ["campaigns", "/users/campaigns"],
  ["bank", "/users/bank"],
  ["battle", "/users/cashback-battle"],
  ["ranking", "/users/ranking"],
  ["gacha-logs", "/users/gacha_logs"],
];

for (const [who, email] of [
  ["rich", DEMO_RICH.email],
  ["demo", DEMO_MEMBER.email],
] as const) {
  for (const lng of SHOT_LANGUAGES) {
    test(`phone pass pages as the ${who} member (${lng})`, async ({ page, context, db }) => {
      test.setTimeout(180_000);
      const userId = await signInByEmail(context, db, email);
      await setLanguage(context, lng);
      await db.kysely
        .updateTable("marathons")
        .set({ is_modal: 1 })
        .where("uid", "=", userId)
        .execute();
      await atEachSize(page, async (size) => {
        for (const [name, path] of PAGES) {
          await visit(page, path);
          await page.waitForLoadState("networkidle");
          await shoot(page, `${name}-${who}-${size}-${lng}`);
        }
      });
    });
  }
}
