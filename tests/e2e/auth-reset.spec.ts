import {
  expect,
  loginViaUi,
  mailLink,
  newBrowserContext,
  submitLogin,
  test,
  visit,
} from "./auth-helpers";

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
