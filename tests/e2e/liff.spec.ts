import type { BrowserContext } from "@playwright/test";
import { newId } from "#db/id";
import { nowDb } from "#db/time";
import { LineStandin, newLineUserId } from "../helpers/line-standin";
import { expect, insertUser, test, visit } from "./fixtures";

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

test("a linked member taps the statement in the LINE menu and is in, without a password @mobile", async ({
  page,
  context,
  db,
}) => {
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

test("an unlinked LINE user reads how to link, in Japanese @mobile", async ({ page, context }) => {
  await insideLine(context, tokens.issueIdToken({ userId: newLineUserId() }));
  await visit(page, "/liff/withdraw");
  const heading = page.getByTestId("liff-unlinked");
  await expect(heading).toHaveText("LINEアカウントが会員アカウントと連携されていません");
  const link = page.getByRole("link", { name: "ログインして連携する" });
  await expect(link).toHaveAttribute("href", "/login?redirect=%2Fusers%2Fline-connect");
  const box = await link.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // Nobody was signed in: the member area still sends this browser to the login page.
  expect((await context.cookies()).some((c) => c.name === "sid")).toBe(false);
  await page.screenshot({ path: "test-results/liff/unlinked-375-ja.png", fullPage: true });
  await link.click();
  await page.waitForURL("**/login?redirect=%2Fusers%2Fline-connect");
});

test("an unlinked LINE user reads how to link, in English @mobile", async ({ page, context }) => {
  await english(context);
  await insideLine(context, tokens.issueIdToken({ userId: newLineUserId() }));
  await visit(page, "/liff/dashboard");
  await expect(page.getByTestId("liff-unlinked")).toHaveText(
    "This LINE account is not linked to a member account",
  );
  await expect(page.getByTestId("liff-steps").getByRole("listitem")).toHaveCount(3);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: "test-results/liff/unlinked-375-en.png", fullPage: true });
});

test("the unlinked page on a desktop, and a page name not on the menu is not found", async ({
  page,
  context,
  problems,
}) => {
  await english(context);
  await insideLine(context, tokens.issueIdToken({ userId: newLineUserId() }));
  await visit(page, "/liff/cashback");
  await expect(page.getByTestId("liff-unlinked")).toBeVisible();
  await page.screenshot({ path: "test-results/liff/unlinked-1280-en.png", fullPage: true });
  problems.allow(/\/liff\/admin(\.data)?$/);
  const response = await page.goto("/liff/admin");
  expect(response?.status()).toBe(404);
});
