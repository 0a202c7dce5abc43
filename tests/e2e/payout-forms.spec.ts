import type { Page, Route } from "@playwright/test";
import { sql } from "kysely";
import { E2E_PASSWORD, expect, test, visit } from "./fixtures";
import { openPaymentForm } from "./money-steps";

/**
 * The payout-details form in the browser: a failure keeps what was typed, an
 * expired session comes back to the form after signing in, and the bank and branch are picked
 * by keyboard from the bank list.
 */

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

test("a failure while saving keeps every typed field and says saving again is safe", async ({
  page,
  login,
  db,
  problems,
}) => {
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
    await expect(page.getByTestId("form-error")).toContainText("保存できたか確認できませんでした", {
      timeout: 15_000,
    });
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

test("a session that expires on the form: login says so, then brings the member back to it", async ({
  page,
  login,
  db,
}) => {
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

test("the bank and branch are picked by keyboard, and fill the fields they name", async ({
  page,
  login,
  db,
}) => {
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

test("a withdrawal lost on the way (no signal) keeps the page and the input; sending again requests once", async ({
  page,
  payingMember,
  db,
  problems,
}) => {
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
