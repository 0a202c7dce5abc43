import { readFileSync } from "node:fs";
import type { Browser } from "@playwright/test";
import { type Db } from "#db";
import { newId } from "#db/id";
import { nowDb } from "#db/time";
import { createAccount, createBroker } from "../helpers/cashback";
import { expect, freshStep, test, userPage, visit } from "./fixtures";
import { languageCookie, PHONE, SHOT_LANGUAGES } from "./shots";

/**
 * EAs in the browser: an admin creates an EA with its file, a member asks for a
 * licence on an approved account, the admin issues it, the member downloads the file; nobody
 * without an active licence gets the file. A rejection's reason reaches a member reading English
 * in English when the admin wrote one, else in Japanese marked as such (decision 048). The
 * list filters by category. EA-dedicated account requests: a member asks from /users/bank for
 * two of their approved accounts to be EA-dedicated; the admin approves one and denies the
 * other with a reason (required) on /admin/eas/requests; the member then sees the new type,
 * each request's state and the reason. Last, the admin's member search on the EA licence list
 * on a 375 px phone: what it matches (email, nickname, UID, account number or key) is read in
 * full, in both languages; it used to be the field's placeholder, which the phone cut off
 * part-way; it now stands under the field, which names it as its description.
 *
 * One journey, each former test a step with people of its own.
 */

/** A member signed in, in a browser context of their own. */
function newMember(db: Db, browser: Browser) {
  return userPage(browser, db, {
    passwordHash: "scrypt$unused",
    name: "EA Member",
    nickname: `ea${newId().slice(-8)}`,
  });
}

/** An approved account at a broker (any broker: the seed's, or one made here). */
async function approvedAccount(db: Db, userId: string) {
  const seeded = await db.kysely.selectFrom("brokers").select(["id", "name"]).executeTakeFirst();
  const broker = seeded ?? {
    id: await createBroker(db, `e2e${newId().slice(-6)}`, "E2E Broker"),
    name: "E2E Broker",
  };
  const number = `E${newId().slice(-5).toUpperCase()}`;
  await createAccount(db, userId, broker.id, number, "approved");
  return { broker: broker.name, number };
}

/** An approved account at a broker members file by hand (not rebated automatically). */
async function approvedManualAccount(db: Db, userId: string) {
  const broker = await db.kysely
    .selectFrom("brokers")
    .select(["id", "name"])
    .where("auto_rebate", "=", 0)
    .orderBy("name")
    .executeTakeFirstOrThrow();
  const number = String(100000 + Math.floor(Math.random() * 800000));
  await createAccount(db, userId, broker.id, number, "approved");
  return { broker: broker.name, number, label: `${broker.name} ${number}` };
}

test("EAs: an admin creates one and decides on licences and EA-dedicated accounts; members ask, read the reasons and download", async ({
  browser,
  context,
  db,
  login,
  page,
  problems,
}) => {
  test.setTimeout(300_000);
  await test.step("an admin creates an EA, a member requests a licence, the admin issues it, the member downloads", async () => {
    await login("admin");
    const name = `Trend E2E ${Date.now().toString(36)}`;
    const content = Buffer.concat([
      Buffer.from([0x01, 0x02, 0x00, 0x00]),
      Buffer.from(`robot ${name}`),
    ]);

    await visit(page, "/admin/eas/create");
    await page.getByLabel("EA名（日本語）").fill(name);
    await page.getByLabel("開発者").fill("E2E Labs");
    await page.getByLabel("説明（日本語）").fill("Follows the trend.");
    await page.getByLabel("カテゴリ").selectOption("trend");
    await page.getByLabel("口座タイプ").selectOption("regular");
    await page.getByLabel("バージョン").fill("1.0");
    await page.getByTestId("ea-file").setInputFiles({
      name: "TrendE2E.ex4",
      mimeType: "application/octet-stream",
      buffer: content,
    });
    await page.getByRole("button", { name: "作成する" }).click();
    await expect(page.getByTestId("ea-saved")).toContainText(name);
    await page.getByTestId("admin-ea-link").filter({ hasText: name }).click();
    await expect(page).toHaveURL(/\/admin\/eas\/[0-9a-z]{26}$/);
    const eaId = page.url().split("/").pop()!;
    await expect(page.getByTestId("ea-versions")).toContainText("TrendE2E.ex4");

    // The member: an approved account, and no licence yet.
    const member = await newMember(db, browser);
    const account = await approvedAccount(db, member.id);
    const m = member.page;
    await visit(m, "/users/ea?category=trend");
    await m.getByTestId("ea-card").filter({ hasText: name }).getByTestId("ea-details").click();
    await expect(m.getByTestId("ea-name")).toHaveText(name);
    await expect(m.getByTestId("ea-download")).toHaveCount(0);
    await expect(m.getByTestId("download-locked")).toBeVisible();
    // Guessing the download address does not help.
    expect((await m.request.get(`/users/ea/${eaId}/download`)).status()).toBe(403);

    await m.getByLabel("口座").selectOption({ label: `${account.broker} ${account.number}` });
    await m.getByRole("button", { name: "申請する" }).click();
    await expect(m.getByTestId("license-requested")).toBeVisible();
    await expect(m.getByTestId("ea-license").getByTestId("license-status")).toHaveText("申請中");
    expect((await m.request.get(`/users/ea/${eaId}/download`)).status()).toBe(403);

    // The admin issues it from the EA's licences.
    await visit(page, `/admin/eas/${eaId}/licenses?status=pending`);
    const row = page
      .getByTestId("admin-licenses")
      .getByTestId("table-row")
      .filter({ hasText: account.number });
    await row.getByTestId("license-issue").click();
    await page
      .getByTestId("license-issue-dialog")
      .getByRole("button", { name: "発行する" })
      .click();
    await expect(page.getByTestId("license-decided")).toContainText("ライセンス");

    // The member sees the key, the account and the state, and downloads the very file.
    await visit(m, "/users/ea/licenses");
    const licence = m.getByTestId("my-licenses").getByTestId("table-row").filter({ hasText: name });
    await expect(licence.getByTestId("license-status")).toHaveText("有効");
    await expect(licence.getByTestId("license-key")).toHaveText(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){3}$/);
    await expect(licence.getByTestId("license-account-cell")).toContainText(account.number);
    const download = m.waitForEvent("download");
    await licence.getByTestId("license-download").click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("TrendE2E.ex4");
    expect(readFileSync((await file.path())!)).toEqual(content);

    // Someone else without a licence is refused the same address; a made-up id is not found.
    const other = await newMember(db, browser);
    expect((await other.page.request.get(`/users/ea/${eaId}/download`)).status()).toBe(403);
    expect((await other.page.request.get("/users/ea/not-an-id/download")).status()).toBe(404);

    // Revoked, the licence opens nothing any more.
    await visit(page, `/admin/eas/${eaId}/licenses?status=active`);
    await page
      .getByTestId("admin-licenses")
      .getByTestId("table-row")
      .filter({ hasText: account.number })
      .getByTestId("license-revoke")
      .click();
    const revoke = page.getByTestId("license-revoke-dialog");
    await revoke.getByLabel("理由", { exact: true }).fill("E2E revoke");
    await revoke.getByRole("button", { name: "取り消す" }).click();
    await expect(page.getByTestId("license-decided")).toBeVisible();
    expect((await m.request.get(`/users/ea/${eaId}/download`)).status()).toBe(403);
    await visit(m, "/users/ea/licenses");
    await expect(
      m
        .getByTestId("my-licenses")
        .getByTestId("table-row")
        .filter({ hasText: name })
        .getByTestId("license-status"),
    ).toHaveText("取り消し");

    await member.context.close();
    await other.context.close();
  });
  await test.step("a rejection's English reaches a member reading English; without one, the Japanese is marked", async () => {
    await freshStep(page);
    const ea = await db.kysely
      .selectFrom("eas")
      .select(["id", "name"])
      .where("active", "=", 1)
      .where("account_type", "=", "regular")
      .executeTakeFirstOrThrow();
    const member = await newMember(db, browser);
    await languageCookie(member.context, "en");
    // Two requests waiting for the admin, one per account.
    const accounts = [await approvedAccount(db, member.id), await approvedAccount(db, member.id)];
    for (const account of accounts) {
      const row = await db.kysely
        .selectFrom("broker_accounts")
        .select("id")
        .where("account_number", "=", account.number)
        .executeTakeFirstOrThrow();
      const now = nowDb();
      await db.kysely
        .insertInto("ea_licenses")
        .values({
          id: newId(),
          ea_id: ea.id,
          user_id: member.id,
          broker_account_id: row.id,
          live_account_id: row.id,
          status: "pending",
          license_key: null,
          reason: null,
          issued_at: null,
          issued_by: null,
          ended_at: null,
          ended_by: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }

    await login("admin");
    const reject = async (number: string, japanese: string, english: string) => {
      await visit(page, `/admin/eas/licenses?status=pending&member=${number}`);
      await page
        .getByTestId("admin-licenses")
        .getByTestId("table-row")
        .filter({ hasText: number })
        .getByTestId("license-reject")
        .click();
      const dialog = page.getByTestId("license-reject-dialog");
      await dialog.getByLabel("理由", { exact: true }).fill(japanese);
      await dialog.getByLabel("理由（英語）").fill(english);
      await dialog.getByRole("button", { name: "却下する" }).click();
      await expect(page.getByTestId("license-decided")).toBeVisible();
    };
    await reject(accounts[0]!.number, "口座が対象外です", "This account is not eligible.");
    await reject(accounts[1]!.number, "確認できませんでした", "");

    const m = member.page;
    const reasonOf = (where: ReturnType<typeof m.getByTestId>, number: string) =>
      where.filter({ hasText: number }).getByTestId("license-reason");
    await visit(m, "/users/ea/licenses");
    const rows = m.getByTestId("my-licenses").getByTestId("table-row");
    await expect(reasonOf(rows, accounts[0]!.number)).toHaveText(
      "Reason: This account is not eligible.",
    );
    await expect(reasonOf(rows, accounts[0]!.number).getByTestId("in-japanese")).toHaveCount(0);
    await expect(reasonOf(rows, accounts[1]!.number)).toHaveText(
      "Reason: 確認できませんでしたJapanese",
    );
    await expect(reasonOf(rows, accounts[1]!.number).locator('[lang="ja"]')).toHaveText(
      "確認できませんでした",
    );

    await visit(m, `/users/ea/${ea.id}`);
    const licences = m.getByTestId("ea-license");
    await expect(reasonOf(licences, accounts[0]!.number)).toHaveText(
      "Reason: This account is not eligible.",
    );
    await expect(reasonOf(licences, accounts[1]!.number).getByTestId("in-japanese")).toHaveText(
      "Japanese",
    );

    await member.context.close();
  });
  await test.step("the EA list filters by category", async () => {
    await freshStep(page);
    await login("member");
    await visit(page, "/users/ea?category=cashback");
    const categories = page
      .getByTestId("ea-card")
      .locator("span", { hasText: /^(キャッシュバック|トレンドフォロー)$/ });
    await expect(page.getByTestId("ea-card").first()).toBeVisible();
    for (const text of await categories.allTextContents()) expect(text).toBe("キャッシュバック");
    await page.getByTestId("ea-category-trend").click();
    await expect(page).toHaveURL(/category=trend/);
    await expect(page.getByTestId("ea-card").first()).toContainText("トレンドフォロー");
  });
  await test.step("a member requests the EA-dedicated type; the admin approves one and denies one with a reason", async () => {
    await freshStep(page);
    // The blank reason is refused by the action with a 400, on purpose.
    problems.allow(/\/admin\/eas\/requests/);
    const member = await userPage(browser, db, {
      passwordHash: "scrypt$unused",
      name: "EA Type Member",
      nickname: `et${newId().slice(-8)}`,
    });
    const first = await approvedManualAccount(db, member.id);
    const second = await approvedManualAccount(db, member.id);
    const m = member.page;

    await visit(m, "/users/bank");
    const section = m.getByTestId("ea-account-types");
    await expect(section.getByRole("heading", { name: "EA専用口座" })).toBeVisible();
    const firstRow = section.locator(`[data-account="${first.number}"]`);
    const secondRow = section.locator(`[data-account="${second.number}"]`);
    await expect(firstRow.getByTestId("account-type")).toHaveText("通常口座");
    await firstRow.getByRole("button", { name: `${first.label}をEA専用口座として申請` }).click();
    await expect(section.getByTestId("ea-requested")).toContainText(first.label);
    await expect(firstRow.getByTestId("account-status")).toHaveText("確認待ち");
    await expect(firstRow.getByTestId("ea-request")).toHaveCount(0);
    await secondRow.getByTestId("ea-request").click();
    await expect(secondRow.getByTestId("account-status")).toHaveText("確認待ち");

    // The admin: pending requests first, found by the member's email.
    await login("admin");
    await visit(page, "/admin/eas");
    await page.getByTestId("ea-account-requests").click();
    await expect(page.getByRole("heading", { level: 1, name: "EA専用口座の申請" })).toBeVisible();
    await visit(page, `/admin/eas/requests?q=${encodeURIComponent(member.email)}`);
    const rows = page.getByTestId("table-row");
    await expect(rows).toHaveCount(2);

    await rows.filter({ hasText: first.number }).getByTestId("approve-one").click();
    const approve = page.getByTestId("decision-dialog");
    await expect(approve.getByRole("heading")).toHaveText("EA専用口座として承認");
    await expect(approve).toContainText(first.label);
    await approve.getByRole("button", { name: "承認する" }).click();
    await expect(page.getByTestId("decided")).toHaveText(`${first.label}をEA専用口座にしました`);
    await expect(rows).toHaveCount(1);

    await rows.filter({ hasText: second.number }).getByTestId("deny-one").click();
    const deny = page.getByTestId("decision-dialog");
    await deny.getByLabel("否認の理由", { exact: true }).fill("   ");
    await deny.getByRole("button", { name: "否認する" }).click();
    await expect(deny.getByTestId("error-reason")).toHaveText("否認の理由は必須です");
    await deny
      .getByLabel("否認の理由", { exact: true })
      .fill("EA専用口座であることを確認できませんでした");
    await deny
      .getByLabel("否認の理由（英語）")
      .fill("We could not confirm it is an EA-only account.");
    await deny.getByRole("button", { name: "否認する" }).click();
    await expect(page.getByTestId("decided")).toHaveText(`${second.label}の申請を否認しました`);
    await expect(page.getByTestId("table-empty")).toBeVisible();

    // The member sees both outcomes, the reason with the denial, and may ask again.
    await visit(m, "/users/bank");
    await expect(firstRow.getByTestId("account-type")).toHaveText("EA専用口座");
    await expect(firstRow.getByTestId("account-status")).toHaveText("承認済み");
    await expect(firstRow.getByTestId("ea-request")).toHaveCount(0);
    await expect(secondRow.getByTestId("account-type")).toHaveText("通常口座");
    await expect(secondRow.getByTestId("account-status")).toHaveText("否認");
    await expect(secondRow.getByTestId("deny-reason")).toHaveText(
      "理由: EA専用口座であることを確認できませんでした",
    );
    await expect(secondRow.getByTestId("ea-request")).toBeVisible();
  });
  await test.step("the EA member search says in full what it matches at 375 px, in both languages", async () => {
    await freshStep(page);
    await login("admin");
    await page.setViewportSize(PHONE);
    for (const lng of SHOT_LANGUAGES) {
      const ea = JSON.parse(readFileSync(`locales/${lng}/ea.json`, "utf8")) as {
        admin: { licenses: { memberHint: string } };
      };
      const hint = ea.admin.licenses.memberHint;
      await languageCookie(context, lng);
      // The browser keeps the last page's language too, and would restore it over the cookie.
      if (page.url().startsWith("http")) {
        await page.evaluate((l) => window.localStorage.setItem("language", l), lng);
      }
      await visit(page, "/admin/eas/licenses");

      const search = page.locator('input[name="member"]');
      await expect(search, lng).toHaveAccessibleDescription(hint);
      const described = page.locator(`[id="${await search.getAttribute("id")}-hint"]`);
      await expect(described, lng).toBeVisible();
      const box = await described.evaluate((el) => ({
        cut: el.scrollWidth > el.clientWidth,
        right: el.getBoundingClientRect().right,
      }));
      expect(box.cut, lng).toBe(false);
      expect(box.right, lng).toBeLessThanOrEqual(PHONE.width);
    }
  });
});
