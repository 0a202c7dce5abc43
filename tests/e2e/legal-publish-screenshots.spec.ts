import { DEMO_ADMIN } from "../../db/seed";
import { expect, signInByEmail, test, visit } from "./fixtures";
import { atEachSize, languageCookie, SHOT_LANGUAGES, shooterFor } from "./shots";

/**
 * The admin's check before publishing the terms: a Japanese change with the English left as
 * it was (the warning), the side-by-side changes, and a version asking members to agree again
 * refused until the admin confirms the number of members asked; at 1280 and 375 px in ja and
 * en. Nothing is published. Opt in with SCREENSHOTS=1; test-results/screenshots/legal-publish.
 */
const shoot = shooterFor("test-results/screenshots/legal-publish");

const SAYS = {
  ja: {
    body: "本文（Markdown）（日本語）",
    summary: "変更点の要約（日本語）",
    reconsent: "会員に同意を求め直す",
    preview: "プレビューで確認する",
    stale: "英語の本文は前の版のまま",
    refused: "会員に同意を求め直すことを確認してください",
  },
  en: {
    body: "Text (Markdown) (Japanese)",
    summary: "Summary of the changes (Japanese)",
    reconsent: "Members must agree again",
    preview: "Preview and check",
    stale: "the English text is the previous version's",
    refused: "Confirm that members will be asked to agree again",
  },
} as const;

for (const lng of SHOT_LANGUAGES) {
  test(`the check before publishing the terms (${lng})`, async ({ browser, db }) => {
    test.setTimeout(120_000);
    const says = SAYS[lng];
    const context = await browser.newContext();
    await signInByEmail(context, db, DEMO_ADMIN.email);
    await languageCookie(context, lng);
    const page = await context.newPage();
    await atEachSize(page, async (size) => {
      await visit(page, "/admin/setting/legal/terms");
      const main = page.getByTestId("main");
      const body = main.getByLabel(says.body, { exact: true });
      const text = await body.inputValue();
      // The first article's first line changed, the English left as it was.
      await body.fill(text.replace(/\n/, "\n改定：第1条の文言を変更しました。\n"));
      await main.getByLabel(says.summary).fill("第1条の文言を変更しました。");
      await main.getByLabel(says.reconsent).check();
      await main.getByRole("button", { name: says.preview }).click();
      const preview = page.getByTestId("legal-preview");
      await expect(preview.getByTestId("legal-english-stale")).toContainText(says.stale);
      await expect(preview.getByTestId("legal-diff-ja")).toContainText("改定：第1条の文言");
      await expect(preview.getByTestId("legal-reconsent-confirm")).toBeVisible();
      await shoot(page, `preview-${size}-${lng}`);
      await preview.getByRole("button", { name: /第\d+版として公開|Publish as version/ }).click();
      await expect(page.getByTestId("error-confirmReconsent")).toHaveText(says.refused);
      await shoot(page, `confirm-refused-${size}-${lng}`);
    });
    await context.close();
  });
}
