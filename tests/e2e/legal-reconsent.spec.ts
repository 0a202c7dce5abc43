import type { Page } from "@playwright/test";
import type { Db } from "#db";
import { newId } from "#db/id";
import { nowDb } from "#db/time";
import { expect, signInUser, test, userPage, visit } from "./fixtures";
import { PHONE_CHECK } from "./phone-check";
import { atEachSize, languageCookie, SHOT_LANGUAGES, shooterFor } from "./shots";
import { openMembers } from "../helpers/members";

/**
 * A terms version that asks members to agree again stops every member at the notice: this
 * spec runs in the after-all project (playwright.config.ts), once the others have finished,
 * and removes its version at the end. Alone: `npx playwright test legal-reconsent --no-deps`
 * (without --no-deps the whole suite runs first, as its dependency).
 */

/**
 * Records that the member agreed to the terms and privacy policy as registration does: the
 * latest versions, or the terms' version `termsVersion` (a member who registered before it).
 */
async function agreedAtRegistration(db: Db, userId: string, termsVersion?: number) {
  const docs = await db.kysely
    .selectFrom("legal_documents")
    .select(["id", "kind", "version"])
    .where("kind", "in", ["terms", "privacy"])
    .orderBy("version", "desc")
    .execute();
  for (const kind of ["terms", "privacy"]) {
    const doc = docs.find(
      (d) => d.kind === kind && (kind !== "terms" || !termsVersion || d.version === termsVersion),
    );
    if (!doc) continue;
    await db.kysely
      .insertInto("legal_consents")
      .values({ id: newId(), user_id: userId, document_id: doc.id, accepted_at: nowDb() })
      .execute();
  }
}

async function removeVersionsAfter(db: Db, version: number) {
  const ids = (
    await db.kysely
      .selectFrom("legal_documents")
      .select("id")
      .where("kind", "=", "terms")
      .where("version", ">", version)
      .execute()
  ).map((r) => r.id);
  if (ids.length === 0) return;
  await db.kysely.deleteFrom("legal_consents").where("document_id", "in", ids).execute();
  await db.kysely.deleteFrom("legal_documents").where("id", "in", ids).execute();
}

async function latestTerms(db: Db) {
  return (
    await db.kysely
      .selectFrom("legal_documents")
      .select((eb) => eb.fn.max("version").as("v"))
      .where("kind", "=", "terms")
      .executeTakeFirstOrThrow()
  ).v;
}

test("a version that asks members to agree again stops them at the notice until they agree", async ({
  page,
  browser,
  db,
  login,
  problems,
}) => {
  test.setTimeout(120_000);
  problems.allow(/\/admin\/setting\/legal\/terms(\.data|\?)/);
  problems.allow(/\/users\/consent(\.data|\?)/);
  const before = Number(await latestTerms(db));
  const member = await login();
  await agreedAtRegistration(db, member.id);
  try {
    // The admin publishes a new version of the terms that asks members to agree again.
    const admin = await userPage(browser, db, { permission: "admin" });
    await visit(admin.page, "/admin/setting/legal/terms");
    const form = admin.page.getByTestId("main");
    await form.getByLabel("会員に同意を求め直す").check();
    await form.getByRole("button", { name: "プレビューで確認する" }).click();
    // Asking again needs the summary members will read.
    await expect(admin.page.getByTestId("error-summary")).toHaveText(
      "同意を求め直す場合は、変更点の要約を入力してください",
    );
    await form.getByLabel("変更点の要約（日本語）").fill("第5条（出金）の処理日を変更しました。");
    await form
      .getByLabel("変更点の要約（英語）")
      .fill("Article 5 (withdrawals): new processing days.");
    await form.getByRole("button", { name: "プレビューで確認する" }).click();
    // Before publishing, the admin confirms how many members will be asked, counted now.
    const asked = await openMembers(db);
    const confirm = admin.page.getByTestId("legal-reconsent-confirm");
    await expect(confirm).toContainText(`会員${asked}人が次に会員ページを開いたときに`);
    await form.getByRole("button", { name: `第${before + 1}版として公開` }).click();
    await expect(admin.page.getByTestId("error-confirmReconsent")).toHaveText(
      "会員に同意を求め直すことを確認してください",
    );
    await expect(admin.page.getByTestId("legal-published")).toHaveCount(0);
    await confirm.getByLabel(`会員${asked}人に同意を求め直すことを確認しました`).check();
    await form.getByRole("button", { name: `第${before + 1}版として公開` }).click();
    // Asking every member again waits for a second admin: not in force yet, the member passes.
    await expect(admin.page.getByTestId("legal-awaiting-sent")).toBeVisible();
    await expect(admin.page.getByTestId("legal-published")).toHaveCount(0);
    const awaiting = admin.page.getByTestId("legal-awaiting");
    await expect(awaiting.getByTestId("awaiting-other")).toBeVisible();
    await expect(awaiting.getByTestId("approve-second")).toHaveCount(0);
    await visit(page, "/users/cashback");
    await expect(page).toHaveURL(/\/users\/cashback$/);
    // A different admin approves it: now it is published and in force.
    const checker = await userPage(browser, db, { permission: "admin" });
    await visit(checker.page, "/admin/setting/legal/terms");
    await expect(checker.page.getByTestId("first-approver")).toBeVisible();
    // The second admin's choices fit a phone: nothing cut off or wider, every target 44 px tall.
    await checker.page.setViewportSize({ width: 375, height: 812 });
    expect(await checker.page.evaluate(PHONE_CHECK)).toEqual([]);
    await checker.page.setViewportSize({ width: 1280, height: 800 });
    if (process.env.SCREENSHOTS) await shootAwaiting(checker);
    await checker.page.getByTestId("approve-second").click();
    await expect(checker.page.getByTestId("legal-published")).toBeVisible();
    await checker.context.close();

    // Any member page leads to the notice, which comes back to that page afterwards.
    await visit(page, "/users/cashback");
    await expect(page).toHaveURL(/\/users\/consent\?redirect=%2Fusers%2Fcashback$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("規約改定への同意のお願い");
    await expect(page.getByTestId("consent-doc")).toHaveCount(1);
    await expect(page.getByTestId("consent-summary")).toHaveText(
      "第5条（出金）の処理日を変更しました。",
    );
    // It fits a phone: nothing cut off or wider than the screen, every target 44 px tall.
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await page.evaluate(PHONE_CHECK)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await visit(page, "/users/withdraw");
    await expect(page).toHaveURL(/\/users\/consent\?redirect=%2Fusers%2Fwithdraw$/);

    // The documents themselves stay open, and so does the language switch.
    await visit(page, "/terms");
    await expect(page.getByTestId("legal-version")).toContainText(`第${before + 1}版`);
    await visit(page, "/users/consent?redirect=%2Fusers%2Fcashback");
    await page.getByTestId("header-language").getByLabel("言語").selectOption("en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Please agree to the updated terms",
    );
    await expect(page.getByTestId("consent-summary")).toHaveText(
      "Article 5 (withdrawals): new processing days.",
    );

    // Refused without the box: the reason in view, the box focused; nothing recorded.
    await page.getByRole("button", { name: "Agree and continue" }).click();
    await expect(page.getByTestId("error-agree")).toHaveText(
      "Please agree to the terms of use and the privacy policy",
    );
    await expect(page.getByTestId("agree")).toBeFocused();
    await expect(page.getByTestId("error-agree")).toBeInViewport();

    await page.getByTestId("agree").check();
    await page.getByRole("button", { name: "Agree and continue" }).click();
    await expect(page).toHaveURL(/\/users\/cashback$/);
    await visit(page, "/users/withdraw");
    await expect(page).toHaveURL(/\/users\/withdraw$/);

    // The admin sees which versions the member accepted, and the CSV lists them.
    await visit(admin.page, `/admin/customer/${member.id}`);
    const consents = admin.page.getByTestId("customer-consents");
    await expect(consents.getByTestId("consent-entry").first()).toContainText(
      `利用規約 第${before + 1}版`,
    );
    const csv = await admin.page.request.get("/admin/setting/legal/consents?kind=terms");
    expect(csv.headers()["content-type"]).toContain("text/csv");
    const text = (await csv.body()).toString("utf8");
    expect(text).toContain(member.email);
    expect(text).toMatch(new RegExp(`${member.email},[^\\n]*,利用規約,${before + 1},`));

    // Another member who has not agreed yet may log out from the notice.
    const other = await browser.newContext();
    const otherId = (await userPage(browser, db)).id;
    await agreedAtRegistration(db, otherId, before);
    await signInUser(other, db, otherId);
    const otherPage = await other.newPage();
    await visit(otherPage, "/users");
    await expect(otherPage).toHaveURL(/\/users\/consent/);
    await otherPage
      .getByTestId("consent-notice")
      .getByRole("button", { name: "ログアウト" })
      .click();
    await expect(otherPage).toHaveURL(/\/login\?loggedOut=true$/);
    await other.close();

    if (process.env.SCREENSHOTS) await shootNotice(browser, db, before);
    await admin.context.close();
  } finally {
    await removeVersionsAfter(db, before);
  }
});

/** The version awaiting its second approval, as the second admin sees it, in ja and en. */
async function shootAwaiting(checker: Awaited<ReturnType<typeof userPage>>) {
  const shoot = shooterFor("test-results/screenshots/legal");
  for (const lng of SHOT_LANGUAGES) {
    await languageCookie(checker.context, lng);
    await atEachSize(checker.page, async (size) => {
      await visit(checker.page, "/admin/setting/legal/terms");
      await checker.page.getByTestId("legal-awaiting").waitFor();
      await shoot(checker.page, `awaiting-${size}-${lng}`);
    });
  }
  await languageCookie(checker.context, "ja");
  await checker.page.setViewportSize({ width: 1280, height: 800 });
  await visit(checker.page, "/admin/setting/legal/terms");
}

/** The notice at 1280 and 375 px in ja and en, for a person to look at. */
async function shootNotice(browser: Parameters<typeof userPage>[0], db: Db, before: number) {
  const shoot = shooterFor("test-results/screenshots/legal");
  for (const lng of SHOT_LANGUAGES) {
    const { id, context, page } = await userPage(browser, db);
    // Agreed to the version before: the latest asks again.
    await agreedAtRegistration(db, id, before);
    await languageCookie(context, lng);
    await atEachSize(page, async (size) => {
      await visit(page, "/users/consent");
      await page.getByTestId("consent-notice").waitFor();
      await shoot(page, `consent-${size}-${lng}`);
    });
    await phoneRefusal(page, shoot, lng);
    await context.close();
  }
}

async function phoneRefusal(page: Page, shoot: ReturnType<typeof shooterFor>, lng: string) {
  await page.getByRole("button", { name: /同意して続ける|Agree and continue/ }).click();
  await page.getByTestId("error-agree").waitFor();
  await shoot(page, `consent-refused-phone-${lng}`, false);
}
