import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { DEMO_ADMIN, DEMO_FINANCE } from "#tools/seed";
import { proposeRateChange } from "#server/features/brokers/rate-changes";
import { publish, sendBackVersion } from "#server/features/legal/service";
import { getMoneySettings, updateMoneySettings } from "#server/features/settings/service";
import { cancelWithdrawal } from "#server/features/wallet/service";
import { approveTransfer, requestTransfer } from "#server/features/wallet/transfers";
import { givePaymentDetails, key, walletOf } from "../helpers/money";
import { E2E_ORIGIN } from "./env";
import { expect, forgetLanguage, signInByEmail, test, userIdByEmail, visit } from "./fixtures";
import { deps, filterStatus, member, withdraw, withdrawalStatus } from "./money-steps";
import { atEachSize, languageCookie, SHOT_LANGUAGES, shooterFor } from "./shots";

/**
 * The admin's money screens in the browser, as one admin's working session: withdrawal
 * decisions (one, with a reason, many at once), the CSV exports and the Zengin file, transfer
 * approvals, presents, the money settings, then maker-checker as the demo team meets it (a
 * withdrawal over the threshold needs the finance admin's first approval and then the owner's
 * second; the audit page lists both decisions). The screens on a phone are a journey of their
 * own.
 *
 * Requests are made through the real services (a funded member with registered payment
 * details asks for a withdrawal or a transfer), then the admin acts on them in the page; the
 * assertions read what the page shows, and the wallet behind it. Each step makes its own
 * members and requests.
 *
 * The steps run in this order: the settings step changes the fee rate the transfer step would
 * otherwise charge, and restores it. The Zengin file refused for missing requester settings is
 * asked of the routes (tests/routes/admin-forms.test.ts); what the support admin may not open
 * is asked of the routes (tests/routes/guards.test.ts) and seen in admin.spec.ts.
 */
const shoot = shooterFor("test-results/screenshots");

async function setLanguage(page: Page, lng: "ja" | "en") {
  await page.context().addCookies([{ name: "language", value: lng, url: E2E_ORIGIN }]);
}

test("admin money: withdrawals, Zengin, transfers, presents, settings, maker-checker", async ({
  page,
  db,
  login,
  problems,
  context,
}) => {
  test.setTimeout(600_000);
  // One admin signs in once and works through the queues (the demo team comes in at the end).
  const admin = await login("admin");
  await test.step("completes one request and rejects another with a reason; the member's money returns", async () => {
    // The blank reason is refused by the action with a 400, on purpose.
    problems.allow(/\/admin\/withdraw/);
    const m = await member(db, 20_000);
    await withdraw(db, m, "bank", 5_000);
    await withdraw(db, m, "paypay", 3_000);

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
  await test.step("completes the selected requests at once and says which were refused (en)", async () => {
    const m = await member(db, 30_000);
    await withdraw(db, m, "bank", 4_000);
    await withdraw(db, m, "bitwallet", 2_000);
    const exness = await withdraw(db, m, "exness", 1_000);
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
  await test.step("exports the filtered list as CSV", async () => {
    // The step before read the pages in English.
    await forgetLanguage(page);
    const m = await member(db, 12_000);
    const bankId = await withdraw(db, m, "bank", 6_000);
    await withdraw(db, m, "usdt", 5_000);
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
  await test.step("pays bank withdrawals with a Zengin file: requester settings, download, mark as sent", async () => {
    // The step before read the pages in English.
    await forgetLanguage(page);
    // The refused settings form answers 400, on purpose.
    problems.allow(/\/admin\/setting\/zengin/);
    const m = await member(db, 12_000);
    const bankId = await withdraw(db, m, "bank", 6_000);
    await withdraw(db, m, "usdt", 5_000);

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
  await test.step("leaves a row with a payee name a bank cannot read out of the Zengin file, naming it; it stays pending", async () => {
    const m = await member(db, 12_000);
    // Kanji, as a member might have typed before names were checked: no bank reads it.
    await givePaymentDetails(db, m.id, { account_holder: "山田太郎" });
    const bankId = await withdraw(db, m, "bank", 6_000);

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
  await test.step("approves one transfer and denies another with a reason", async () => {
    const sender = await member(db, 50_000);
    const receiver = await member(db);
    const approveMe = await requestTransfer(deps(db), sender.id, {
      email: receiver.email,
      amount: 10_000,
      message: "ランチ代です",
      requestKey: key(),
    });
    await requestTransfer(deps(db), sender.id, {
      email: receiver.email,
      amount: 7_000,
      requestKey: key(),
    });
    const fee = await db.kysely
      .selectFrom("transfers")
      .select("fee")
      .where("id", "=", approveMe.id)
      .executeTakeFirstOrThrow();

    await visit(page, "/admin/withdraw");
    await page.getByTestId("tab-transfers").click();
    await expect(page).toHaveURL(/\/admin\/withdraw\/transfers$/);
    await expect(page.getByTestId("tab-transfers")).toHaveAttribute("aria-current", "page");
    const rows = page.getByTestId("table-row").filter({ hasText: sender.email });
    await expect(rows).toHaveCount(2);
    const first = rows.filter({ hasText: "¥10,000" });
    await expect(first).toContainText("ランチ代です");
    await expect(first).toContainText(receiver.email);

    await first.getByTestId("approve-one").click();
    const approve = page.getByTestId("decision-dialog");
    await expect(approve.getByRole("heading")).toHaveText("送金を承認しますか？");
    await approve.getByRole("button", { name: "承認する" }).click();
    await expect(page.getByTestId("decided")).toHaveText(
      `${sender.nickname}から${receiver.nickname}への¥10,000の送金を承認しました。`,
    );
    await expect(rows).toHaveCount(1);

    await rows.filter({ hasText: "¥7,000" }).getByTestId("deny-one").click();
    const deny = page.getByTestId("decision-dialog");
    await deny.getByLabel("不承認の理由", { exact: true }).fill("受取人の確認が取れませんでした");
    await deny.getByRole("button", { name: "不承認にする" }).click();
    await expect(page.getByTestId("decided")).toContainText("¥7,000の送金を不承認にしました。");
    await expect(rows).toHaveCount(0);

    await filterStatus(page, "all");
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: "¥10,000" })).toContainText("完了");
    const denied = rows.filter({ hasText: "¥7,000" });
    await expect(denied).toContainText("不承認");
    await expect(denied.getByTestId("deny-reason")).toHaveText(
      "理由: 受取人の確認が取れませんでした",
    );

    // The receiver has the approved amount; the sender got the denied one (and its fee) back.
    expect(await walletOf(db, receiver.id)).toEqual({ available: 10_000, held: 0 });
    expect(await walletOf(db, sender.id)).toEqual({
      available: 50_000 - 10_000 - Number(fee.fee),
      held: 0,
    });
  });
  await test.step("credits a member; a refused form credits nothing; a double submit credits once", async () => {
    problems.allow(/\/admin\/present/);
    const m = await member(db);
    await visit(page, "/admin/present");
    await expect(page.getByRole("heading", { level: 1, name: "プレゼント一覧" })).toBeVisible();
    const form = page.getByTestId("present-form");

    // Unknown member: the form keeps what was typed and says why.
    await form.getByLabel("会員のメールアドレス").fill("nobody-here@example.test");
    await form.getByLabel("金額（円）").fill("3,000");
    await form.getByLabel("理由", { exact: true }).fill("キャンペーン賞金");
    await form.getByRole("button", { name: "付与する" }).click();
    await expect(form.getByTestId("present-failed")).toBeVisible();
    await expect(form.getByTestId("form-error")).toHaveText("送金先が見つかりません");
    await expect(form.getByLabel("金額（円）")).toHaveValue("3,000");

    // A bad amount and a missing reason: errors in place.
    await form.getByLabel("会員のメールアドレス").fill(m.email);
    await form.getByLabel("金額（円）").fill("abc");
    await form.getByLabel("理由", { exact: true }).fill("");
    await form.getByRole("button", { name: "付与する" }).click();
    await expect(form.getByTestId("error-amount")).toHaveText(
      "金額は1円以上の整数で入力してください",
    );
    await expect(form.getByTestId("error-reason")).toHaveText("理由は必須です");
    expect(await walletOf(db, m.id)).toEqual({ available: 0, held: 0 });

    await form.getByLabel("金額（円）").fill("3,000");
    await form.getByLabel("理由", { exact: true }).fill("キャンペーン賞金");
    await form.getByRole("button", { name: "付与する" }).click();
    await expect(form.getByTestId("present-done")).toHaveText(`${m.email}に¥3,000を付与しました。`);
    // The form is empty again, ready for the next present.
    await expect(form.getByLabel("会員のメールアドレス")).toHaveValue("");

    await page.getByTestId("filter-member").fill(m.email);
    await page.getByTestId("filters-apply").click();
    const rows = page.getByTestId("table-row");
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText("¥3,000");
    await expect(rows).toContainText("キャンペーン賞金");
    expect(await walletOf(db, m.id)).toEqual({ available: 3_000, held: 0 });

    // The same rendered form posted twice at once makes one present.
    const requestKey = await form.locator('input[name="requestKey"]').inputValue();
    const statuses = await page.evaluate(
      async ({ email, requestKey }) => {
        const body = () =>
          new URLSearchParams({
            member: email,
            amount: "1000",
            reason: "二重送信",
            campaignId: "",
            requestKey,
          });
        const post = () => fetch("/admin/present?index", { method: "POST", body: body() });
        return (await Promise.all([post(), post()])).map((r) => r.status);
      },
      { email: m.email, requestKey },
    );
    expect(statuses).toEqual([200, 200]);
    await visit(page, `/admin/present?member=${encodeURIComponent(m.email)}`);
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: "二重送信" })).toHaveCount(1);
    expect(await walletOf(db, m.id)).toEqual({ available: 4_000, held: 0 });
  });
  await test.step("Edit / Update: a bad percent saves nothing; good values are saved and shown", async () => {
    problems.allow(/\/admin\/setting/);
    const before = await getMoneySettings(db.kysely);
    try {
      await visit(page, "/admin/setting");
      const section = page.getByTestId("settings");
      await expect(section.getByTestId("value-feeRate")).toHaveText(
        `${before.transferFeeRateBp / 100}%`,
      );
      await expect(section.getByLabel("送金手数料率（%）")).toHaveCount(0);

      // Edit, a percent with three decimals, Update: the error in place, nothing saved.
      await page.getByTestId("settings-edit").click();
      await expect(page).toHaveURL(/\/admin\/setting\?edit/);
      await section.getByLabel("送金手数料率（%）").fill("1.234");
      await section.getByRole("button", { name: "更新" }).click();
      await expect(section.getByTestId("error-transferFeeRate")).toHaveText(
        "手数料率は0〜99.99の数値（小数第2位まで）で入力してください",
      );
      await expect(section.getByTestId("settings-failed")).toBeVisible();
      await expect(section.getByLabel("送金手数料率（%）")).toHaveValue("1.234");
      expect(await getMoneySettings(db.kysely)).toEqual(before);

      // A second-approval amount that is not whole yen, on its own field.
      await section.getByLabel("送金手数料率（%）").fill("1.25");
      await section.getByLabel("送金の最低額（円）").fill("5000");
      await section.getByLabel("送金の上限額（円）").fill("1000");
      await section.getByLabel("二次承認が必要な金額").fill("1.5");
      await section.getByRole("button", { name: "更新" }).click();
      await expect(section.getByTestId("error-secondApprovalFrom")).toHaveText(
        "金額は1円以上の整数で入力してください",
      );
      expect(await getMoneySettings(db.kysely)).toEqual(before);

      // Once every field reads, a maximum below the minimum is refused too.
      await section.getByLabel("二次承認が必要な金額").fill("300000");
      await section.getByRole("button", { name: "更新" }).click();
      await expect(section.getByTestId("error-transferMax")).toHaveText(
        "上限は下限以上にしてください",
      );
      expect(await getMoneySettings(db.kysely)).toEqual(before);

      // Cancel returns to the unchanged values.
      await page.getByTestId("settings-cancel").click();
      await expect(page).toHaveURL(/\/admin\/setting$/);
      await expect(section.getByTestId("value-feeRate")).toHaveText(
        `${before.transferFeeRateBp / 100}%`,
      );

      await page.getByTestId("settings-edit").click();
      await section.getByLabel("送金手数料率（%）").fill("1.25");
      await section.getByLabel("送金の最低額（円）").fill("2,000");
      await section.getByLabel("送金の上限額（円）").fill("300000");
      await section.getByLabel("USDTのネットワーク").selectOption("ERC20");
      await section.getByLabel("PayPayの1日あたりの上限（円）").fill("50000");
      await section.getByLabel("二次承認が必要な金額").fill("400,000");
      await section.getByRole("button", { name: "更新" }).click();
      // A network change asks first (decision 023).
      await page
        .getByTestId("network-change-dialog")
        .getByRole("button", { name: "ERC20に変更する" })
        .click();
      await expect(page.getByTestId("settings-updated")).toHaveText("設定を更新しました。");
      await expect(section.getByTestId("value-feeRate")).toHaveText("1.25%");
      await expect(section.getByTestId("value-transferRange")).toHaveText("¥2,000 〜 ¥300,000");
      await expect(section.getByTestId("value-usdtNetwork")).toHaveText("ERC20");
      await expect(section.getByTestId("value-paypayDailyLimit")).toHaveText("¥50,000");
      await expect(section.getByTestId("value-secondApprovalFrom")).toHaveText("¥400,000");
      expect(await getMoneySettings(db.kysely)).toEqual({
        transferFeeRateBp: 125,
        transferMin: 2_000,
        transferMax: 300_000,
        usdtNetwork: "ERC20",
        paypayDailyLimit: 50_000,
        usdJpyX100: before.usdJpyX100,
        secondApprovalFrom: 400_000,
        presentSecondApprovalOver: before.presentSecondApprovalOver,
      });

      // Back to what it was, through the page again.
      await page.getByTestId("settings-edit").click();
      await section.getByLabel("送金手数料率（%）").fill(String(before.transferFeeRateBp / 100));
      await section.getByLabel("送金の最低額（円）").fill(String(before.transferMin));
      await section.getByLabel("送金の上限額（円）").fill(String(before.transferMax));
      await section.getByLabel("USDTのネットワーク").selectOption(before.usdtNetwork);
      await section
        .getByLabel("PayPayの1日あたりの上限（円）")
        .fill(String(before.paypayDailyLimit));
      await section.getByLabel("二次承認が必要な金額").fill(String(before.secondApprovalFrom));
      await section.getByRole("button", { name: "更新" }).click();
      await page
        .getByTestId("network-change-dialog")
        .getByRole("button", { name: `${before.usdtNetwork}に変更する` })
        .click();
      await expect(page.getByTestId("settings-updated")).toBeVisible();
      expect(await getMoneySettings(db.kysely)).toEqual(before);
    } finally {
      // Other journeys rely on the money settings: whatever happened above, put them back.
      await updateMoneySettings(db, admin.id, before, { confirmNetworkChange: true });
    }
  });
  await test.step("a withdrawal over the threshold needs the finance admin and then the owner; the audit page lists both", async () => {
    const m = await member(db, 400_000);
    const id = await withdraw(db, m, "bank", 350_000);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Finance: completing it is only the first approval; nothing is paid.
    await signInByEmail(context, db, DEMO_FINANCE.email);
    await visit(page, `/admin/withdraw?member=${encodeURIComponent(m.email)}`);
    const row = page.getByTestId("table-row").filter({ hasText: "¥350,000" });
    await row.getByTestId("complete-one").click();
    await page.getByTestId("decision-dialog").getByRole("button", { name: "完了にする" }).click();
    await expect.poll(() => withdrawalStatus(db, id), { timeout: 10_000 }).toBe("checking");
    await visit(page, `/admin/withdraw?status=checking&member=${encodeURIComponent(m.email)}`);
    await expect(row.getByTestId("awaiting-other")).toBeVisible();
    // The same person cannot give the second approval: the page offers it no button.
    await expect(row.getByTestId("decide-second")).toHaveCount(0);

    // The owner: the home lists it with who made the first decision; the second approval.
    await signInByEmail(context, db, DEMO_ADMIN.email);
    await visit(page, "/admin");
    const waiting = page.getByTestId("awaiting-second-item").filter({ hasText: m.nickname });
    await expect(waiting).toContainText("¥350,000");
    await expect(waiting.getByTestId("awaiting-first-approver")).toContainText(
      "一次承認: Aoi Finance",
    );
    // The row leads to the page where it is decided; there one button opens the decision.
    await waiting.click();
    await expect(page).toHaveURL(/\/admin\/withdraw\?status=checking/);
    await visit(page, `/admin/withdraw?status=checking&member=${encodeURIComponent(m.email)}`);
    await row.getByTestId("decide-second").click();
    const dialog = page.getByTestId("second-approval-dialog");
    await expect(dialog.getByTestId("dialog-first-approver")).toContainText("Aoi Finance");
    await dialog.getByTestId("approve-second").click();
    await expect.poll(() => withdrawalStatus(db, id), { timeout: 10_000 }).toBe("pending");
    const approved = await db.kysely
      .selectFrom("withdrawals")
      .innerJoin("users as fa", "fa.id", "withdrawals.first_approved_by")
      .innerJoin("users as sa", "sa.id", "withdrawals.approved_by")
      .select(["fa.email as first", "sa.email as second"])
      .where("withdrawals.id", "=", id)
      .executeTakeFirstOrThrow();
    expect(approved).toEqual({ first: DEMO_FINANCE.email, second: DEMO_ADMIN.email });

    // The audit page lists both decisions, each by its admin.
    await visit(page, `/admin/setting/audit?member=${m.id}`);
    const first = page.getByTestId("audit-row").filter({
      has: page.locator('[data-action="withdrawal.firstApprove"]'),
    });
    const second = page.getByTestId("audit-row").filter({
      has: page.locator('[data-action="withdrawal.secondApprove"]'),
    });
    await expect(first).toHaveCount(1);
    await expect(first.getByTestId("audit-actor")).toContainText("Aoi Finance");
    await expect(second).toHaveCount(1);
    await expect(second.getByTestId("audit-actor")).toContainText("Admin");
  });
  await test.step("screens: the transfers' second approval, the home's waiting list, the threshold fields", async () => {
    // A large transfer the finance admin approved once, for the owner to approve.
    const sender = await member(db, 400_000);
    const receiver = await member(db);
    const financeId = (
      await db.kysely
        .selectFrom("users")
        .select("id")
        .where("email", "=", DEMO_FINANCE.email)
        .executeTakeFirstOrThrow()
    ).id;
    const transfer = await requestTransfer(deps(db), sender.id, {
      email: receiver.email,
      amount: 320_000,
      requestKey: key(),
    });
    await approveTransfer(deps(db), financeId, transfer.id);
    // The refused send-back (a blank reason) answers 400: what the test asks for.
    problems.allow(/\/admin\/withdraw\/transfers/);
    // Rows without an amount or a member: a rate change and a legal version awaiting a second admin.
    const broker = await db.kysely
      .selectFrom("brokers")
      .select("id")
      .orderBy("name")
      .executeTakeFirstOrThrow();
    await proposeRateChange(
      db.kysely,
      financeId,
      broker.id,
      "2026-12-01",
      { before: [], after: [] },
      [],
    );
    // A retry meets the privacy version its first attempt left awaiting, and publish refuses a
    // second while one awaits: the owner sends the earlier one back, so each attempt has its own.
    const ownerId = await userIdByEmail(db, DEMO_ADMIN.email);
    const leftAwaiting = await db.kysely
      .selectFrom("legal_approvals")
      .select("id")
      .where("kind", "=", "privacy")
      .where("status", "=", "checking")
      .execute();
    for (const { id } of leftAwaiting) {
      await sendBackVersion(db, ownerId, id, "An earlier attempt of this browser test");
    }
    await publish(db, financeId, {
      kind: "privacy",
      body: "# プライバシーポリシー\n第3条を改めました。",
      bodyEn: "",
      summary: "第3条を変更",
      summaryEn: "",
      reconsent: true,
    });

    await signInByEmail(context, db, DEMO_ADMIN.email);
    // The language by the URL's `lng` (it comes before the cookie and the demo owner's own).
    await shots();

    async function shots() {
      for (const lng of SHOT_LANGUAGES) {
        await languageCookie(context, lng);
        await atEachSize(page, async (size, viewport) => {
          const noSideways = async () =>
            expect(
              await page.evaluate(() => document.documentElement.scrollWidth),
            ).toBeLessThanOrEqual(viewport.width);
          await visit(page, `/admin/withdraw/transfers?status=checking&lng=${lng}`);
          const row = page.getByTestId("table-row").filter({ hasText: "¥320,000" }).first();
          const decide = row.getByTestId("decide-second");
          await expect(decide).toBeVisible();
          // A phone's touch target, as the pending rows' buttons.
          if (size === "phone") {
            const box = await decide.boundingBox();
            expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
          }
          await noSideways();
          if (size === "desktop") {
            // At 1280 px the waiting row fits its table: the frame does not scroll sideways.
            const frame = page.getByRole("region", {
              name: lng === "ja" ? "会員間送金一覧" : "Member transfers",
            });
            const scroll = await frame.first().evaluate((el) => el.scrollWidth - el.clientWidth);
            expect(scroll).toBeLessThanOrEqual(0);
          }
          await shoot(page, `maker-checker-transfers-${lng}-${size}`);

          // One decision dialog: a send-back without a reason is refused with the reason in
          // view and focused; keyboard only, Escape closes it and nothing was decided.
          await decide.focus();
          await page.keyboard.press("Enter");
          const dialog = page.getByTestId("second-approval-dialog");
          await expect(dialog.getByTestId("dialog-first-approver")).toContainText("Aoi Finance");
          const reason = dialog.getByRole("textbox");
          await reason.fill("   ");
          await dialog
            .getByRole("button", { name: lng === "ja" ? "差し戻す" : "Send back" })
            .click();
          await expect(dialog.getByTestId("error-reason")).toBeVisible();
          await expect(reason).toBeFocused();
          await expect(reason).toBeInViewport();
          await shoot(page, `maker-checker-transfer-dialog-${lng}-${size}`);
          await page.keyboard.press("Escape");
          await expect(dialog).toHaveCount(0);

          await visit(page, `/admin?lng=${lng}`);
          await expect(page.getByTestId("home-awaiting-second")).toBeVisible();
          const items = page.getByTestId("awaiting-second-item");
          await expect(items.and(page.locator('[data-kind="rateChanges"]'))).toHaveCount(1);
          await expect(items.and(page.locator('[data-kind="legal"]'))).toHaveCount(1);
          await expect(items.and(page.locator('[data-kind="transfers"]'))).toContainText(
            "¥320,000",
          );
          await noSideways();
          await shoot(page, `maker-checker-home-${lng}-${size}`);

          await visit(page, `/admin/setting?edit&lng=${lng}`);
          await expect(page.locator('input[name="presentSecondApprovalOver"]')).toHaveValue(
            "10000",
          );
          await expect(page.locator('input[name="secondApprovalFrom"]')).toBeVisible();
          await noSideways();
          await shoot(page, `maker-checker-threshold-${lng}-${size}`);
        });
      }
    }
  });
});

test("admin money on a phone: the withdrawal card list and its dialog @mobile", async ({
  page,
  db,
  login,
}) => {
  test.setTimeout(60_000);
  await test.step("the withdrawal table is a card list that fits the phone, and the dialogs fit @mobile", async () => {
    const m = await member(db, 10_000);
    await withdraw(db, m, "bank", 2_000);
    await login("admin");
    await visit(page, `/admin/withdraw?member=${encodeURIComponent(m.email)}`);
    await expect(page.getByTestId("table-row")).toHaveCount(1);

    const region = page.getByTestId("data-table").getByRole("region");
    const { scrollWidth, clientWidth } = await region.evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
    }));
    // Below 768 px each row is a card: nothing to swipe sideways, inside the table or outside.
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    await expect(page.getByTestId("table-row")).toHaveCSS("display", "block");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );

    await page.getByTestId("reject-one").click();
    const dialog = page.getByTestId("decision-dialog");
    await expect(dialog).toBeInViewport({ ratio: 1 });
    await dialog.getByTestId("dialog-cancel").click();
    await expect(dialog).toBeHidden();
  });
});
