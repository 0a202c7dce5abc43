import { expect, test, visit } from "./auth-helpers";

test("a made-up or missing token on a mailed link says so and offers no button", async ({
  page,
}) => {
  const main = page.getByTestId("main");
  const cases = [
    ["/verify-email?token=not-a-real-token", "確認に失敗しました。もう一度お試しください"],
    ["/verify-email", "確認に失敗しました。もう一度お試しください"],
    ["/confirm-email-change?token=not-a-real-token", "URLが正しくないか、有効期限が切れています"],
    ["/recover-email?token=not-a-real-token", "URLが正しくないか、有効期限が切れています"],
    ["/reset-password", "URLが正しくないか、有効期限が切れています"],
  ] as const;
  for (const [path, message] of cases) {
    await visit(page, path);
    await expect(page.getByTestId("link-invalid"), path).toHaveText(message);
    await expect(main.getByRole("button"), path).toHaveCount(0);
    await expect(
      main.getByRole("link", { name: /ログイン画面へ|パスワードをお忘れの方/ }),
    ).toBeVisible();
  }
});
