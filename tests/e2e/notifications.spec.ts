import { linkLine } from "../helpers/line-link";
import { expect, reload, test, visit } from "./fixtures";
import { languageCookie } from "./shots";

/**
 * Mail for money events: on /users/mypage a member chooses per event group and
 * channel; the choice is saved with a message and is still there after a reload. LINE's
 * column appears only once LINE is linked.
 */

test.describe("mypage: notification choices", () => {
  test("mail only without LINE: untick, save, reload shows the choice", async ({ page, login }) => {
    await login("member");
    await visit(page, "/users/mypage");
    const section = page.getByTestId("notifications-section");
    await expect(section.getByRole("heading", { name: "お知らせ" })).toBeVisible();
    const rewards = section.getByRole("group", { name: "賞金・報酬" });
    const withdrawals = section.getByRole("group", { name: "出金" });
    // Everything is on by default; no LINE column without a link.
    await expect(rewards.getByLabel("メール")).toBeChecked();
    await expect(section.getByLabel("LINE")).toHaveCount(0);
    await expect(section.getByRole("link", { name: "LINEを連携する" })).toBeVisible();

    // Each switch's label row is a touch target of at least 44 px.
    const box = await rewards.locator("label", { hasText: "メール" }).boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);

    await rewards.locator("label", { hasText: "メール" }).click();
    await expect(rewards.getByLabel("メール")).not.toBeChecked();
    await section.getByRole("button", { name: "お知らせの設定を保存" }).click();
    await expect(page.getByTestId("notifications-saved")).toHaveText(
      "お知らせの設定を保存しました",
    );

    await reload(page);
    await expect(rewards.getByLabel("メール")).not.toBeChecked();
    await expect(withdrawals.getByLabel("メール")).toBeChecked();
    await expect(page.getByTestId("notifications-saved")).toHaveCount(0);
  });

  test("with LINE linked, both channels are offered and saved", async ({ page, login, db }) => {
    const me = await login("member");
    await linkLine(db, me.id);
    // In English this time: the section's texts come from both locales.
    await languageCookie(page.context(), "en");
    await visit(page, "/users/mypage");
    const section = page.getByTestId("notifications-section");
    await expect(section.getByRole("heading", { name: "Notifications" })).toBeVisible();
    const transfers = section.getByRole("group", { name: "Transfers" });
    const accounts = section.getByRole("group", { name: "Broker accounts" });
    await expect(transfers.getByLabel("LINE")).toBeChecked();
    await transfers.getByLabel("LINE").uncheck();
    await accounts.getByLabel("Email").uncheck();
    await section.getByRole("button", { name: "Save notification settings" }).click();
    await expect(page.getByTestId("notifications-saved")).toHaveText(
      "Your notification settings have been saved",
    );
    await reload(page);
    await expect(transfers.getByLabel("LINE")).not.toBeChecked();
    await expect(transfers.getByLabel("Email")).toBeChecked();
    await expect(accounts.getByLabel("Email")).not.toBeChecked();
    await expect(accounts.getByLabel("LINE")).toBeChecked();
  });
});
