import type { Db } from "#db";
import { newId } from "#db/id";
import { createBattle } from "#server/features/battles/service";
import { walletOf } from "../helpers/money";
import { expect, insertUser, test, userPage, visit } from "./fixtures";
import { shooterFor, atEachSize } from "./shots";

/**
 * Ranking battles in the browser: a member sees a battle's period, prizes and standings by
 * nickname with their own place (an opted-out member is not listed, markup in a nickname is
 * text); the admin sees real names, creates a battle through the form (with its refusals),
 * and settles a finished battle after a confirmation, and the winner's balance shows the
 * prize. Each battle covers one day of its own in the past, so other tests' cashback never
 * reaches it. Screenshots (1280 and 375 px) land in test-results/screenshots.
 */

const DIR = "test-results/screenshots";

const shoot = shooterFor(DIR);

/** A day of its own, years back: no other test has cashback on it. */
function uniqueDay(): string {
  const start = Date.UTC(2001, 0, 1);
  const days = Math.floor(Math.random() * 365 * 15);
  return new Date(start + days * 86_400_000).toISOString().slice(0, 10);
}

async function user(
  db: Db,
  nickname: string,
  name: string,
  options: { permission?: "member" | "admin"; optOut?: boolean } = {},
) {
  const { id } = await insertUser(db, {
    emailPrefix: "bt",
    name,
    nickname,
    permission: options.permission,
    rankingOptOut: options.optOut,
  });
  return id;
}

async function cashback(db: Db, userId: string, day: string, amount: number) {
  await db.kysely
    .insertInto("cashback_daily")
    .values({
      broker_account_id: newId(),
      day,
      user_id: userId,
      broker_id: newId(),
      amount,
      lots_milli: 1000,
      rows: 1,
    })
    .execute();
}

test("a member sees the standings by nickname; the admin settles the finished battle once and the prize reaches the balance", async ({
  page,
  db,
  login,
  browser,
}) => {
  const tag = newId().slice(-5).toLowerCase();
  const day = uniqueDay();
  const me = await login();
  const rival = await user(db, `ライバル${tag}`, "Rival Real");
  const xss = await user(db, `<b>x</b>${tag}`, "Markup Real");
  const hidden = await user(db, `hidden${tag}`, "Hidden Real", { optOut: true });
  await cashback(db, rival, day, 9_000);
  await cashback(db, me.id, day, 5_000);
  await cashback(db, xss, day, 5_000);
  await cashback(db, hidden, day, 50_000);
  const admin = await userPage(browser, db, {
    emailPrefix: "bt",
    name: "Battle Admin",
    nickname: `ba${newId().slice(-8)}`,
    permission: "admin",
  });
  const { id } = await createBattle(db, admin.id, {
    title: `E2E battle ${tag}`,
    startsOn: day,
    endsOn: day,
    prizes: [
      { rank: 1, amount: 3_000 },
      { rank: 2, amount: 2_000 },
      { rank: 3, amount: 1_000 },
    ],
  });

  await atEachSize(page, async (_size, { width: w }) => {
    await visit(page, `/users/cashback-battle?id=${id}`);
    await expect(page.getByRole("heading", { name: "ランキングバトル", level: 1 })).toBeVisible();
    await expect(page.getByTestId("battle-title")).toHaveText(`E2E battle ${tag}`);
    await expect(page.getByTestId("battle-phase")).toHaveText("終了・結果確定待ち");
    await expect(page.getByTestId("battle-prizes")).toContainText("¥3,000");
    const rows = page.getByTestId("battle-row");
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText(`ライバル${tag}`);
    await expect(rows.nth(0)).toContainText("¥9,000");
    // A tie shares rank 2, each with rank 2's prize; the markup nickname is text.
    await expect(page.getByTestId("battle-standings")).not.toContainText(`hidden${tag}`);
    await expect(page.getByTestId("battle-standings")).toContainText(`<b>x</b>${tag}`);
    expect(await page.getByTestId("battle-standings").locator("b").count()).toBe(0);
    await expect(page.getByTestId("battle-standings")).not.toContainText("Rival Real");
    await expect(page.getByTestId("battle-me")).toContainText("2位");
    await expect(page.getByTestId("battle-me")).toContainText("¥5,000");
    await expect(page.getByTestId("battle-me")).toContainText("賞金：¥2,000");
    await shoot(page, `battle-member-${w}`);
  });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The admin: real names, the confirm dialog, then the settlement.
  const ap = admin.page;
  try {
    await atEachSize(ap, async (_size, { width: w }) => {
      await visit(ap, `/admin/ranking/battles/${id}`);
      await expect(ap.getByTestId("battle-standings")).toContainText("Rival Real");
      await expect(ap.getByTestId("battle-standings")).not.toContainText("Hidden Real");
      await shoot(ap, `battle-admin-${w}`);
    });
    await ap.setViewportSize({ width: 1280, height: 800 });
    await ap.getByTestId("battle-settle").click();
    const dialog = ap.getByTestId("settle-dialog");
    await expect(dialog).toBeVisible();
    // 3,000 + 2,000 × 2 tied members.
    await expect(dialog).toContainText("¥7,000");
    await shoot(ap, "battle-admin-settle-1280");
    await dialog.getByRole("button", { name: "確定して賞金を支払う" }).click();
    await expect(ap.getByTestId("battle-notice")).toContainText("3");
    await expect(ap.getByTestId("battle-phase")).toHaveText("結果確定");
    await expect(ap.getByTestId("battle-settle")).toHaveCount(0);
    await expect(ap.getByTestId("battle-edit")).toHaveCount(0);
  } finally {
    await admin.context.close();
  }

  expect(await walletOf(db, me.id)).toEqual({ available: 2_000, held: 0 });
  expect(await walletOf(db, hidden)).toEqual({ available: 0, held: 0 });
  await visit(page, "/users");
  await expect(page.getByTestId("wallet-available")).toHaveText("¥2,000");
  await visit(page, `/users/cashback-battle?id=${id}`);
  await expect(page.getByTestId("battle-phase")).toHaveText("結果確定");
  await expect(page.getByRole("heading", { name: "最終結果" })).toBeVisible();
});

test("the admin creates a battle through the form: refusals keep what was typed; the ranking links to battles", async ({
  page,
  login,
  problems,
}) => {
  // The refused form answers 400, as it should.
  problems.allow(/\/admin\/ranking\/battles\/create/);
  await login("admin");
  await visit(page, "/admin/ranking");
  await page.getByRole("link", { name: "ランキングバトル" }).click();
  await expect(page).toHaveURL(/\/admin\/ranking\/battles$/);
  await shoot(page, "battle-admin-list-1280");
  await page.getByTestId("battle-create").click();
  await expect(page).toHaveURL(/\/admin\/ranking\/battles\/create$/);
  const tag = newId().slice(-5);
  await page.getByLabel("タイトル（日本語）").fill(`Form battle ${tag}`);
  await page.getByLabel("開始日", { exact: true }).fill("2025-06-30");
  await page.getByLabel("終了日", { exact: true }).fill("2025-06-01");
  const amounts = page.locator('input[name="prizeAmount"]');
  await amounts.nth(0).fill("10000");
  await amounts.nth(1).fill("0");
  await amounts.nth(2).fill("1000");
  await page.getByRole("button", { name: "バトルを作成" }).click();
  await expect(page.getByTestId("error-endsOn")).toHaveText("終了日は開始日以降にしてください");
  await expect(page.getByTestId("error-prize-row")).toHaveText(
    "賞金は1円以上の整数で入力してください",
  );
  // Nothing typed is lost.
  await expect(page.getByLabel("タイトル（日本語）")).toHaveValue(`Form battle ${tag}`);
  await expect(amounts.nth(0)).toHaveValue("10000");
  await page.setViewportSize({ width: 375, height: 812 });
  await shoot(page, "battle-admin-form-errors-375");
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByLabel("終了日", { exact: true }).fill("2025-07-31");
  await amounts.nth(1).fill("5,000");
  await page.getByTestId("add-rank").click();
  await expect(amounts).toHaveCount(4);
  await amounts.nth(3).fill("500");
  await page.getByRole("button", { name: "バトルを作成" }).click();
  await expect(page.getByTestId("battle-notice")).toHaveText("バトルを作成しました。");
  await expect(page.getByTestId("battle-title")).toHaveText(`Form battle ${tag}`);
  await expect(page.getByTestId("battle-prizes")).toContainText("¥5,000");
  await expect(page.getByTestId("battle-prizes").locator("li")).toHaveCount(4);
  await shoot(page, "battle-admin-detail-1280");
});

test("without an id, a member sees the running battle (the demo seed's month) and is not ranked yet", async ({
  page,
  login,
}) => {
  await login();
  await visit(page, "/users/cashback-battle");
  // The demo seed's battle covers the current month.
  await expect(page.getByTestId("battle-phase")).toHaveText("開催中");
  await expect(page.getByTestId("battle-prizes")).toContainText("¥30,000");
  await expect(page.getByTestId("battle-me")).toContainText("まだランク外です");
  await page.setViewportSize({ width: 375, height: 812 });
  await shoot(page, "battle-member-current-375");
});
