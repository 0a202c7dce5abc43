import { mailLink, newBrowserContext } from "./auth-helpers";
import { expect, insertUser, signInUser, test, visit } from "./fixtures";
import { atEachSize, languageCookie, SHOT_LANGUAGES, shooterFor } from "./shots";

/**
 * Admin roles (decision 090) and the team tab (decision 091): a support admin sees no money in
 * the menu, and a money page or a member export answers 403; an owner invites by mail, and
 * the invitee sets a password and lands on the second factor's enrolment, nothing else.
 */
const shoot = shooterFor("test-results/screenshots");

test("the support admin cannot open money pages or export members", async ({
  page,
  context,
  db,
  problems,
}) => {
  // The 403s are what this test asks for.
  problems.allow(/\/admin\/(withdraw|present|customer\/export)/);
  const support = await insertUser(db, { permission: "admin", adminRole: "support" });
  await signInUser(context, db, support.id);
  await page.setViewportSize({ width: 1280, height: 800 });

  await visit(page, "/admin/customer");
  const menu = page.getByTestId("admin-menu");
  await expect(menu.getByRole("link", { name: "顧客一覧" })).toBeVisible();
  await expect(menu.getByRole("link", { name: /出金/ })).toHaveCount(0);
  await expect(menu.getByRole("link", { name: /プレゼント/ })).toHaveCount(0);

  for (const path of ["/admin/withdraw", "/admin/withdraw/transfers", "/admin/present"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByTestId("forbidden")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "このページはあなたのロールでは開けません",
    );
  }
  const exported = await page.request.get("/admin/customer/export");
  expect(exported.status()).toBe(403);
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

for (const lng of SHOT_LANGUAGES) {
  test(`team tab and 403 page screenshots (${lng})`, async ({
    page,
    context,
    db,
    login,
    problems,
  }) => {
    problems.allow(/\/admin\/withdraw(\.data)?$/);
    await login("admin");
    await languageCookie(context, lng);
    await visit(page, "/admin/setting/team");
    await atEachSize(page, async (size) => {
      await visit(page, "/admin/setting/team");
      await shoot(page, `admin-team-${size}-${lng}`);
    });
    const support = await insertUser(db, { permission: "admin", adminRole: "support" });
    await context.clearCookies();
    await languageCookie(context, lng);
    await signInUser(context, db, support.id);
    await atEachSize(page, async (size) => {
      await page.goto("/admin/withdraw");
      await expect(page.getByTestId("forbidden")).toBeVisible();
      await shoot(page, `admin-403-${size}-${lng}`);
    });
  });
}
