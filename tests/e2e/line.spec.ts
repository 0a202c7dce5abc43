import type { BrowserContext, Page } from "@playwright/test";
import type { Db } from "#db";
import { newId } from "#db/id";
import { nowDb } from "#db/time";
import { LineStandin, newLineUserId } from "../helpers/line-standin";
import { nextCode } from "./auth-helpers";
import { E2E_LINE_URL, E2E_ORIGIN } from "./env";
import {
  E2E_ADMIN_TOTP_SECRET,
  E2E_PASSWORD,
  expect,
  insertUser,
  freshStep,
  reload,
  signInUser,
  test,
  visit,
} from "./fixtures";
import { atEachSize, languageCookie, SHOT_LANGUAGES, shooterFor } from "./shots";

/**
 * LINE, as members meet it, in one journey per project: linking LINE for notices (and
 * cancelling on LINE's page), signing in with LINE and signing up as an unknown LINE user, and
 * the LIFF page the rich menu opens. Each step is a new visitor (signed out, the default
 * language) with its own member and LINE user, as the tests it was made of were. The LIFF steps
 * come last: the stand-in for LINE's SDK is an init script, on every page after it.
 */

/** The security page's step-up with the member's password (10 minutes for this session). */
async function confirmItIsYou(page: Page, button: string) {
  const reauth = page.getByTestId("reauth");
  await reauth.locator('input[name="password"]').fill(E2E_PASSWORD);
  await reauth.getByRole("button", { name: button }).click();
  await expect(page.getByTestId("mfa-section")).toBeVisible();
}

/**
 * LINE connect through the LINE Login stand-in (tests/helpers/line-standin.ts): the browser
 * leaves the portal for the stand-in's authorization page and comes back to the callback, as
 * it would with LINE.
 */

interface StandinState {
  authorizeRequests: Record<string, string>[];
}

async function authorizeRequestWithState(state: string) {
  const res = await fetch(`${E2E_LINE_URL}/__standin/state`);
  const body = (await res.json()) as StandinState;
  return body.authorizeRequests.find((q) => q.state === state);
}

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

/**
 * The LIFF landing page (/liff/<page>) as LINE's browser opens it from the rich menu. The LIFF
 * SDK cannot run here (it needs LINE's app and servers), so each test defines `window.liff`
 * before the page loads (an init script: the browser test's stand-in only, never shipped); the
 * ID token it hands over is signed as the LINE stand-in signs, and the server has that
 * stand-in verify it, as it would have LINE.
 */

// Not started: it only signs tokens with the channel secret the running stand-in checks.
const tokens = new LineStandin();

async function insideLine(context: BrowserContext, idToken: string) {
  await context.addInitScript((token) => {
    (window as unknown as { liff: unknown }).liff = {
      init: () => Promise.resolve(),
      isLoggedIn: () => true,
      login: () => undefined,
      getIDToken: () => token,
    };
  }, idToken);
}

async function english(context: BrowserContext) {
  await context.addCookies([{ name: "language", value: "en", domain: "localhost", path: "/" }]);
}

test("LINE: link for notices, cancel, sign in with LINE, sign up, the LIFF page on a desktop", async ({
  page,
  context,
  login,
  problems,
  db,
  passwordHash,
}) => {
  test.setTimeout(480_000);
  await test.step("a member links LINE through LINE Login, sets what to be told about, and unlinks", async () => {
    // The stand-in's page has no icon; a browser asks for one anyway.
    problems.allow(new RegExp(`${E2E_LINE_URL.replace(/\./g, "\\.")}/favicon\\.ico$`));
    await login("member");
    await context.addCookies([{ name: "language", value: "en", domain: "localhost", path: "/" }]);
    // Linking adds a way in: without a recent step-up the button leads to the security page.
    await visit(page, "/users/line-connect");
    await page.getByTestId("line-connect").click();
    await page.waitForURL("**/users/security#line");
    await confirmItIsYou(page, "Confirm");
    await visit(page, "/users/line-connect");
    await expect(page.getByTestId("line-state")).toHaveText("Not linked");
    // On a desktop the start link is also offered as a QR code for a smartphone.
    await expect(page.getByTestId("line-qr-image")).toBeVisible();
    await expect(page.getByTestId("line-qr-image")).toHaveAttribute(
      "src",
      /^data:image\/svg\+xml;base64,/,
    );

    await page.getByTestId("line-connect").click();
    await page.waitForURL(`${E2E_LINE_URL}/oauth2/v2.1/authorize?**`);
    const authorize = new URL(page.url());
    const q = authorize.searchParams;
    expect(q.get("bot_prompt")).toBe("aggressive");
    expect(q.get("code_challenge_method")).toBe("S256");
    expect(q.get("scope")).toBe("openid profile");
    expect(q.get("redirect_uri")).toBe(`${E2E_ORIGIN}/users/line-callback`);
    expect(await authorizeRequestWithState(q.get("state")!)).toBeDefined();

    await page.getByLabel("Display name").fill("E2E ライン");
    await page.getByRole("button", { name: "Allow" }).click();
    await page.waitForURL("**/users/line-connect?linked=1");
    await expect(page.getByTestId("line-linked")).toBeVisible();
    await expect(page.getByTestId("line-state")).toHaveText("Linked");
    await expect(page.getByTestId("line-status")).toContainText("E2E ライン");
    await expect(page.getByTestId("line-qr")).toHaveCount(0);

    // Preferences: transfers off.
    const prefs = page.getByTestId("line-prefs");
    await prefs.getByLabel("Transfers completed, failed or received").uncheck();
    await prefs.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByTestId("line-prefs-saved")).toBeVisible();
    await visit(page, "/users/line-connect");
    await expect(prefs.getByLabel("Transfers completed, failed or received")).not.toBeChecked();
    await expect(prefs.getByLabel("Withdrawals completed or rejected")).toBeChecked();

    // The callback cannot be replayed: its state was spent.
    const replay = `/users/line-callback?code=whatever&state=${encodeURIComponent(q.get("state")!)}`;
    await visit(page, replay);
    await expect(page).toHaveURL(/\/users\/line-connect\?error=lineGeneric$/);
    await expect(page.getByTestId("line-error")).toHaveText(
      "Something went wrong. Please try again",
    );
    await expect(page.getByTestId("line-state")).toHaveText("Linked");

    await page.getByRole("button", { name: "Unlink LINE" }).click();
    await expect(page.getByTestId("line-unlinked")).toBeVisible();
    await expect(page.getByTestId("line-state")).toHaveText("Not linked");
  });
  await test.step("cancelling on LINE's page says so, in Japanese by default", async () => {
    // A new visitor: signed out, the default language.
    await freshStep(page);
    problems.allow(new RegExp(`${E2E_LINE_URL.replace(/\./g, "\\.")}/favicon\\.ico$`));
    await login("member");
    await visit(page, "/users/security");
    await confirmItIsYou(page, "本人確認する");
    await visit(page, "/users/line-connect");
    await expect(page.getByRole("heading", { name: "LINE通知", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "LINEと連携する" }).click();
    await page.waitForURL(`${E2E_LINE_URL}/**`);
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.waitForURL("**/users/line-connect?error=lineCancelled");
    await expect(page.getByTestId("line-error")).toHaveText("LINEでの連携がキャンセルされました");
    await expect(page.getByTestId("line-state")).toHaveText("未連携");
  });
  await test.step("a member links LINE on the security page, signs in with LINE and its second factor, and unlinks", async () => {
    // A new visitor: signed out, the default language.
    await freshStep(page);
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
  await test.step("an unknown LINE user reaches the sign-up form; the mailed link's page waits for a press", async () => {
    // A new visitor: signed out, the default language.
    await freshStep(page);
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
  await test.step("the unlinked page on a desktop, and a page name not on the menu is not found", async () => {
    // A new visitor: signed out, the default language.
    await freshStep(page);
    // The sign-up step before ended at a phone's width.
    await page.setViewportSize({ width: 1280, height: 800 });
    await english(context);
    await insideLine(context, tokens.issueIdToken({ userId: newLineUserId() }));
    await visit(page, "/liff/cashback");
    await expect(page.getByTestId("liff-unlinked")).toBeVisible();
    await page.screenshot({ path: "test-results/liff/unlinked-1280-en.png", fullPage: true });
    problems.allow(/\/liff\/admin(\.data)?$/);
    const response = await page.goto("/liff/admin");
    expect(response?.status()).toBe(404);
  });
});

test("LINE on a phone: the connect button, the LIFF pages linked and unlinked @mobile", async ({
  page,
  login,
  context,
  db,
}) => {
  test.setTimeout(240_000);
  await test.step("on a phone the connect button leads to LINE and no QR code is shown @mobile", async () => {
    await login("member");
    await visit(page, "/users/line-connect");
    await expect(page.getByTestId("line-connect")).toBeVisible();
    await expect(page.getByTestId("line-qr")).toBeHidden();
    await expect(page.getByTestId("line-connect")).toHaveAttribute(
      "href",
      "/users/line-connect/start",
    );
  });
  await test.step("a linked member taps the statement in the LINE menu and is in, without a password @mobile", async () => {
    // A new visitor: signed out, the default language.
    await freshStep(page);
    const me = await insertUser(db, { id: newId(), secondFactor: false });
    const lineUserId = newLineUserId();
    await db.kysely
      .insertInto("line_links")
      .values({
        user_id: me.id,
        line_user_id: lineUserId,
        display_name: "E2E LIFF",
        linked_at: nowDb(),
        updated_at: nowDb(),
      })
      .execute();
    await insideLine(context, tokens.issueIdToken({ userId: lineUserId }));
    await page.goto("/liff/statement");
    await page.waitForURL("**/users/statement");
    // Signed in and translated: the statement page itself, not the landing page or the login.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("取引明細");
    await page.screenshot({ path: "test-results/liff/linked-statement-375-ja.png" });
  });
  await test.step("an unlinked LINE user reads how to link, in Japanese @mobile", async () => {
    // A new visitor: signed out, the default language.
    await freshStep(page);
    await insideLine(context, tokens.issueIdToken({ userId: newLineUserId() }));
    await visit(page, "/liff/withdraw");
    const heading = page.getByTestId("liff-unlinked");
    await expect(heading).toHaveText("LINEアカウントが会員アカウントと連携されていません");
    const link = page.getByRole("link", { name: "ログインして連携する" });
    await expect(link).toHaveAttribute("href", "/login?redirect=%2Fusers%2Fline-connect");
    const box = await link.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    // Nobody was signed in: the member area still sends this browser to the login page.
    expect((await context.cookies()).some((c) => c.name === "sid")).toBe(false);
    await page.screenshot({ path: "test-results/liff/unlinked-375-ja.png", fullPage: true });
    await link.click();
    await page.waitForURL("**/login?redirect=%2Fusers%2Fline-connect");
  });
  await test.step("an unlinked LINE user reads how to link, in English @mobile", async () => {
    // A new visitor: signed out, the default language.
    await freshStep(page);
    await english(context);
    await insideLine(context, tokens.issueIdToken({ userId: newLineUserId() }));
    await visit(page, "/liff/dashboard");
    await expect(page.getByTestId("liff-unlinked")).toHaveText(
      "This LINE account is not linked to a member account",
    );
    await expect(page.getByTestId("liff-steps").getByRole("listitem")).toHaveCount(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await page.screenshot({ path: "test-results/liff/unlinked-375-en.png", fullPage: true });
  });
});
