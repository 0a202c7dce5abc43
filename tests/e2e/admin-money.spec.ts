import { requestTransfer } from "#server/features/wallet/transfers";
import { getMoneySettings, updateMoneySettings } from "#server/features/settings/service";
import { key, walletOf } from "../helpers/money";
import { expect, test, visit } from "./fixtures";
import { deps, filterStatus, member, withdraw } from "./money-steps";

/**
 * The admin's money screens in the browser: transfer approvals, presents, the money settings
 * and the screens on a phone (withdrawal decisions and their exports are in
 * admin-money-withdrawals.spec.ts).
 *
 * Requests are made through the real services (a funded member with registered payment
 * details asks for a withdrawal or a transfer), then the admin acts on them in the page; the
 * assertions read what the page shows, and the wallet behind it.
 *
 * The tests of this file run one after the other: the settings test changes the fee rate the
 * transfer test would otherwise charge, and restores it.
 */
test.describe.configure({ mode: "default" });

test.describe("admin transfers", () => {
  test("approves one transfer and denies another with a reason", async ({ page, db, login }) => {
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
    await login("admin");

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
});

test.describe("admin presents", () => {
  test("credits a member; a refused form credits nothing; a double submit credits once", async ({
    page,
    db,
    login,
    problems,
  }) => {
    problems.allow(/\/admin\/present/);
    const m = await member(db);
    await login("admin");
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
});

test.describe("admin settings", () => {
  test("Edit / Update: a bad percent saves nothing; good values are saved and shown", async ({
    page,
    db,
    login,
    problems,
  }) => {
    problems.allow(/\/admin\/setting/);
    const before = await getMoneySettings(db.kysely);
    const admin = await login("admin");
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
});

test.describe("admin money on a phone", () => {
  test("the withdrawal table is a card list that fits the phone, and the dialogs fit @mobile", async ({
    page,
    db,
    login,
  }) => {
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
