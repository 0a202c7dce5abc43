import { strFromU8, unzipSync } from "fflate";
import { readFile } from "node:fs/promises";
import { expect, test, visit } from "./fixtures";
import { runDataExports } from "../../server/features/profile/data-export";
import { localStorage } from "../../server/storage";
import { DESKTOP, languageCookie, PHONE, SHOT_LANGUAGES, shooterFor } from "./shots";

/**
 * "Download my data" from the profile, at 375 and 1280 px in both languages: the request, the
 * worker's job (run here against the server's database and upload folder, as the bot worker
 * runs it), the ready state and the ZIP itself. Screenshots land in
 * test-results/screenshots/data-export-*.png for a person to look at.
 */
const shoot = shooterFor("test-results/screenshots");
const storage = localStorage("data/e2e/uploads");
const silent = { info() {}, warn() {}, error() {}, debug() {} } as never;
const sent: unknown[] = [];
const mailer = {
  async send(message: unknown) {
    sent.push(message);
  },
};

const TEXT = {
  ja: {
    request: "データのコピーを依頼する",
    requested: "依頼を受け付けました",
    download: "ZIP をダウンロード",
  },
  en: {
    request: "Ask for a copy of my data",
    requested: "Your request is received",
    download: "Download the ZIP",
  },
} as const;

for (const lng of SHOT_LANGUAGES) {
  for (const [size, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    test(`a member downloads their data (${lng}, ${size})`, async ({
      page,
      context,
      db,
      login,
    }) => {
      const text = TEXT[lng];
      await languageCookie(context, lng);
      await page.setViewportSize(viewport);
      const me = await login("member");
      await visit(page, "/users/mypage");
      const section = page.getByTestId("data-export-section");
      await section.getByRole("button", { name: text.request }).click();
      await expect(page.getByTestId("data-export-requested")).toContainText(text.requested);
      await section.scrollIntoViewIfNeeded();
      await section.screenshot({
        path: `test-results/screenshots/data-export-requested-${size}-${lng}.png`,
      });

      await runDataExports({ db, storage, mailer, log: silent, appOrigin: "http://e2e.test" });
      await visit(page, "/users/mypage");
      const link = section.getByTestId("data-export-download");
      await expect(link).toHaveText(text.download);
      const box = await link.boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(44);
      await section.scrollIntoViewIfNeeded();
      await section.screenshot({
        path: `test-results/screenshots/data-export-ready-${size}-${lng}.png`,
      });
      await shoot(page, `data-export-page-${size}-${lng}`);

      const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
      const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
      const profile = JSON.parse(strFromU8(files["profile.json"]!)) as { email: string }[];
      expect(profile).toEqual([expect.objectContaining({ email: me.email })]);
      expect(Object.keys(files)).toContain("statement.csv");
    });
  }
}
