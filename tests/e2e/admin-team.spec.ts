import { mailLink, newBrowserContext } from "./auth-helpers";
import { expect, insertUser, signInUser, test, visit } from "./fixtures";
import { atEachSize, SHOT_LANGUAGES, shooterFor } from "./shots";

/**
 * Admin roles and the team tab: a support admin sees no money in the menu, and a money page is
 * the 403 page (ja and en, both widths, a screenshot each); an owner invites by mail (the team
 * tab's screenshot), and the invitee sets a password and lands on the second factor's
 * enrolment, nothing else.
 */
const shoot = shooterFor("test-results/screenshots");

/** The 403 page's heading. */
const FORBIDDEN = {
  ja: "このページはあなたのロールでは開けません",
  en: "Your role does not include this page",
} as const;

test("the support admin sees no money in the menu, and the 403 page in each language", async ({
  page,
  context,
  db,
  problems,
}) => {
  // The 403 is what this test asks for. Which pages and files a role may open is asked of the
  // routes (tests/routes/guards.test.ts); here, what the support admin sees.
  problems.allow(/\/admin\/withdraw(\.data)?(\?|$)/);
  const support = await insertUser(db, { permission: "admin", adminRole: "support" });
  await signInUser(context, db, support.id);
  await page.setViewportSize({ width: 1280, height: 800 });

  await visit(page, "/admin/customer");
  const menu = page.getByTestId("admin-menu");
  await expect(menu.getByRole("link", { name: "顧客一覧" })).toBeVisible();
  await expect(menu.getByRole("link", { name: /出金/ })).toHaveCount(0);
  await expect(menu.getByRole("link", { name: /プレゼント/ })).toHaveCount(0);

  // The language by the URL's `lng`: it comes before the cookie and the one the page stored.
  for (const lng of SHOT_LANGUAGES) {
    await atEachSize(page, async (size) => {
      const response = await page.goto(`/admin/withdraw?lng=${lng}`);
      expect(response?.status()).toBe(403);
      await expect(page.getByTestId("forbidden")).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(FORBIDDEN[lng]);
      await shoot(page, `admin-403-${size}-${lng}`);
    });
  }
});

test("an owner invites an admin; the invitee sets a password, then must enrol a factor", async ({
  page,
  browser,
  login,
}) => {
  await login("admin");
  await page.setViewportSize({ width: 1280, height: 800 });
  await visit(page, "/admin/setting/team");
  const email = `invitee-${Date.now()}@example.test`;
  const invite = page.getByTestId("team-invite");
  await invite.getByLabel("メールアドレス").fill(email);
  await invite.getByLabel("氏名").fill("招待 太郎");
  await invite.getByLabel("ロール").selectOption("finance");
  await invite.getByRole("button", { name: "招待を送信" }).click();
  await expect(page.getByTestId("team-done")).toContainText("招待を送信しました");
  await expect(page.getByTestId("team-invitation").filter({ hasText: email })).toContainText(
    "経理",
  );
  await shoot(page, "admin-team-desktop-ja");

  const link = await mailLink(email, "adminInvitation");
  const invitee = await newBrowserContext(browser);
  const other = await invitee.newPage();
  await other.goto(link);
  await expect(other.getByTestId("invitation")).toContainText("経理");
  await other.locator('input[name="password"]').fill("Invitee-Strong-2026!");
  await other.locator('input[name="passwordConfirm"]').fill("Invitee-Strong-2026!");
  await other.getByRole("button", { name: "パスワードを設定して進む" }).click();
  // The password's hash takes a moment on a busy machine.
  await expect(other).toHaveURL(/\/admin\/security/, { timeout: 20_000 });
  // Before a second factor, every admin page sends them back to enrol.
  await other.goto("/admin/withdraw");
  await expect(other).toHaveURL(/\/admin\/security/);
  // The link was single use.
  await other.goto(link);
  await expect(other.getByTestId("invitation-invalid")).toBeVisible();
  await invitee.close();
});
