import { E2E_PASSWORD, expect, freshEmail, submitLogin, test, visit } from "./auth-helpers";

test("login says the same for an unknown email and a wrong password, then stops after 5 failures from this address", async ({
  page,
  createUser,
  problems,
}) => {
  problems.allow(/\/login\?/);
  // Its own account: the failures counted here belong to no other test. The lock is per account
  // and address (the owner elsewhere is not locked out: tests/integration/auth.test.ts); the
  // per-address limit (100 an hour) is shared by the whole suite, which runs from one address.
  const user = await createUser();
  const main = page.getByTestId("main");
  const error = page.getByTestId("form-error");
  await visit(page, "/login");

  // Empty fields.
  await main.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page.getByTestId("error-email")).toHaveText("メールアドレスは必須です");
  await expect(page.getByTestId("error-password")).toHaveText("パスワードは必須です");

  // No account enumeration: both failures read the same.
  await submitLogin(page, freshEmail("nobody"), E2E_PASSWORD);
  await expect(error).toHaveText("メールアドレスまたはパスワードが正しくありません");
  await submitLogin(page, user.email, "Wrong-passw0rd");
  await expect(error).toHaveText("メールアドレスまたはパスワードが正しくありません");
  // The address typed is kept for the next try.
  await expect(main.getByLabel("メールアドレス")).toHaveValue(user.email);

  for (let failure = 2; failure <= 5; failure++) {
    await submitLogin(page, user.email, `Wrong-passw0rd${failure}`);
    await expect(error).toHaveText("メールアドレスまたはパスワードが正しくありません");
  }

  // The sixth attempt is refused even with the right password.
  await submitLogin(page, user.email, E2E_PASSWORD);
  await expect(error).toHaveText(
    "試行回数が上限に達しました。15分ほど待ってから再度お試しください",
  );
  await expect(page).toHaveURL(/\/login$/);
});
