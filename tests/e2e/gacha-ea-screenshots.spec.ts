import { DEMO_ADMIN, DEMO_MEMBER } from "../../db/seed";
import type { Db } from "../../db";
import { fund } from "../helpers/money";
import { signInByEmail, test, visit } from "./fixtures";
import { publishedGacha } from "./gacha-steps";
import { atEachSize, languageCookie, SHOT_LANGUAGES, shooterFor } from "./shots";

/**
 * Screenshots of issue 9's pages for a person to look at (not compared against anything):
 * 1280 px and 375 px, ja and en, with the seeded demo gachas and EAs. Opt in with
 * `SCREENSHOTS=1 scripts/e2e-local.sh tests/e2e/gacha-ea-screenshots.spec.ts`; they land in
 * SHOTS_DIR (default test-results/screenshots/gacha-ea).
 */
const DIR = process.env.SHOTS_DIR ?? "test-results/screenshots/gacha-ea";

const shoot = shooterFor(DIR);

/** A free gacha whose only reward is an item valid for 30 days, so the history shows one. */
function itemGacha(db: Db) {
  return publishedGacha(db, [{ name: "ドリンク券", kind: "item", validDays: 30 }], {
    limit: 2,
    name: "クーポンガチャ",
  });
}

for (const lng of SHOT_LANGUAGES) {
  test(`member gacha and EA pages (${lng})`, async ({ page, context, db }) => {
    test.setTimeout(120_000);
    const id = await signInByEmail(context, db, DEMO_MEMBER.email);
    await fund(db, id, 1_000);
    const coupons = await itemGacha(db);
    await languageCookie(context, lng);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await atEachSize(page, async (size) => {
      await visit(page, "/users/gachas");
      await shoot(page, `member-gachas-${size}-${lng}`);
      // The seeded open gacha (the tests' own item gachas are listed too).
      await page
        .getByTestId("gacha-card")
        .filter({ hasText: "キャッシュバック感謝ガチャ" })
        .getByTestId("gacha-details")
        .click();
      await page.getByTestId("gacha-name").waitFor();
      await shoot(page, `member-gacha-details-${size}-${lng}`);
      await page.getByTestId("go-draw").click();
      await page.getByTestId("draw-button").waitFor();
      await shoot(page, `member-gacha-draw-${size}-${lng}`);
      await page.getByTestId("draw-button").click();
      await page.getByTestId("draw-result").waitFor();
      await shoot(page, `member-gacha-result-${size}-${lng}`);
      await visit(page, `/users/gachas/${coupons}/draw`);
      await page.getByTestId("draw-button").click();
      await page.getByTestId("draw-result").waitFor();
      await shoot(page, `member-gacha-result-item-${size}-${lng}`);
      await visit(page, "/users/gacha_logs");
      await shoot(page, `member-gacha-logs-${size}-${lng}`);
      await visit(page, "/users/ea");
      await shoot(page, `member-eas-${size}-${lng}`);
      await page.getByTestId("ea-details").first().click();
      await page.getByTestId("ea-name").waitFor();
      await shoot(page, `member-ea-details-${size}-${lng}`);
      await visit(page, "/users/ea/licenses");
      await shoot(page, `member-ea-licenses-${size}-${lng}`);
    });
  });

  test(`admin gacha and EA pages (${lng})`, async ({ page, context, db }) => {
    test.setTimeout(120_000);
    await signInByEmail(context, db, DEMO_ADMIN.email);
    await languageCookie(context, lng);
    await atEachSize(page, async (size) => {
      await visit(page, "/admin/gachas");
      await shoot(page, `admin-gachas-${size}-${lng}`);
      await page.getByTestId("admin-gacha-link").first().click();
      await page.getByTestId("gacha-form").waitFor();
      await shoot(page, `admin-gacha-edit-${size}-${lng}`);
      await page.getByTestId("tab-rewards").click();
      await page.getByTestId("admin-rewards").waitFor();
      await shoot(page, `admin-gacha-rewards-${size}-${lng}`);
      await page.getByTestId("reward-create").click();
      await page.getByTestId("reward-form").waitFor();
      await shoot(page, `admin-gacha-reward-form-${size}-${lng}`);
      await page.goBack();
      await page.getByTestId("tab-logs").click();
      await page.getByTestId("admin-gacha-logs").waitFor();
      await shoot(page, `admin-gacha-logs-${size}-${lng}`);
      await visit(page, "/admin/eas");
      await shoot(page, `admin-eas-${size}-${lng}`);
      await page.getByTestId("admin-ea-link").first().click();
      await page.getByTestId("ea-form").waitFor();
      await shoot(page, `admin-ea-edit-${size}-${lng}`);
      await page.getByTestId("tab-licenses").click();
      await page.getByTestId("admin-licenses").waitFor();
      await shoot(page, `admin-ea-licenses-${size}-${lng}`);
      await visit(page, "/admin/eas/accounts");
      await shoot(page, `admin-ea-accounts-${size}-${lng}`);
      await visit(
        page,
        `/admin/eas/licenses/create?member=${encodeURIComponent(DEMO_MEMBER.email)}`,
      );
      await shoot(page, `admin-ea-issue-${size}-${lng}`);
    });
  });
}
