import type { Db } from "../../db";
import { newId } from "../../db/id";
import { completeWithdrawal, rejectWithdrawal } from "../../server/features/wallet/service";
import { approveTransfer } from "../../server/features/wallet/transfers";
import { createLogger } from "../../server/logger";
import { anAdminId, fund, givePaymentDetails, walletOf } from "../helpers/money";
import { expect, insertUser, signInUser, test, visit } from "./fixtures";

/**
 * The member's money pages in the browser: a withdrawal by every method through the form (and
 * each refusal a member can meet), the amount held at once, a cancel, the admin's decisions as
 * the member then sees them, and a transfer between two members with the admin's approval.
 * The admin's own screens are exercised in admin-money.spec.ts; here the admin decides
 * through the same services those screens call.
 */
test.describe.configure({ mode: "default" });

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

test("a member withdraws by each method, sees it held, cancels one and sees the admin's decisions", async ({
  page,
  payingMember,
  db,
  problems,
}) => {
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

test("a transfer between two members is held, approved, and seen by both (en)", async ({
  page,
  login,
  db,
  browser,
  problems,
}) => {
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
