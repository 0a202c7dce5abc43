import type { Page } from "@playwright/test";
import {
  addVirtualAuthenticator,
  E2E_PASSWORD,
  expect,
  nextCode,
  submitLogin,
  test,
  visit,
} from "./auth-helpers";
import { setLanguage } from "./walk";

/** Re-authenticates on the security page (password; the e-mail is filled in already). */
async function reauthenticate(page: Page, path: string) {
  await visit(page, path);
  const reauth = page.getByTestId("reauth");
  await reauth.locator('input[name="password"]').fill(E2E_PASSWORD);
  await reauth.locator('button[type="submit"]').click();
  await expect(page.getByTestId("passkeys")).toBeVisible();
}

/**
 * A new admin without a second factor signs in with the password alone: the password is right,
 * but the admin pages lead to the security page until a factor is enrolled.
 */
async function adminSignsInWithoutSecondFactor(
  page: Page,
  createUser: (options: { permission: "admin"; secondFactor: false }) => Promise<{ email: string }>,
) {
  const admin = await createUser({ permission: "admin", secondFactor: false });
  await visit(page, "/login");
  await submitLogin(page, admin.email, E2E_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/security$/);
}

async function signOut(page: Page) {
  // The member sidebar and the admin menu both carry the logout form.
  await page.locator('form[action="/logout"] button').first().click();
  await expect(page).toHaveURL(/\/login\?loggedOut=true$/);
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
}

test("a member adds a passkey, signs in with it alone, and uses it after the password", async ({
  page,
  createUser,
}) => {
  // A long journey: four sign-ins and two re-authentications at production hashing cost.
  test.setTimeout(90_000);
  const member = await createUser();
  await addVirtualAuthenticator(page);
  await visit(page, "/login");
  await submitLogin(page, member.email, E2E_PASSWORD);
  await expect(page).toHaveURL(/\/users$/);

  // Adding a passkey needs a recent password, then the authenticator creates a credential.
  await reauthenticate(page, "/users/security");
  const passkeys = page.getByTestId("passkeys");
  await expect(passkeys.getByTestId("passkeys-none")).toBeVisible();
  await passkeys.locator('input[name="passkeyName"]').fill("E2E laptop");
  await passkeys.getByTestId("passkey-add").click();
  await expect(passkeys.getByTestId("alert-success")).toBeVisible();
  await expect(passkeys.getByTestId("passkey-item")).toHaveCount(1);
  await expect(passkeys.getByTestId("passkey-item")).toContainText("E2E laptop");

  // Passwordless: the button on /login alone signs in (discoverable credential, verified user).
  await signOut(page);
  await page.getByTestId("passkey-login").getByRole("button").click();
  await expect(page).toHaveURL(/\/users$/);

  // With the password, the second step offers the passkey (and no code form: no TOTP here).
  await signOut(page);
  await submitLogin(page, member.email, E2E_PASSWORD);
  await expect(page).toHaveURL(/\/login\/mfa$/);
  await expect(page.locator('input[name="code"]')).toHaveCount(0);
  await page.getByTestId("passkey-second-factor").getByRole("button").click();
  await expect(page).toHaveURL(/\/users$/);

  // The list shows the use; removing it needs a recent re-authentication (a new session). The
  // account has a passkey and no TOTP: the step-up is the passkey, the password alone is not
  // offered.
  await visit(page, "/users/security");
  const reauth = page.getByTestId("reauth");
  await expect(reauth).toContainText(
    /パスワードだけでは確認できません|password alone is not enough/,
  );
  await expect(reauth.locator('input[name="password"]')).toHaveCount(0);
  const stepUp = reauth.getByTestId("passkey-reauth").getByRole("button");
  expect((await stepUp.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  if (process.env.SCREENSHOTS) {
    await page.screenshot({ path: "test-results/screenshots/reauth-passkey.png", fullPage: true });
  }
  await stepUp.click();
  await expect(page.getByTestId("passkeys")).toBeVisible();
  const item = page.getByTestId("passkey-item");
  await expect(item).not.toContainText(/未使用|Not used yet/);
  await item.getByRole("button").click();
  await expect(page.getByTestId("passkeys-none")).toBeVisible();

  // Without a passkey, a password alone signs in again.
  await signOut(page);
  await submitLogin(page, member.email, E2E_PASSWORD);
  await expect(page).toHaveURL(/\/users$/);
});

test("an admin without a second factor can only enrol one, then uses the admin pages", async ({
  page,
  createUser,
  problems,
}) => {
  test.setTimeout(90_000);
  // Turning the last factor off is refused: the action answers 400 with the reason.
  problems.allow(/\/admin\/security(\.data|\?_data=)/);
  await adminSignsInWithoutSecondFactor(page, createUser);
  await expect(page.getByTestId("mfa-enrolment-required")).toBeVisible();
  await visit(page, "/admin/customer");
  await expect(page).toHaveURL(/\/admin\/security$/);

  // Enrol TOTP with the authenticator app's code.
  await reauthenticate(page, "/admin/security");
  await expect(page.getByTestId("mfa-enrolment-required")).toBeVisible();
  await page.getByTestId("mfa-section").locator('button[type="submit"]').click();
  const secret = (await page.getByTestId("mfa-secret").textContent())!.trim();
  await page.getByTestId("mfa-enroll").locator('input[name="code"]').fill(nextCode(secret));
  await page.getByTestId("mfa-enroll").locator('button[type="submit"]').click();
  await expect(page.getByTestId("recovery-codes")).toBeVisible();
  await expect(page.getByTestId("mfa-enrolment-required")).toHaveCount(0);

  // Now the admin pages open.
  await visit(page, "/admin/customer");
  await expect(page).toHaveURL(/\/admin\/customer$/);

  // And TOTP, the only factor, cannot be turned off.
  await visit(page, "/admin/security");
  await page.getByTestId("mfa-section").locator('button[type="submit"]').click();
  await expect(page.getByTestId("form-error")).toContainText(/2段階認証を1つ以上|at least one/);
  await expect(page.getByTestId("mfa-on")).toBeVisible();
});

test("an admin enrols a passkey instead, and signs in with it without a password", async ({
  page,
  createUser,
  problems,
}) => {
  test.setTimeout(90_000);
  problems.allow(/\/admin\/security(\.data|\?_data=)/);
  await addVirtualAuthenticator(page);
  await adminSignsInWithoutSecondFactor(page, createUser);
  await reauthenticate(page, "/admin/security");
  const passkeys = page.getByTestId("passkeys");
  await passkeys.locator('input[name="passkeyName"]').fill("Admin key");
  await passkeys.getByTestId("passkey-add").click();
  await expect(passkeys.getByTestId("passkey-item")).toHaveCount(1);
  await expect(page.getByTestId("mfa-enrolment-required")).toHaveCount(0);

  // The only passkey of an admin without TOTP cannot be removed.
  await passkeys.getByTestId("passkey-item").getByRole("button").click();
  await expect(page.getByTestId("form-error")).toContainText(/2段階認証を1つ以上|at least one/);
  await expect(passkeys.getByTestId("passkey-item")).toHaveCount(1);

  await visit(page, "/admin");
  await expect(page).toHaveURL(/\/admin$/);
  await signOut(page);
  await page.getByTestId("passkey-login").getByRole("button").click();
  await expect(page).toHaveURL(/\/admin$/);
});

for (const lng of ["ja", "en"] as const) {
  test(`the passkey controls fit a phone and are reachable by touch and keyboard (${lng}) @mobile`, async ({
    page,
    context,
    login,
  }) => {
    await setLanguage(context, lng);
    await visit(page, "/login");
    const button = page.getByTestId("passkey-login").getByRole("button");
    await expect(button).toHaveText(lng === "ja" ? "パスキーでログイン" : "Sign in with a passkey");
    expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await button.focus();
    await expect(button).toBeFocused();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );

    // The security page's passkey section, after the re-authentication it needs.
    await page.context().clearCookies();
    await setLanguage(context, lng);
    await login();
    await reauthenticate(page, "/users/security");
    const section = page.getByTestId("passkeys");
    await expect(
      section.getByLabel(lng === "ja" ? "パスキーの名前" : "Passkey name"),
    ).toBeVisible();
    expect((await section.getByTestId("passkey-add").boundingBox())!.height).toBeGreaterThanOrEqual(
      44,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
  });
}
