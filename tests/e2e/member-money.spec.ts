import { readFileSync } from "node:fs";
import type { Page, Route } from "@playwright/test";
import { sql } from "kysely";
import { type Db } from "#db";
import { newId } from "#db/id";
import { getMoneySettings, updateMoneySettings } from "#server/features/settings/service";
import { addressesStaleUnder } from "#server/features/settings/usdt-network";
import { completeWithdrawal, rejectWithdrawal } from "#server/features/wallet/service";
import { approveTransfer } from "#server/features/wallet/transfers";
import { createLogger } from "#server/logger";
import { anAdminId, fund, givePaymentDetails, walletOf } from "../helpers/money";
import { withdrawal } from "../helpers/statement";
import {
  E2E_PASSWORD,
  expect,
  freshStep,
  insertUser,
  signInUser,
  test,
  userPage,
  visit,
} from "./fixtures";
import { openPaymentForm } from "./money-steps";
import { shooterFor } from "./shots";

/**
 * The member's money pages in the browser, one journey, each former test a step with a member
 * of its own:
 * - the payout-details form: the bank and branch picked by keyboard from the bank list, a
 *   failure that keeps what was typed, an expired session that comes back to the form after
 *   signing in;
 * - a withdrawal by every method through the form (and each refusal a member can meet), the
 *   amount held at once, a cancel, the admin's decisions as the member then sees them, and a
 *   withdrawal lost on the way;
 * - a transfer between two members with the admin's approval;
 * - the statement: every movement with the balances after it, the kind filter, the CSV of what
 *   is shown, each row's link to its source, and no sideways scroll on a phone;
 * - the admin switches the USDT network: the confirmation names how many saved addresses the
 *   switch leaves on the old network; once confirmed, a member with such an address sees the
 *   banner on the dashboard and the withdrawal pages, and the address marked on the profile.
 *   The setting is put back whatever happens (other journeys rely on TRC20), and the step
 *   comes last so no step of this journey meets ERC20.
 * The admin's own screens are exercised in admin-money.spec.ts; here the admin decides
 * through the same services those screens call.
 */

const deps = (db: Db) => ({ db, log: createLogger({ level: "silent" }) });

/** A member of this test only, never signed in through the fixture. */
function newMember(db: Db) {
  return insertUser(db, {
    emailPrefix: "mm",
    passwordHash: "unused",
    name: "Receiver",
    nickname: `mm${newId().slice(-8)}`,
    language: "en",
  });
}

const METHODS = [
  { value: "bank", amount: "1000" },
  { value: "bitwallet", amount: "1000" },
  { value: "usdt", amount: "5000" },
  { value: "exness", amount: "500" },
  { value: "paypay", amount: "500" },
  { value: "peska", amount: "5000" },
] as const;

const shoot = shooterFor("test-results/screenshots");

/** Moves through the open list with the arrow keys to the option, and picks it with Enter. */
async function pickByKeyboard(page: Page, name: RegExp) {
  const option = page.getByRole("option", { name });
  await expect(option).toBeVisible();
  for (let i = 0; i < 10 && (await option.getAttribute("data-focus")) === null; i++) {
    await page.keyboard.press("ArrowDown");
  }
  await expect(option).toHaveAttribute("data-focus");
  await page.keyboard.press("Enter");
}

test("a member's money: payout details, withdrawals by each method, a transfer, the statement, and the admin's USDT network switch", async ({
  browser,
  db,
  login,
  page,
  payingMember,
  problems,
}) => {
  test.setTimeout(480_000);
  await test.step("the bank and branch are picked by keyboard, and fill the fields they name", async () => {
    const me = await login("member");
    const form = await openPaymentForm(page);
    const branchSearch = form.getByLabel("支店を探す");
    await expect(branchSearch).toBeDisabled();

    await form.getByLabel("銀行を探す").focus();
    await page.keyboard.type("ミズホ");
    await pickByKeyboard(page, /^0001\s*みずほ銀行$/);
    await expect(form.getByLabel("銀行名")).toHaveValue("みずほ銀行");
    await expect(form.getByLabel("銀行コード")).toHaveValue("0001");

    await expect(branchSearch).toBeEnabled();
    await branchSearch.focus();
    await page.keyboard.type("東京営業");
    await pickByKeyboard(page, /^001\s*東京営業部$/);
    await expect(form.getByLabel("支店名")).toHaveValue("東京営業部");
    await expect(form.getByLabel("支店番号")).toHaveValue("001");

    await form.getByLabel("口座種別").selectOption("savings");
    await form.getByLabel("口座番号", { exact: true }).fill("7654321");
    await form.getByLabel("口座名義（カタカナ）").fill("ヤマダ タロウ");
    await form.getByRole("button", { name: "出金先情報を保存" }).click();
    await expect(page.getByTestId("payment-saved")).toBeVisible();
    expect(
      await db.kysely
        .selectFrom("payment_details")
        .select(["bank_name", "bank_code", "branch_name", "branch_number"])
        .where("user_id", "=", me.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      bank_name: "みずほ銀行",
      bank_code: "0001",
      branch_name: "東京営業部",
      branch_number: "001",
    });
  });
  await test.step("a failure while saving keeps every typed field and says saving again is safe", async () => {
    await freshStep(page);
    problems.allow(/\/users\/mypage/);
    const me = await login("member");
    const form = await openPaymentForm(page);
    // The database refuses this member's row, as a lost connection would.
    const trigger = `fail_payment_${me.id}`;
    for (const event of ["INSERT", "UPDATE"]) {
      await sql
        .raw(
          `CREATE TRIGGER ${trigger}_${event} BEFORE ${event} ON payment_details
           WHEN NEW.user_id = '${me.id}' BEGIN SELECT RAISE(ABORT, 'connection lost'); END`,
        )
        .execute(db.kysely);
    }
    try {
      await form.getByLabel("銀行名").fill("みずほ銀行");
      await form.getByLabel("銀行コード").fill("０００１");
      await form.getByLabel("支店名").fill("東京営業部");
      await form.getByLabel("支店番号").fill("001");
      await form.getByLabel("口座種別").selectOption("savings");
      await form.getByLabel("口座番号", { exact: true }).fill("1234567");
      await form.getByLabel("口座名義（カタカナ）").fill("ｽｽﾞｷ ﾊﾅｺ");
      await form.getByRole("button", { name: "出金先情報を保存" }).click();
      await expect(page.getByTestId("form-error")).toContainText(
        "保存できたか確認できませんでした",
        {
          timeout: 15_000,
        },
      );
      await expect(form.getByLabel("銀行コード")).toHaveValue("０００１");
      await expect(form.getByLabel("口座名義（カタカナ）")).toHaveValue("ｽｽﾞｷ ﾊﾅｺ");
      await expect(form.getByLabel("口座番号", { exact: true })).toHaveValue("1234567");
    } finally {
      for (const event of ["INSERT", "UPDATE"])
        await sql.raw(`DROP TRIGGER IF EXISTS ${trigger}_${event}`).execute(db.kysely);
    }
    // The connection is back: the same input, sent again, is saved.
    await form.getByRole("button", { name: "出金先情報を保存" }).click();
    await expect(page.getByTestId("payment-saved")).toHaveText("出金先情報を保存しました");
    const row = await db.kysely
      .selectFrom("payment_details")
      .select(["bank_code", "account_holder"])
      .where("user_id", "=", me.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ bank_code: "0001", account_holder: "スズキ ハナコ" });
  });
  await test.step("a session that expires on the form: login says so, then brings the member back to it", async () => {
    await freshStep(page);
    const me = await login("member");
    await visit(page, "/users/withdraw/transfer");
    await page.locator("input[name=amount]").fill("1000");
    // Signed out while the form was open.
    await db.kysely.deleteFrom("sessions").where("user_id", "=", me.id).execute();
    await page.locator("input[name=email]").fill("someone@example.test");
    await page.locator("main button[type=submit]").click();

    await expect(page).toHaveURL(/\/login\?ended=expired&redirect=%2Fusers%2Fwithdraw%2Ftransfer$/);
    await expect(page.getByTestId("session-ended")).toHaveText(
      "ログインの有効期限が切れました。もう一度ログインすると、元のページに戻ります。",
    );
    await page.getByLabel("メールアドレス").fill(me.email);
    await page.getByLabel("パスワード").fill(E2E_PASSWORD);
    await page.getByRole("button", { name: "ログイン", exact: true }).click();
    await expect(page).toHaveURL(/\/users\/withdraw\/transfer$/, { timeout: 15_000 });
    await expect(page.locator("input[name=amount]")).toBeVisible();
  });
  await test.step("a member withdraws by each method, sees it held, cancels one and sees the admin's decisions", async () => {
    await freshStep(page);
    // Refused requests answer 400 with their message: expected here.
    problems.allow(/\/users\/withdraw\/new/);
    const me = await payingMember(20_000, { paypay_id: null });

    await visit(page, "/users/withdraw/new");
    await expect(page.getByTestId("payee")).toContainText("みずほ銀行");

    // Above the available amount: refused, nothing held.
    await page.locator("input[name=amount]").fill("20001");
    await page.locator("main button[type=submit]").click();
    await expect(page.getByTestId("form-error")).toBeFocused();
    await expect(page.getByTestId("error-amount")).toHaveText(
      "申請額が出金可能額（¥20,000）を超えています",
    );
    // Below the method's minimum: the browser says so before sending (form-validation.spec.ts).
    await page.locator("input[value=usdt]").check();
    await page.locator("input[name=amount]").fill("4999");
    await page.locator("main button[type=submit]").click();
    await expect(page.getByTestId("error-amount")).toHaveText("最低出金額は¥5,000です");
    // USDT without ticking the network confirmation.
    await page.locator("input[name=amount]").fill("5000");
    await page.locator("main button[type=submit]").click();
    await expect(page.getByTestId("form-error")).toHaveText(
      "チェックボックスで確認してから申請してください",
    );
    // PayPay with no PayPay ID registered.
    await page.locator("input[value=paypay]").check();
    await expect(page.getByTestId("payee")).toContainText("未登録");
    await page.locator("input[name=amount]").fill("500");
    await page.locator("main button[type=submit]").click();
    await expect(page.getByTestId("form-error")).toContainText("出金先が登録されていません");
    expect(await walletOf(db, me.id)).toEqual({ available: 20_000, held: 0 });

    await givePaymentDetails(db, me.id);
    for (const method of METHODS) {
      await visit(page, "/users/withdraw/new");
      await page.locator(`input[value=${method.value}]`).check();
      await page.locator("input[name=amount]").fill(method.amount);
      if (method.value === "usdt") await page.getByTestId("usdt-confirm").check();
      if (method.value === "exness") await expect(page.getByText("初回入金")).toBeVisible();
      await page.locator("main button[type=submit]").click();
      await expect(page.getByTestId("withdraw-submitted")).toBeVisible();
    }
    const held = METHODS.reduce((sum, m) => sum + Number(m.amount), 0);
    await expect(page.getByTestId("wallet-held")).toHaveText(`¥${held.toLocaleString("en-US")}`);
    await expect(page.getByTestId("wallet-available")).toHaveText(
      `¥${(20_000 - held).toLocaleString("en-US")}`,
    );
    const history = page.getByTestId("withdrawal-history");
    await expect(history.locator("tbody tr")).toHaveCount(6);

    // Cancel the newest (Peska): its amount is available again.
    await history
      .getByRole("button", { name: /取り消す/ })
      .first()
      .click();
    await expect(page.getByText("申請を取り消し、金額を出金可能額に戻しました。")).toBeVisible();
    await expect(page.getByTestId("wallet-held")).toHaveText(
      `¥${(held - 5_000).toLocaleString("en-US")}`,
    );

    // The admin pays the bank request and rejects the PayPay one.
    const rows = await db.kysely
      .selectFrom("withdrawals")
      .select(["id", "method"])
      .where("user_id", "=", me.id)
      .execute();
    const adminId = await anAdminId(db);
    await completeWithdrawal(deps(db), adminId, rows.find((r) => r.method === "bank")!.id);
    await rejectWithdrawal(
      deps(db),
      adminId,
      rows.find((r) => r.method === "paypay")!.id,
      "PayPay IDが確認できません",
    );

    await visit(page, "/users/withdraw");
    await expect(page.getByTestId("wallet-withdrawn")).toHaveText("¥1,000");
    await expect(history.locator("tr", { hasText: "銀行振込" })).toContainText("完了");
    await expect(history.locator("tr", { hasText: "PayPay" })).toContainText("却下");
    await expect(history.locator("tr", { hasText: "PayPay" })).toContainText(
      "PayPay IDが確認できません",
    );
    await expect(history.locator("tr", { hasText: "Peska" })).toContainText("取消");
    // 20,000 − 13,000 requested + 5,000 cancelled + 500 rejected = 12,500 available; the
    // bitwallet, USDT and Exness requests (6,500) are still held; 1,000 was paid out.
    expect(await walletOf(db, me.id)).toEqual({ available: 12_500, held: 6_500 });

    // The export reads as the page does: the member's language, labels, Tokyo time, a BOM.
    const csv = await page.request.get("/users/withdraw/export");
    const text = (await csv.body()).toString("utf8");
    expect(text.startsWith("\uFEFF")).toBe(true);
    const [header, ...lines] = text.slice(1).trim().split("\r\n");
    expect(header).toBe("申請日時,完了日,出金方法,金額,手数料,状態,理由");
    const rejected = lines.find((l) => l.includes("PayPay"))!;
    expect(rejected).toMatch(
      /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2},,PayPay,500,0,却下,PayPay IDが確認できません$/,
    );
    const paid = lines.find((l) => l.includes("銀行振込"))!;
    const created = await db.kysely
      .selectFrom("withdrawals")
      .select("created_at")
      .where("user_id", "=", me.id)
      .where("method", "=", "bank")
      .executeTakeFirstOrThrow();
    // Stored in UTC, written in Tokyo time (+9 h).
    const tokyo = new Date(Date.parse(`${created.created_at.replace(" ", "T")}Z`) + 9 * 3_600_000);
    expect(paid.slice(0, 16)).toBe(
      tokyo.toISOString().slice(0, 16).replace(/-/g, "/").replace("T", " "),
    );
    expect(paid).toContain(",完了,");
  });
  await test.step("a withdrawal lost on the way (no signal) keeps the page and the input; sending again requests once", async () => {
    await freshStep(page);
    problems.allow(/\/users\/withdraw\/new(\.data|\?_data=)/);
    const me = await payingMember(10_000);
    await visit(page, "/users/withdraw/new");
    // The phone loses its signal: the request never reaches the server.
    const offline = (route: Route) =>
      route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue();
    await page.route(/\/users\/withdraw\/new(\.data|\?_data=)/, offline);
    await page.locator("input[name=amount]").fill("3000");
    await page.locator("main button[type=submit]").click();
    await expect(page.getByTestId("form-error")).toContainText(
      "申請を受け付けたか確認できませんでした",
    );
    await expect(page.locator("input[name=amount]")).toHaveValue("3000");
    expect(
      await db.kysely.selectFrom("withdrawals").where("user_id", "=", me.id).selectAll().execute(),
    ).toEqual([]);

    // Back online, the same form sent twice (the answer to the first lost too) makes one request.
    await page.unroute(/\/users\/withdraw\/new(\.data|\?_data=)/, offline);
    await page.locator("main button[type=submit]").click();
    await expect(page).toHaveURL(/\/users\/withdraw\?requested=/);
    const rows = await db.kysely
      .selectFrom("withdrawals")
      .select("amount")
      .where("user_id", "=", me.id)
      .execute();
    expect(rows.map((r) => Number(r.amount))).toEqual([3000]);
  });
  await test.step("a transfer between two members is held, approved, and seen by both (en)", async () => {
    await freshStep(page);
    problems.allow(/\/users\/withdraw\/transfer/);
    await page
      .context()
      .addCookies([{ name: "language", value: "en", domain: "localhost", path: "/" }]);
    const sender = await login("member");
    await fund(db, sender.id, 8_000);

    // The receiver exists as a member with their own browser.
    const receiverContext = await browser.newContext();
    const receiverPage = await receiverContext.newPage();
    const receiver = await newMember(db);

    await visit(page, "/users/withdraw/transfer");
    // Errors first: oneself, nobody, too much.
    await page.locator("input[name=email]").fill(sender.email);
    await page.locator("input[name=amount]").fill("1000");
    await page.locator("main button[type=submit]").click();
    await expect(page.getByTestId("form-error")).toHaveText("You cannot transfer to yourself");
    await page.locator("input[name=email]").fill("nobody@example.test");
    await page.locator("main button[type=submit]").click();
    await expect(page.getByTestId("form-error")).toHaveText("Recipient not found");
    await page.locator("input[name=email]").fill(receiver.email);
    await page.locator("input[name=amount]").fill("9000");
    await page.locator("main button[type=submit]").click();
    await expect(page.getByTestId("form-error")).toHaveText("Insufficient balance");

    // The fee is shown before sending (0% by default).
    await page.locator("input[name=amount]").fill("6000");
    await expect(page.getByTestId("transfer-total")).toHaveText("¥6,000");
    await page.locator("textarea[name=message]").fill("Thanks for the tip!");
    await page.locator("main button[type=submit]").click();
    await expect(page.getByTestId("withdraw-submitted")).toHaveText(/Transfer request completed/);
    await expect(page.getByTestId("wallet-held")).toHaveText("¥6,000");
    await expect(page.getByTestId("withdrawal-history").locator("tbody tr").first()).toContainText(
      "Member transfer",
    );

    const transfer = await db.kysely
      .selectFrom("transfers")
      .select("id")
      .where("sender_id", "=", sender.id)
      .executeTakeFirstOrThrow();
    const adminId = await anAdminId(db);
    await approveTransfer(deps(db), adminId, transfer.id);

    await visit(page, "/users/withdraw");
    await expect(page.getByTestId("withdrawal-history").locator("tbody tr").first()).toContainText(
      "Completed",
    );
    await expect(page.getByTestId("wallet-available")).toHaveText("¥2,000");
    expect(await walletOf(db, receiver.id)).toEqual({ available: 6_000, held: 0 });

    // The receiver sees it in their deposit history.
    await signInUser(receiverContext, db, receiver.id);
    await receiverContext.addCookies([
      { name: "language", value: "en", domain: "localhost", path: "/" },
    ]);
    await receiverPage.goto("/users/present");
    const deposit = receiverPage
      .getByTestId("deposit-history")
      .locator("tbody tr", { hasText: "Thanks for the tip!" });
    await expect(deposit).toContainText("Transfer from a member");
    await expect(deposit).toContainText("¥6,000");
    await receiverContext.close();
  });
  await test.step("a member reads where each yen came from and went, filters it and downloads it", async () => {
    await freshStep(page);
    const me = await payingMember(20_000);
    await withdrawal(db, me.id, "bank", 5_000, true);
    await withdrawal(db, me.id, "paypay", 1_000);

    // Reached from the balance on the dashboard, and from both histories.
    await visit(page, "/users/withdraw");
    await expect(page.getByTestId("statement-link")).toHaveAttribute("href", "/users/statement");
    await visit(page, "/users/present");
    await expect(page.getByTestId("statement-link")).toHaveAttribute("href", "/users/statement");
    await visit(page, "/users");
    await page.getByTestId("statement-link").click();
    await expect(page).toHaveURL(/\/users\/statement$/);
    await expect(page.getByTestId("statement-available")).toHaveText("¥14,000");
    await expect(page.getByTestId("statement-held")).toHaveText("¥1,000");
    const table = page.getByTestId("statement");
    const rows = table.getByTestId("table-row");
    await expect(rows).toHaveCount(4);
    // Newest first, each with what it was and the balances after it.
    const entries = table.getByTestId("statement-entry");
    await expect(entries).toHaveText([
      "出金申請（保留）",
      "出金完了",
      "出金申請（保留）",
      "プレゼント",
    ]);
    await expect(table.getByTestId("statement-available-after")).toHaveText([
      "¥14,000",
      "¥15,000",
      "¥15,000",
      "¥20,000",
    ]);
    await expect(table.getByTestId("statement-held-after")).toHaveText([
      "¥1,000",
      "¥0",
      "¥5,000",
      "¥0",
    ]);
    await expect(rows.first()).toContainText("-¥1,000");
    await expect(rows.first()).toContainText("PayPay");
    await expect(rows.last()).toContainText("+¥20,000");

    // The kind filter: only presents and prizes, balances still the true ones.
    await page.getByTestId("filter-kind").selectOption("rewards");
    await page.getByTestId("filters-apply").click();
    await expect(page).toHaveURL(/kind=rewards/);
    await expect(rows).toHaveCount(1);
    await expect(table.getByTestId("statement-available-after")).toHaveText(["¥20,000"]);

    // The CSV holds what the filter shows: BOM, Japanese header and label, Tokyo time.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("table-export").click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^statement-\d{8}\.csv$/);
    const csv = readFileSync((await download.path())!, "utf8");
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toContain("日時");
    expect(lines[0]).toContain("出金可能額（後）");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2},プレゼント,20000,0,20000,0/);

    // A kind with nothing in it says so.
    await page.getByTestId("filter-kind").selectOption("gacha");
    await page.getByTestId("filters-apply").click();
    await expect(page.getByTestId("statement-empty")).toContainText("条件に合う明細はありません");

    // Each row opens the history it comes from.
    await visit(page, "/users/statement?kind=withdrawals");
    await table.getByTestId("statement-entry").first().click();
    await expect(page).toHaveURL(/\/users\/withdraw$/);

    // On a phone the statement is a card list that never scrolls sideways.
    await page.setViewportSize({ width: 375, height: 812 });
    await visit(page, "/users/statement");
    await expect(rows).toHaveCount(4);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
  });
  await test.step("the admin sees the count, confirms the switch, and the member sees the banner", async () => {
    await freshStep(page);
    // The first save answers 400: it asks for the confirmation.
    problems.allow(/\/admin\/setting/);
    const admin = await login("admin");
    const member = await userPage(browser, db, { nickname: `usdt${newId().slice(-6)}` });
    await givePaymentDetails(db, member.id);
    const before = await getMoneySettings(db.kysely);
    expect(before.usdtNetwork).toBe("TRC20");
    try {
      const countBefore = await addressesStaleUnder(db.kysely, "ERC20");
      expect(countBefore).toBeGreaterThan(0);
      await visit(page, "/admin/setting?edit");
      await page.getByLabel("USDTのネットワーク").selectOption("ERC20");
      await page.getByRole("button", { name: "更新" }).click();
      const dialog = page.getByTestId("network-change-dialog");
      const shown = dialog.getByTestId("network-change-count");
      await expect(shown).toHaveText(/^登録済みのTRC20アドレス\d+件が出金に使えなくなります。$/);
      // Journeys beside this one save addresses too: the count shown is the database's at the
      // moment the dialog was made, between the counts read before and after it.
      const count = Number(/(\d+)件/.exec(await shown.innerText())?.[1]);
      const countAfter = await addressesStaleUnder(db.kysely, "ERC20");
      expect(count).toBeGreaterThanOrEqual(Math.min(countBefore, countAfter));
      expect(count).toBeLessThanOrEqual(Math.max(countBefore, countAfter));
      // Nothing changed yet.
      expect((await getMoneySettings(db.kysely)).usdtNetwork).toBe("TRC20");
      await shoot(page, "usdt-network-confirm-ja-1280", false);
      await dialog.getByRole("button", { name: "ERC20に変更する" }).click();
      await expect(page.getByTestId("settings-updated")).toBeVisible();
      await expect(page.getByTestId("value-usdtNetwork")).toHaveText("ERC20");

      for (const path of ["/users", "/users/withdraw", "/users/withdraw/new"]) {
        await visit(member.page, path);
        await expect(member.page.getByTestId("usdt-address-banner")).toContainText(
          "USDTの出金ネットワークがERC20に変わりました",
        );
      }
      await member.page.getByTestId("usdt-address-banner").getByRole("link").click();
      await expect(member.page).toHaveURL(/\/users\/mypage#payment$/);
      await expect(member.page.getByTestId("usdt-address-stale")).toBeVisible();
      await shoot(member.page, "usdt-network-mypage-ja-1280");
    } finally {
      await updateMoneySettings(db, admin.id, before, { confirmNetworkChange: true });
      await member.context.close();
    }
  });
});
