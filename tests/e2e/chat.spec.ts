import type { Browser, BrowserContext } from "@playwright/test";
import type { Db } from "#db";
import { newId } from "#db/id";
import { expect, insertUser, signInUser, test, visit } from "./fixtures";

/**
 * The support chat between two browsers: the member writes, support answers from the
 * customer's chat page, and each side sees the other's messages and read state without
 * reloading.
 */

/** A second browser, signed in as a new admin (the `login` fixture serves the first one). */
async function adminBrowser(
  browser: Browser,
  db: Db,
  passwordHash: string,
): Promise<BrowserContext> {
  const admin = await insertUser(db, {
    emailPrefix: "e2e-admin",
    passwordHash,
    name: "E2E Admin",
    nickname: `admin${newId().slice(-6)}`,
    permission: "admin",
  });
  const context = await browser.newContext({ locale: "en-US", timezoneId: "Asia/Tokyo" });
  // The tag manager and pixel hosts are unreachable here.
  await context.route(/googletagmanager|google-analytics|facebook/, (route) =>
    route.fulfill({ status: 204, body: "" }),
  );
  await context.addCookies([{ name: "language", value: "en", domain: "localhost", path: "/" }]);
  await signInUser(context, db, admin.id);
  return context;
}

test("chat round trip: member → support → member, live and with read state", async ({
  page,
  context,
  browser,
  login,
  db,
  passwordHash,
}) => {
  test.setTimeout(90_000);
  const member = await login("member");
  await context.addCookies([{ name: "language", value: "en", domain: "localhost", path: "/" }]);
  await visit(page, "/users/chat");
  await expect(page.getByTestId("chat-empty")).toBeVisible();
  const question = `Where is my withdrawal? ${newId().slice(-6)}`;
  await page.getByLabel("Message", { exact: true }).fill(question);
  await page.getByTestId("chat-send").click();
  const mine = page.getByTestId("chat-message").filter({ hasText: question });
  await expect(mine).toHaveAttribute("data-role", "member");
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue("");
  await expect(mine.getByTestId("chat-read")).toHaveCount(0);

  const adminContext = await adminBrowser(browser, db, passwordHash);
  try {
    const admin = await adminContext.newPage();
    await visit(admin, "/admin/customer/messages");
    // The unread filter is a text link a finger can still hit.
    const filter = await admin.getByTestId("inbox-filter").boundingBox();
    expect(filter?.height ?? 0).toBeGreaterThanOrEqual(44);
    // The admin menu counts members' unread messages. Its total is shared with every parallel
    // spec's threads (and shows "99+" past 99), so only its presence is checked here; the
    // count itself is covered in tests/integration/chat.test.ts.
    await expect(admin.getByTestId("admin-unread-badge")).toBeVisible();
    const row = admin.getByTestId("inbox-row").filter({ hasText: member.nickname });
    await expect(row.getByTestId("inbox-unread")).toContainText("1");
    await row.getByRole("link", { name: member.nickname }).click();
    await admin.waitForURL(`**/admin/customer/${member.id}/chat`);
    await expect(admin.getByTestId("chat-message").filter({ hasText: question })).toHaveAttribute(
      "data-role",
      "member",
    );

    // Opening the thread read it: this member's inbox row no longer counts it as unread.
    await visit(admin, "/admin/customer/messages");
    await expect(row).toBeVisible();
    await expect(row.getByTestId("inbox-unread")).toHaveCount(0);
    await row.getByRole("link", { name: member.nickname }).click();
    await admin.waitForURL(`**/admin/customer/${member.id}/chat`);

    // Support has read it: the member's page shows it without a reload.
    await expect(mine.getByTestId("chat-read")).toBeVisible({ timeout: 15_000 });

    const answer = "It was paid today. 本日お支払いしました。";
    await admin.getByLabel("Message", { exact: true }).fill(answer);
    await admin.getByTestId("chat-send").click();
    await expect(admin.getByTestId("chat-message").filter({ hasText: answer })).toHaveAttribute(
      "data-role",
      "admin",
    );

    // The member's open page receives the answer by polling.
    const reply = page.getByTestId("chat-message").filter({ hasText: answer });
    await expect(reply).toBeVisible({ timeout: 15_000 });
    await expect(reply).toHaveAttribute("data-role", "admin");
    await expect(reply).toContainText("Support");
    // …and, having shown it, tells support it was read.
    const sent = admin.getByTestId("chat-message").filter({ hasText: answer });
    await expect(sent.getByTestId("chat-read")).toBeVisible({ timeout: 15_000 });

    // The member answers back; support sees it live too.
    const thanks = "Thank you!";
    await page.getByLabel("Message", { exact: true }).fill(thanks);
    await page.getByTestId("chat-send").click();
    await expect(admin.getByTestId("chat-message").filter({ hasText: thanks })).toBeVisible({
      timeout: 15_000,
    });

    // The customer page leads to the same thread.
    await visit(admin, `/admin/customer/${member.id}`);
    await admin.getByTestId("customer-chat-link").click();
    await admin.waitForURL(`**/admin/customer/${member.id}/chat`);
    await expect(admin.getByTestId("chat-message")).toHaveCount(3);
  } finally {
    await adminContext.close();
  }
});

// An empty message is refused by the server with its reason: tests/routes/member-forms.test.ts.

test("the member attaches an image and sees it in the thread @mobile", async ({ page, login }) => {
  await login("member");
  await visit(page, "/users/chat");
  await page.getByTestId("chat-image-input").setInputFiles("tests/fixtures/images/avatar.png");
  await page.getByTestId("chat-send").click();
  const image = page.getByTestId("chat-image");
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
});
