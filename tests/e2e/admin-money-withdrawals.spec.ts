import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { cancelWithdrawal } from "#server/features/wallet/service";
import { givePaymentDetails, walletOf } from "../helpers/money";
import { E2E_ORIGIN } from "./env";
import { expect, test, visit } from "./fixtures";
import { deps, filterStatus, member, withdraw, withdrawalStatus } from "./money-steps";

/**
 * The admin's withdrawal screens in the browser: decisions (one, with a reason, many at once)
 * and the CSV exports (transfers, presents and settings are in admin-money.spec.ts).
 *
 * Requests are made through the real services (a funded member with registered payment
 * details asks for a withdrawal or a transfer), then the admin acts on them in the page; the
 * assertions read what the page shows, and the wallet behind it.
 *
 * The tests of this file run one after the other: the settings test changes the fee rate the
 * transfer test would otherwise charge, and restores it. The Zengin file refused for missing
 * requester settings is asked of the routes (tests/routes/admin-forms.test.ts).
 */
test.describe.configure({ mode: "default" });

async function setLanguage(page: Page, lng: "ja" | "en") {
  await page.context().addCookies([{ name: "language", value: lng, url: E2E_ORIGIN }]);
}

test.describe("admin withdrawals", () => {
  test("completes one request and rejects another with a reason; the member's money returns", async ({
    page,
    db,
    login,
    problems,
  }) => {
    // The blank reason is refused by the action with a 400, on purpose.
    problems.allow(/\/admin\/withdraw/);
    const m = await member(db, 20_000);
    await withdraw(db, m, "bank", 5_000);
    await withdraw(db, m, "paypay", 3_000);
    await login("admin");

    await visit(page, `/admin/withdraw?member=${encodeURIComponent(m.email)}`);
    await expect(page.getByRole("heading", { level: 1, name: "出金一覧" })).toBeVisible();
    // The list opens on the pending requests.
    await expect(page.getByTestId("filter-status")).toHaveValue("pending");
    const rows = page.getByTestId("table-row");
    await expect(rows).toHaveCount(2);
    const bank = rows.filter({ hasText: "¥5,000" });
    await expect(bank).toContainText("銀行振込");
    await expect(bank).toContainText("申請中");
    await expect(bank).toContainText(
      "みずほ銀行（0001） 東京営業部（001） 普通 1234567 ヤマダ タロウ",
    );
    await expect(rows.filter({ hasText: "¥3,000" })).toContainText("PayPay ID: taro_01");

    // Complete: a confirmation names the request first.
    await bank.getByTestId("complete-one").click();
    const confirm = page.getByTestId("decision-dialog");
    await expect(confirm.getByRole("heading")).toHaveText("出金を完了にしますか？");
    await expect(confirm.getByTestId("dialog-amount")).toHaveText("¥5,000");
    await confirm.getByRole("button", { name: "完了にする" }).click();
    await expect(page.getByTestId("decided")).toHaveText(
      `${m.nickname}の¥5,000の出金を完了にしました。`,
    );
    await expect(confirm).toBeHidden();
    await expect(rows).toHaveCount(1);

    // Reject: the reason is required (spaces only are refused by the server), then recorded.
    await rows.filter({ hasText: "¥3,000" }).getByTestId("reject-one").click();
    const reject = page.getByTestId("decision-dialog");
    await expect(reject.getByRole("heading")).toHaveText("出金を却下しますか？");
    await reject.getByLabel("却下理由", { exact: true }).fill("   ");
    await reject.getByRole("button", { name: "却下する" }).click();
    await expect(reject.getByTestId("error-reason")).toHaveText("却下理由は必須です");
    await expect(rows).toHaveCount(1);
    await reject.getByLabel("却下理由", { exact: true }).fill("PayPay IDが確認できませんでした");
    await reject.getByRole("button", { name: "却下する" }).click();
    await expect(page.getByTestId("decided")).toContainText(
      `${m.nickname}の¥3,000の出金を却下しました。`,
    );
    await expect(page.getByTestId("table-empty")).toBeVisible();

    // Both decisions show in the full list: the completion date, the reason.
    await filterStatus(page, "all");
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: "¥5,000" })).toContainText("完了");
    await expect(rows.filter({ hasText: "¥5,000" })).toContainText(
      /\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}/,
    );
    const rejected = rows.filter({ hasText: "¥3,000" });
    await expect(rejected).toContainText("却下");
    await expect(rejected.getByTestId("reject-reason")).toHaveText(
      "理由: PayPay IDが確認できませんでした",
    );
    await expect(rows.getByTestId("complete-one")).toHaveCount(0);

    // The rejected amount is available again; the completed one has left the wallet.
    expect(await walletOf(db, m.id)).toEqual({ available: 15_000, held: 0 });
  });

  test("completes the selected requests at once and says which were refused (en)", async ({
    page,
    db,
    login,
  }) => {
    const m = await member(db, 30_000);
    await withdraw(db, m, "bank", 4_000);
    await withdraw(db, m, "bitwallet", 2_000);
    const exness = await withdraw(db, m, "exness", 1_000);
    await login("admin");
    await setLanguage(page, "en");

    await visit(page, `/admin/withdraw?member=${encodeURIComponent(m.email)}`);
    const rows = page.getByTestId("table-row");
    await expect(rows).toHaveCount(3);

    // Nothing selected: nothing happens but a hint.
    await page.getByTestId("bulk-complete").click();
    await expect(page.getByTestId("none-selected")).toHaveText(
      "Select the withdrawal requests to complete",
    );

    await page.getByTestId("table-select-all").check();
    await expect(page.getByTestId("table-range")).toContainText("3 selected");
    // Meanwhile the member cancels one of them.
    await cancelWithdrawal(deps(db), m.id, exness);

    await page.getByTestId("bulk-complete").click();
    const dialog = page.getByTestId("bulk-dialog");
    await expect(dialog.getByTestId("bulk-summary")).toHaveText(
      "3 requests, ¥7,000 in total, will be marked completed. Send the money first.",
    );
    await dialog.getByRole("button", { name: "Complete 3 requests" }).click();

    const done = page.getByTestId("decided");
    await expect(done.getByTestId("bulk-completed")).toHaveText("2 withdrawals completed.");
    await expect(done.getByTestId("bulk-refused")).toHaveText("1 could not be completed:");
    await expect(done.getByTestId("bulk-refused-row")).toHaveText(
      `${m.nickname} ¥1,000: This request has already been processed`,
    );
    await expect(page.getByTestId("table-empty")).toBeVisible();

    await filterStatus(page, "completed");
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: "¥4,000" })).toContainText("Completed");
    await expect(rows.filter({ hasText: "¥2,000" })).toContainText("Completed");

    // 6,000 paid out, the cancelled 1,000 back in the balance, nothing held.
    expect(await walletOf(db, m.id)).toEqual({ available: 24_000, held: 0 });
  });

  test("exports the filtered list as CSV", async ({ page, db, login }) => {
    const m = await member(db, 12_000);
    const bankId = await withdraw(db, m, "bank", 6_000);
    await withdraw(db, m, "usdt", 5_000);
    await login("admin");
    await visit(page, `/admin/withdraw?member=${encodeURIComponent(m.email)}&method=bank`);
    await expect(page.getByTestId("table-row")).toHaveCount(1);

    const [listFile] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("table-export").click(),
    ]);
    expect(listFile.suggestedFilename()).toMatch(/^withdrawals-\d{8}\.csv$/);
    const list = readFileSync((await listFile.path())!, "utf8").replace(/^\uFEFF/, "");
    const listLines = list.trimEnd().split("\r\n");
    expect(listLines[0]).toMatch(
      /^申請日時,申請ID,会員ID,ニックネーム,メールアドレス,出金方法,金額,状態,/,
    );
    // Only the filter's rows: this member's bank request, not the USDT one.
    expect(listLines).toHaveLength(2);
    expect(listLines[1]).toContain(
      `${bankId},${m.id},${m.nickname},${m.email},銀行振込,6000,申請中`,
    );

    // An admin reading English gets English headers, methods and states: Excel shows the file
    // as the page reads (BOM first, Tokyo times, CRLF lines).
    await page.context().addCookies([{ name: "language", value: "en", url: page.url() }]);
    const english = await page.request.get(
      `/admin/withdraw/export?member=${encodeURIComponent(m.email)}&method=bank`,
    );
    const bytes = await english.body();
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const enLines = bytes.toString("utf8").slice(1).trimEnd().split("\r\n");
    expect(enLines[0]).toMatch(
      /^Requested,Request ID,Member ID,Nickname,Email,Method,Amount,Status,/,
    );
    expect(enLines[1]).toMatch(
      new RegExp(`^\\d{4}/\\d{2}/\\d{2} \\d{2}:\\d{2},${bankId},.*,Bank transfer,6000,Pending,`),
    );
  });

  test("pays bank withdrawals with a Zengin file: requester settings, download, mark as sent", async ({
    page,
    db,
    login,
    problems,
  }) => {
    // The refused settings form answers 400, on purpose.
    problems.allow(/\/admin\/setting\/zengin/);
    const m = await member(db, 12_000);
    const bankId = await withdraw(db, m, "bank", 6_000);
    await withdraw(db, m, "usdt", 5_000);
    await login("admin");

    await visit(page, "/admin/setting/zengin");
    const form = page.getByTestId("zengin-settings");
    await form.getByLabel("委託者コード").fill("12345");
    await form.getByLabel("振込依頼人名（カナ）").fill("株式会社テスト");
    await form.getByLabel("仕向銀行コード").fill("0005");
    await form.getByLabel("仕向銀行名（カナ）").fill("ミツビシユーエフジェイ");
    await form.getByLabel("仕向支店コード").fill("001");
    await form.getByLabel("仕向支店名（カナ）").fill("ホンテン");
    await form.getByLabel("口座番号").fill("7654321");
    await form.getByRole("button", { name: "保存する" }).click();
    await expect(form.getByTestId("error-requesterCode")).toHaveText(
      "委託者コードは半角数字10桁で入力してください",
    );
    await expect(form.getByTestId("error-requesterName")).toContainText(
      "振込依頼人名（カナ）はカタカナ・英大文字・数字で入力してください",
    );
    await expect(form.getByLabel("仕向銀行名（カナ）")).toHaveValue("ミツビシユーエフジェイ");
    await form.getByLabel("委託者コード").fill("1234567890");
    await form.getByLabel("振込依頼人名（カナ）").fill("カ)テスト");
    await form.getByRole("button", { name: "保存する" }).click();
    await expect(page.getByTestId("zengin-saved")).toBeVisible();

    await visit(page, `/admin/withdraw?member=${encodeURIComponent(m.email)}`);
    const panel = page.getByTestId("zengin-panel");
    await expect(panel.getByTestId("zengin-count")).toContainText("1");
    await expect(panel.getByTestId("zengin-total")).toContainText("¥6,000");
    const [file] = await Promise.all([
      page.waitForEvent("download"),
      panel.getByTestId("zengin-download").click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/^zengin-\d{8}\.txt$/);
    const bytes = readFileSync((await file.path())!);
    expect(bytes.length).toBe(4 * 122);
    const records = new TextDecoder("shift_jis").decode(bytes).split("\r\n");
    expect(records[0]!.slice(0, 14)).toBe("12101234567890");
    expect(records[1]).toMatch(/^20001ﾐｽﾞﾎ {11}001ﾄｳｷﾖｳ {10}000011234567ﾔﾏﾀﾞ ﾀﾛｳ {22}0000006000/);
    expect(records[2]!.slice(0, 19)).toBe("8000001000000006000");
    // Downloading changed nothing: the request is still pending.
    await expect(page.getByTestId("table-row").filter({ hasText: "¥6,000" })).toContainText(
      "申請中",
    );

    await panel.getByTestId("zengin-mark-sent").click();
    await expect(page.getByTestId("zengin-marked")).toHaveText("1件を振込依頼済みにしました。");
    await filterStatus(page, "sent");
    const row = page.getByTestId("table-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("振込依頼済み");
    await expect(row.getByTestId("sent-at")).toBeVisible();
    expect(await withdrawalStatus(db, bankId)).toBe("sent");
  });

  test("leaves a row with a payee name a bank cannot read out of the Zengin file, naming it; it stays pending", async ({
    page,
    db,
    login,
  }) => {
    const m = await member(db, 12_000);
    // Kanji, as a member might have typed before names were checked: no bank reads it.
    await givePaymentDetails(db, m.id, { account_holder: "山田太郎" });
    const bankId = await withdraw(db, m, "bank", 6_000);
    await login("admin");

    const filter = `member=${encodeURIComponent(m.email)}`;
    await visit(page, `/admin/withdraw?${filter}`);
    const panel = page.getByTestId("zengin-panel");
    await expect(panel.getByTestId("zengin-skipped")).toContainText(
      "1件の申請をファイルから除きました。申請中のまま残ります。",
    );
    await expect(panel.getByTestId("zengin-skipped-row")).toHaveText(
      `${m.nickname}（申請ID ${bankId}）の受取人名「山田太郎」は全銀ファイルで使えない文字を含みます`,
    );
    await expect(panel.getByTestId("zengin-download")).toHaveCount(0);
    await expect(panel.getByTestId("zengin-mark-sent")).toHaveCount(0);

    // No other row in this filter: the download address makes no file and says why.
    await page.goto(`/admin/withdraw/zengin?${filter}`);
    await expect(page).toHaveURL(/zengin=zenginUnconvertible/);
    await expect(panel.getByTestId("zengin-refused")).toHaveText(
      "銀行が読める申請がないため、全銀ファイルを作成できません。除いた申請を確認してください",
    );
    await expect(panel.getByTestId("zengin-skipped-row")).toContainText("山田太郎");
    // The settings page lists the saved holder names a file cannot carry, ahead of any request.
    await visit(page, "/admin/setting/zengin");
    await expect(page.getByTestId("zengin-holder").filter({ hasText: m.nickname })).toContainText(
      "山田太郎",
    );
    expect(await withdrawalStatus(db, bankId)).toBe("pending");
  });
});
