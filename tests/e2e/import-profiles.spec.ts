import type { Page } from "@playwright/test";
import { profileFields } from "../../server/domain/import-profile";
import { saveProfile } from "../../server/features/cashback/profiles";
import { expect, test, visit } from "./fixtures";
import { setup } from "./cashback-kit";
import { EXNESS_COLUMNS, exnessProfileForm } from "../helpers/import-profiles";

/**
 * Import profiles in the browser (decision 046): an admin creates a profile for a broker's own
 * report under the data update's Profiles tab, tries it on a sample (a refused sample names the
 * line, the column and the value, with focus on it), saves it, uploads a report its header
 * matches and reads the mapping applied on the batch page; a header that fits two profiles
 * asks which one, offering exactly those; the profile is edited and deleted.
 *
 * Each test names its columns after its own tag, so profiles left by other runs never match.
 */

const sample = (name: string, text: string) => ({
  name,
  mimeType: "text/csv",
  buffer: Buffer.from(text),
});

/** The broker's report: semicolons, day-first dates, units, decimal commas. */
function report(tag: string, account: string, rows: string[]) {
  return [`Ticket-${tag};Login;Symbol;Close time;Volume;Commission`, ...rows]
    .map((r) => r.replaceAll("ACC", account))
    .join("\r\n");
}

async function fillProfile(page: Page, tag: string, brokerName: string) {
  await page.getByLabel("プロファイル名").fill(`Exness ${tag}`);
  await page.getByLabel("ブローカー", { exact: true }).selectOption({ label: brokerName });
  await page.getByLabel("区切り文字").selectOption(";");
  await page.getByLabel("口座番号の列").fill("Login");
  await page.getByLabel("取引日の列").fill("Close time");
  await page.getByLabel("取引量の列").fill("Volume");
  await page.getByLabel("IB報酬の列").fill("Commission");
  await page.getByLabel("銘柄の列（任意）").fill("Symbol");
  await page.getByLabel("行キーの列（任意）").fill(`Ticket-${tag}`);
  await page.getByLabel("日付の形式").fill("dd/MM/yyyy HH:mm");
  await page.getByLabel("1ロットあたりの単位数").fill("100000");
  await page.getByLabel("小数点がカンマ（12,50）").check();
  await page.getByLabel("報酬の通貨").selectOption("USD");
}

test.describe("import profiles", () => {
  test("create, preview a sample, upload with it, see the mapping, choose between two, edit, delete", async ({
    page,
    db,
    login,
    problems,
  }) => {
    // Refused saves, previews and uploads answer 400 on purpose.
    problems.allow(/\/admin\/update(\/profiles\/new)?\?(index=&)?_data=/);
    const s = await setup(db);
    const admin = await login("admin");
    const tag = s.tag;
    const good = report(tag, s.approved, [
      "9001;ACC;EURUSD;05/11/2026 10:30;50000;1,25",
      "9002;ACC;USDJPY;06/11/2026 23:59;150000;3,75",
    ]);

    // ------------------------------------------------------------ the tab and a new profile
    await visit(page, "/admin/update");
    await page.getByTestId("tab-profiles").click();
    await expect(page).toHaveURL(/\/admin\/update\/profiles$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("データ更新");
    await expect(page).toHaveTitle(/^取込プロファイル \| データ更新 \| /);
    await expect(page.getByTestId("tab-profiles")).toHaveAttribute("aria-current", "page");
    await page.getByTestId("profile-new").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("取込プロファイルの新規作成");

    // A refused save: the summary takes focus and names the field.
    await page.getByRole("button", { name: "プロファイルを作成" }).click();
    await expect(page.getByTestId("form-error")).toBeFocused();
    await expect(page.getByTestId("error-columns.account")).toHaveText("口座番号の列は必須です");

    await fillProfile(page, tag, s.brokerName);

    // A preview without a sample asks for one.
    await page.getByTestId("profile-preview").click();
    await expect(page.getByTestId("error-sample")).toContainText("サンプルファイル");
    await expect(page.getByTestId("form-error")).toBeFocused();

    // A sample whose third line has a date that does not exist: refused with line, column
    // and value, in view and focused.
    await page
      .getByLabel("サンプルファイル（CSV、2MBまで）")
      .setInputFiles(
        sample(
          "bad.csv",
          report(tag, s.approved, [
            "9001;ACC;EURUSD;05/11/2026 10:30;50000;1,25",
            "9002;ACC;USDJPY;31/02/2026 10:00;150000;3,75",
          ]),
        ),
      );
    await page.getByTestId("profile-preview").click();
    await expect(page.getByTestId("sample-refusal")).toContainText(
      "3 行目の「Close time」の値「31/02/2026 10:00」は日付として読めません。形式 dd/MM/yyyy HH:mm（例: 29/11/2026 21:30）で書かれている必要があります",
    );
    await expect(page.getByTestId("sample-answer")).toBeFocused();
    await expect(page.getByTestId("sample-answer")).toBeInViewport();

    // The good sample: the rows as they will be read (units to lots, decimal commas).
    await page
      .getByLabel("サンプルファイル（CSV、2MBまで）")
      .setInputFiles(sample("good.csv", good));
    await page.getByTestId("profile-preview").click();
    const rows = page.getByTestId("sample-rows").locator("tbody tr");
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(
      [2, s.approved, "2026-11-05", "0.5", "1.25", "USD", "EURUSD", "9001"].join(""),
    );
    await expect(rows.nth(1)).toContainText("2026-11-06");
    await expect(rows.nth(1)).toContainText("1.5");
    await expect(page.getByTestId("sample-answer")).toBeFocused();
    // The values stayed as typed through the previews.
    await expect(page.getByLabel("日付の形式")).toHaveValue("dd/MM/yyyy HH:mm");

    await page.getByRole("button", { name: "プロファイルを作成" }).click();
    await expect(page).toHaveURL(/\/admin\/update\/profiles\?saved=/);
    await expect(page.getByTestId("profile-saved")).toContainText(`Exness ${tag}`);
    await expect(
      page.getByTestId("profile-row").filter({ hasText: `Exness ${tag}` }),
    ).toContainText("dd/MM/yyyy HH:mm");

    // ------------------------------------------------------------ upload: the header matches
    await visit(page, "/admin/update");
    await expect(page.getByLabel("取込プロファイル", { exact: true })).toHaveValue("");
    await page
      .getByLabel("レポートファイル（CSV）")
      .setInputFiles(sample(`exness-${tag}.csv`, good));
    await page.getByLabel("USDレート（1 USD = 円）").fill("150");
    await page.getByRole("button", { name: "プレビューする" }).click();
    await expect(page).toHaveURL(/\/admin\/update\/[^/?]+$/);
    await expect(page.getByTestId("job-done")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId("count-total")).toHaveText("2");
    const mapping = page.getByTestId("batch-mapping");
    await expect(mapping.getByTestId("mapping-profile")).toHaveText(`Exness ${tag}`);
    await expect(mapping).toContainText("セミコロン（;）");
    await expect(mapping.getByTestId("mapping-columns")).toContainText("口座番号 ← Login");
    await expect(mapping.getByTestId("mapping-columns")).toContainText(`行キー ← Ticket-${tag}`);
    await expect(mapping.getByTestId("mapping-date-format")).toHaveText("dd/MM/yyyy HH:mm");
    await expect(mapping.getByTestId("mapping-divisor")).toHaveText("100,000");

    // ------------------------------------------------------------ two profiles fit: choose
    const other = profileFields.parse(
      exnessProfileForm(s.brokerId, {
        name: `Exness copy ${tag}`,
        columns: { ...EXNESS_COLUMNS, symbol: "", rowKey: `Ticket-${tag}` },
      }),
    );
    await saveProfile(db, admin.id, other);
    await visit(page, "/admin/update");
    await page
      .getByLabel("レポートファイル（CSV）")
      .setInputFiles(sample(`exness2-${tag}.csv`, good));
    await page.getByLabel("USDレート（1 USD = 円）").fill("150");
    await page.getByRole("button", { name: "プレビューする" }).click();
    const summary = page.getByTestId("form-error");
    await expect(summary).toBeFocused();
    await expect(summary).toContainText("使うプロファイルを選んでください");
    const candidates = page.getByTestId("profile-candidates").getByRole("radio");
    // Exactly the two that fit, by name.
    await expect(candidates).toHaveCount(2);
    await expect(page.getByTestId("profile-candidates")).toContainText(`Exness copy ${tag}`);
    await page.getByTestId("profile-candidates").getByLabel(`Exness copy ${tag}`).check();
    // The file stays chosen: the same form is sent again.
    await page.getByRole("button", { name: "プレビューする" }).click();
    await expect(page).toHaveURL(/\/admin\/update\/[^/?]+$/);
    await expect(page.getByTestId("mapping-profile")).toHaveText(`Exness copy ${tag}`);

    // ------------------------------------------------------------ the built-in shape, named
    await visit(page, "/admin/update");
    await page.getByLabel("取込プロファイル", { exact: true }).selectOption("builtin");
    await page
      .getByLabel("レポートファイル（CSV）")
      .setInputFiles(
        sample(
          `builtin-${tag}.csv`,
          `trade_date,broker,account,lots,amount,currency\n2026-11-05,${s.brokerCode},${s.approved},1,500,JPY\n`,
        ),
      );
    await page.getByRole("button", { name: "プレビューする" }).click();
    await expect(page).toHaveURL(/\/admin\/update\/[^/?]+$/);
    await expect(page.getByTestId("mapping-builtin")).toContainText("標準形式（金額入り）");

    // ------------------------------------------------------------ edit
    await visit(page, "/admin/update/profiles");
    await page.getByRole("link", { name: `Exness ${tag}`, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      `取込プロファイルの編集：Exness ${tag}`,
    );
    await expect(page).toHaveTitle(new RegExp(`^取込プロファイルの編集：Exness ${tag} \\| `));
    await expect(page.getByLabel("区切り文字")).toHaveValue(";");
    await expect(page.getByLabel("小数点がカンマ（12,50）")).toBeChecked();
    await page.getByLabel("プロファイル名").fill(`Exness renamed ${tag}`);
    // Enter in a field saves (the preview button is not the form's first).
    await page.getByLabel("プロファイル名").press("Enter");
    await expect(page.getByTestId("profile-saved")).toContainText(`Exness renamed ${tag}`);
    await expect(page.getByRole("link", { name: `Exness renamed ${tag}` })).toBeVisible();

    // ------------------------------------------------------------ delete, confirmed
    await page.getByRole("link", { name: `Exness renamed ${tag}` }).click();
    await page.getByTestId("profile-remove").click();
    const dialog = page.getByTestId("profile-remove-dialog");
    await expect(dialog).toContainText(`「Exness renamed ${tag}」を削除します`);
    await expect(dialog.getByTestId("dialog-cancel")).toBeFocused();
    await dialog.getByRole("button", { name: "削除する" }).click();
    await expect(page).toHaveURL(/\/admin\/update\/profiles\?removed=/);
    await expect(page.getByTestId("profile-removed")).toContainText(`Exness renamed ${tag}`);
    await expect(page.getByRole("link", { name: `Exness renamed ${tag}` })).toHaveCount(0);
    // The batch read with it keeps the mapping it was read with.
    const batch = await db.kysely
      .selectFrom("import_batches")
      .select("id")
      .where("file_name", "=", `exness-${tag}.csv`)
      .executeTakeFirstOrThrow();
    await visit(page, `/admin/update/${batch.id}`);
    await expect(page.getByTestId("mapping-profile")).toHaveText(`Exness ${tag}`);
  });

  test("the editor and the upload fit a phone: no sideways scroll, 44 px targets @mobile", async ({
    page,
    db,
    login,
  }) => {
    await login("admin");
    const s = await setup(db);
    for (const path of ["/admin/update", "/admin/update/profiles", "/admin/update/profiles/new"]) {
      await visit(page, path);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        path,
      ).toBeLessThanOrEqual(375);
    }
    await fillProfile(page, s.tag, s.brokerName);
    await page
      .getByLabel("サンプルファイル（CSV、2MBまで）")
      .setInputFiles(
        sample(
          "good.csv",
          report(s.tag, s.approved, ["9001;ACC;EURUSD;05/11/2026 10:30;50000;1,25"]),
        ),
      );
    await page.getByTestId("profile-preview").click();
    await expect(page.getByTestId("sample-rows")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    for (const target of [
      page.getByTestId("profile-preview"),
      page.getByRole("button", { name: "プロファイルを作成" }),
      page.getByLabel("報酬の通貨"),
      page.getByLabel("サンプルファイル（CSV、2MBまで）"),
    ]) {
      expect((await target.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
  });
});
