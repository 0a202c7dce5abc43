import { type Page } from "@playwright/test";
import { E2E_PASSWORD, expect, test, visit } from "./fixtures";
import { fund } from "../helpers/money";
import { DESKTOP, languageCookie, PHONE, SHOT_LANGUAGES, shooterFor } from "./shots";
import { strFromU8, unzipSync } from "fflate";
import { readFile } from "node:fs/promises";
import { runDataExports } from "#server/features/profile/data-export";
import { localStorage } from "#server/storage";

/**
 * Closing an account (退会) as a member does it, in Japanese at 375 px and in English at
 * 1280 px: the refusal naming what to finish first, the step-up, a refused submit's summary in
 * view and focused, the closed page, no way back in; then the admin's view and the reopening. Screenshots
 * land in test-results/screenshots/close-*.png for a person to look at.
 */
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

// Each language once and each width once: the texts are the language's, the summary in view
// and the touch of the form are the width's.
for (const [lng, size, viewport] of [
  ["ja", "phone", PHONE],
  ["en", "desktop", DESKTOP],
] as const) {
  test(`a member closes their account (${lng}, ${size})`, async ({
    page,
    context,
    db,
    login,
    payingMember,
    problems,
  }) => {
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

test("a member asks for a copy of their data and downloads it, ready at both widths in both languages", async ({
  page,
  context,
  db,
  login,
}) => {
  await page.setViewportSize(PHONE);
  const me = await login("member");
  await visit(page, "/users/mypage");
  const section = page.getByTestId("data-export-section");
  await section.getByRole("button", { name: EXPORT_TEXT.ja.request }).click();
  await expect(page.getByTestId("data-export-requested")).toContainText(EXPORT_TEXT.ja.requested);
  await section.scrollIntoViewIfNeeded();
  await section.screenshot({ path: "test-results/screenshots/data-export-requested-phone-ja.png" });

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
