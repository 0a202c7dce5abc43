import { DEMO_ADMIN, DEMO_MEMBER } from "../../db/seed";
import type { Db } from "../../db";
import { signInByEmail, test } from "./fixtures";
import { publishedGacha } from "./gacha-steps";
import { clickTo, languageCookie, SHOT_LANGUAGES, shooterFor, shootSteps } from "./shots";

/**
 * Screenshots of the gacha and EA pages for a person to look at (not compared against anything):
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
  // A member of its own per language: the seeded gacha allows five draws a member, and each
  // language draws at both sizes (the demo member had none left by the second language).
  test(`member gacha and EA pages (${lng})`, async ({ page, context, db, payingMember }) => {
    test.setTimeout(120_000);
    await payingMember(1_000);
    const coupons = await itemGacha(db);
    await languageCookie(context, lng);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await shootSteps(page, shoot, lng, [
      ["member-gachas", "/users/gachas"],
      // The seeded open gacha (the tests' own item gachas are listed too).
      [
        "member-gacha-details",
        clickTo(
          (p) =>
            p
              .getByTestId("gacha-card")
              .filter({
                hasText: lng === "ja" ? "キャッシュバック感謝ガチャ" : "Cashback thank-you gacha",
              })
              .getByTestId("gacha-details"),
          "gacha-name",
        ),
      ],
      ["member-gacha-draw", clickTo("go-draw", "draw-button")],
      ["member-gacha-result", clickTo("draw-button", "draw-result")],
      [
        "member-gacha-result-item",
        [`/users/gachas/${coupons}/draw`, clickTo("draw-button", "draw-result")],
      ],
      ["member-gacha-logs", "/users/gacha_logs"],
      ["member-eas", "/users/ea"],
      ["member-ea-details", clickTo("ea-details", "ea-name")],
      ["member-ea-licenses", "/users/ea/licenses"],
    ]);
  });

  test(`admin gacha and EA pages (${lng})`, async ({ page, context, db }) => {
    test.setTimeout(120_000);
    await signInByEmail(context, db, DEMO_ADMIN.email);
    await languageCookie(context, lng);
    await shootSteps(page, shoot, lng, [
      ["admin-gachas", "/admin/gachas"],
      ["admin-gacha-edit", clickTo("admin-gacha-link", "gacha-form")],
      ["admin-gacha-rewards", clickTo("tab-rewards", "admin-rewards")],
      ["admin-gacha-reward-form", clickTo("reward-create", "reward-form")],
      [
        "admin-gacha-logs",
        [
          async (p) => {
            await p.goBack();
          },
          clickTo("tab-logs", "admin-gacha-logs"),
        ],
      ],
      ["admin-eas", "/admin/eas"],
      ["admin-ea-edit", clickTo("admin-ea-link", "ea-form")],
      ["admin-ea-licenses", clickTo("tab-licenses", "admin-licenses")],
      ["admin-ea-accounts", "/admin/eas/accounts"],
      [
        "admin-ea-issue",
        `/admin/eas/licenses/create?member=${encodeURIComponent(DEMO_MEMBER.email)}`,
      ],
    ]);
  });
}
