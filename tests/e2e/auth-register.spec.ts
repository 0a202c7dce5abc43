import {
  agreeToTerms,
  E2E_PASSWORD,
  expect,
  freshEmail,
  mailCount,
  mailLink,
  test,
  visit,
} from "./auth-helpers";

test("registration shows each error in place and saves nothing until the form is right", async ({
  page,
  db,
  createUser,
  problems,
}) => {
  // Every refused submission is a 400 of the action's data request.
  problems.allow(/\/register\?/);
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
