import { E2E_ORIGIN } from "./env";
import type { Locator, Page } from "@playwright/test";
import { expect, test, visit } from "./fixtures";

/**
 * Broker rates and crediting times in the browser: a visitor reads the public rate card and works
 * the rebate calculator (with and without JavaScript); an admin gives a new broker its rates,
 * schedule and conditions, fixes a refused rate, edits the rows, and the public page follows.
 */

/** The rebate calculator's row for one account type of one broker. */
function calculatorRow(within: Page | Locator, broker: string, accountType: string) {
  return within
    .getByTestId("calculator-broker")
    .filter({ hasText: broker })
    .getByTestId("calculator-row")
    .filter({ hasText: accountType });
}

test.describe("public broker rates", () => {
  test("/brokers is the page itself, with no redirect, and the seeded art is served", async ({
    request,
  }) => {
    const page = await request.get("/brokers", { maxRedirects: 0 });
    expect(page.status()).toBe(200);
    expect(await page.text()).toContain("/broker-art/xm-logo.svg");
    const art = await request.get("/broker-art/xm-logo.svg", { maxRedirects: 0 });
    expect(art.status()).toBe(200);
    expect(art.headers()["content-type"]).toContain("image/svg+xml");
  });

  test("a visitor reads each broker's rates and schedule and estimates a month and a year", async ({
    page,
  }) => {
    await visit(page, "/brokers");
    await expect(
      page.getByRole("heading", { name: "ブローカーと還元レート", level: 1 }),
    ).toBeVisible();
    const xm = page.getByTestId("broker-card").filter({ hasText: "XM" }).first();
    await expect(xm.getByTestId("rate-line").first()).toContainText("Standard");
    await expect(xm.getByTestId("rate-line").first()).toContainText("¥640 / ロット");
    await expect(xm.getByTestId("schedule")).toContainText("毎月10日に入金");
    await expect(xm.getByTestId("next-crediting")).toContainText(
      /次回の入金予定日: \d{4}\/\d{2}\/\d{2}/,
    );
    await expect(xm.getByTestId("conditions")).toBeVisible();
    // The seeded broker without a schedule says so.
    await expect(
      page.getByTestId("broker-card").filter({ hasText: "BigBoss" }).getByTestId("schedule"),
    ).toHaveText("入金日は未定です");

    // The calculator follows the typing: 10 lots at ¥640 is ¥6,400 a month, ¥76,800 a year.
    const lots = page.getByRole("textbox", { name: "1か月の取引量(ロット)" });
    await expect(lots).toHaveAttribute("inputmode", "decimal");
    await lots.fill("10");
    const results = page.getByTestId("calculator-results");
    const xmStandard = calculatorRow(results, "XM", "Standard");
    await expect(xmStandard.getByTestId("per-month")).toHaveText("月 ¥6,400");
    await expect(xmStandard.getByTestId("per-year")).toHaveText("年 ¥76,800");
    // $4.50 × 10 lots = $45 at the stated ¥150: ¥6,750, and the page says which rate.
    const zero = calculatorRow(results, "XM", "Zero");
    await expect(zero.getByTestId("per-month")).toHaveText("月 ¥6,750 ($45.00)");
    await expect(page.getByTestId("usd-note")).toContainText("1ドル = 150円");
    // Full-width digits typed on a Japanese keyboard count; words do not.
    await lots.fill("２．５");
    await expect(xmStandard.getByTestId("per-month")).toHaveText("月 ¥1,600");
    await lots.fill("たくさん");
    await expect(page.getByTestId("error-lots")).toBeVisible();
  });

  test("works without JavaScript, in English too", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await context.addCookies([{ name: "language", value: "en", url: E2E_ORIGIN }]);
    const page = await context.newPage();
    await page.goto(`${E2E_ORIGIN}/brokers`);
    await expect(page.getByRole("heading", { name: "Brokers and cashback rates" })).toBeVisible();
    await page.getByRole("textbox", { name: "Lots traded per month" }).fill("10");
    await page.getByRole("button", { name: "Calculate" }).click();
    await expect(page).toHaveURL(/\/brokers\?lots=10/);
    const xmStandard = calculatorRow(page, "XM", "Standard");
    await expect(xmStandard.getByTestId("per-year")).toHaveText("¥76,800 a year");
    await expect(
      page.getByTestId("broker-card").filter({ hasText: "Exness" }).getByTestId("schedule"),
    ).toContainText("Credited weekly, on Friday");
    await context.close();
  });
});

/** The new-broker form with a fresh name, code and sign-up link typed in. */
async function newBrokerForm(page: Page, prefix: string, label: string) {
  const code = `${prefix}-${Date.now().toString(36)}`;
  const name = `${label} ${code.slice(-5)}`;
  await visit(page, "/admin/account/brokers/new");
  const form = page.getByTestId("broker-form");
  await form.getByLabel("名前").fill(name);
  await form.getByLabel("コード").fill(code);
  await form.getByLabel("口座開設リンク").fill("https://broker.example/open");
  return { code, name, form, rows: form.getByTestId("rate-row") };
}

/** A second admin, on the broker's edit page, approves the rate change waiting there. */
async function approveAsAnotherAdmin(
  page: Page,
  login: (permission?: "admin") => Promise<unknown>,
) {
  await login("admin");
  await page.reload();
  await page.getByTestId("rate-changes").getByTestId("approve-second").click();
  await expect(page.getByTestId("rate-change-decided")).toBeVisible();
}

test.describe("admin: broker rates", () => {
  test("gives a new broker rates, a schedule and conditions, and edits the rate rows", async ({
    page,
    login,
    problems,
  }) => {
    problems.allow(/\/admin\/account\/brokers\/(new|[0-9A-Z]{26})(\.data|\?_data=)/);
    await login("admin");
    const { code, name, form, rows } = await newBrokerForm(page, "rates", "Rate Broker");
    await rows.nth(0).getByLabel("口座タイプ").fill("Standard");
    await rows.nth(0).getByLabel("レート", { exact: true }).fill("abc");
    await form.getByLabel("入金スケジュール").selectOption("monthly");
    await form.getByLabel("入金日(毎月)").fill("31");
    await form.getByLabel("条件（日本語）").fill("取引が対象です。");
    await form.getByRole("button", { name: "追加する" }).click();

    // Refused: each problem under its field, what was typed kept.
    await expect(page.getByTestId("error-rates.0.value")).toHaveText(
      "レートは0より大きい数(小数2桁まで)で入力してください",
    );
    await expect(page.getByTestId("error-creditDay")).toHaveText(
      "入金日は1〜28日で入力してください",
    );
    await expect(rows.nth(0).getByLabel("口座タイプ")).toHaveValue("Standard");
    await expect(form.getByLabel("条件（日本語）")).toHaveValue("取引が対象です。");

    await rows.nth(0).getByLabel("レート", { exact: true }).fill("1,200");
    await form.getByLabel("入金日(毎月)").fill("12");
    await form.getByRole("button", { name: "追加する" }).click();
    // Its first rates wait for a second admin: the maker lands on its edit page, told so, and
    // the public card shows no rates yet.
    await expect(page.getByTestId("rate-change-waiting")).toContainText(
      "最初のレートは、別の管理者が二次承認するまで反映されず",
    );
    await expect(page.getByTestId("rate-changes").getByTestId("awaiting-other")).toBeVisible();
    const editUrl = page.url();
    await visit(page, "/brokers");
    const card = page.getByTestId("broker-card").filter({ hasText: name });
    await expect(card).toBeVisible();
    await expect(card.getByTestId("rate-line")).toHaveCount(0);
    await visit(page, editUrl);
    await approveAsAnotherAdmin(page, login);

    await visit(page, "/brokers");
    await expect(card.getByTestId("rate-line")).toHaveText(["Standard¥1,200 / ロット"]);
    await expect(card.getByTestId("schedule")).toContainText("毎月12日に入金");
    await expect(card.getByTestId("conditions")).toHaveText("取引が対象です。");

    // Edit: add a USD row, remove the first, switch to weekly on Wednesday.
    await visit(page, "/admin/account/brokers");
    await page.getByTestId("table-row").filter({ hasText: code }).getByRole("link").first().click();
    await expect(form.getByTestId("rate-row")).toHaveCount(1);
    await form.getByRole("button", { name: "行を追加" }).click();
    await rows.nth(1).getByLabel("口座タイプ").fill("Raw");
    await rows.nth(1).getByLabel("レートの種類").selectOption("usd_per_lot");
    await rows.nth(1).getByLabel("レート", { exact: true }).fill("3.5");
    await rows.nth(0).getByRole("button", { name: "1行目を削除" }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.nth(0).getByLabel("口座タイプ")).toHaveValue("Raw");
    await form.getByLabel("入金スケジュール").selectOption("weekly");
    await form.getByLabel("入金曜日").selectOption("3");
    await form.getByRole("button", { name: "保存する" }).click();
    // New rates wait for a second admin; the maker is told so and cannot approve them.
    await expect(page.getByTestId("rate-change-waiting")).toBeVisible();
    await expect(page.getByTestId("rate-changes").getByTestId("awaiting-other")).toBeVisible();
    await approveAsAnotherAdmin(page, login);

    await visit(page, "/brokers");
    await expect(card.getByTestId("rate-line")).toHaveText(["Raw$3.50 / ロット"]);
    await expect(card.getByTestId("schedule")).toContainText("毎週水曜日に入金");
  });

  test("schedules a rate change from a later day", async ({ page, login, problems }) => {
    problems.allow(/\/admin\/account\/brokers\/(new|[0-9a-z]{26})(\.data|\?_data=)/i);
    await login("admin");
    const { code, name, form, rows } = await newBrokerForm(page, "sched", "Scheduled");
    await rows.nth(0).getByLabel("口座タイプ").fill("Standard");
    await rows.nth(0).getByLabel("レート", { exact: true }).fill("800");
    await form.getByRole("button", { name: "追加する" }).click();
    await expect(page.getByTestId("rate-change-waiting")).toBeVisible();
    await approveAsAnotherAdmin(page, login);

    await visit(page, "/admin/account/brokers");
    await page.getByTestId("table-row").filter({ hasText: code }).getByRole("link").first().click();
    await rows.nth(0).getByLabel("レート", { exact: true }).fill("900");
    const next = new Date(Date.now() + 9 * 3_600_000 + 30 * 86_400_000).toISOString().slice(0, 10);
    await form.getByLabel("レートの適用開始日").fill(next);
    await form.getByRole("button", { name: "保存する" }).click();
    await expect(page.getByTestId("rate-change-waiting")).toBeVisible();
    await approveAsAnotherAdmin(page, login);

    // Today's rate stays; the change is listed, scheduled, with its day.
    await visit(page, "/brokers");
    const card = page.getByTestId("broker-card").filter({ hasText: name });
    await expect(card.getByTestId("rate-line")).toHaveText(["Standard¥800 / ロット"]);
    const changes = card.getByTestId("rate-changes");
    await changes.getByText("レートの変更履歴（1件）").click();
    await expect(changes.getByTestId("rate-change")).toContainText(
      `${next.replaceAll("-", "/")} から（予定）`,
    );
    await expect(changes.getByTestId("rate-change-line")).toHaveText(["Standard¥900 / ロット"]);
  });
});
