import { newId } from "#db/id";
import { createAccount, createBroker, creditReport } from "../helpers/cashback";
import { E2E_ORIGIN } from "./env";
import { agreeToTerms } from "./auth-helpers";
import { expect, freshStep, giveReferralCode, insertUser, test, visit } from "./fixtures";

/**
 * Affiliates in the browser, one journey, each former test a step with people of its own: a
 * visitor follows a referral link and registers, and the referrer sees the customer and the
 * reward; the admin sets the default and a member's rate, finds the referrer and exports the
 * list; an admin uploads a banner and a member copies its HTML holding their referral link.
 * Screenshots land in test-results/screenshots/affiliate.
 */

const DIR = "test-results/screenshots/affiliate";

test("affiliates: a referral link brings a customer and a reward; the admin sets the rates and exports; a member copies a banner's HTML", async ({
  browser,
  db,
  login,
  page,
  problems,
  request,
}) => {
  test.setTimeout(180_000);
  await test.step("a visitor follows a referral link and registers; the referrer sees the customer and the reward", async () => {
    const tag = newId().slice(-8).toLowerCase();
    const referrer = await login();
    const code = `r${tag}`.slice(0, 12);
    await giveReferralCode(db, referrer.id, code);

    // The visitor, in a browser of their own, follows the link and registers.
    const visitor = await browser.newContext({ baseURL: E2E_ORIGIN });
    const vpage = await visitor.newPage();
    await vpage.goto(`/register?ref=${code}`);
    await expect(vpage.locator("html[data-hydrated]")).toBeAttached();
    const cookies = await visitor.cookies();
    expect(cookies.find((c) => c.name === "ref")?.value).toBe(code);
    const email = `aff-${tag}@example.test`;
    const main = vpage.getByTestId("main");
    await main.getByLabel("氏名（半角英字）").fill("Hanako Suzuki");
    await main.getByLabel("ニックネーム").fill(`hana${tag.slice(-4)}`);
    await main.getByLabel("メールアドレス").fill(email);
    await main.getByLabel("パスワード", { exact: true }).fill("E2e-passw0rd-2026");
    await main.getByLabel("パスワード（確認）").fill("E2e-passw0rd-2026");
    await agreeToTerms(main);
    await main.getByRole("button", { name: "登録する" }).click();
    await expect(vpage.getByTestId("register-sent")).toBeVisible();
    await visitor.close();

    const customer = await db.kysely
      .selectFrom("users")
      .select(["id", "referrer_id", "nickname"])
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(customer.referrer_id).toBe(referrer.id);

    // The customer's account is approved and a broker report is imported.
    const brokerCode = `AF${tag.slice(-6).toUpperCase()}`;
    const brokerId = await createBroker(db, brokerCode);
    const accountNumber = `8${Date.now().toString().slice(-8)}`;
    await createAccount(db, customer.id, brokerId, accountNumber);
    const { id: adminId } = await insertUser(db, {
      emailPrefix: "aff-admin",
      name: "Affiliate Admin",
      nickname: `affadmin${tag}`,
      permission: "admin",
    });
    const today = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
    await creditReport(db, adminId, {
      fileName: `aff-${tag}.csv`,
      lines: [
        "trade_date,broker,account,lots,amount,currency,row_key",
        `${today},${brokerCode},${accountNumber},1,12345,JPY,a1`,
      ],
    });

    // The referrer sees the customer (nickname only) and the reward: 10% of ¥12,345 = ¥1,234.
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await visit(page, "/users/affiliate?preset=7d");
      await expect(page.getByTestId("aff-registrations")).toHaveText("1");
      await expect(page.getByTestId("aff-accounts")).toHaveText("1");
      await expect(page.getByTestId("aff-rewards")).toHaveText("¥1,234");
      await expect(page.getByTestId("aff-link")).toHaveValue(`${E2E_ORIGIN}/r/${code}`);
      await expect(page.getByTestId("aff-qr")).toHaveAttribute("src", /^data:image\/png;base64,/);
      await expect(page.getByTestId("aff-customers")).toContainText(customer.nickname);
      await expect(page.getByTestId("aff-rewards-customer")).toContainText("¥1,234");
      await expect(page.locator("svg.recharts-surface").first()).toBeVisible();
      const body = await page.locator("main").innerText();
      expect(body).not.toContain(email);
      expect(body).not.toContain(accountNumber);
      expect(body).not.toContain("Suzuki");
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scroll).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `${DIR}/member-${width}.png`, fullPage: true });
    }
  });
  await test.step("the admin sets the default and a member's rate, finds the referrer and exports the list", async () => {
    await freshStep(page);
    // The refused rate is a 400 of the action's data request.
    problems.allow(/\/admin\/affiliate(\.data)?\?index/);
    const tag = newId().slice(-8).toLowerCase();
    const referrer = await login();
    const code = `q${tag}`.slice(0, 12);
    await giveReferralCode(db, referrer.id, code);
    await insertUser(db, {
      emailPrefix: "aff-cust",
      name: "Customer Person",
      nickname: `cust${tag}`,
      referrerId: referrer.id,
    });
    await page.context().clearCookies();
    await login("admin");

    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await visit(page, `/admin/affiliate?q=${code}`);
      await expect(page.getByTestId("aff-referrers")).toContainText(referrer.nickname);
      await page.screenshot({ path: `${DIR}/admin-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // A bad rate is refused in place; a good one is saved.
    const form = page.getByTestId("aff-default-rate");
    await form.getByLabel("既定の料率（%）").fill("150");
    await form.getByRole("button", { name: "保存" }).click();
    await expect(form.getByText("0〜100の数値")).toBeVisible();
    await form.getByLabel("既定の料率（%）").fill("10");
    await form.getByRole("button", { name: "保存" }).click();
    await expect(page.getByText("保存しました")).toBeVisible();

    const csv = await page.request.get(`/admin/affiliate/export?q=${code}`);
    expect(csv.status()).toBe(200);
    const csvText = await csv.text();
    expect(csvText).toContain(referrer.email);
    // Every header in the admin's language, the member's id included (it was a bare "uid").
    expect(csvText.split("\r\n")[0]).toBe(
      "\uFEFF会員UID,紹介者,メールアドレス,紹介コード,紹介数,報酬合計,料率",
    );

    await page.getByRole("link", { name: referrer.nickname }).click();
    await expect(page.getByTestId("aff-referrer-customers")).toContainText(`cust${tag}`);
    const own = page.getByTestId("aff-member-rate");
    await own.getByLabel("個別の料率（%）").fill("12.5");
    await own.getByRole("button", { name: "保存" }).click();
    await expect(page.getByText("保存しました")).toBeVisible();
    const rate = await db.kysely
      .selectFrom("affiliate_rates")
      .select("rate_bp")
      .where("user_id", "=", referrer.id)
      .executeTakeFirstOrThrow();
    expect(Number(rate.rate_bp)).toBe(1250);
    await page.screenshot({ path: `${DIR}/admin-referrer-1280.png`, fullPage: true });
    await own.getByLabel("個別の料率（%）").fill("");
    await own.getByRole("button", { name: "保存" }).click();
    await expect(page.getByText("保存しました")).toBeVisible();
    // "保存しました" is still on screen from the first save, so wait for the removal itself.
    await expect
      .poll(() =>
        db.kysely
          .selectFrom("affiliate_rates")
          .select("rate_bp")
          .where("user_id", "=", referrer.id)
          .executeTakeFirst(),
      )
      .toBeUndefined();
  });
  await test.step("an admin uploads a banner; a member copies its HTML holding their referral link", async () => {
    await freshStep(page);
    const tag = newId().slice(-8).toLowerCase();
    const title = `Banner ${tag}`;

    await login("admin");
    await visit(page, "/admin/affiliate");
    await page.getByTestId("tab-banners").click();
    await expect(page).toHaveURL(/\/admin\/affiliate\/banners/);
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    const form = page.getByTestId("banner-new-form");
    // A refusal (a 400 the page handles) shows under its field, in place.
    problems.allow(/\/admin\/affiliate\/banners(\.data|\?_data=)/);
    await form.getByLabel("タイトル").fill(title);
    await form.getByLabel("代替テキスト").fill(`Alt "${tag}" <b>`);
    await form.getByLabel("表示順").fill("abc");
    await form
      .getByLabel("画像", { exact: true })
      .setInputFiles("tests/fixtures/images/avatar.png");
    await form.getByRole("button", { name: "アップロード" }).click();
    await expect(
      page.getByTestId("banner-new-form").getByTestId("error-displayOrder"),
    ).toBeVisible();
    await expect(page.getByTestId("banner-new-form").getByLabel("タイトル")).toHaveValue(title);

    await page.getByTestId("banner-new-form").getByLabel("表示順").fill("0");
    await page
      .getByTestId("banner-new-form")
      .getByLabel("画像", { exact: true })
      .setInputFiles("tests/fixtures/images/avatar.png");
    await page.getByTestId("banner-new-form").getByRole("button", { name: "アップロード" }).click();
    await expect(page).toHaveURL(/saved=new/);
    const item = page.getByTestId("banner-admin-item").filter({ hasText: title });
    await expect(item).toBeVisible();
    await expect(item.getByRole("img")).toHaveJSProperty("naturalWidth", 48);

    const banner = await db.kysely
      .selectFrom("affiliate_banners")
      .select(["id", "image_key"])
      .where("title", "=", title)
      .executeTakeFirstOrThrow();
    const file = banner.image_key.slice("banners/".length);

    // The member, with a referral code, sees it and its HTML.
    const member = await login();
    const code = `b${tag}`.slice(0, 12);
    await giveReferralCode(db, member.id, code);
    await visit(page, "/users/affiliate");
    const card = page.getByTestId("aff-banner").filter({ hasText: title });
    await expect(card.getByRole("img")).toHaveJSProperty("naturalWidth", 48);
    const html = await card.getByTestId("aff-banner-html").inputValue();
    expect(html).toBe(
      `<a href="${E2E_ORIGIN}/register?ref=${code}"><img src="${E2E_ORIGIN}/media/banners/${file}" ` +
        `width="48" height="48" alt="Alt &quot;${tag}&quot; &lt;b&gt;"></a>`,
    );

    // The image is public (no session) and long-cached.
    const response = await request.get(`/media/banners/${file}`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/png");
    expect(response.headers()["cache-control"]).toContain("public");

    // Deactivated, it leaves the member page.
    await db.kysely
      .updateTable("affiliate_banners")
      .set({ active: 0 })
      .where("id", "=", banner.id)
      .execute();
    await visit(page, "/users/affiliate");
    await expect(page.getByTestId("aff-banners")).toBeVisible();
    await expect(page.getByTestId("aff-banner").filter({ hasText: title })).toHaveCount(0);
  });
});
