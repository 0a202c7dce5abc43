import { expect, test } from "./fixtures";
import { atEachSize, languageCookie, SHOT_LANGUAGES, shooterFor } from "./shots";

/**
 * A legal document's version that does not exist (an old or mistyped link): 404, saying so,
 * with a link to the current version; at 375 and 1280 px in both languages, screenshots in
 * test-results/screenshots/legal-unknown-version-*.png.
 */
const shoot = shooterFor("test-results/screenshots");
const SAYS = {
  ja: { text: "この版はありません。", link: "最新の版を見る", heading: "利用規約" },
  en: {
    text: "There is no such version.",
    link: "See the current version",
    heading: "Terms of use",
  },
} as const;

for (const lng of SHOT_LANGUAGES) {
  test(`an unknown version of the terms links to the current one (${lng})`, async ({
    page,
    context,
    problems,
  }) => {
    problems.allow(/\/terms\?version=99/);
    await languageCookie(context, lng);
    const says = SAYS[lng];
    await atEachSize(page, async (size) => {
      const response = await page.goto("/terms?version=99");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(says.heading);
      const notice = page.getByTestId("legal-unknown-version");
      await expect(notice).toContainText(says.text);
      await expect(notice.getByRole("link", { name: says.link })).toHaveAttribute("href", "/terms");
      await expect(page.getByTestId("legal-missing")).toHaveCount(0);
      await shoot(page, `legal-unknown-version-${size}-${lng}`);
    });
    await page.getByTestId("legal-unknown-version").getByRole("link").click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByTestId("legal-document")).toBeVisible();
  });
}
