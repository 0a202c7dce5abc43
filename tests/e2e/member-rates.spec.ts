import type { Page } from "@playwright/test";
import type { Db } from "#db";
import { saveRateVersion } from "#server/features/brokers/terms";
import { createAccount, creditReport } from "../helpers/cashback";
import { anAdminId } from "../helpers/money";
import { days, setup, type Setup } from "./cashback-kit";
import { expect, signInUser, test, visit } from "./fixtures";
import { DESKTOP, PHONE, shooterFor } from "./shots";

/**
 * Rates a member can follow, in the browser at 375 px: a broker with several account types asks
 * for the type on /users/bank (refused without one, the reason in view and focused), accounts
 * without a type are prompted for it, and each cashback row shows the rate it was paid at and
 * whether it came from the account's type or the broker's default type. With SCREENSHOTS=1 it
 * also saves the two pages at 375 px and 1280 px in ja and en (SHOTS_DIR, default
 * test-results/screenshots/member-rates).
 */

const shoot = shooterFor(process.env.SHOTS_DIR ?? "test-results/screenshots/member-rates");

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

test("@mobile the form asks for the type at a broker with several; a missing type is prompted", async ({
  page,
  context,
  db,
  problems,
}) => {
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

  // The prompt: refused without a choice, then saved; the row leaves the prompt.
  const first = prompt.filter({ hasText: s.approved });
  await first.getByTestId("set-type").click();
  await expect(page.getByTestId("missing-type").getByTestId("error-accountType")).toBeVisible();
  await first.getByLabel(new RegExp(s.approved)).selectOption("Standard");
  await first.getByTestId("set-type").click();
  await expect(page.getByTestId("type-saved")).toBeVisible();
  await expect(prompt).toHaveCount(1);
  await expect(page.getByTestId("table-row").filter({ hasText: s.approved })).toContainText(
    "Standard",
  );
  await fitsWidth(page);
});

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
    await shoot(page, `history-${size}-${lng}`);
    await visit(page, `/users?lng=${lng}`);
    await shoot(page, `dashboard-${size}-${lng}`);
    await visit(page, `/users/bank?lng=${lng}`);
    await shoot(page, `bank-${size}-${lng}`);
    const form = page.getByTestId("add-account");
    await form.locator("select[name=brokerId]").selectOption({ label: s.brokerName });
    await form.locator("input[name=accountNumber]").fill(String(Number(s.pending) + 3));
    await form.locator("button[type=submit]").click();
    await form.getByTestId("error-accountType").waitFor();
    await shoot(page, `bank-type-required-${size}-${lng}`, false);
  }
}

test("@mobile each cashback row shows its rate and where it came from", async ({
  page,
  context,
  db,
  problems,
}) => {
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
