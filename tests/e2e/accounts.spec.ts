import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import type { Page, Request } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import type { Db } from "#db";
import { saveRateVersion } from "#server/features/brokers/terms";
import { runDataExports } from "#server/features/profile/data-export";
import { localStorage } from "#server/storage";
import { createAccount, creditReport } from "../helpers/cashback";
import { fixture, jpegWithExif } from "../helpers/images";
import { anAdminId, fund } from "../helpers/money";
import { days, setup, type Setup } from "./cashback-kit";
import { E2E_ORIGIN } from "./env";
import { E2E_PASSWORD, expect, freshStep, reload, signInUser, test, visit } from "./fixtures";
import { DESKTOP, languageCookie, PHONE, SHOT_LANGUAGES, shooterFor } from "./shots";

/**
 * A member's accounts in the browser, one journey per width, each former test a step with
 * people of its own.
 *
 * At 1280 px: a member fills in the profile and payment details and registers a cashback
 * account; an admin approves it; the member sees it approved with the date. Plus the admin's
 * customer page, broker management and the CSV export. Then closing an account (退会) as a
 * member does it, in Japanese at 375 px and in English at 1280 px: the refusal naming what to
 * finish first, the step-up, a refused submit's summary in view and focused, the closed page,
 * no way back in; then the admin's view and the reopening (screenshots in
 * test-results/screenshots/close-*.png). Last, "Download my data".
 *
 * At 375 px (@mobile): nothing scrolls sideways, and rates a member can follow: a broker with
 * several account types asks for the type on /users/bank (refused without one, the reason in
 * view and focused), accounts without a type are prompted for it, and each cashback row shows
 * the rate it was paid at and whether it came from the account's type or the broker's default
 * type. With SCREENSHOTS=1 it also saves the two pages at 375 px and 1280 px in ja and en
 * (SHOTS_DIR, default test-results/screenshots/member-rates).
 */

/** A number no other test (or seed) uses: 6 characters for MT4/MT5 brokers. */
function uniqueNumber(): string {
  return `${Date.now().toString(36).slice(-4)}${Math.floor(Math.random() * 1296).toString(36)}`
    .toUpperCase()
    .padEnd(6, "0")
    .slice(0, 6);
}

/** Today in Tokyo as the pages print it. */
function tokyoToday(): string {
  return new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10).replace(/-/g, "/");
}

async function addAccount(page: Page, broker: string, number: string) {
  await page.getByLabel("会社").selectOption({ label: broker });
  // A broker with several account types needs one: the first, unless the test chose one.
  const type = page.getByTestId("add-account").locator("select[name=accountType]");
  if ((await type.count()) > 0 && (await type.inputValue()) === "") {
    await type.selectOption({ index: 1 });
  }
  await page.getByRole("textbox", { name: /口座番号|顧客ID|UID/ }).fill(number);
  await page.getByRole("button", { name: "申請する" }).click();
}

const shoot = shooterFor("test-results/screenshots");

const TEXT = {
  ja: {
    open: "退会の手続きへ",
    heading: "退会",
    blocked: "退会の前に、次のことを済ませてください。",
    withdraw: "出金する",
    confirm: "確認",
    submit: "退会する",
    unticked: "内容を確認のうえ、チェックを入れてください",
    done: "退会手続きが完了しました。",
    closedAdmin: "に退会しました。",
    reopen: "アカウントを再開する",
    reopened: "アカウントを再開しました。",
  },
  en: {
    open: "Go to closing the account",
    heading: "Close my account",
    blocked: "Before closing, please finish the following.",
    withdraw: "Withdraw",
    confirm: "Confirm",
    submit: "Close my account",
    unticked: "Tick the box to confirm you have read this",
    done: "Your account is closed.",
    closedAdmin: "Closed on",
    reopen: "Reopen the account",
    reopened: "The account has been reopened.",
  },
} as const;

async function still(page: Page) {
  await page.mouse.move(0, 0);
}

/**
 * "Download my data" from the profile: the request on a phone in Japanese, the worker's job
 * (run here against the server's database and upload folder, as the bot worker runs it), the
 * ready state in both languages and at both widths, and the ZIP itself. Screenshots land in
 * test-results/screenshots/data-export-*.png for a person to look at.
 */
const storage = localStorage("data/e2e/uploads");
const silent = { info() {}, warn() {}, error() {}, debug() {} } as never;
const sent: unknown[] = [];
const mailer = {
  async send(message: unknown) {
    sent.push(message);
  },
};

const EXPORT_TEXT = {
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

const shootRates = shooterFor(process.env.SHOTS_DIR ?? "test-results/screenshots/member-rates");

/** The setup's broker with two types: Standard ¥800 a lot (the default type) and Pro $4.50. */
async function twoTypes(db: Db, s: Setup) {
  await saveRateVersion(
    db.kysely,
    s.brokerId,
    [
      { accountType: "Standard", kind: "jpy_per_lot", valueX100: 80_000 },
      { accountType: "Pro", kind: "usd_per_lot", valueX100: 450 },
    ],
    "2000-01-01",
    await anAdminId(db),
  );
}

/** Nothing scrolls sideways. */
async function fitsWidth(page: Page) {
  const widths = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
}

/** The history and the form's refusal at 1280 px and 375 px in `lng` (with SCREENSHOTS=1). */
async function screenshots(page: Page, s: Setup, lng: "ja" | "en") {
  if (!process.env.SCREENSHOTS) return;
  // The language by the search parameter, which comes before any cookie the pages set.
  for (const [size, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await visit(page, `/users/cashback?lng=${lng}`);
    await shootRates(page, `history-${size}-${lng}`);
    await visit(page, `/users?lng=${lng}`);
    await shootRates(page, `dashboard-${size}-${lng}`);
    await visit(page, `/users/bank?lng=${lng}`);
    await shootRates(page, `bank-${size}-${lng}`);
    const form = page.getByTestId("add-account");
    await form.locator("select[name=brokerId]").selectOption({ label: s.brokerName });
    await form.locator("input[name=accountNumber]").fill(String(Number(s.pending) + 3));
    await form.locator("button[type=submit]").click();
    await form.getByTestId("error-accountType").waitFor();
    await shootRates(page, `bank-type-required-${size}-${lng}`, false);
  }
}

test("a member's accounts: profile and payment details, cashback accounts and the admin's decisions on them, closing the account, a copy of the data", async ({
  context,
  db,
  login,
  page,
  payingMember,
  problems,
}) => {
  test.setTimeout(660_000);
  await test.step("edits the profile and image, and fills in payment details after reauthentication", async () => {
    // Refused forms answer 400 with their messages: expected here.
    problems.allow(/\/users\/mypage(\.data|\?_data=)/);
    const me = await login("member");
    await visit(page, "/users/mypage");
    await expect(page.getByRole("heading", { name: "プロフィール", level: 1 })).toBeVisible();
    await expect(page.getByTestId("profile-uid")).toHaveText(me.id);
    await expect(page.getByTestId("profile-email")).toHaveText(me.email);

    // A bad Twitter URL is refused with its message; nothing is saved.
    const profile = page.getByTestId("profile-section");
    await profile.getByLabel("ニックネーム").fill("はなこ");
    await profile.getByLabel("TwitterアカウントURL").fill("https://example.com/hanako");
    await profile.getByRole("button", { name: "保存する" }).click();
    await expect(page.getByTestId("error-twitterUrl")).toHaveText(
      "TwitterアカウントのURL（例: https://x.com/username）を入力してください",
    );
    await reload(page);
    await expect(profile.getByLabel("ニックネーム")).toHaveValue(me.nickname);

    await profile.getByLabel("名前（半角英字）").fill("Hanako Suzuki");
    await profile.getByLabel("ニックネーム").fill("はなこ");
    await profile.getByLabel("TwitterアカウントURL").fill("https://x.com/hanako_fx");
    await profile.getByLabel("ランキングに表示しない").check();
    await profile.getByRole("button", { name: "保存する" }).click();
    await expect(page.getByTestId("profile-saved")).toBeVisible();
    await reload(page);
    await expect(profile.getByLabel("ニックネーム")).toHaveValue("はなこ");
    await expect(profile.getByLabel("TwitterアカウントURL")).toHaveValue("https://x.com/hanako_fx");
    await expect(profile.getByLabel("ランキングに表示しない")).toBeChecked();

    // The image: a phone photo with EXIF; what comes back is a real, decodable image.
    const images = page.getByTestId("image-section");
    await images.getByLabel("画像ファイル").setInputFiles({
      name: "photo.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from(jpegWithExif(fixture("avatar.jpg"))),
    });
    await images.getByRole("button", { name: "アップロード" }).click();
    await expect(images.getByText("プロフィール画像を更新しました")).toBeVisible();
    const img = page.getByTestId("profile-image");
    await expect(img).toBeVisible();
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
      .toBe(48);
    // A file that only claims to be an image is refused.
    await images.getByLabel("画像ファイル").setInputFiles({
      name: "avatar.png",
      mimeType: "image/png",
      buffer: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"),
    });
    await images.getByRole("button", { name: "アップロード" }).click();
    await expect(images.getByTestId("form-error")).toHaveText(
      "JPEG・PNG・WebP形式の画像を選択してください",
    );

    // Payment details are masked until the member proves it is them.
    const payment = page.getByTestId("payment-section");
    await expect(payment).toContainText("出金先情報はまだ登録されていません");
    await expect(payment.getByTestId("payment-form")).toHaveCount(0);
    await payment.getByLabel("パスワード").fill(E2E_PASSWORD);
    await payment.getByRole("button", { name: "本人確認する" }).click();
    const form = payment.getByTestId("payment-form");
    await expect(form).toBeVisible();

    // Half a bank account and a wrong PayPay id: each field says what is wrong, nothing saved.
    await form.getByLabel("銀行名").fill("みずほ銀行");
    await form.getByLabel("銀行コード").fill("１２３");
    await form.getByLabel("PayPay ID").fill("Hanako");
    await form.getByRole("button", { name: "出金先情報を保存" }).click();
    await expect(page.getByTestId("error-bankCode")).toHaveText(
      "銀行コードは半角数字4桁で入力してください",
    );
    await expect(page.getByTestId("error-branchName")).toHaveText("支店名は必須です");
    await expect(page.getByTestId("error-paypayId")).toContainText("PayPay IDは3〜15文字");
    await expect(page.getByTestId("payment-saved")).toHaveCount(0);

    await form.getByLabel("銀行コード").fill("0001");
    await form.getByLabel("支店名").fill("東京営業部");
    await form.getByLabel("支店番号").fill("001");
    await form.getByLabel("口座種別").selectOption("savings");
    await form.getByLabel("口座番号", { exact: true }).fill("1234567");
    await form.getByLabel("口座名義（カタカナ）").fill("スズキ ハナコ");
    await form.getByLabel("USDT送金先アドレス").fill("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t");
    await form.getByLabel("PayPay ID").fill("hanako_01");
    await form.getByRole("button", { name: "出金先情報を保存" }).click();
    await expect(page.getByTestId("payment-saved")).toHaveText("出金先情報を保存しました");
    await expect(form.getByLabel("口座番号", { exact: true })).toHaveValue("1234567");
  });
  await test.step("registers a cashback account and sees it pending; a duplicate is refused", async () => {
    await freshStep(page);
    problems.allow(/\/users\/bank(\.data|\?_data=)/);
    await login("member");
    await visit(page, "/users/bank");
    const banners = page.getByTestId("broker-banner");
    await expect(banners).toHaveCount(6);
    await expect(page.getByRole("link", { name: /XM/ })).toHaveAttribute(
      "href",
      "https://www.xmtrading.com/",
    );

    // The auto-rebate broker needs no application.
    await page.getByLabel("会社").selectOption({ label: "Errante" });
    await expect(page.getByTestId("auto-rebate-notice")).toContainText(
      "Erranteの口座は自動でリベートが付与されるため、申請は不要です",
    );
    await expect(page.getByRole("button", { name: "申請する" })).toHaveCount(0);

    // The broker's own rule is explained and enforced.
    await page.getByLabel("会社").selectOption({ label: "TitanFX" });
    await expect(page.getByText("顧客IDは半角数字6〜8桁で入力してください")).toBeVisible();
    await addAccount(page, "TitanFX", "12AB");
    await expect(page.getByTestId("error-accountNumber")).toHaveText(
      "顧客IDは半角数字6〜8桁で入力してください",
    );
    await expect(page.getByTestId("table-empty")).toBeVisible();

    const number = uniqueNumber();
    await addAccount(page, "XM", number);
    await expect(page.getByTestId("account-added")).toContainText(number);
    const row = page.getByTestId("table-row").filter({ hasText: number });
    await expect(row).toContainText("XM");
    await expect(row.getByTestId("account-status")).toHaveText("確認待ち");

    await addAccount(page, "XM", number.toLowerCase());
    await expect(page.getByTestId("error-accountNumber")).toHaveText(
      "この口座はすでに登録されています",
    );
    await expect(page.getByTestId("table-row")).toHaveCount(1);
  });
  await test.step("in English: the member registers an account, sees it pending, and a duplicate is refused", async () => {
    await freshStep(page);
    problems.allow(/\/users\/bank(\.data|\?_data=)/);
    await login("member");
    await context.addCookies([{ name: "language", value: "en", url: E2E_ORIGIN }]);
    await visit(page, "/users/bank");
    await expect(page.getByRole("heading", { name: "Cashback accounts", level: 1 })).toBeVisible();
    const number = uniqueNumber();
    await page.getByLabel("Company").selectOption({ label: "XM" });
    const type = page.getByLabel("Account type", { exact: true });
    await type.selectOption("Standard");
    await page.getByRole("textbox", { name: "Account number (MT4/MT5)" }).fill("12");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByTestId("error-accountNumber")).toHaveText(
      "The account number must be 5 or 6 letters or digits (half-width)",
    );
    await page.getByRole("textbox", { name: "Account number (MT4/MT5)" }).fill(number);
    await page.getByRole("button", { name: "Apply" }).click();
    const row = page.getByTestId("table-row").filter({ hasText: number });
    await expect(row.getByTestId("account-status")).toHaveText("Pending verification");
    await type.selectOption("Standard");
    await page.getByRole("textbox", { name: "Account number (MT4/MT5)" }).fill(number);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByTestId("error-accountNumber")).toHaveText(
      "This account is already registered",
    );
  });
  await test.step("approves a member's account; the member sees it approved with the date", async () => {
    await freshStep(page);
    const member = await login("member");
    const number = uniqueNumber();
    await visit(page, "/users/bank");
    await addAccount(page, "Axi", number);
    await expect(page.getByTestId("account-added")).toBeVisible();

    await login("admin");
    await visit(page, `/admin/account?member=${encodeURIComponent(member.email)}`);
    await expect(page.getByRole("heading", { name: "口座一覧", level: 1 })).toBeVisible();
    const row = page.getByTestId("table-row").filter({ hasText: number });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId("account-status")).toHaveText("確認待ち");
    await row.getByRole("checkbox").check();
    await expect(page.getByTestId("table-range")).toContainText("1件を選択中");
    await page.getByTestId("bulk-decide").getByRole("button", { name: "承認" }).click();
    await expect(page.getByTestId("decided")).toContainText("1件を承認しました");
    await expect(row.getByTestId("account-status")).toHaveText("承認済み");

    await signInUser(context, db, member.id);
    await visit(page, "/users/bank");
    const mine = page.getByTestId("table-row").filter({ hasText: number });
    await expect(mine.getByTestId("account-status")).toHaveText("承認済み");
    await expect(mine).toContainText(tokyoToday());
  });
  await test.step("the member gives the account type from the broker's types; the admin corrects it", async () => {
    await freshStep(page);
    const member = await login("member");
    const number = uniqueNumber();
    await visit(page, "/users/bank");
    await page.getByLabel("会社").selectOption({ label: "XM" });
    const type = page.getByLabel("口座タイプ", { exact: true });
    await expect(type.locator("option")).toHaveText([
      "選択してください",
      "Standard",
      "Micro",
      "Zero",
      "KIWAMI",
    ]);
    await type.selectOption("Zero");
    await addAccount(page, "XM", number);
    await expect(page.getByTestId("account-added")).toContainText(number);
    await expect(page.getByTestId("table-row").filter({ hasText: number })).toContainText("Zero");

    await login("admin");
    await visit(page, `/admin/account?member=${encodeURIComponent(member.email)}`);
    const row = page.getByTestId("table-row").filter({ hasText: number });
    await expect(row.getByTestId("account-type")).toHaveValue("Zero");
    await row.getByTestId("account-type").selectOption("Standard");
    await row.getByRole("button", { name: "口座タイプを保存" }).click();
    await expect(page.getByTestId("type-saved")).toContainText(number);
    await expect(row.getByTestId("account-type")).toHaveValue("Standard");
  });
  await test.step("denies with a reason only, and the member reads the reason", async () => {
    await freshStep(page);
    problems.allow(/\/admin\/account(\.data)?\?index/);
    const member = await login("member");
    const number = uniqueNumber();
    await visit(page, "/users/bank");
    await addAccount(page, "BigBoss", number);
    await expect(page.getByTestId("account-added")).toBeVisible();

    await login("admin");
    await visit(page, `/admin/account?member=${encodeURIComponent(member.email)}&status=pending`);
    const row = page.getByTestId("table-row").filter({ hasText: number });
    await row.getByRole("checkbox").check();
    const bulk = page.getByTestId("bulk-decide");
    await bulk.getByRole("button", { name: "否認" }).click();
    await expect(page.getByTestId("error-reason")).toHaveText("否認理由は必須です");
    // The selection went with the refused submit: tick again and give a reason.
    await row.getByRole("checkbox").check();
    await bulk.getByLabel("否認理由", { exact: true }).fill("口座名義が登録名と一致しません");
    // The optional English, for members reading English (decision 048).
    await bulk.getByLabel("否認理由（英語）").fill("The account holder's name does not match.");
    await bulk.getByRole("button", { name: "否認" }).click();
    await expect(page.getByTestId("decided")).toContainText("1件を否認しました");
    const stored = await db.kysely
      .selectFrom("broker_accounts")
      .select(["deny_reason", "deny_reason_en"])
      .where("account_number", "=", number)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      deny_reason: "口座名義が登録名と一致しません",
      deny_reason_en: "The account holder's name does not match.",
    });

    await signInUser(context, db, member.id);
    await visit(page, "/users/bank");
    const mine = page.getByTestId("table-row").filter({ hasText: number });
    await expect(mine.getByTestId("account-status")).toHaveText("否認");
    await expect(mine.getByTestId("deny-reason")).toHaveText(
      "理由: 口座名義が登録名と一致しません",
    );
  });
  await test.step("finds a customer, reveals the payment details (recorded) and exports CSV", async () => {
    await freshStep(page);
    const member = await login("member");
    // The member's payment details, through their own page.
    await visit(page, "/users/mypage");
    const payment = page.getByTestId("payment-section");
    await payment.getByLabel("パスワード").fill(E2E_PASSWORD);
    await payment.getByRole("button", { name: "本人確認する" }).click();
    await payment.getByLabel("PayPay ID").fill("reveal_me");
    await payment.getByRole("button", { name: "出金先情報を保存" }).click();
    await expect(page.getByTestId("payment-saved")).toBeVisible();

    await login("admin");
    await visit(page, "/admin/customer");
    await page.getByRole("searchbox", { name: "検索" }).fill(member.email);
    await page.getByTestId("filters-apply").click();
    await expect(page).toHaveURL(/q=/);
    await expect(page.getByTestId("table-row")).toHaveCount(1);

    // CSV of the current search: BOM, header, the one member.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("table-export").click(),
    ]);
    const csv = readFileSync((await download.path())!, "utf8");
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toContain("ニックネーム");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(member.email);

    await page.getByTestId("customer-link").click();
    await expect(page.getByTestId("customer-nickname")).toHaveText(member.nickname);
    await expect(page.getByTestId("payment-paypayId")).toHaveText("re••••");
    await page.getByRole("button", { name: "すべて表示（記録されます）" }).click();
    await expect(page.getByTestId("payment-revealed")).toBeVisible();
    await expect(page.getByTestId("payment-paypayId")).toHaveText("reveal_me");
    await reload(page);
    await expect(page.getByTestId("payment-paypayId")).toHaveText("re••••");
    const latest = page.getByTestId("customer-events").getByTestId("audit-row").first();
    await expect(latest).toContainText("管理者が出金先情報を表示");
    await expect(latest).toContainText("E2E Admin");
  });
  await test.step("creates a broker with a logo, then deactivates it", async () => {
    await freshStep(page);
    problems.allow(/\/admin\/account\/brokers\/new(\.data|\?_data=)/);
    await login("admin");
    await visit(page, "/admin/account");
    await page.getByTestId("tab-brokers").click();
    await expect(page).toHaveURL(/\/admin\/account\/brokers$/);
    await page.getByTestId("broker-new").click();
    const code = `e2e-${Date.now().toString(36)}`;
    const form = page.getByTestId("broker-form");
    await form.getByLabel("名前").fill("E2E Broker");
    await form.getByLabel("コード").fill(code);
    await form.getByLabel("口座の識別方法").selectOption("uid");
    await form.getByLabel("使える文字").selectOption("digits");
    await form.getByLabel("最小桁数").fill("9");
    await form.getByLabel("最大桁数").fill("4");
    await form.getByLabel("口座開設リンク").fill("http://insecure.example");
    await form.getByRole("button", { name: "追加する" }).click();
    await expect(page.getByTestId("error-idMaxLength")).toHaveText(
      "最大桁数は最小桁数以上にしてください",
    );
    await expect(page.getByTestId("error-signupUrl")).toHaveText(
      "https:// で始まるURLを入力してください",
    );
    await form.getByLabel("最小桁数").fill("6");
    await form.getByLabel("最大桁数").fill("9");
    await form.getByLabel("口座開設リンク").fill("https://broker.example/open");
    await form.getByLabel("ロゴ").setInputFiles({
      name: "logo.png",
      mimeType: "image/png",
      buffer: Buffer.from(fixture("avatar.png")),
    });
    await form.getByRole("button", { name: "追加する" }).click();
    await expect(page.getByTestId("broker-saved")).toContainText("E2E Broker");
    const row = page.getByTestId("table-row").filter({ hasText: code });
    const logo = row.locator("img");
    await expect
      .poll(() => logo.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
      .toBe(48);

    await row.getByRole("link", { name: "E2E Broker" }).click();
    await page.getByLabel("会員に表示する").uncheck();
    await page.getByRole("button", { name: "保存する" }).click();
    await expect(
      page.getByTestId("table-row").filter({ hasText: code }).getByTestId("broker-active"),
    ).toHaveText("非表示（停止中）");
  });
  // Each language once and each width once: the texts are the language's, the summary in view
  // and the touch of the form are the width's.
  for (const [lng, size, viewport] of [
    ["ja", "phone", PHONE],
    ["en", "desktop", DESKTOP],
  ] as const) {
    await test.step(`a member closes their account (${lng}, ${size})`, async () => {
      await freshStep(page);
      // A refused step-up or submit is a 400 of the action's data request.
      problems.allow(/\/users\/close-account(\.data|\?)/);
      const text = TEXT[lng];
      await languageCookie(context, lng);
      await page.setViewportSize(viewport);
      const main = page.getByTestId("main");

      // Money that can still be paid out: the page says what to do first and links there.
      await payingMember(3_000);
      await visit(page, "/users/mypage");
      await main.getByRole("link", { name: text.open }).click();
      await expect(page).toHaveURL(/\/users\/close-account$/);
      await expect(main.getByRole("heading", { level: 1 })).toHaveText(text.heading);
      await expect(page.getByTestId("close-blockers")).toContainText(text.blocked);
      await expect(page.getByTestId("close-blockers")).toContainText("¥3,000");
      await expect(main.getByRole("link", { name: text.withdraw })).toHaveAttribute(
        "href",
        "/users/withdraw/new",
      );
      await expect(main.getByRole("button", { name: text.submit })).toHaveCount(0);
      await still(page);
      await shoot(page, `close-blocked-${size}-${lng}`);
      await context.clearCookies({ name: "sid" });

      // A member with ¥300 (below every minimum): step-up, then the form.
      const me = await login("member");
      await fund(db, me.id, 300);
      await visit(page, "/users/close-account");
      const reauth = page.getByTestId("reauth");
      await reauth.getByLabel(/メールアドレス|Email/).fill(me.email);
      await reauth.getByLabel(/パスワード|Password/).fill(E2E_PASSWORD);
      await reauth.getByRole("button", { name: text.confirm }).click();
      await expect(page.getByTestId("close-small-balance")).toContainText("¥300");

      // Without the tick: the summary is in view and has the focus.
      await main.getByRole("button", { name: text.submit }).click();
      const summary = page.getByTestId("form-error");
      await expect(summary).toContainText(text.unticked);
      await expect(summary).toBeInViewport();
      await expect(summary).toBeFocused();
      await still(page);
      await shoot(page, `close-unticked-${size}-${lng}`);

      await main.getByRole("combobox").selectOption("hardToUse");
      await main.getByRole("checkbox").check();
      await main.getByRole("button", { name: text.submit }).click();
      await expect(page).toHaveURL(/\/account-closed$/);
      await expect(page.getByTestId("account-closed")).toContainText(text.done);
      await still(page);
      await shoot(page, `close-done-${size}-${lng}`);

      // The member area is closed to this browser now.
      await visit(page, "/users");
      await expect(page).toHaveURL(/\/login/);

      // The admin sees the closed state and reopens the account.
      await login("admin");
      await visit(page, `/admin/customer/${me.id}`);
      await expect(page.getByTestId("customer-closed")).toContainText(text.closedAdmin);
      await still(page);
      await shoot(page, `close-admin-${size}-${lng}`);
      await page.getByRole("button", { name: text.reopen }).click();
      await expect(page.getByTestId("customer-reopened")).toHaveText(text.reopened);
      await expect(page.getByTestId("customer-closed")).toHaveCount(0);
    });
  }
  await test.step("a member asks for a copy of their data and downloads it, ready at both widths in both languages", async () => {
    await freshStep(page);
    await page.setViewportSize(PHONE);
    const me = await login("member");
    await visit(page, "/users/mypage");
    const section = page.getByTestId("data-export-section");
    await section.getByRole("button", { name: EXPORT_TEXT.ja.request }).click();
    await expect(page.getByTestId("data-export-requested")).toContainText(EXPORT_TEXT.ja.requested);
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({
      path: "test-results/screenshots/data-export-requested-phone-ja.png",
    });

    await runDataExports({ db, storage, mailer, log: silent, appOrigin: "http://e2e.test" });
    const link = section.getByTestId("data-export-download");
    for (const lng of SHOT_LANGUAGES) {
      await languageCookie(context, lng);
      // The browser keeps the last page's language too, and would restore it over the cookie.
      await page.evaluate((l) => window.localStorage.setItem("language", l), lng);
      for (const [size, viewport] of [
        ["phone", PHONE],
        ["desktop", DESKTOP],
      ] as const) {
        await page.setViewportSize(viewport);
        await visit(page, "/users/mypage");
        await expect(link).toHaveText(EXPORT_TEXT[lng].download);
        const box = await link.boundingBox();
        expect(box?.height).toBeGreaterThanOrEqual(44);
        await section.scrollIntoViewIfNeeded();
        await section.screenshot({
          path: `test-results/screenshots/data-export-ready-${size}-${lng}.png`,
        });
        await shoot(page, `data-export-page-${size}-${lng}`);
      }
    }

    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
    const profile = JSON.parse(strFromU8(files["profile.json"]!)) as { email: string }[];
    expect(profile).toEqual([expect.objectContaining({ email: me.email })]);
    expect(Object.keys(files)).toContain("statement.csv");
  });
});

test("a member's accounts at 375 px: no sideways scroll, account types and the rates they pay @mobile", async ({
  page,
  context,
  db,
  login,
  problems,
}) => {
  test.setTimeout(180_000);
  await test.step("the member's and the admin's pages never scroll the page sideways", async () => {
    await login("member");
    for (const path of ["/users/mypage", "/users/bank"]) {
      await visit(page, path);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(375);
    }
    await login("admin");
    for (const path of [
      "/admin/account",
      "/admin/account/brokers",
      "/admin/account/brokers/new",
      "/admin/customer",
    ]) {
      await visit(page, path);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(375);
    }
  });
  await test.step("the form asks for the type at a broker with several; a missing type is prompted", async () => {
    await freshStep(page);
    problems.allow(/\/users\/bank(\.data|\?_data=)/);
    const s = await setup(db);
    await twoTypes(db, s);
    await signInUser(context, db, s.member.id);
    await page.setViewportSize(PHONE);
    await visit(page, "/users/bank");

    // Both accounts were registered before types were asked for.
    const prompt = page.getByTestId("missing-type-row");
    await expect(prompt).toHaveCount(2);
    // The prompt is the first thing under the title, in view without scrolling on a phone.
    await expect(prompt.first().getByTestId("set-type")).toBeInViewport();

    const form = page.getByTestId("add-account");
    await form.getByLabel("会社").selectOption({ label: s.brokerName });
    const type = form.getByLabel("口座タイプ");
    await expect(type.locator("option")).toHaveText(["選択してください", "Standard", "Pro"]);
    const number = String(Number(s.pending) + 1);
    await form.getByRole("textbox", { name: /口座番号/ }).fill(number);
    await form.getByRole("button", { name: "申請する" }).click();
    const error = form.getByTestId("error-accountType");
    await expect(error).toHaveText(
      "口座タイプを選んでください。この会社には複数の口座タイプがあり、タイプごとに還元レートが違います",
    );
    await expect(error).toBeInViewport();
    await expect(form.getByTestId("form-error")).toBeFocused();
    await fitsWidth(page);

    await type.selectOption("Pro");
    await form.getByRole("button", { name: "申請する" }).click();
    await expect(page.getByTestId("account-added")).toContainText(number);
    await expect(error).toHaveCount(0);
    await expect(page.getByTestId("table-row").filter({ hasText: number })).toContainText("Pro");
    await expect(prompt).toHaveCount(2);

    // The prompt: refused without a choice, in the browser (each account's form is checked with
    // the action's schema: nothing is sent), its reason above it, focused; then saved, and the
    // row leaves the prompt.
    const first = prompt.filter({ hasText: s.approved });
    const sent: string[] = [];
    const count = (r: Request) => r.method() === "POST" && sent.push(r.url());
    page.on("request", count);
    await first.getByTestId("set-type").click();
    await expect(first.getByTestId("error-accountType")).toBeVisible();
    await expect(first.getByTestId("form-error")).toBeFocused();
    // The other account's form says nothing.
    await expect(page.getByTestId("missing-type").getByTestId("form-error")).toHaveCount(1);
    expect(sent, "a type not chosen is not sent").toEqual([]);
    page.off("request", count);
    await first.getByLabel(new RegExp(s.approved)).selectOption("Standard");
    await first.getByTestId("set-type").click();
    await expect(page.getByTestId("type-saved")).toBeVisible();
    await expect(prompt).toHaveCount(1);
    await expect(page.getByTestId("table-row").filter({ hasText: s.approved })).toContainText(
      "Standard",
    );
    await fitsWidth(page);
  });
  await test.step("each cashback row shows its rate and where it came from", async () => {
    await freshStep(page);
    // The screenshots send the form refused on purpose.
    problems.allow(/\/users\/bank(\.data|\?(lng=\w+&)?_data=)/);
    const s = await setup(db);
    await twoTypes(db, s);
    await db.kysely
      .updateTable("broker_accounts")
      .set({ account_type: "Pro" })
      .where("user_id", "=", s.member.id)
      .where("account_number", "=", s.approved)
      .execute();
    const untyped = String(Number(s.pending) + 2);
    await createAccount(db, s.member.id, s.brokerId, untyped, "approved");
    const d = days();
    const admin = await anAdminId(db);
    await creditReport(db, admin, {
      fileName: `rates-${s.tag}.csv`,
      lines: [
        "trade_date,broker,account,lots,currency,ib_commission,row_key",
        `${d.today},${s.brokerCode},${s.approved},2,JPY,,r1`,
        `${d.lastMonthDay},${s.brokerCode},${untyped},1.5,JPY,,r2`,
      ],
      usdRate: "150",
    });
    await signInUser(context, db, s.member.id);
    await page.setViewportSize(PHONE);
    await visit(page, "/users/cashback");

    const history = page.getByTestId("cashback-history");
    const own = history.locator('[data-testid=rate-applied][data-source="account_type"]');
    const fallback = history.locator('[data-testid=rate-applied][data-source="default_type"]');
    await expect(own).toHaveText("$4.50 / ロット (Pro)");
    await expect(fallback).toHaveText("¥800 / ロット (標準タイプ「Standard」を適用)");
    // The row priced at the default type: the page names the accounts without a type (the
    // approved one paid at the default type and the pending one), not the typed one.
    const banner = page.getByTestId("account-type-banner");
    await expect(banner).toContainText("口座タイプが未設定の口座が2件あります");
    await expect(banner).toContainText(`${s.brokerName} ${untyped}`);
    await expect(banner).toContainText(`${s.brokerName} ${s.pending}`);
    await expect(banner).not.toContainText(s.approved);
    await expect(banner).toBeInViewport();
    await own.scrollIntoViewIfNeeded();
    await expect(own).toBeInViewport();
    await fitsWidth(page);

    await visit(page, "/users");
    await expect(page.getByTestId("recent-cashback").getByTestId("rate-applied")).toHaveCount(2);
    await expect(banner).toContainText(`${s.brokerName} ${untyped}`);
    await banner.getByTestId("account-type-banner-link").click();
    await expect(page).toHaveURL(/\/users\/bank$/);
    const prompt = page.getByTestId("missing-type-row");
    await expect(prompt).toHaveCount(2);
    await expect(prompt.first().getByTestId("set-type")).toBeInViewport();

    await screenshots(page, s, "ja");
    await page.setViewportSize(PHONE);
    await visit(page, "/users/cashback?lng=en");
    await expect(fallback).toHaveText("¥800 / lot (default type: Standard)");
    await expect(banner).toContainText("2 of your accounts have no account type");
    await fitsWidth(page);
    await screenshots(page, s, "en");
  });
});
