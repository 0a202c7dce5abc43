import { DEMO_ADMIN, DEMO_MEMBER } from "../../db/seed";
import { signInByEmail, test, visit } from "./fixtures";
import { atEachSize, languageCookie, SHOT_LANGUAGES, shooterFor } from "./shots";

/**
 * Screenshots of the campaign pages for a person to look at (not compared against anything):
 * 1280 px and 375 px, ja and en, with the seeded demo campaigns. Opt in with
 * `SCREENSHOTS=1 scripts/e2e-local.sh tests/e2e/campaigns-screenshots.spec.ts`; they land in
 * SHOTS_DIR (default test-results/screenshots/campaigns).
 */
const DIR = process.env.SHOTS_DIR ?? "test-results/screenshots/campaigns";
/** The seeded open campaign with a capacity, which the demo member has not entered yet. */
const OPEN_TITLE = "年末トレード応援キャンペーン（先着100名）";

const shoot = shooterFor(DIR);

for (const lng of SHOT_LANGUAGES) {
  test(`member campaign pages (${lng})`, async ({ page, context, db }) => {
    test.setTimeout(120_000);
    await signInByEmail(context, db, DEMO_MEMBER.email);
    await languageCookie(context, lng);
    await atEachSize(page, async (size) => {
      await visit(page, "/users/campaign");
      await shoot(page, `member-campaigns-${size}-${lng}`);
      await page
        .getByTestId("campaign-card")
        .filter({ hasText: OPEN_TITLE })
        .getByTestId("campaign-details")
        .click();
      await page.getByTestId("campaign-title").waitFor();
      await shoot(page, `member-campaign-detail-${size}-${lng}`);
      const enter = page.getByTestId("campaign-enter");
      if (await enter.count()) {
        await enter.click();
      } else {
        await visit(page, `${new URL(page.url()).pathname}/complete`);
      }
      await page.getByTestId("campaign-complete").waitFor();
      await shoot(page, `member-campaign-complete-${size}-${lng}`);
      await page
        .getByRole("link", {
          name: lng === "ja" ? "キャンペーンの内容を見る" : "View the campaign",
        })
        .click();
      await page.getByTestId("campaign-entered-state").waitFor();
      await shoot(page, `member-campaign-entered-${size}-${lng}`);
    });
  });

  test(`admin campaign pages (${lng})`, async ({ page, context, db }) => {
    test.setTimeout(120_000);
    await signInByEmail(context, db, DEMO_ADMIN.email);
    await languageCookie(context, lng);
    await atEachSize(page, async (size) => {
      await visit(page, "/admin/campaigns");
      await shoot(page, `admin-campaigns-${size}-${lng}`);
      await visit(page, "/admin/campaigns/create");
      await shoot(page, `admin-campaign-create-${size}-${lng}`);
      await visit(page, "/admin/campaigns");
      await page
        .getByTestId("admin-campaigns")
        .locator("tr", { hasText: "口座開設キャッシュバック増額キャンペーン" })
        .getByTestId("admin-campaign-link")
        .click();
      await page.getByTestId("campaign-form").waitFor();
      await shoot(page, `admin-campaign-edit-${size}-${lng}`);
      await page.getByTestId("tab-entries").click();
      await page.getByTestId("admin-campaign-entries-table").waitFor();
      await shoot(page, `admin-campaign-entries-${size}-${lng}`);
    });
  });
}
