import { DEMO_ADMIN, DEMO_MEMBER } from "../../db/seed";
import { expect, signInByEmail, test, visit } from "./fixtures";
import {
  visitPastDialogs,
  DESKTOP,
  languageCookie,
  SHOT_LANGUAGES,
  shooterFor,
  shootSteps,
} from "./shots";

/**
 * The demo member's six months (statement, deposits, withdrawals, marathon, affiliate) and the
 * admin pages they touch (marathon list, import list and a batch), at 1280 and 375 px in ja and
 * en, for a person to look at. Opt in with SCREENSHOTS=1; they land in SHOTS_DIR (default
 * test-results/screenshots/history).
 */
const DIR = process.env.SHOTS_DIR ?? "test-results/screenshots/history";
const shoot = shooterFor(DIR);

const MEMBER_PAGES: [string, string][] = [
  ["member-statement", "/users/statement"],
  ["member-present", "/users/present"],
  ["member-withdraw", "/users/withdraw"],
  ["member-marathon", "/users/cb_marathon"],
  ["member-affiliate", "/users/affiliate"],
];

for (const lng of SHOT_LANGUAGES) {
  test(`the demo member's months and the admin's pages (${lng})`, async ({ browser, db }) => {
    test.setTimeout(240_000);
    const member = await browser.newContext();
    await signInByEmail(member, db, DEMO_MEMBER.email);
    await languageCookie(member, lng);
    const page = await member.newPage();
    await visitPastDialogs(page, "/users/statement");
    await shootSteps(page, shoot, lng, MEMBER_PAGES);

    const admin = await browser.newContext();
    await signInByEmail(admin, db, DEMO_ADMIN.email);
    await languageCookie(admin, lng);
    const adminPage = await admin.newPage();
    const batch = await db.kysely
      .selectFrom("import_batches")
      .select("id")
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    await shootSteps(adminPage, shoot, lng, [
      ["admin-marathon", "/admin/cb_marathon"],
      ["admin-update", "/admin/update"],
      ["admin-batch", `/admin/update/${batch.id}`],
    ]);
    // The 担当者 column keeps a short name on one line (it broke "admin" into "admi/n").
    await adminPage.setViewportSize(DESKTOP);
    await visit(adminPage, "/admin/update");
    // The demo admin's batch, whichever is newest: other specs import as admins of their own.
    const cell = adminPage
      .getByTestId("batch-admin")
      .filter({ hasText: /^admin$/ })
      .first();
    await expect(cell).toBeVisible();
    const box = (await cell.boundingBox())!;
    const lineHeight = await cell.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect(box.height).toBeLessThan(lineHeight * 1.5);
    await member.close();
    await admin.close();
  });
}
