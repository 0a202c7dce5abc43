import type { BrowserContext, Page } from "@playwright/test";
import { DEMO_ADMIN, DEMO_MEMBER } from "../../db/seed";
import { newId } from "../../db/id";
import { nowDb, toDbTime } from "../../db/time";
import { createSession, SESSION_COOKIE } from "../../server/auth/session";
import { fund } from "../helpers/money";
import { E2E_ORIGIN } from "./env";
import { test, visit } from "./fixtures";

/**
 * Screenshots of issue 9's pages for a person to look at (not compared against anything):
 * 1280 px and 375 px, ja and en, with the seeded demo gachas and EAs. Opt in with
 * `SCREENSHOTS=1 scripts/e2e-local.sh tests/e2e/gacha-ea-screenshots.spec.ts`; they land in
 * SHOTS_DIR (default test-results/screenshots/gacha-ea).
 */
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };
const DIR = process.env.SHOTS_DIR ?? "test-results/screenshots/gacha-ea";

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${DIR}/${name}.png`, fullPage: true, animations: "disabled" });
}

async function signIn(
  context: BrowserContext,
  db: Parameters<typeof createSession>[0],
  email: string,
) {
  const user = await db.kysely
    .selectFrom("users")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  const { token } = await createSession(db, user.id, { userAgent: "playwright" });
  await context.addCookies([
    { name: SESSION_COOKIE, value: token, domain: "localhost", path: "/", httpOnly: true },
  ]);
  return user.id;
}

async function setLanguage(context: BrowserContext, lng: "ja" | "en") {
  await context.addCookies([{ name: "language", value: lng, url: E2E_ORIGIN }]);
}

/** A free gacha whose only reward is an item valid for 30 days, so the history shows one. */
async function itemGacha(db: Parameters<typeof createSession>[0]) {
  const id = newId();
  const now = nowDb();
  await db.kysely
    .insertInto("gachas")
    .values({
      id,
      name: "クーポンガチャ",
      description: "",
      image_key: null,
      starts_at: toDbTime(new Date(Date.now() - 3_600_000)),
      ends_at: toDbTime(new Date(Date.now() + 86_400_000)),
      cost: 0,
      method: "weighted",
      challenge_limit: 2,
      published: 1,
      created_by: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db.kysely
    .insertInto("gacha_rewards")
    .values({
      id: newId(),
      gacha_id: id,
      name: "ドリンク券",
      image_key: null,
      kind: "item",
      amount: null,
      weight: 1,
      stock: null,
      valid_from: null,
      valid_until: null,
      valid_days: 30,
      active: 1,
      display_order: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

for (const lng of ["ja", "en"] as const) {
  test(`member gacha and EA pages (${lng})`, async ({ page, context, db }) => {
    test.setTimeout(120_000);
    const id = await signIn(context, db, DEMO_MEMBER.email);
    await fund(db, id, 1_000);
    const coupons = await itemGacha(db);
    await setLanguage(context, lng);
    await page.emulateMedia({ reducedMotion: "reduce" });
    for (const [size, viewport] of [
      ["desktop", DESKTOP],
      ["phone", PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
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
    }
  });

  test(`admin gacha and EA pages (${lng})`, async ({ page, context, db }) => {
    test.setTimeout(120_000);
    await signIn(context, db, DEMO_ADMIN.email);
    await setLanguage(context, lng);
    for (const [size, viewport] of [
      ["desktop", DESKTOP],
      ["phone", PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
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
    }
  });
}
