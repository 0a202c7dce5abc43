import { totpAt, timeStep } from "#server/auth/totp";
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
  loginViaUi,
  newBrowserContext,
  mailCount,
} from "./auth-helpers";
import { E2E_ORIGIN } from "./env";

test("a newcomer registers, verifies, enrols MFA and logs in with a code and a recovery code", async ({
  page,
  problems,
}) => {
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

test("a forgotten password is reset from the mailed link, which ends every session and works once", async ({
  page,
  browser,
  createUser,
}) => {
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

test("in English: change of email after reauthentication, confirmed from the new address and undone from the old", async ({
  page,
  context,
  db,
  login,
  problems,
}) => {
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
  await expect(page.getByTestId("link-done")).toHaveText(`Your email address is now ${newEmail}.`);
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

test("registration shows each error in place and saves nothing until the form is right", async ({
  page,
  db,
  createUser,
  problems,
}) => {
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
