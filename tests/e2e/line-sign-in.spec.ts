import type { BrowserContext, Page } from "@playwright/test";
import { nowDb } from "#db/time";
import { newLineUserId } from "../helpers/line-standin-wire";
import { nextCode } from "./auth-helpers";
import { E2E_LINE_URL } from "./env";
import {
  E2E_ADMIN_TOTP_SECRET,
  E2E_PASSWORD,
  expect,
  insertUser,
  reload,
  signInUser,
  test,
  visit,
} from "./fixtures";
import { atEachSize, languageCookie, SHOT_LANGUAGES, shooterFor } from "./shots";
import type { Db } from "#db";

/**
 * Signing in with LINE through the LINE Login stand-in (tests/helpers/line-standin.ts): the
 * browser really leaves for the stand-in's consent page and comes back. A member links LINE on
 * the security page after the step-up, signs in with it (the authenticator code still asked),
 * and unlinks it; an unknown LINE user reaches the sign-up pages. Screenshots at 1280 and
 * 375 px, ja and en, go to test-results/line-sign-in/.
 */

const shoot = shooterFor("test-results/line-sign-in");
const STANDIN_FAVICON = new RegExp(`${E2E_LINE_URL.replace(/\./g, "\\.")}/favicon\\.ico$`);

/** The authenticator's next code; the step the server last saw is forgotten first. */
async function freshCode(db: Db, userId: string) {
  await db.kysely
    .updateTable("users")
    .set({ totp_last_step: null })
    .where("id", "=", userId)
    .execute();
  return nextCode(E2E_ADMIN_TOTP_SECRET);
}

/** The security page's step-up: the password and the authenticator code. */
async function stepUp(page: Page, db: Db, userId: string) {
  const reauth = page.getByTestId("reauth");
  await reauth.locator('input[name="password"]').fill(E2E_PASSWORD);
  await reauth.locator('input[name="code"]').fill(await freshCode(db, userId));
  await reauth.locator('button[type="submit"]').click();
  await expect(page.getByTestId("line-login-section")).toBeVisible();
}

/** On the stand-in's consent page: sign in at LINE as this LINE user and press Allow. */
async function allowAtLine(page: Page, lineUserId: string, name: string) {
  await page.waitForURL(`${E2E_LINE_URL}/oauth2/v2.1/authorize?**`);
  await page.getByLabel("LINE user id").fill(lineUserId);
  await page.getByLabel("Display name").fill(name);
  await page.getByRole("button", { name: "Allow" }).click();
}

/**
 * Reads the pages in `lng` from now on: the cookie the server reads, and the browser's stored
 * choice (localStorage) cleared, which would otherwise win over the cookie and set it back.
 */
async function readIn(page: Page, context: BrowserContext, lng: "ja" | "en") {
  await page.evaluate(() => window.localStorage.removeItem("language")).catch(() => undefined);
  await languageCookie(context, lng);
}

/** No sideways scroll at this width. */
async function fitsWidth(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test("a member links LINE on the security page, signs in with LINE and its second factor, and unlinks", async ({
  page,
  context,
  db,
  passwordHash,
  problems,
}) => {
  test.setTimeout(240_000);
  problems.allow(STANDIN_FAVICON);
  const member = await insertUser(db, { passwordHash });
  await db.kysely
    .updateTable("users")
    .set({ totp_secret: E2E_ADMIN_TOTP_SECRET, totp_enabled_at: nowDb() })
    .where("id", "=", member.id)
    .execute();
  const lineUserId = newLineUserId();
  await signInUser(context, db, member.id);
  await readIn(page, context, "en");

  // Link: the section appears after the step-up; LINE sends the member back to this page.
  await visit(page, "/users/security");
  await expect(page.getByTestId("line-login-section")).toHaveCount(0);
  await stepUp(page, db, member.id);
  const section = page.getByTestId("line-login-section");
  await expect(section.getByTestId("line-login-state")).toHaveText("Not linked with LINE");
  await page.setViewportSize({ width: 375, height: 812 });
  const link = section.getByRole("link", { name: "Link LINE" });
  expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await fitsWidth(page);
  for (const lng of SHOT_LANGUAGES) {
    await readIn(page, context, lng);
    await reload(page);
    await atEachSize(page, async (size) => {
      await fitsWidth(page);
      await shoot(page, `security-not-linked-${size}-${lng}`);
    });
  }
  await readIn(page, context, "en");
  await reload(page);
  await section.getByRole("link", { name: "Link LINE" }).click();
  await allowAtLine(page, lineUserId, "E2E ライン");
  await page.waitForURL("**/users/security?line=linked#line");
  await expect(section.getByTestId("line-login-linked")).toHaveText(
    "LINE is now linked. Next time you can log in with LINE.",
  );
  await expect(section.getByTestId("line-login-state")).toHaveText("Linked: E2E ライン");
  for (const lng of SHOT_LANGUAGES) {
    await readIn(page, context, lng);
    await reload(page);
    await expect(section.getByTestId("line-login-state")).toHaveText(
      lng === "ja" ? "連携中: E2E ライン" : "Linked: E2E ライン",
    );
    await atEachSize(page, async (size) => {
      await fitsWidth(page);
      await shoot(page, `security-linked-${size}-${lng}`);
    });
  }

  // Signed out, the member taps 「LINEでログイン」: on a desktop LINE opens in a popup, which
  // reports back; the account's authenticator code is still asked for.
  await context.clearCookies();
  await readIn(page, context, "ja");
  await page.setViewportSize({ width: 1280, height: 800 });
  await visit(page, "/login");
  for (const lng of SHOT_LANGUAGES) {
    await readIn(page, context, lng);
    await reload(page);
    await atEachSize(page, async (size) => {
      await fitsWidth(page);
      await shoot(page, `login-${size}-${lng}`);
    });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  const popupOpened = page.waitForEvent("popup");
  await page.getByTestId("line-sign-in").click();
  const popup = await popupOpened;
  const popupUrls: string[] = [];
  popup.on("framenavigated", (frame) => {
    if (frame === popup.mainFrame()) popupUrls.push(frame.url());
  });
  expect(popup.viewportSize()).toMatchObject({ width: 500, height: 600 });
  await allowAtLine(popup, lineUserId, "E2E ライン");
  await popup.waitForEvent("close");
  // The popup reported back and closed; this page goes on (LINE's pages in between must not
  // have cut the popup off from it).
  await page.waitForURL("**/login/mfa**", { timeout: 15_000 }).catch((error: unknown) => {
    throw new Error(`the popup went ${popupUrls.join(" → ")}; this page is at ${page.url()}`, {
      cause: error,
    });
  });
  await page.locator('input[name="code"]').fill(await freshCode(db, member.id));
  await page.getByRole("button", { name: "Verify" }).click();
  await page.waitForURL((url) => url.pathname === "/users");

  // Unlink: a new session, so the step-up again; then LINE is gone from the account.
  await visit(page, "/users/security");
  await stepUp(page, db, member.id);
  await section.getByRole("button", { name: "Unlink" }).click();
  await expect(section.getByTestId("line-login-unlinked")).toHaveText("LINE is no longer linked");
  await expect(section.getByTestId("line-login-state")).toHaveText("Not linked with LINE");
  const links = await db.kysely
    .selectFrom("line_links")
    .select("user_id")
    .where("user_id", "=", member.id)
    .execute();
  expect(links).toEqual([]);
});

test("an unknown LINE user reaches the sign-up form; the mailed link's page waits for a press", async ({
  page,
  context,
  problems,
}) => {
  problems.allow(STANDIN_FAVICON);
  await readIn(page, context, "ja");
  // In place, as on a phone: the start page redirects to LINE and back.
  await visit(page, "/login");
  await page.goto("/login/line/start");
  await allowAtLine(page, newLineUserId(), "新しい ユーザー");
  await page.waitForURL("**/login/line/signup");
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  await expect(
    page.getByText("新しい ユーザー さん、はじめまして。", { exact: false }),
  ).toBeVisible();
  for (const lng of SHOT_LANGUAGES) {
    await readIn(page, context, lng);
    await reload(page);
    await atEachSize(page, async (size) => {
      await fitsWidth(page);
      await shoot(page, `signup-${size}-${lng}`);
    });
  }
  for (const lng of SHOT_LANGUAGES) {
    await readIn(page, context, lng);
    await visit(page, "/login/line/verify?token=not-yet-pressed");
    await atEachSize(page, async (size) => {
      await fitsWidth(page);
      await shoot(page, `verify-${size}-${lng}`);
    });
  }
});
