import type { Page } from "@playwright/test";
import { totpAt, timeStep } from "#server/auth/totp";
import {
  addVirtualAuthenticator,
  agreeToTerms,
  E2E_PASSWORD,
  expect,
  freshEmail,
  mailLink,
  nextCode,
  submitLogin,
  test,
  visit,
  wrongCode,
  loginViaUi,
  newBrowserContext,
  mailCount,
} from "./auth-helpers";
import { E2E_ORIGIN } from "./env";
import { freshStep, watchProblems } from "./fixtures";
import { setLanguage } from "./walk";

/**
 * Signing up and in, as people do it, in one journey: a newcomer registers, verifies, enrols
 * MFA and signs in with a code and a recovery code; a forgotten password is reset; an address
 * is changed and taken back; registration's errors; then passkeys (a member's, an admin's
 * first factor enrolment, an admin's passkey). Each step is a new visitor (its cookies cleared)
 * with its own account, as the tests it was made of were. What differs on a phone (the passkey
 * controls' size and reach) is a journey of its own.
 */

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

test("auth: register, reset, change email, registration errors, passkeys and admin factors", async ({
  page,
  problems,
  browser,
  createUser,
  context,
  db,
  login,
}) => {
  // Seven former tests; the passkey ones were 90 s each (sign-ins at production hashing cost).
  test.setTimeout(510_000);
  await test.step("a newcomer registers, verifies, enrols MFA and logs in with a code and a recovery code", async () => {
    // A wrong code is refused with a 400 (the action's data request).
    problems.allow(/\/login\/mfa(\.data|\?)/);
    const email = freshEmail("journey");
    const nickname = `taro${email.slice(12, 20)}`;
    const main = page.getByTestId("main");

    // Register.
    await visit(page, "/login");
    await main.getByRole("link", { name: "アカウントをお持ちでない方はこちら" }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("新規会員登録");
    await main.getByLabel("氏名（半角英字）").fill("Taro Yamada");
    await main.getByLabel("ニックネーム").fill(nickname);
    await main.getByLabel("メールアドレス").fill(email);
    await main.getByLabel("パスワード", { exact: true }).fill(E2E_PASSWORD);
    await main.getByLabel("パスワード（確認）").fill(E2E_PASSWORD);
    await agreeToTerms(main);
    await main.getByRole("button", { name: "登録する" }).click();

    // Not signed in yet: the same answer a taken address gets, and a mail.
    await expect(page.getByTestId("register-sent")).toBeVisible();

    // The verification mail's link asks for a click before it does anything, then signs in.
    const verifyLink = await mailLink(email, "verifyEmail");
    expect(verifyLink).toMatch(/\/verify-email\?token=/);
    await visit(page, verifyLink);
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("メールアドレスの確認");
    await main.getByRole("button", { name: "変更を確定する" }).click();
    await expect(page).toHaveURL(/\/users$/);
    await expect(page.getByTestId("welcome")).toHaveText(`${nickname} さん、ようこそ`);
    await expect(page.getByTestId("verify-pending")).toHaveCount(0);
    await expect(main.getByText("確認済み")).toBeVisible();
    await expect(page.getByTestId("mfa-status")).toHaveText("無効");

    // Security: reauthenticate, then enrol with the manual key.
    await main.getByRole("link", { name: "セキュリティ設定" }).click();
    await expect(page).toHaveURL(/\/users\/security$/);
    const reauth = page.getByTestId("reauth");
    await expect(reauth.getByLabel("メールアドレス")).toHaveValue(email);
    await reauth.getByLabel("パスワード").fill(E2E_PASSWORD);
    await reauth.getByRole("button", { name: "本人確認する" }).click();
    await expect(main.getByText("本人確認が完了しました。")).toBeVisible();
    await expect(page.getByTestId("mfa-off")).toBeVisible();
    await main.getByRole("button", { name: "2段階認証を設定する" }).click();

    const enrol = page.getByTestId("mfa-enroll");
    await expect(enrol.getByRole("img", { name: "QR" })).toBeVisible();
    const secret = (await page.getByTestId("mfa-secret").textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await enrol.getByLabel("認証コード").fill(totpAt(secret, timeStep()));
    await enrol.getByRole("button", { name: "有効にする" }).click();

    const codesBox = page.getByTestId("recovery-codes");
    await expect(codesBox.getByText("2段階認証は有効です。")).toBeVisible();
    const recoveryCodes = (await codesBox.getByRole("listitem").allTextContents()).map((c) =>
      c.trim(),
    );
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);

    // Logout.
    await page.getByTestId("sidebar").getByRole("button", { name: "ログアウト" }).click();
    await expect(page).toHaveURL(/\/login\?loggedOut=true$/);
    await expect(main.getByText("ログアウトしました。")).toBeVisible();

    // Login now asks for the code; a wrong one is refused, the next step's code is accepted.
    await submitLogin(page, email, E2E_PASSWORD);
    await expect(page).toHaveURL(/\/login\/mfa$/);
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("2段階認証");
    await main.getByLabel("認証コード").fill(wrongCode(secret));
    await main.getByRole("button", { name: "確認する" }).click();
    await expect(page.getByTestId("form-error")).toHaveText("認証コードが正しくありません");
    await expect(page).toHaveURL(/\/login\/mfa$/);
    await main.getByLabel("認証コード").fill(nextCode(secret));
    await main.getByRole("button", { name: "確認する" }).click();
    await expect(page).toHaveURL(/\/users$/);
    await expect(page.getByTestId("mfa-status")).toHaveText("有効");

    // A recovery code works in place of the authenticator.
    await page.getByTestId("sidebar").getByRole("button", { name: "ログアウト" }).click();
    await expect(page).toHaveURL(/\/login\?loggedOut=true$/);
    await submitLogin(page, email, E2E_PASSWORD);
    await expect(page).toHaveURL(/\/login\/mfa$/);
    await main.getByLabel("認証コード").fill(recoveryCodes[3]!);
    await main.getByRole("button", { name: "確認する" }).click();
    await expect(page).toHaveURL(/\/users$/);
    await expect(page.getByTestId("welcome")).toHaveText(`${nickname} さん、ようこそ`);
  });
  await test.step("a forgotten password is reset from the mailed link, which ends every session and works once", async () => {
    // A new visitor: signed out, the default language.
    await freshStep(page);
    const user = await createUser();
    const main = page.getByTestId("main");
    const newPassword = "Brand-new-passw0rd";

    // Another browser is signed in before the reset.
    const other = await newBrowserContext(browser);
    const otherPage = await other.newPage();
    await loginViaUi(otherPage, user.email, user.password);
    await expect(otherPage).toHaveURL(/\/users$/);

    // Ask for the link.
    await visit(page, "/login");
    await main.getByRole("link", { name: "パスワードをお忘れの方" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    // Both forms check their fields in the browser with the procedures' schemas: while one is
    // wrong, nothing is sent.
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(new URL(r.url()).pathname);
    });
    await main.getByLabel("メールアドレス").fill("not-an-email");
    await main.getByRole("button", { name: "再設定リンクを送信" }).click();
    await expect(page.getByTestId("error-email")).toHaveText(
      "メールアドレスの形式が正しくありません",
    );
    expect(posts, "no request while the address is wrong").toEqual([]);
    await main.getByLabel("メールアドレス").fill(user.email);
    await expect(page.getByTestId("error-email")).toHaveCount(0);
    await main.getByRole("button", { name: "再設定リンクを送信" }).click();
    await expect(page.getByTestId("reset-sent")).toContainText(
      "パスワード再設定のリンクを送信しました",
    );

    // Set the new password from the mail's link.
    const link = await mailLink(user.email, "resetPassword");
    expect(link).toMatch(/\/reset-password\?token=/);
    await visit(page, link);
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("パスワードの再設定");
    await main.getByLabel("新しいパスワード").fill("weak");
    await main.getByLabel("パスワード（確認）").fill("other");
    await main.getByRole("button", { name: "パスワードを再設定" }).click();
    await expect(page.getByTestId("error-password")).toHaveText(
      "パスワードは8文字以上で、英大文字・英小文字・数字をそれぞれ含めてください",
    );
    await expect(page.getByTestId("error-passwordConfirm")).toHaveText("パスワードが一致しません");
    expect(
      posts.filter((p) => p === "/reset-password"),
      "no request while the new password is wrong",
    ).toEqual([]);
    await main.getByLabel("新しいパスワード").fill(newPassword);
    await main.getByLabel("パスワード（確認）").fill(newPassword);
    await main.getByRole("button", { name: "パスワードを再設定" }).click();
    await expect(page).toHaveURL(/\/login\?reset=1$/);
    await expect(main.getByText("パスワードを再設定しました。")).toBeVisible();

    // The other browser's session has ended: sign in again, then back to the page.
    await otherPage.goto("/users");
    await expect(otherPage).toHaveURL(/\/login\?ended=expired&redirect=%2Fusers$/);
    await other.close();

    // The new password signs in.
    await submitLogin(page, user.email, newPassword);
    await expect(page).toHaveURL(/\/users$/);
    await expect(page.getByTestId("welcome")).toContainText(user.nickname);

    // The link is used up; a made-up one is no better. Neither offers the form.
    for (const target of [link, "/reset-password?token=not-a-real-token"]) {
      await visit(page, target);
      await expect(page.getByTestId("link-invalid")).toHaveText(
        "URLが正しくないか、有効期限が切れています",
      );
      await expect(main.getByLabel("新しいパスワード")).toHaveCount(0);
    }
  });
  await test.step("in English: change of email after reauthentication, confirmed from the new address and undone from the old", async () => {
    // A new visitor: signed out, the default language.
    await freshStep(page);
    // The refused reauthentication is a 400 of the action's data request.
    problems.allow(/\/users\/change-email(\.data|\?)/);
    await context.addCookies([{ name: "language", value: "en", url: E2E_ORIGIN }]);
    const me = await login("member");
    const newEmail = freshEmail("changed");
    const main = page.getByTestId("main");

    await visit(page, "/users");
    await main.getByRole("link", { name: "Change email address" }).click();
    await expect(page).toHaveURL(/\/users\/change-email$/);
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Change email address");

    // Reauthentication comes first; another account's address is refused as such.
    const reauth = page.getByTestId("reauth");
    await expect(reauth.getByRole("heading", { name: "Confirm it's you" })).toBeVisible();
    await expect(main.getByLabel("New email address")).toHaveCount(0);
    await reauth.getByLabel("Email").fill(freshEmail("someone-else"));
    await reauth.getByLabel("Password").fill(E2E_PASSWORD);
    await reauth.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByTestId("form-error")).toHaveText(
      "These credentials belong to a different account than the one logged in",
    );
    await reauth.getByLabel("Email").fill(me.email);
    await reauth.getByLabel("Password").fill(E2E_PASSWORD);
    await reauth.getByRole("button", { name: "Confirm" }).click();

    // Then the new address.
    await expect(main.getByText(`Current email address: ${me.email}`)).toBeVisible();
    await main.getByLabel("New email address").fill(newEmail);
    await main.getByRole("button", { name: "Send change link" }).click();
    await expect(page.getByTestId("change-sent")).toContainText(
      "We have sent a confirmation link to the new address",
    );

    // The new address gets the confirmation, the old one a notice with a way back.
    const confirmLink = await mailLink(newEmail, "changeEmail");
    expect(confirmLink).toMatch(/\/confirm-email-change\?token=/);
    const recoverLink = await mailLink(me.email, "emailChangeNotice");
    expect(recoverLink).toMatch(/\/recover-email\?token=/);

    await visit(page, confirmLink);
    await expect(main).toContainText(`Your email address will change to ${newEmail}.`);
    await main.getByRole("button", { name: "Confirm the change" }).click();
    await expect(page.getByTestId("link-done")).toHaveText(
      `Your email address is now ${newEmail}.`,
    );
    await visit(page, "/users");
    await expect(main.getByText(newEmail)).toBeVisible();
    await expect(main.getByText("Verified", { exact: true })).toBeVisible();

    // The owner of the old address takes it back: every session ends.
    await visit(page, recoverLink);
    await expect(main).toContainText(
      `The email change will be cancelled and your address restored to ${me.email}.`,
    );
    await main.getByRole("button", { name: "Cancel the change" }).click();
    await expect(page.getByTestId("link-done")).toContainText(
      `Your email address is ${me.email} again.`,
    );
    const sessions = await db.kysely
      .selectFrom("sessions")
      .select("id")
      .where("user_id", "=", me.id)
      .execute();
    expect(sessions).toEqual([]);
    await page.goto("/users");
    await expect(page).toHaveURL(/\/login$/);

    await submitLogin(page, me.email, E2E_PASSWORD);
    await expect(page).toHaveURL(/\/users$/);
    await expect(main.getByText(me.email)).toBeVisible();
    await expect(main.getByText(newEmail)).toHaveCount(0);
  });
  await test.step("registration shows each error in place and saves nothing until the form is right", async () => {
    // A new visitor: signed out, the default language.
    await freshStep(page);
    // Every refused submission is a 400 of the action's data request.
    problems.allow(/\/register(\.data|\?)/);
    const main = page.getByTestId("main");
    const submit = main.getByRole("button", { name: "登録する" });
    const name = main.getByLabel("氏名（半角英字）");
    const nickname = main.getByLabel("ニックネーム");
    const email = main.getByLabel("メールアドレス");
    const password = main.getByLabel("パスワード", { exact: true });
    const confirm = main.getByLabel("パスワード（確認）");
    const usersWith = async (address: string) =>
      (await db.kysely.selectFrom("users").select("id").where("email", "=", address).execute())
        .length;

    await visit(page, "/register");
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });

    // Every field empty: each says it is required, and nothing else.
    await submit.click();
    await expect(page.getByTestId("error-name")).toHaveText("氏名（半角英字）は必須です");
    await expect(page.getByTestId("error-nickname")).toHaveText("ニックネームは必須です");
    await expect(page.getByTestId("error-email")).toHaveText("メールアドレスは必須です");
    await expect(page.getByTestId("error-password")).toHaveText("パスワードは必須です");
    await expect(page.getByTestId("error-passwordConfirm")).toHaveText(
      "パスワード（確認）は必須です",
    );
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toHaveAttribute("aria-describedby", /-error/);
    // The terms are agreed to with a box of its own, refused unticked.
    await expect(page.getByTestId("error-agree")).toHaveText(
      "利用規約とプライバシーポリシーに同意してください",
    );
    await expect(main.getByTestId("agree")).toHaveAttribute("aria-invalid", "true");

    // Format errors: a Japanese name, an invalid email, a weak password.
    const address = freshEmail("register");
    await name.fill("山田 太郎");
    await nickname.fill("たろう");
    await email.fill("taro.example.test");
    await password.fill("password");
    await confirm.fill("password");
    await submit.click();
    await expect(page.getByTestId("error-name")).toHaveText(
      "半角英字（A〜Z、a〜z）で入力してください",
    );
    await expect(page.getByTestId("error-email")).toHaveText(
      "メールアドレスの形式が正しくありません",
    );
    await expect(page.getByTestId("error-password")).toHaveText(
      "パスワードは8文字以上で、英大文字・英小文字・数字をそれぞれ含めてください",
    );
    await expect(page.getByTestId("error-nickname")).toHaveCount(0);
    await expect(nickname).toHaveValue("たろう");
    await expect(email).toHaveValue("taro.example.test");

    // The confirmation differs.
    await name.fill("Taro Yamada");
    await email.fill(address);
    await password.fill(E2E_PASSWORD);
    await confirm.fill(`${E2E_PASSWORD}x`);
    await submit.click();
    await expect(page.getByTestId("error-passwordConfirm")).toHaveText("パスワードが一致しません");
    await expect(page.getByTestId("error-name")).toHaveCount(0);
    await expect(page.getByTestId("error-email")).toHaveCount(0);
    await expect(page.getByTestId("error-password")).toHaveCount(0);
    // All of these were the browser's own check, with the procedure's schema: nothing was sent.
    expect(posts).toEqual([]);

    // An address that already has an account: the page answers as for a new one (no enumeration);
    // "already registered" goes to the owner's inbox, and that account is untouched.
    const existing = await createUser();
    await email.fill(existing.email);
    await password.fill(E2E_PASSWORD);
    await confirm.fill(E2E_PASSWORD);
    await agreeToTerms(main);
    await expect(page.getByTestId("error-agree")).toHaveCount(0);
    await submit.click();
    await expect(page.getByTestId("register-sent")).toContainText(
      "入力されたメールアドレスにメールを送信しました",
    );
    await expect(page).toHaveURL(/\/register\?sent=1$/);
    await expect.poll(() => mailCount(existing.email, "alreadyRegistered")).toBe(1);
    expect(await usersWith(existing.email)).toBe(1);
    const kept = await db.kysely
      .selectFrom("users")
      .select(["nickname", "name"])
      .where("email", "=", existing.email)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ nickname: existing.nickname, name: "E2E Member" });
    expect(mailCount(existing.email, "verifyEmail")).toBe(0);

    // Nothing was saved for the refused address: registering it now works, with the same answer,
    // and the verification link signs the new member in.
    expect(await usersWith(address)).toBe(0);
    await visit(page, "/register");
    await name.fill("Taro Yamada");
    await nickname.fill("たろう");
    await email.fill(address);
    await password.fill(E2E_PASSWORD);
    await confirm.fill(E2E_PASSWORD);
    await agreeToTerms(main);
    await submit.click();
    await expect(page.getByTestId("register-sent")).toBeVisible();
    expect(await usersWith(address)).toBe(1);
    await visit(page, await mailLink(address, "verifyEmail"));
    await main.getByRole("button", { name: "変更を確定する" }).click();
    await expect(page).toHaveURL(/\/users$/);
    await expect(page.getByTestId("welcome")).toHaveText("たろう さん、ようこそ");
  });
  await test.step("a member adds a passkey, signs in with it alone, and uses it after the password", async () => {
    // A new visitor: signed out, the default language.
    await freshStep(page);
    // A long journey: four sign-ins and two re-authentications at production hashing cost.
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
      await page.screenshot({
        path: "test-results/screenshots/reauth-passkey.png",
        fullPage: true,
      });
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
  await test.step("an admin without a second factor can only enrol one, then uses the admin pages", async () => {
    // A new visitor: signed out, the default language.
    await freshStep(page);
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
  await test.step("an admin enrols a passkey instead, and signs in with it without a password", async () => {
    // A tab of its own: its authenticator must not hold the member's passkey from the step
    // before, or the passwordless sign-in would have two to choose from.
    const page = await context.newPage();
    watchProblems(page, problems);
    // A new visitor: signed out, the default language.
    await freshStep(page);
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
    await page.close();
  });
});

test("the passkey controls fit a phone and are reachable by touch and keyboard @mobile", async ({
  page,
  context,
  login,
}) => {
  test.setTimeout(120_000);
  for (const lng of ["ja", "en"] as const) {
    await test.step(`in ${lng}`, async () => {
      // A new visitor: signed out, no language chosen yet.
      await freshStep(page);
      await setLanguage(context, lng);
      await visit(page, "/login");
      const button = page.getByTestId("passkey-login").getByRole("button");
      await expect(button).toHaveText(
        lng === "ja" ? "パスキーでログイン" : "Sign in with a passkey",
      );
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
      expect(
        (await section.getByTestId("passkey-add").boundingBox())!.height,
      ).toBeGreaterThanOrEqual(44);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        375,
      );
    });
  }
});
