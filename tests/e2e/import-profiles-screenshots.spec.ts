import type { Page } from "@playwright/test";
import { profileFields } from "../../server/domain/import-profile";
import { previewImport } from "../../server/features/cashback/preview";
import { saveProfile } from "../../server/features/cashback/profiles";
import { createLogger } from "../../server/logger";
import { setup } from "./cashback-kit";
import { EXNESS_COLUMNS, exnessProfileForm } from "../helpers/import-profiles";
import { test, visit } from "./fixtures";
import { atEachSize, languageCookie, SHOT_LANGUAGES, shooterFor } from "./shots";

/**
 * Screenshots of the import profile screens for a person to look at (not compared against
 * anything), at 1280 and 375 px, ja and en: the profiles tab, the editor with a sample's rows
 * and with a refused sample, the upload asking which of two profiles to use, and a batch page
 * with the mapping applied. Opt in with
 * `SCREENSHOTS=1 scripts/e2e-local.sh tests/e2e/import-profiles-screenshots.spec.ts`; they
 * land in test-results/screenshots.
 */
const DIR = "test-results/screenshots";
const shoot = shooterFor(DIR);

const csv = (name: string, text: string) => ({
  name,
  mimeType: "text/csv",
  buffer: Buffer.from(text),
});

for (const lng of SHOT_LANGUAGES) {
  test(`import profile screens (${lng})`, async ({ page, context, db, login, problems }) => {
    test.setTimeout(300_000);
    // The refused preview and the upload asking which profile answer 400 on purpose.
    problems.allow(/\?(index=&)?_data=/);
    const admin = await login("admin");
    await languageCookie(context, lng);
    const s = await setup(db);
    const header = `Ticket-${s.tag};Login;Symbol;Close time;Volume;Commission`;
    const rows = [
      `9001;${s.approved};EURUSD;05/11/2026 10:30;50000;1,25`,
      `9002;${s.approved};USDJPY;06/11/2026 23:59;150000;3,75`,
      `9003;${s.approved};XAUUSD;07/11/2026 08:00;20000;12,50`,
    ];
    const report = [header, ...rows].join("\r\n");
    const fields = (name: string) =>
      profileFields.parse(
        exnessProfileForm(s.brokerId, {
          name,
          columns: { ...EXNESS_COLUMNS, rowKey: `Ticket-${s.tag}` },
        }),
      );
    const { id } = await saveProfile(db, admin.id, fields(`Exness IB report ${s.tag}`));
    const batch = await previewImport({ db, log: createLogger({ level: "silent" }) }, admin.id, {
      fileName: `exness-ib-report-2026-11-${s.tag}.csv`,
      content: Buffer.from(report),
      usdRate: "151.25",
      profileId: id,
    });
    // A second profile whose header is the same: the upload asks which one.
    await saveProfile(db, admin.id, fields(`Exness (old export) ${s.tag}`));

    const preview = async (page: Page, text: string, shown: string) => {
      await page.locator("input[name=sample]").setInputFiles(csv("sample.csv", text));
      await page.getByTestId("profile-preview").click();
      await page.getByTestId(shown).waitFor();
    };

    await atEachSize(page, async (size) => {
      await visit(page, "/admin/update/profiles");
      await shoot(page, `profiles-list-${size}-${lng}`);

      await visit(page, `/admin/update/profiles/${id}`);
      await preview(page, report, "sample-rows");
      // From the top: a full-page shot of a scrolled page draws the sticky header mid-page.
      await page.evaluate(() => window.scrollTo(0, 0));
      await shoot(page, `profiles-editor-preview-${size}-${lng}`);
      await preview(
        page,
        [header, rows[0], `9002;${s.approved};USDJPY;31/02/2026 23:59;150000;3,75`].join("\r\n"),
        "sample-refusal",
      );
      // As the admin sees it after the refused preview: the reason in view.
      await shoot(page, `profiles-editor-refused-${size}-${lng}`, false);

      await visit(page, "/admin/update");
      await page.locator("input[name=file]").setInputFiles(csv(`exness-${s.tag}.csv`, report));
      await page.locator("input[name=usdRate]").fill("151.25");
      await page.getByTestId("upload-form").locator("button[type=submit]").click();
      await page.getByTestId("profile-candidates").waitFor();
      // As the admin sees it: the reason (focused) and the candidates; the imports below are
      // the upload page's own.
      await shoot(page, `profiles-upload-choice-${size}-${lng}`, false);

      await visit(page, `/admin/update/${batch.batchId}`);
      await page.getByTestId("batch-mapping").waitFor();
      await shoot(page, `profiles-batch-${size}-${lng}`);
    });
  });
}
