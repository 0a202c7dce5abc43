import { DEMO_ADMIN, DEMO_MEMBER } from "../../db/seed";
import { expect, signInByEmail, test, visit } from "./fixtures";
import {
  atEachSize,
  visitPastDialogs,
  DESKTOP,
  languageCookie,
  SHOT_LANGUAGES,
  shooterFor,
} from "./shots";

/**
 * The demo member's six months (statement, deposits, withdrawals, marathon, affiliate) and the
 * admin pages they touch (marathon list, import list and a batch), at 1280 and 375 px in ja and
 * en, for a person to look at. Opt in with SCREENSHOTS=1; they land in SHOTS_DIR (default
 * test-results/screenshots/history).
 */
const DIR = process.env.SHOTS_DIR ?? "test-results/screenshots/history";
const shoot = shooterFor(DIR);

const MEMBER_PAGES = [
  ["statement", "/users/statement"],
  ["present", "/users/present"],
  ["withdraw", "/users/withdraw"],
  ["marathon", "/users/cb_marathon"],
  ["affiliate", "/users/affiliate"],
] as const;

for (const lng of SHOT_LANGUAGES) {
  test(`the demo member's months and the admin's pages (${lng})`, async ({ browser, db }) => {
    test.setTimeout(240_000);
    const member = await browser.newContext();
    await signInByEmail(member, db, DEMO_MEMBER.email);
    await languageCookie(member, lng);
    const page = await member.newPage();
    await visitPastDialogs(page, "/users/statement");
    await atEachSize(page, async (size) => {
      for (const [name, path] of MEMBER_PAGES) {
        await visit(page, path);
        await shoot(page, `member-${name}-${size}-${lng}`);
      }
    });

    const admin = await browser.newContext();
    await signInByEmail(admin, db, DEMO_ADMIN.email);
    await languageCookie(admin, lng);
    const adminPage = await admin.newPage();
    const batch = await db.kysely
      .selectFrom("import_batches")
      .select("id")
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    await atEachSize(adminPage, async (size) => {
      await visit(adminPage, "/admin/cb_marathon");
      await shoot(adminPage, `admin-marathon-${size}-${lng}`);
      await visit(adminPage, "/admin/update");
      await shoot(adminPage, `admin-update-${size}-${lng}`);
      await visit(adminPage, `/admin/update/${batch.id}`);
      await shoot(adminPage, `admin-batch-${size}-${lng}`);
    });
    // The 担当者 column keeps a short name on one line (it broke "admin" into "admi/n").
    await adminPage.setViewportSize(DESKTOP);
    await visit(adminPage, "/admin/update");
    const cell = adminPage.getByTestId("batch-admin").first();
    await expect(cell).toHaveText("admin");
    const box = (await cell.boundingBox())!;
    const lineHeight = await cell.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect(box.height).toBeLessThan(lineHeight * 1.5);
    await member.close();
    await admin.close();
  });
}
