import { getMoneySettings, updateMoneySettings } from "../../server/features/settings/service";
import { addressesStaleUnder } from "../../server/features/settings/usdt-network";
import { newId } from "../../db/id";
import { givePaymentDetails } from "../helpers/money";
import { expect, test, userPage, visit } from "./fixtures";
import { languageCookie, SHOT_LANGUAGES, shooterFor, atEachSize } from "./shots";

/**
 * The admin switches the USDT network: the confirmation names how many saved addresses the
 * switch leaves on the old network; once confirmed, a member with such an address sees the
 * banner on the dashboard and the withdrawal pages, and the address marked on the profile.
 * The setting is put back whatever happens (other journeys rely on TRC20).
 */
test.describe.configure({ mode: "default" });
const shoot = shooterFor("test-results/screenshots");

test("the admin sees the count, confirms the switch, and the member sees the banner", async ({
  page,
  browser,
  db,
  login,
  problems,
}) => {
  // The first save answers 400: it asks for the confirmation.
  problems.allow(/\/admin\/setting/);
  const admin = await login("admin");
  const member = await userPage(browser, db, { nickname: `usdt${newId().slice(-6)}` });
  await givePaymentDetails(db, member.id);
  const before = await getMoneySettings(db.kysely);
  expect(before.usdtNetwork).toBe("TRC20");
  try {
    const count = await addressesStaleUnder(db.kysely, "ERC20");
    expect(count).toBeGreaterThan(0);
    await visit(page, "/admin/setting?edit");
    await page.getByLabel("USDTのネットワーク").selectOption("ERC20");
    await page.getByRole("button", { name: "更新" }).click();
    const dialog = page.getByTestId("network-change-dialog");
    await expect(dialog.getByTestId("network-change-count")).toHaveText(
      `登録済みのTRC20アドレス${count}件が出金に使えなくなります。`,
    );
    // Nothing changed yet.
    expect((await getMoneySettings(db.kysely)).usdtNetwork).toBe("TRC20");
    await dialog.getByRole("button", { name: "ERC20に変更する" }).click();
    await expect(page.getByTestId("settings-updated")).toBeVisible();
    await expect(page.getByTestId("value-usdtNetwork")).toHaveText("ERC20");

    for (const path of ["/users", "/users/withdraw", "/users/withdraw/new"]) {
      await visit(member.page, path);
      await expect(member.page.getByTestId("usdt-address-banner")).toContainText(
        "USDTの出金ネットワークがERC20に変わりました",
      );
    }
    await member.page.getByTestId("usdt-address-banner").getByRole("link").click();
    await expect(member.page).toHaveURL(/\/users\/mypage#payment$/);
    await expect(member.page.getByTestId("usdt-address-stale")).toBeVisible();
  } finally {
    await updateMoneySettings(db, admin.id, before, { confirmNetworkChange: true });
    await member.context.close();
  }
});

for (const lng of SHOT_LANGUAGES) {
  test(`USDT network change screenshots (${lng})`, async ({
    page,
    context,
    browser,
    db,
    login,
    problems,
  }) => {
    test.skip(!process.env.SCREENSHOTS, "screenshots only with SCREENSHOTS=1");
    problems.allow(/\/admin\/setting/);
    await languageCookie(context, lng);
    const admin = await login("admin");
    const member = await userPage(browser, db, { language: lng });
    await languageCookie(member.context, lng);
    await givePaymentDetails(db, member.id);
    const before = await getMoneySettings(db.kysely);
    try {
      await atEachSize(page, async (_size, { width: w }) => {
        await visit(page, "/admin/setting?edit");
        await page.locator("select[name=usdtNetwork]").selectOption("ERC20");
        await page.locator("form button[type=submit]").last().click();
        await expect(page.getByTestId("network-change-dialog")).toBeVisible();
        await shoot(page, `usdt-network-confirm-${lng}-${w}`, false);
      });
      await page.getByTestId("network-change-dialog").locator("button[type=submit]").click();
      await expect(page.getByTestId("settings-updated")).toBeVisible();
      await atEachSize(member.page, async (_size, { width: w }) => {
        for (const [name, path] of [
          ["dashboard", "/users"],
          ["withdraw", "/users/withdraw"],
          ["mypage", "/users/mypage#payment"],
        ] as const) {
          await visit(member.page, path);
          await shoot(member.page, `usdt-network-${name}-${lng}-${w}`);
        }
      });
    } finally {
      await updateMoneySettings(db, admin.id, before, { confirmNetworkChange: true });
      await member.context.close();
    }
  });
}
