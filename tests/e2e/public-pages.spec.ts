import type { Locator, Page } from "@playwright/test";
import { E2E_ORIGIN } from "./env";
import { expect, test, visit } from "./fixtures";

/**
 * The public pages that bring members, as a visitor and then an admin meet them: the home for
 * newcomers (/welcome), reached from the sign-in and registration pages and the header's
 * website button; the rate card (/brokers) and a broker's page with their calculator, with and
 * without JavaScript; and the admin's side: the home's pitch, previewed before it shows, and a
 * new broker's rates, schedule and conditions (fixed after a refusal, approved by a second
 * admin), a rate change scheduled for a later day, with the public card following each.
 * That /brokers answers itself and its art is served is asked of the server in
 * tests/routes/brokers-pages.test.ts.
 */

/** The rebate calculator's row for one account type of one broker. */
function calculatorRow(within: Page | Locator, broker: string, accountType: string) {
  return within
    .getByTestId("calculator-broker")
    .filter({ hasText: broker })
    .getByTestId("calculator-row")
    .filter({ hasText: accountType });
}

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

test("public pages: a visitor reads the home, the rates and a broker's page; an admin writes the pitch and a new broker's rates", async ({
  page,
  browser,
  login,
  problems,
  playwright,
}) => {
  // Eight former tests of about 60 s each on a slow machine.
  test.setTimeout(480_000);
  await test.step("the public home is linked from sign-in, registration and the header; says what the service is, shows rates, computes, and leads to sign-up", async () => {
    await visit(page, "/login");
    await expect(page.getByTestId("login-welcome")).toHaveAttribute("href", "/welcome");
    await expect(page.getByTestId("header-website")).toHaveAttribute("href", "/welcome");
    await visit(page, "/register");
    await page.getByTestId("register-welcome").click();
    await expect(page).toHaveURL(/\/welcome$/);
    // The pitch test beside this one may have its own words there for a moment.
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const brokers = page.getByTestId("welcome-broker");
    await expect(brokers).toHaveCount(4);
    // Other specs add brokers to the shared database: XM is found by its name.
    await expect(
      page.getByRole("link", { name: "XMのキャッシュバック", exact: true }).first(),
    ).toHaveAttribute("href", "/brokers/xm");
    await expect(page.getByTestId("welcome-methods").getByRole("row")).toHaveCount(7);
    await expect(page.getByTestId("welcome-campaigns").getByRole("listitem")).not.toHaveCount(0);
    await expect(page.getByTestId("welcome-help").getByRole("listitem")).toHaveCount(5);

    // 10 lots at XM Standard (¥640 a lot) is ¥6,400 a month, in integers.
    await page.getByLabel("1か月の取引量(ロット)").fill("10");
    const xm = page
      .getByTestId("calculator-broker")
      .filter({ has: page.getByText("XM", { exact: true }) });
    await expect(xm.getByTestId("per-month").first()).toHaveText("月 ¥6,400");

    await page.getByTestId("welcome-register").click();
    await expect(page).toHaveURL(/\/register$/);
  });

  await test.step("a visitor reads each broker's rates and schedule and estimates a month and a year", async () => {
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

  await test.step("a broker's page is linked from the list, answers what a searcher asks, and computes without JavaScript", async () => {
    await visit(page, "/brokers");
    await page.getByTestId("broker-page-link").filter({ hasText: /^XM$/ }).click();
    await expect(page).toHaveURL(/\/brokers\/xm$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("XMのキャッシュバック");
    await expect(page.getByTestId("rate-line")).toHaveCount(4);
    await expect(page.getByTestId("schedule")).toContainText("毎月10日に入金");
    await expect(page.getByTestId("broker-open-steps").getByRole("listitem")).toHaveCount(4);
    await expect(page.getByTestId("broker-link-steps").getByRole("listitem")).toHaveCount(3);
    await expect(page.getByTestId("broker-signup")).toHaveAttribute(
      "href",
      "https://www.xmtrading.com/",
    );
    await page.getByLabel("1か月の取引量(ロット)").fill("2.5");
    await expect(page.getByTestId("per-month").first()).toHaveText("月 ¥1,600");

    // Without JavaScript the calculator answers from the page itself (?lots=).
    const context = await browser.newContext({ javaScriptEnabled: false });
    const bare = await context.newPage();
    await bare.goto("/brokers/xm?lots=10");
    await expect(bare.getByTestId("per-month").first()).toHaveText("月 ¥6,400");
    await context.close();
  });

  await test.step("the rate card works without JavaScript, in English too", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await context.addCookies([{ name: "language", value: "en", url: E2E_ORIGIN }]);
    const bare = await context.newPage();
    await bare.goto(`${E2E_ORIGIN}/brokers`);
    await expect(bare.getByRole("heading", { name: "Brokers and cashback rates" })).toBeVisible();
    await bare.getByRole("textbox", { name: "Lots traded per month" }).fill("10");
    await bare.getByRole("button", { name: "Calculate" }).click();
    await expect(bare).toHaveURL(/\/brokers\?lots=10/);
    const xmStandard = calculatorRow(bare, "XM", "Standard");
    await expect(xmStandard.getByTestId("per-year")).toHaveText("¥76,800 a year");
    await expect(
      bare.getByTestId("broker-card").filter({ hasText: "Exness" }).getByTestId("schedule"),
    ).toContainText("Credited weekly, on Friday");
    await context.close();
  });

  await test.step("a visitor's public page carries a weak ETag that ignores the nonce, and answers 304 when held", async () => {
    // Over the real server: the route layer renders no document, and this is the rendered HTML's
    // tag (what each page lets be stored is asked in tests/routes/public.test.ts).
    // A fresh client: no cookie at all, as a CDN asks.
    const visitor = await playwright.request.newContext({
      baseURL: test.info().project.use.baseURL,
    });
    const first = await visitor.get("/welcome");
    expect(first.status()).toBe(200);
    const etag = first.headers().etag!;
    expect(etag).toMatch(/^W\/"/);
    // The page's CSP nonce changes on every answer; its ETag does not.
    const second = await visitor.get("/welcome");
    expect(second.headers().etag).toBe(etag);
    // Each answer's scripts carry that answer's own nonce, the one its policy allows, and no
    // earlier answer's (the document every visitor shares is kept, its nonce replaced).
    const nonces = [];
    for (const answer of [first, second]) {
      const nonce = /'nonce-([^']+)'/.exec(answer.headers()["content-security-policy"]!)![1]!;
      const html = await answer.text();
      expect(html).toContain(`nonce="${nonce}"`);
      expect([...html.matchAll(/nonce="([^"]+)"/g)].every((m) => m[1] === nonce)).toBe(true);
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
    const held = await visitor.get("/welcome", { headers: { "If-None-Match": etag } });
    expect(held.status()).toBe(304);
    expect(held.headers()["content-security-policy"]).toBeUndefined();
    expect((await held.body()).length).toBe(0);
    await visitor.dispose();
  });

  await test.step("an admin writes the home's pitch, previewed before it shows", async () => {
    // The refused save answers 400, on purpose.
    problems.allow(/\/admin\/setting\/home(\.data|\?_data=)/);
    // A visitor without a cookie asks first: the page every visitor shares is kept a while, and
    // the admin's save must still show on the next visitor's request.
    const visitor = await playwright.request.newContext({
      baseURL: test.info().project.use.baseURL,
    });
    expect(await (await visitor.get("/welcome")).text()).not.toContain("会員限定の還元");
    await login("admin");
    await visit(page, "/admin/setting/home");
    await page.getByLabel("日本語").fill("会員限定の還元\n二行目の説明\n三行目\n四行目");
    await page.getByRole("button", { name: "保存" }).click();
    await expect(page.getByRole("alert")).toContainText("日本語は3行までにしてください");
    await expect(page.getByRole("alert")).toBeInViewport();
    await page.getByLabel("日本語").fill("会員限定の還元\n二行目の説明");
    await page.getByLabel("英語(任意)").fill("Members-only rebates");
    await page.getByRole("button", { name: "保存" }).click();
    await expect(page.getByTestId("hero-saved")).toBeVisible();
    await expect(page.getByTestId("hero-preview")).toContainText("会員限定の還元");
    await visit(page, "/welcome");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("会員限定の還元");
    expect(await (await visitor.get("/welcome")).text()).toContain("会員限定の還元");
    await visitor.dispose();
    await visit(page, "/welcome?lng=en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Members-only rebates");
    // Back to the standard text for the other tests.
    await visit(page, "/admin/setting/home");
    await page.getByLabel("日本語").fill("");
    await page.getByLabel("英語(任意)").fill("");
    await page.getByRole("button", { name: "保存" }).click();
    await expect(page.getByTestId("hero-saved")).toBeVisible();
  });

  await test.step("an admin gives a new broker rates, a schedule and conditions, and edits the rate rows", async () => {
    problems.allow(/\/admin\/account\/brokers\/(new|[0-9A-Z]{26})(\.data|\?_data=)/);
    // The admin who wrote the pitch makes the broker; approveAsAnotherAdmin signs another in.
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

  await test.step("an admin schedules a rate change from a later day", async () => {
    problems.allow(/\/admin\/account\/brokers\/(new|[0-9a-z]{26})(\.data|\?_data=)/i);
    // Made by the admin who approved last: the next approval is yet another's.
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
