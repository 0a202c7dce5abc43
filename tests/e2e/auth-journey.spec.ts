import { totpAt, timeStep } from "../../server/auth/totp";
import {
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
} from "./auth-helpers";

test("a newcomer registers, verifies, enrols MFA and logs in with a code and a recovery code", async ({
  page,
  problems,
}) => {
  // A wrong code is refused with a 400 (the action's data request).
  problems.allow(/\/login\/mfa\?/);
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
