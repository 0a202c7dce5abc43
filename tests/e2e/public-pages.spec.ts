import { expect, test, visit } from "./fixtures";

/**
 * The public pages that bring members: the home for newcomers (/welcome), reached from the
 * sign-in and registration pages and the header's website button.
 */
test.describe("public home", () => {
  test("is linked from sign-in, registration and the header; says what the service is, shows rates, computes, and leads to sign-up", async ({
    page,
  }) => {
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

  test("shows the pitch the admin writes, previewed before", async ({
    page,
    login,
    problems,
    playwright,
  }) => {
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
});

test.describe("a broker's page", () => {
  test("is linked from the list, answers what a searcher asks, and computes without JavaScript", async ({
    page,
    browser,
  }) => {
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
});

// What each page lets be stored (its Cache-Control), the referral cookie, a broker's one
// address and the preview pictures are asked of the server in tests/routes/public.test.ts and
// tests/integration/public-seo.test.ts; here, the rendered HTML's tag over the real server.
test("a visitor's public page carries a weak ETag that ignores the nonce, and answers 304 when held", async ({
  playwright,
}) => {
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
