import { expect, signInByEmail, test, visit } from "./fixtures";
import { DEMO_MEMBER } from "#tools/seed";
import { fund } from "../helpers/money";
import { languageCookie } from "./shots";
import { setLanguage } from "./walk";

/**
 * The help centre as a visitor reads it (list, search in both languages, one answer, an
 * unknown one), as an admin manages it (a refused form, then an article published), the
 * answers other pages link to, and the member's annual statement with its PDF and CSV.
 */

test("help: a visitor searches and reads, pages link to answers, a member downloads the annual statement, an admin publishes an answer", async ({
  page,
  context,
  db,
  login,
  problems,
}) => {
  // Four former tests of about 60 s each on a slow machine.
  test.setTimeout(240_000);
  await test.step("a visitor browses, searches in both languages and reads an answer", async () => {
    await visit(page, "/help");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("ヘルプセンター");
    await expect(page.getByTestId("help-category")).toHaveCount(5);

    // A part of a Japanese word, found in an answer.
    await page.getByTestId("help-q").fill("確定申");
    await page.getByTestId("help-q").press("Enter");
    await expect(page).toHaveURL(/\/help\?q=/);
    await expect(page.getByTestId("help-results")).toContainText("確定申");
    await expect(page.getByTestId("help-article-link").first()).toBeVisible();
    await page.getByRole("link", { name: "キャッシュバックに税金はかかりますか？" }).click();
    await expect(page.getByTestId("help-answer")).toContainText("雑所得");
    await expect(page.getByTestId("help-answer").locator("strong").first()).toBeVisible();
    await expect(page.getByTestId("help-contact")).toBeVisible();

    // Nothing found says so, and offers the way back.
    await visit(page, "/help?q=zzzz");
    await expect(page.getByTestId("help-results")).toContainText("一致する質問はありません");
    await expect(page.getByTestId("help-category")).toHaveCount(0);

    // An English reader searches English words, part of one included.
    await languageCookie(context, "en");
    await visit(page, "/help?q=withdr%20fee");
    await expect(page.getByTestId("help-results")).toContainText("result");
    await expect(page.getByRole("link", { name: "Are there withdrawal fees?" })).toBeVisible();

    // An unknown answer is a 404 with the way back.
    problems.allow(/\/help\/no-such-answer/);
    const response = await visit(page, "/help/no-such-answer");
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("help-not-found")).toBeVisible();
  });

  await test.step("forms and pages link to their answers", async () => {
    // Back to Japanese after the English search (its cookie, and the stored choice with it).
    await setLanguage(context, "ja");
    await visit(page, "/brokers");
    await expect(page.getByTestId("brokers-help").getByTestId("help-link")).toHaveAttribute(
      "href",
      "/help/link-existing-account",
    );
    await signInByEmail(context, db, DEMO_MEMBER.email);
    await visit(page, "/users/withdraw/new");
    await expect(page.getByTestId("help-link")).toHaveCount(2);
    await visit(page, "/users/withdraw/transfer");
    await expect(page.getByTestId("help-link")).toHaveAttribute("href", "/help/transfer-fees");
    await visit(page, "/users/chat");
    await expect(page.getByTestId("chat-top-questions").getByTestId("help-link")).toHaveCount(5);
  });

  await test.step("annual statement: a member opens this year from the statement and downloads the PDF and the CSV", async () => {
    const me = await login("member");
    await fund(db, me.id, 12_345);
    await visit(page, "/users/statement");
    // Tap 1: the year's link on the statement.
    await page.getByTestId("annual-link").first().click();
    const year = new Date().getFullYear();
    await expect(page.getByTestId("annual-title")).toContainText(String(year));
    await expect(page.getByTestId("annual-total-income")).toHaveText("¥12,345");
    await expect(page.getByTestId("annual-closing")).toHaveText("¥12,345");
    await expect(page.getByTestId("annual-mismatch")).toHaveCount(0);
    // The year is running: the balance is "as of" today (Tokyo), not the year-end.
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Tokyo" })
      .format(new Date())
      .replace(/-/g, "/");
    await expect(
      page.locator("section").filter({ has: page.getByTestId("annual-closing") }),
    ).toContainText(`残高（${today} 現在）`);
    await expect(page.getByTestId("annual-number")).toContainText(`文書番号：AR-${year}-`);
    // A member registered this year is offered this year only.
    await expect(page.getByTestId("annual-year")).toHaveCount(1);

    // Tap 2: the PDF and the CSV download. What they hold, and where an odd or early year
    // leads, is asked of the routes (tests/routes/annual-statement.test.ts).
    const [pdf] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("annual-pdf").click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    const [csv] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("annual-csv").click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  });

  await test.step("an admin is refused an incomplete article, then publishes one", async () => {
    // The empty first submit is refused with 400 and its messages: expected.
    problems.allow(/\/admin\/setting\/help\/new(\.data|\?_data=)/);
    await login("admin");
    await visit(page, "/admin/setting/help");
    await expect(page.getByTestId("tab-help")).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("help-admin-row").first()).toBeVisible();
    await page.getByTestId("help-new").click();
    await page.getByTestId("help-article-form").getByRole("button").last().click();
    await expect(page.getByTestId("error-slug")).toHaveText("スラッグ（URL）は必須です");
    await expect(page.getByTestId("error-title")).toHaveText("質問（日本語）は必須です");
    await expect(page.getByTestId("error-body")).toHaveText("回答（日本語）は必須です");

    const slug = `e2e-${Date.now()}`;
    await page.getByLabel("スラッグ（URL）").fill(slug);
    await page.getByLabel("質問（日本語）").fill("E2Eの質問はどこに表示されますか？");
    await page.getByLabel("回答（日本語）").fill("**ヘルプセンター**に表示されます。");
    await page.getByLabel("公開する").check();
    await page.getByTestId("help-article-form").getByRole("button").last().click();
    await expect(page.getByTestId("help-saved")).toBeVisible();

    await visit(page, `/help/${slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "E2Eの質問はどこに表示されますか？",
    );
  });
});
