import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { cancelWithdrawal } from "../../server/features/wallet/service";
import { walletOf } from "../helpers/money";
import { E2E_ORIGIN } from "./env";
import { expect, test, visit } from "./fixtures";
import { deps, filterStatus, member, withdraw } from "./money-steps";

/**
 * The admin's withdrawal screens in the browser: decisions (one, with a reason, many at once)
 * and the CSV exports (transfers, presents and settings are in admin-money.spec.ts).
 *
 * Requests are made through the real services (a funded member with registered payment
 * details asks for a withdrawal or a transfer), then the admin acts on them in the page; the
 * assertions read what the page shows, and the wallet behind it.
 *
 * The tests of this file run one after the other: the settings test changes the fee rate the
 * transfer test would otherwise charge, and restores it.
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
    await reject.getByLabel("却下理由").fill("   ");
    await reject.getByRole("button", { name: "却下する" }).click();
    await expect(reject.getByTestId("error-reason")).toHaveText("却下理由は必須です");
    await expect(rows).toHaveCount(1);
    await reject.getByLabel("却下理由").fill("PayPay IDが確認できませんでした");
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

  test("exports the filtered list and the pending bank payouts as CSV", async ({
    page,
    db,
    login,
  }) => {
    const m = await member(db, 12_000);
    const bankId = await withdraw(db, m, "bank", 6_000);
    const usdtId = await withdraw(db, m, "usdt", 5_000);
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

    const [bankFile] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("bank-payouts").click(),
    ]);
    expect(bankFile.suggestedFilename()).toMatch(/^bank-payouts-\d{8}\.csv$/);
    const bank = readFileSync((await bankFile.path())!, "utf8");
    expect(bank.startsWith("\uFEFF")).toBe(true);
    const bankLines = bank.slice(1).trimEnd().split("\r\n");
    expect(bankLines[0]).toBe(
      "銀行コード,銀行名,支店コード,支店名,預金種目,口座番号,受取人名,振込金額,申請ID,申請日時",
    );
    const line = bankLines.find((l) => l.includes(bankId));
    expect(line).toMatch(
      new RegExp(`^0001,みずほ銀行,001,東京営業部,1,1234567,ヤマダ タロウ,6000,${bankId},\\d{4}/`),
    );
    // Only bank payouts are in it.
    expect(bankLines.filter((l) => l.includes(usdtId))).toEqual([]);
  });
});
