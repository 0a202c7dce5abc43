import { DEMO_ADMIN, DEMO_MEMBER } from "../../db/seed";
import { signInByEmail, test } from "./fixtures";
import { visitPastDialogs, languageCookie, SHOT_LANGUAGES, shooterFor, shootSteps } from "./shots";

/**
 * Screenshots of content in both languages for a person to look at: the
 * admin's campaign form with its Japanese and English fields, and the member's campaign page
 * of a seeded campaign that has English, at 1280 and 375 px in ja and en. Opt in with
 * SCREENSHOTS=1; they land in SHOTS_DIR (default test-results/screenshots/content-english).
 */
const DIR = process.env.SHOTS_DIR ?? "test-results/screenshots/content-english";
const TRANSLATED = "口座開設キャッシュバック増額キャンペーン";

const shoot = shooterFor(DIR);

for (const lng of SHOT_LANGUAGES) {
  test(`admin campaign form and member campaign page (${lng})`, async ({ browser, db }) => {
    test.setTimeout(120_000);
    const admin = await browser.newContext();
    await signInByEmail(admin, db, DEMO_ADMIN.email);
    await languageCookie(admin, lng);
    const member = await browser.newContext();
    await signInByEmail(member, db, DEMO_MEMBER.email);
    await languageCookie(member, lng);
    const { id } = await db.kysely
      .selectFrom("campaigns")
      .select("id")
      .where("title", "=", TRANSLATED)
      .executeTakeFirstOrThrow();
    const adminPage = await admin.newPage();
    const memberPage = await member.newPage();
    await shootSteps(adminPage, shoot, lng, [["admin-campaign-edit", `/admin/campaigns/${id}`]]);
    await visitPastDialogs(memberPage, `/users/campaigns/${id}`);
    await shootSteps(memberPage, shoot, lng, [["member-campaign", `/users/campaigns/${id}`]]);
    await admin.close();
    await member.close();
  });
}
