import type { Page } from "@playwright/test";
import { newId } from "../../db/id";
import { nowDb } from "../../db/time";
import { linkLine } from "../helpers/line-link";
import { test, userPage, visit } from "./fixtures";
import { atEachSize, DESKTOP, languageCookie, PHONE, SHOT_LANGUAGES, shooterFor } from "./shots";

/**
 * Screenshots of the chat and LINE pages for a person to look at, at 1280 and 375 px, in ja and
 * en. Opt in with `SCREENSHOTS=1 scripts/e2e-local.sh tests/e2e/chat-line-screenshots.spec.ts`;
 * they land in test-results/screenshots.
 */
const shoot = shooterFor("test-results/screenshots");

/** `path` at each size, shot as `<name>-<size>` (the names carry the language already). */
async function both(page: Page, path: string, name: string) {
  await atEachSize(page, async (size) => {
    await visit(page, path);
    await shoot(page, `${name}-${size}`);
  });
}

for (const lng of SHOT_LANGUAGES) {
  test(`chat and LINE, member (${lng})`, async ({ page, context, login, db }) => {
    test.setTimeout(60_000);
    const member = await login("member");
    await languageCookie(context, lng);

    await both(page, "/users/chat", `chat-empty-${lng}`);
    await page.setViewportSize(DESKTOP);
    await visit(page, "/users/chat");
    const box = page.locator("textarea[name=body]");
    await box.fill(
      lng === "ja"
        ? "先週申請した出金がまだ届いていません。\n確認をお願いできますか？"
        : "My withdrawal from last week has not arrived yet.\nCould you check it?",
    );
    await page.getByTestId("chat-send").click();
    await page.getByTestId("chat-message").first().waitFor();
    await page.getByTestId("chat-image-input").setInputFiles("tests/fixtures/images/avatar.png");
    await page.getByTestId("chat-send").click();
    await page.getByTestId("chat-image").waitFor();
    const thread = await db.kysely
      .selectFrom("chat_threads")
      .select("id")
      .where("user_id", "=", member.id)
      .executeTakeFirstOrThrow();
    await db.kysely
      .insertInto("chat_messages")
      .values({
        id: newId(),
        thread_id: thread.id,
        sender_role: "admin",
        sender_id: null,
        body:
          lng === "ja"
            ? "お問い合わせありがとうございます。本日着金を確認しました。明日までに反映されます。"
            : "Thank you for waiting. The payment was sent today and will arrive by tomorrow.",
        image_key: null,
        created_at: nowDb(),
      })
      .execute();
    await both(page, "/users/chat", `chat-thread-${lng}`);

    await both(page, "/users/line-connect", `line-unlinked-${lng}`);
    await linkLine(db, member.id, { displayName: "山田 太郎", following: false });
    await both(page, "/users/line-connect?linked=1", `line-linked-${lng}`);
  });
}

test("chat, admin (ja)", async ({ page, context, browser, login, db }) => {
  test.setTimeout(60_000);
  // A member with a question, then the admin's side.
  const member = await login("member");
  await languageCookie(context, "ja");
  await visit(page, "/users/chat");
  await page.locator("textarea[name=body]").fill("口座の承認はいつ頃になりますか？");
  await page.getByTestId("chat-send").click();
  await page.getByTestId("chat-message").first().waitFor();

  // An admin of the test's own, with the second factor admins must have (a bare user row
  // with admin permission is sent to enrol it, and the inbox never showed).
  const { context: adminContext, page: admin } = await userPage(browser, db, {
    permission: "admin",
  });
  await adminContext.route(/googletagmanager|google-analytics|facebook/, (route) =>
    route.fulfill({ status: 204, body: "" }),
  );
  await languageCookie(adminContext, "ja");
  try {
    await admin.setViewportSize(DESKTOP);
    await visit(admin, "/admin/customer/messages");
    await admin.getByTestId("inbox-row").filter({ hasText: member.nickname }).waitFor();
    await shoot(admin, "admin-inbox-desktop-ja");
    await admin.setViewportSize(PHONE);
    await visit(admin, "/admin/customer/messages");
    await shoot(admin, "admin-inbox-phone-ja");
    await both(admin, `/admin/customer/${member.id}/chat`, "admin-chat-ja");
    await admin.setViewportSize(DESKTOP);
    await visit(admin, `/admin/customer/${member.id}/chat`);
    await admin.locator("textarea[name=body]").fill("審査中です。1〜2営業日お待ちください。");
    await admin.getByTestId("chat-send").click();
    await admin.getByTestId("chat-message").nth(1).waitFor();
    await shoot(admin, "admin-chat-replied-desktop-ja");
  } finally {
    await adminContext.close();
  }
});
