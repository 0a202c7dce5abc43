import type { Db } from "../../db";
import { newId } from "../../db/id";
import { tokyoMonth } from "../../server/features/ranking/summary";
import { addMonthlyCashback, createAccount, createBroker } from "../helpers/cashback";
import { expect, insertUser, test, visit } from "./fixtures";
import { shooterFor, atEachSize } from "./shots";

/**
 * The ranking in the browser: the member sees nicknames, ranks and amounts, their own place,
 * and switches genre and period; a member who opted out is not listed; the admin sees real
 * names. Amounts here are far above anything other tests import this month, so these members
 * lead the board. Screenshots (1280 and 375 px) land in test-results/screenshots.
 */
test.describe.configure({ mode: "default" });

const DIR = "test-results/screenshots";

async function member(db: Db, nickname: string, name: string, optOut = false) {
  const { id } = await insertUser(db, { emailPrefix: "rk", name, nickname, rankingOptOut: optOut });
  return id;
}

async function cashback(db: Db, broker: string, userId: string, amount: number) {
  const account = await createAccount(db, userId, broker, newId().slice(-6));
  const month = tokyoMonth(new Date());
  await addMonthlyCashback(db, { userId, accountId: account, brokerId: broker, month, amount });
}

const shoot = shooterFor(DIR);

test("members see the ranking by nickname with their own place; the admin sees names", async ({
  page,
  db,
  login,
}) => {
  const tag = newId().slice(-5).toLowerCase();
  const broker = await createBroker(db, `R${tag}`, `Rank ${tag}`);
  const top = await member(db, `トップ${tag}`, "Taro Top");
  const hidden = await member(db, `hidden${tag}`, "Hidden Member", true);
  const xss = await member(db, `<b>x</b>${tag}`, "Xss Member");
  await cashback(db, broker, top, 900_000_000);
  await cashback(db, broker, hidden, 990_000_000);
  await cashback(db, broker, xss, 800_000_000);
  const me = await login();
  await cashback(db, broker, me.id, 800_000_000);

  await atEachSize(page, async (_size, { width: w }) => {
    await visit(page, "/users/ranking");
    const table = page.getByTestId("ranking-table");
    const rows = table.locator("tbody tr");
    await expect(rows.nth(0)).toContainText(`トップ${tag}`);
    await expect(rows.nth(0)).toContainText("¥900,000,000");
    // A tie: both second; the nickname is text, never markup.
    await expect(rows.nth(1)).toContainText("2");
    await expect(rows.nth(2)).toContainText("2");
    await expect(table).toContainText(`<b>x</b>${tag}`);
    await expect(table).not.toContainText(`hidden${tag}`);
    await expect(table).not.toContainText("Taro Top");
    await expect(page.getByTestId("ranking-me")).toContainText("2位");
    await shoot(page, `ranking-member-${w}`);
  });

  await page.getByRole("link", { name: "出金" }).click();
  await expect(page).toHaveURL(/genre=withdrawal&scope=month/);
  await page.getByRole("link", { name: "全期間" }).click();
  await expect(page).toHaveURL(/genre=withdrawal&scope=all/);
  await expect(page.getByTestId("ranking-me")).toBeVisible();

  await login("admin");
  await atEachSize(page, async (_size, { width: w }) => {
    await visit(page, "/admin/ranking");
    await expect(page.getByTestId("ranking-table").locator("tbody tr").nth(0)).toContainText(
      "Taro Top",
    );
    await shoot(page, `ranking-admin-${w}`);
  });
});
