import { fund } from "../helpers/money";
import { expect, loginViaUi, mailCount, mailLink, test, visit } from "./auth-helpers";

/**
 * A member whose email address is not confirmed cannot move money out: each money page says
 * why, resends the link in place, and opens once the link is followed.
 */
test("an unverified member is told why money waits, resends the link, and the notice goes once confirmed", async ({
  page,
  createUser,
  db,
  problems,
}) => {
  // The refused request answers 400, as every refused form does.
  problems.allow(/\/users\/withdraw\/new/);
  const member = await createUser({ verified: false });
  // Money to withdraw, so the form's own balance check passes and the server's reason shows.
  await fund(db, member.id, 20_000);
  await loginViaUi(page, member.email, member.password);
  await expect(page).toHaveURL(/\/users$/);

  const notice = page.getByTestId("verify-pending");
  for (const path of ["/users/withdraw/new", "/users/withdraw/transfer", "/users/mypage"]) {
    await visit(page, path);
    await expect(notice, path).toContainText(
      "出金・送金・出金先の変更は、メールアドレスの確認後にご利用いただけます",
    );
  }

  // The request itself is refused by the server with the same reason.
  await visit(page, "/users/withdraw/new");
  const form = page.locator("form:has(input[name=amount])");
  await form.locator("input[value=bank]").check();
  await form.locator("input[name=amount]").fill("1000");
  await form.getByRole("button", { name: "出金を申請する" }).click();
  await expect(page.getByTestId("form-error")).toContainText(
    "先にメールアドレスの確認を済ませてください",
  );

  // Resent in place: the page stays, one mail goes out.
  await notice.getByRole("button", { name: "確認メールを再送信" }).click();
  await expect(notice).toContainText("確認メールを送信しました。");
  await expect(page).toHaveURL(/\/users\/withdraw\/new$/);
  expect(mailCount(member.email, "verifyEmail")).toBe(1);

  await visit(page, await mailLink(member.email, "verifyEmail"));
  await page.getByTestId("main").locator("form[method=post] button[type=submit]").click();
  await expect(page.getByTestId("main")).toContainText("メールアドレスの確認が完了しました。");
  await visit(page, "/users/withdraw/new");
  await expect(page.getByTestId("main")).toBeVisible();
  await expect(notice).toHaveCount(0);
});
