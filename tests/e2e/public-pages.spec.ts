import { expect, giveReferralCode, insertUser, test, visit } from "./fixtures";

/**
 * The public pages that bring members: the home for newcomers (/welcome), reached from the
 * sign-in and registration pages and the header's website button.
 */
test.describe("public home", () => {
  test("says what the service is, shows rates, computes, and leads to sign-up", async ({
    page,
  }) => {
    await visit(page, "/welcome");
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
    const xm = page.getByTestId("calculator-broker").filter({ hasText: "XM" });
    await expect(xm.getByTestId("per-month").first()).toHaveText("月 ¥6,400");

    await page.getByTestId("welcome-register").click();
    await expect(page).toHaveURL(/\/register$/);
  });

  test("is linked from sign-in, registration and the header", async ({ page }) => {
    await visit(page, "/login");
    await expect(page.getByTestId("login-welcome")).toHaveAttribute("href", "/welcome");
    await expect(page.getByTestId("header-website")).toHaveAttribute("href", "/welcome");
    await visit(page, "/register");
    await page.getByTestId("register-welcome").click();
    await expect(page).toHaveURL(/\/welcome$/);
  });

  test("answers in English with ?lng=en", async ({ page }) => {
    await visit(page, "/welcome?lng=en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Cashback on the trades you already make.",
    );
  });

  test("shows the pitch the admin writes, previewed before", async ({ page, login, problems }) => {
    // The refused save answers 400, on purpose.
    problems.allow(/\/admin\/setting\/home\?_data=/);
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
  test("is linked from the list, and answers what a searcher asks", async ({ page }) => {
    await visit(page, "/brokers");
    await page.getByTestId("broker-page-link").filter({ hasText: "XM" }).click();
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
  });

  test("without JavaScript the calculator answers from the page itself", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/brokers/xm?lots=10");
    await expect(page.getByTestId("per-month").first()).toHaveText("月 ¥6,400");
    await context.close();
  });

  test("one address per broker: capitals lead to it", async ({ page }) => {
    await visit(page, "/brokers/XM?lng=en");
    await expect(page).toHaveURL(/\/brokers\/xm\?lng=en$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("XM cashback");
  });
});

test.describe("the referral landing", () => {
  test("names the inviter, keeps the attribution and leads to sign-up", async ({
    page,
    context,
    db,
    problems,
  }) => {
    // An unknown code is a 404 page, on purpose.
    problems.allow(/\/r\/unknown99/);
    const inviter = await insertUser(db, { nickname: "招待する人" });
    await giveReferralCode(db, inviter.id, "land2026");
    await visit(page, "/r/land2026");
    await expect(page.getByTestId("referral-title")).toHaveText("招待する人さんからの招待");
    await expect(page.getByTestId("referral-gets").getByRole("listitem")).toHaveCount(3);
    const ref = (await context.cookies()).find((c) => c.name === "ref");
    expect(ref?.value).toBe("land2026");
    await page.getByTestId("referral-register").click();
    await expect(page).toHaveURL(/\/register\?ref=land2026$/);
    // A later link does not replace the first.
    expect((await page.goto("/r/unknown99"))?.status()).toBe(404);
    expect((await context.cookies()).find((c) => c.name === "ref")?.value).toBe("land2026");
  });
});

test.describe("caching and link previews", () => {
  test("a visitor's public page carries an ETag and a CDN's lifetimes, and answers 304 when held", async ({
    playwright,
  }) => {
    // A fresh client: no cookie at all, as a CDN asks.
    const visitor = await playwright.request.newContext({
      baseURL: test.info().project.use.baseURL,
    });
    for (const path of ["/welcome", "/brokers/xm?lng=en", "/help", "/terms"]) {
      const first = await visitor.get(path);
      expect(first.status(), path).toBe(200);
      const headers = first.headers();
      expect(headers["cache-control"], path).toBe(
        "public, max-age=0, s-maxage=300, stale-while-revalidate=600",
      );
      const etag = headers.etag!;
      expect(etag, path).toMatch(/^W\/"/);
      // The page's CSP nonce changes on every answer; its ETag does not.
      const again = await visitor.get(path);
      expect(again.headers().etag, path).toBe(etag);
      const held = await visitor.get(path, { headers: { "If-None-Match": etag } });
      expect(held.status(), path).toBe(304);
      expect(held.headers()["content-security-policy"], path).toBeUndefined();
      expect((await held.body()).length, path).toBe(0);
    }
    // Head tags and structured data as a crawler reads them.
    const html = await (await visitor.get("/brokers/xm")).text();
    expect(html).toContain('<link rel="alternate" hrefLang="en" href="');
    expect(html).toMatch(/<meta property="og:image" content="[^"]+\/og\/brokers\/xm\.png"/);
    const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as { "@type": string },
    );
    expect(ld.map((d) => d["@type"])).toEqual(["BreadcrumbList"]);
    await visitor.dispose();
  });

  test("a member's page is stored by nobody and has no ETag", async ({ page, login }) => {
    await login();
    for (const path of ["/users/mypage", "/brokers"]) {
      const res = await page.request.get(path);
      expect(res.status(), path).toBe(200);
      // The public list too: a signed-in reader's copy names them in the header.
      expect(res.headers()["cache-control"], path).toBe(
        path === "/brokers" ? "private, no-cache" : "private, no-store",
      );
      if (path !== "/brokers") expect(res.headers().etag, path).toBeUndefined();
    }
  });

  test("the preview pictures are PNGs of 1200 × 630, cacheable; an unknown broker's is not found", async ({
    request,
  }) => {
    for (const path of ["/og/welcome.png", "/og/brokers/xm.png?lng=en"]) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      expect(res.headers()["content-type"], path).toBe("image/png");
      expect(res.headers()["cache-control"], path).toMatch(/^public, .*s-maxage=/);
      const png = await res.body();
      expect(png.readUInt32BE(16), path).toBe(1200);
      expect(png.readUInt32BE(20), path).toBe(630);
    }
    expect((await request.get("/og/brokers/nobody.png")).status()).toBe(404);
  });
});
