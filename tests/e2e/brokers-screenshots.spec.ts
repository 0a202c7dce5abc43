import { DEMO_MEMBER } from "../../db/seed";
import { signInByEmail, test, visit } from "./fixtures";
import { atEachSize, languageCookie, SHOT_LANGUAGES, shooterFor } from "./shots";

/**
 * Screenshots of issue 18's rates and timing for a person to look at: /brokers (as a visitor,
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
    await atEachSize(page, async (size) => {
      await visit(page, "/brokers?lots=10");
      await shoot(page, `brokers-${size}-${lng}`);
    });
    await signInByEmail(context, db, DEMO_MEMBER.email);
    await atEachSize(page, async (size) => {
      await visit(page, "/users/bank");
      await shoot(page, `bank-${size}-${lng}`);
      await visit(page, "/users");
      await shoot(page, `dashboard-${size}-${lng}`);
      await visit(page, "/users/withdraw/new");
      await shoot(page, `withdraw-new-${size}-${lng}`);
      await visit(page, "/users/cashback");
      await shoot(page, `cashback-${size}-${lng}`);
    });
  });

  test(`admin broker terms (${lng})`, async ({ page, context, login, db }) => {
    test.setTimeout(90_000);
    await login("admin");
    await languageCookie(context, lng);
    const xm = await db.kysely
      .selectFrom("brokers")
      .select("id")
      .where("code", "=", "xm")
      .executeTakeFirstOrThrow();
    await atEachSize(page, async (size) => {
      await visit(page, `/admin/account/brokers/${xm.id}`);
      await shoot(page, `admin-broker-edit-${size}-${lng}`);
      await visit(page, "/admin/account");
      await shoot(page, `admin-accounts-${size}-${lng}`);
    });
  });
}
