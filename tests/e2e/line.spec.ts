import { E2E_LINE_URL, E2E_ORIGIN } from "./env";
import { E2E_PASSWORD, expect, test, visit } from "./fixtures";
import type { Page } from "@playwright/test";

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

test("a member links LINE through LINE Login, sets what to be told about, and unlinks", async ({
  page,
  context,
  login,
  problems,
}) => {
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
  await expect(page.getByTestId("line-error")).toHaveText("Something went wrong. Please try again");
  await expect(page.getByTestId("line-state")).toHaveText("Linked");

  await page.getByRole("button", { name: "Unlink LINE" }).click();
  await expect(page.getByTestId("line-unlinked")).toBeVisible();
  await expect(page.getByTestId("line-state")).toHaveText("Not linked");
});

test("cancelling on LINE's page says so, in Japanese by default", async ({
  page,
  login,
  problems,
}) => {
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

test("on a phone the connect button leads to LINE and no QR code is shown @mobile", async ({
  page,
  login,
}) => {
  await login("member");
  await visit(page, "/users/line-connect");
  await expect(page.getByTestId("line-connect")).toBeVisible();
  await expect(page.getByTestId("line-qr")).toBeHidden();
  await expect(page.getByTestId("line-connect")).toHaveAttribute(
    "href",
    "/users/line-connect/start",
  );
});
