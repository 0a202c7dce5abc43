import { DEMO_ADMIN, DEMO_MEMBER } from "../../db/seed";
import { signInByEmail, test, visit } from "./fixtures";
import { clickTo, languageCookie, SHOT_LANGUAGES, shooterFor, shootSteps } from "./shots";

/**
 * Screenshots of the campaign pages for a person to look at (not compared against anything):
 * 1280 px and 375 px, ja and en, with the seeded demo campaigns. Opt in with
 * `SCREENSHOTS=1 scripts/e2e-local.sh tests/e2e/campaigns-screenshots.spec.ts`; they land in
 * SHOTS_DIR (default test-results/screenshots/campaigns).
 */
const DIR = process.env.SHOTS_DIR ?? "test-results/screenshots/campaigns";
/**
 * The seeded open campaign with a capacity, which the demo member has not entered yet, by the
 * title each language shows (the demo data has both).
 */
const OPEN_TITLE = {
  ja: "年末トレード応援キャンペーン（先着100名）",
  en: "Year-end trading boost (first 100 members)",
};

const shoot = shooterFor(DIR);

for (const lng of SHOT_LANGUAGES) {
  test(`member campaign pages (${lng})`, async ({ page, context, db }) => {
    test.setTimeout(120_000);
    await signInByEmail(context, db, DEMO_MEMBER.email);
    await languageCookie(context, lng);
    await shootSteps(page, shoot, lng, [
      ["member-campaigns", "/users/campaign"],
      [
        "member-campaign-detail",
        clickTo(
          (p) =>
            p
              .getByTestId("campaign-card")
              .filter({ hasText: OPEN_TITLE[lng] })
              .getByTestId("campaign-details"),
          "campaign-title",
        ),
      ],
      [
        "member-campaign-complete",
        async (p) => {
          const enter = p.getByTestId("campaign-enter");
          if (await enter.count()) {
            await enter.click();
          } else {
            await visit(p, `${new URL(p.url()).pathname}/complete`);
          }
          await p.getByTestId("campaign-complete").waitFor();
        },
      ],
      [
        "member-campaign-entered",
        clickTo(
          (p) =>
            p.getByRole("link", {
              name: lng === "ja" ? "キャンペーンの内容を見る" : "View the campaign",
            }),
          "campaign-entered-state",
        ),
      ],
    ]);
  });

  test(`admin campaign pages (${lng})`, async ({ page, context, db }) => {
    test.setTimeout(120_000);
    await signInByEmail(context, db, DEMO_ADMIN.email);
    await languageCookie(context, lng);
    await shootSteps(page, shoot, lng, [
      ["admin-campaigns", "/admin/campaigns"],
      ["admin-campaign-create", "/admin/campaigns/create"],
      [
        "admin-campaign-edit",
        [
          "/admin/campaigns",
          clickTo(
            (p) =>
              p
                .getByTestId("admin-campaigns")
                .locator("tr", { hasText: "口座開設キャッシュバック増額キャンペーン" })
                .getByTestId("admin-campaign-link"),
            "campaign-form",
          ),
        ],
      ],
      ["admin-campaign-entries", clickTo("tab-entries", "admin-campaign-entries-table")],
    ]);
  });
}
