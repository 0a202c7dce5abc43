import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { fixture, jpegWithExif } from "../helpers/images";
import { E2E_ORIGIN } from "./env";
import { E2E_PASSWORD, expect, reload, signInUser, test, visit } from "./fixtures";

/**
 * Profile, payment details and accounts in the browser: a member fills in the profile and payment details and registers a
 * cashback account; an admin approves it; the member sees it approved with the date. Plus the
 * admin's customer page, broker management and the CSV export.
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

test.describe("member: profile, payment details and accounts", () => {
  test("edits the profile and image, and fills in payment details after reauthentication", async ({
    page,
    login,
    problems,
  }) => {
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

  test("registers a cashback account and sees it pending; a duplicate is refused", async ({
    page,
    login,
    problems,
  }) => {
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
});

test("in English: the member registers an account, sees it pending, and a duplicate is refused", async ({
  page,
  context,
  login,
  problems,
}) => {
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

test.describe("admin: accounts, customers and brokers", () => {
  test("approves a member's account; the member sees it approved with the date", async ({
    page,
    context,
    login,
    db,
  }) => {
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

  test("the member gives the account type from the broker's types; the admin corrects it", async ({
    page,
    login,
  }) => {
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

  test("denies with a reason only, and the member reads the reason", async ({
    page,
    context,
    login,
    db,
    problems,
  }) => {
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

  test("finds a customer, reveals the payment details (recorded) and exports CSV", async ({
    page,
    login,
  }) => {
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

  test("creates a broker with a logo, then deactivates it", async ({ page, login, problems }) => {
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
});

test.describe("at 375 px", () => {
  test(
    "the member's and the admin's pages never scroll the page sideways",
    { tag: "@mobile" },
    async ({ page, login }) => {
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
    },
  );
});
