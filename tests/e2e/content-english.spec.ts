import type { Browser } from "@playwright/test";
import type { Db } from "#db";
import { newId } from "#db/id";
import { nowDb } from "#db/time";
import { expect, test, visit } from "./auth-helpers";
import { userPage } from "./fixtures";
import { languageCookie } from "./shots";
import { HOUR, tokyoLocal } from "../helpers/form-values";

/**
 * Content in both languages in the browser: an admin writes a campaign's
 * title and body in Japanese and its title in English; a member reading English sees the
 * English title (and the Japanese body, which has no English), a member reading Japanese the
 * Japanese; the admin's edit form shows both titles again.
 */

async function reader(db: Db, browser: Browser, lng: "ja" | "en") {
  const member = await userPage(browser, db, {
    passwordHash: "scrypt$unused",
    name: "Content Reader",
    nickname: `r${newId().slice(-8)}`,
  });
  await languageCookie(member.context, lng);
  return member;
}

test("an admin's English titles reach English readers; a title without English is marked Japanese", async ({
  page,
  login,
  db,
  browser,
}) => {
  // Two former tests of about 60 s each on a slow machine.
  test.setTimeout(120_000);
  // The two readers, one in each language, read both steps' content.
  const en = await reader(db, browser, "en");
  const ja = await reader(db, browser, "ja");
  await test.step("an admin's English campaign title reaches English readers; Japanese readers keep the Japanese", async () => {
    await login("admin");
    const tag = Date.now().toString(36);
    const title = `冬の増額キャンペーン ${tag}`;
    const english = `Winter bonus campaign ${tag}`;

    await visit(page, "/admin/campaigns/create");
    await page.getByLabel("タイトル（日本語）").fill(title);
    await page.getByLabel("タイトル（英語）").fill(english);
    await page.getByLabel("本文（日本語）").fill("日本語の本文です。");
    await page.getByLabel("開始日時").fill(tokyoLocal(-HOUR));
    await page.getByLabel("終了日時").fill(tokyoLocal(7 * 24 * HOUR));
    await page.getByRole("button", { name: "作成する" }).click();
    await expect(page).toHaveURL(/\/admin\/campaigns\?saved=/);

    const { id } = await db.kysely
      .selectFrom("campaigns")
      .select("id")
      .where("title", "=", title)
      .executeTakeFirstOrThrow();

    // The edit form shows both languages as saved.
    await visit(page, `/admin/campaigns/${id}`);
    await expect(page.getByLabel("タイトル（日本語）")).toHaveValue(title);
    await expect(page.getByLabel("タイトル（英語）")).toHaveValue(english);
    await expect(page.getByLabel("本文（英語）")).toHaveValue("");

    await visit(en.page, "/users/campaign");
    await expect(en.page.getByTestId("campaign-card").filter({ hasText: english })).toBeVisible();
    await expect(en.page.getByText(title)).toHaveCount(0);
    await visit(en.page, `/users/campaigns/${id}`);
    await expect(en.page.getByTestId("campaign-title")).toHaveText(english);
    // No English body was written: the Japanese one, not an empty page.
    await expect(en.page.getByTestId("campaign-body")).toHaveText("日本語の本文です。");

    await visit(ja.page, `/users/campaigns/${id}`);
    await expect(ja.page.getByTestId("campaign-title")).toHaveText(title);
    await visit(ja.page, "/users/campaign");
    await expect(ja.page.getByTestId("campaign-card").filter({ hasText: title })).toBeVisible();
    await expect(ja.page.getByText(english)).toHaveCount(0);
  });

  await test.step("a battle with no English title is shown to an English reader with the Japanese badge", async () => {
    const id = newId();
    const title = `5月バトル ${id.slice(-6)}`;
    const now = nowDb();
    await db.kysely
      .insertInto("ranking_battles")
      .values({
        id,
        title,
        title_en: null,
        starts_on: "2025-05-01",
        ends_on: "2025-05-31",
        status: "open",
        created_at: now,
        updated_at: now,
      })
      .execute();

    await visit(en.page, `/users/cashback-battle?id=${id}`);
    const heading = en.page.getByTestId("battle-title");
    await expect(heading).toContainText(title);
    await expect(heading.getByTestId("in-japanese")).toHaveText("Japanese");
    await expect(heading.locator('[lang="ja"]')).toHaveText(title);

    await visit(ja.page, `/users/cashback-battle?id=${id}`);
    await expect(ja.page.getByTestId("battle-title")).toContainText(title);
    await expect(ja.page.getByTestId("in-japanese")).toHaveCount(0);
  });

  await en.context.close();
  await ja.context.close();
});
