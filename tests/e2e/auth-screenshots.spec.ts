import type { Page } from "@playwright/test";
import { generateTotpSecret, timeStep, totpAt } from "../../server/auth/totp";
import { E2E_PASSWORD, submitLogin, test, visit, wrongCode } from "./auth-helpers";
import { languageCookie, PHONE, SHOT_LANGUAGES, shooterFor } from "./shots";

/**
 * The identity pages on a 375 px phone, for a person to look at (not compared against
 * anything). Opt in with SCREENSHOTS=1, like screenshots.spec.ts; they land in
 * test-results/screenshots/auth-*.png.
 */
const shootPage = shooterFor("test-results/screenshots");

async function shoot(page: Page, name: string) {
  // No hover left over from the last click.
  await page.mouse.move(0, 0);
  await shootPage(page, `auth-${name}`);
}

for (const lng of SHOT_LANGUAGES) {
  test(`identity pages on a phone (${lng})`, async ({ page, context, createUser, problems }) => {
    problems.allow(/\/(register|login\/mfa|users\/security)\?/);
    await languageCookie(context, lng);
    await page.setViewportSize(PHONE);
    const main = page.getByTestId("main");

    await visit(page, "/login?loggedOut=true");
    await shoot(page, `login-phone-${lng}`);

    await visit(page, "/register");
    await main.getByRole("button").click();
    await page.getByTestId("error-name").waitFor();
    await shoot(page, `register-errors-phone-${lng}`);

    await visit(page, "/forgot-password");
    await shoot(page, `forgot-phone-${lng}`);
    await visit(page, "/reset-password?token=bogus");
    await shoot(page, `reset-invalid-phone-${lng}`);

    // The code step of a member with MFA.
    const secret = generateTotpSecret();
    const mfaUser = await createUser({ totpSecret: secret, language: lng });
    await visit(page, "/login");
    await submitLogin(page, mfaUser.email, E2E_PASSWORD);
    await page.waitForURL(/\/login\/mfa/);
    await shoot(page, `mfa-step-phone-${lng}`);
    await main.getByLabel(/認証コード|Verification code/).fill(wrongCode(secret));
    await main.getByRole("button").click();
    await page.getByTestId("form-error").waitFor();
    await shoot(page, `mfa-step-error-phone-${lng}`);
    // Reauthentication on the security page of a member with MFA (asks for the code too).
    await main.getByLabel(/認証コード|Verification code/).fill(totpAt(secret, timeStep() + 1));
    await main.getByRole("button").click();
    await page.waitForURL(/\/users$/);
    await visit(page, "/users/security");
    await shoot(page, `security-reauth-mfa-phone-${lng}`);
    await context.clearCookies({ name: "sid" });

    // Enrolment: reauthentication, the QR code and key, then the recovery codes.
    const user = await createUser({ language: lng });
    await visit(page, "/login");
    await submitLogin(page, user.email, E2E_PASSWORD);
    await page.waitForURL(/\/users$/);
    await shoot(page, `dashboard-phone-${lng}`);
    await visit(page, "/users/security");
    await page.getByTestId("reauth").locator('input[name="password"]').fill(E2E_PASSWORD);
    await page.getByTestId("reauth").getByRole("button").click();
    await page.getByTestId("mfa-off").waitFor();
    await shoot(page, `security-phone-${lng}`);
    await page.getByTestId("mfa-section").getByRole("button").click();
    await page.getByTestId("mfa-enroll").waitFor();
    // A wrong code first, to see the error in place.
    await page.getByTestId("mfa-enroll").locator('input[name="code"]').fill("12345");
    await page.getByTestId("mfa-enroll").getByRole("button").click();
    await page.getByTestId("error-code").waitFor();
    await shoot(page, `security-enrol-phone-${lng}`);
    const key = (await page.getByTestId("mfa-secret").textContent())!.trim();
    await page
      .getByTestId("mfa-enroll")
      .locator('input[name="code"]')
      .fill(totpAt(key, timeStep()));
    await page.getByTestId("mfa-enroll").getByRole("button").click();
    await page.getByTestId("recovery-codes").waitFor();
    await shoot(page, `security-recovery-codes-phone-${lng}`);

    await visit(page, "/users/change-email");
    await shoot(page, `change-email-reauth-phone-${lng}`);
  });
}
