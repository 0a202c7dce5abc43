import { publish } from "#server/features/legal/service";
import { expect, freshStep, test, visit } from "./fixtures";
import { languageCookie } from "./shots";

/**
 * The legal documents as three people meet them, one after the other: a visitor reaches every
 * document from the footer; a member's footer leads to the support chat; an admin publishes a
 * version (and puts the demo's text back). Each step is a new visitor with its own account.
 */

test("legal documents and the footer: a visitor, a member, an admin publishing", async ({
  page,
  context,
  login,
  db,
  problems,
}) => {
  test.setTimeout(180_000);
  await test.step("a visitor reaches every document from the footer, with its version and date", async () => {
    await visit(page, "/login");
    const footer = page.getByTestId("footer");
    await expect(footer.getByRole("link", { name: "プライバシーポリシー" })).toHaveAttribute(
      "href",
      "/privacy",
    );
    await expect(footer.getByRole("link", { name: "特定商取引法に基づく表記" })).toHaveAttribute(
      "href",
      "/legal",
    );
    await expect(footer.getByRole("link", { name: "運営会社" })).toHaveAttribute(
      "href",
      "/company",
    );
    await expect(footer.getByRole("link", { name: "ヘルプ" })).toHaveAttribute("href", "/help");
    // A visitor writes to the configured address; the copyright names the service.
    await expect(footer.getByTestId("footer-contact")).toHaveAttribute(
      "href",
      "mailto:support@example.com",
    );
    await expect(footer).toContainText(/© \d{4} キャッシュバック会員ポータル/);

    await footer.getByRole("link", { name: "利用規約" }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("利用規約");
    await expect(page.getByTestId("legal-version")).toHaveText(
      /^第\d+版 · \d{4}\/\d{2}\/\d{2} 公開$/,
    );
    // The demo's text says it is a template to rewrite.
    await expect(page.getByTestId("legal-body")).toContainText("ひな形です");
    await expect(
      page.getByTestId("legal-body").getByRole("heading", { level: 2 }).first(),
    ).toBeVisible();
    await expect(page).toHaveTitle(/^利用規約 \| /);

    // The public rate card has the footer too; in English the seeded English is shown.
    await visit(page, "/brokers");
    await expect(page.getByTestId("footer")).toBeVisible();
    await languageCookie(context, "en");
    await visit(page, "/privacy");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy policy");
    await expect(page.getByTestId("legal-body")).toContainText("Information collected");
    await expect(page.getByTestId("legal-in-japanese")).toHaveCount(0);
    await expect(
      page.getByTestId("footer").getByRole("link", { name: "Terms of use" }),
    ).toBeVisible();
  });
  await test.step("a member's footer leads to the support chat", async () => {
    // A new visitor: signed out, the default language.
    await freshStep(page);
    await login();
    await visit(page, "/users");
    await expect(page.getByTestId("footer-contact")).toHaveAttribute("href", "/users/chat");
    // Signed in, the documents open as for anyone.
    await visit(page, "/legal");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("特定商取引法に基づく表記");
  });
  await test.step("an admin publishes a version; the earlier one stays readable and HTML stays text", async () => {
    // A new visitor: signed out, the default language.
    await freshStep(page);
    problems.allow(/\/admin\/setting\/legal\/company(\.data|\?)/);
    problems.allow(/\/company(\.data)?\?version=9999/);
    const admin = await login("admin");
    const before = await db.kysely
      .selectFrom("legal_documents")
      .select(["version", "body", "body_en"])
      .where("kind", "=", "company")
      .orderBy("version", "desc")
      .executeTakeFirstOrThrow();

    await visit(page, "/admin/setting");
    await page.getByTestId("tab-legal").click();
    await expect(page).toHaveURL(/\/admin\/setting\/legal$/);
    await page.getByTestId("legal-edit-company").click();
    await expect(page).toHaveURL(/\/admin\/setting\/legal\/company$/);
    const main = page.getByTestId("main");
    const body = main.getByLabel("本文（Markdown）（日本語）");
    const english = main.getByLabel("本文（Markdown）（英語）");
    await expect(body).toHaveValue(before.body);
    // The company page is read, not agreed to: no "agree again" box.
    await expect(main.getByLabel("会員に同意を求め直す")).toHaveCount(0);

    // No Japanese: refused, nothing published.
    await body.fill("");
    await main.getByRole("button", { name: "プレビューで確認する" }).click();
    await expect(page.getByTestId("error-body")).toHaveText("本文（Markdown）（日本語）は必須です");

    await body.fill("## 運営会社\n\n<script>window.injected = 1</script>\n\n新しい所在地：大阪府");
    await english.fill("");
    await main.getByRole("button", { name: "プレビューで確認する" }).click();
    // The preview shows the text as readers will, the author's tags as text.
    const preview = page.getByTestId("legal-preview");
    await expect(
      preview.getByRole("heading", { level: 2, name: `第${before.version + 1}版の確認` }),
    ).toBeFocused();
    await expect(preview.getByTestId("legal-preview-ja")).toContainText("新しい所在地：大阪府");
    await expect(preview.getByTestId("legal-preview-ja").locator("script")).toHaveCount(0);
    await expect(preview.getByTestId("legal-diff-ja")).toContainText("新しい所在地：大阪府");
    await expect(page.getByTestId("legal-version-row")).toHaveCount(before.version);
    await preview.getByRole("button", { name: `第${before.version + 1}版として公開` }).click();
    await expect(page.getByTestId("legal-published")).toContainText(
      `第${before.version + 1}版を公開しました。`,
    );
    await expect(page.getByTestId("legal-version-row")).toHaveCount(before.version + 1);

    await visit(page, "/company");
    await expect(page.getByTestId("legal-version")).toContainText(`第${before.version + 1}版`);
    const text = page.getByTestId("legal-body");
    await expect(text).toContainText("<script>window.injected = 1</script>");
    await expect(text.locator("script")).toHaveCount(0);
    expect(await page.evaluate(() => (window as { injected?: number }).injected)).toBeUndefined();

    // The earlier version, from the history.
    await page
      .getByTestId("legal-history")
      .getByRole("link", { name: new RegExp(`^第${before.version}版`) })
      .click();
    await expect(page).toHaveURL(new RegExp(`/company\\?version=${before.version}$`));
    await expect(page.getByTestId("legal-old-version")).toBeVisible();
    await expect(page.getByTestId("legal-body")).toContainText("ひな形です");
    const missing = await page.goto("/company?version=9999");
    expect(missing?.status()).toBe(404);

    // In English, a version written only in Japanese says so.
    await languageCookie(context, "en");
    await visit(page, "/company");
    await expect(page.getByTestId("legal-in-japanese")).toHaveText("Japanese");
    await expect(page.getByTestId("legal-body")).toHaveAttribute("lang", "ja");

    // The demo's template back as the latest version, for whatever runs next.
    await publish(db, admin.id, {
      kind: "company",
      body: before.body,
      bodyEn: before.body_en,
      summary: null,
      summaryEn: null,
      reconsent: false,
    });
  });
});
