import type { Browser, Page } from "@playwright/test";
import type { Db } from "#db";
import { newId } from "#db/id";
import { fund, walletOf } from "../helpers/money";
import { expect, test, userPage, visit } from "./fixtures";
import { publishedGacha } from "../helpers/gachas";
import { HOUR, tokyoLocal } from "../helpers/form-values";

/**
 * Gachas in the browser: an admin creates a gacha and its rewards through the forms, a
 * member draws it until the limit and finds the draws in the history; an item is marked used;
 * the reveal animates, except for people who ask for reduced motion. Another member's result
 * and a made-up gacha are the 404 in tests/routes/not-found.test.ts.
 */

/** Adds a reward of weight 1 through the admin's form: an amount for cash, days for an item. */
async function addReward(
  page: Page,
  reward: { name: string; kind: "cash" | "item"; amount?: string; validDays?: string },
) {
  await page.getByTestId("reward-create").click();
  await page.getByLabel("景品名（日本語）").fill(reward.name);
  await page.getByLabel("種類").selectOption(reward.kind);
  if (reward.amount) await page.getByLabel("金額（円）").fill(reward.amount);
  await page.getByLabel("重み").fill("1");
  if (reward.validDays) await page.getByLabel("当選からの有効日数").fill(reward.validDays);
  await page.getByRole("button", { name: "景品を追加する" }).click();
}

/** A member signed in, in a browser context of their own. */
function newMember(db: Db, browser: Browser) {
  return userPage(browser, db, {
    passwordHash: "scrypt$unused",
    name: "Gacha Member",
    nickname: `g${newId().slice(-8)}`,
  });
}

test.describe("gachas", () => {
  test("an admin creates a gacha with rewards; a member draws until the limit and sees the log", async ({
    page,
    login,
    db,
    browser,
    problems,
  }) => {
    // An admin and a member in two browsers, from the empty form to the member's log: 12-24 s
    // depending on the machine's load, too close to the default 30 s.
    test.setTimeout(60_000);
    // The empty first submit is refused with 400 and its messages: expected.
    problems.allow(/\/admin\/gachas\/create(\.data|\?_data=)/);
    await login("admin");
    const name = `年末ガチャ ${Date.now().toString(36)}`;

    await visit(page, "/admin/gachas/create");
    await page.getByRole("button", { name: "作成して景品の登録へ" }).click();
    await expect(page.getByTestId("error-name")).toHaveText("ガチャ名（日本語）は必須です");

    await page.getByLabel("ガチャ名（日本語）").fill(name);
    await page.getByLabel("開始日時").fill(tokyoLocal(-HOUR));
    await page.getByLabel("終了日時").fill(tokyoLocal(7 * 24 * HOUR));
    await page.getByLabel("1回の費用（円）").fill("100");
    await page.getByLabel("1人あたりの挑戦回数上限").fill("2");
    await page.getByLabel("抽選方式").selectOption("weighted");
    await page.getByRole("button", { name: "作成して景品の登録へ" }).click();
    await expect(page).toHaveURL(/\/admin\/gachas\/[0-9a-z]{26}\/rewards\?created=1$/);
    await expect(page.getByTestId("gacha-created")).toBeVisible();
    const gachaId = page.url().split("/")[5]!;

    // Two rewards: cash, and an item valid for 7 days.
    await addReward(page, { name: "300円", kind: "cash", amount: "300" });
    await expect(page.getByTestId("reward-saved")).toContainText("300円");
    await addReward(page, { name: "割引クーポン", kind: "item", validDays: "7" });
    const rewards = page.getByTestId("admin-rewards").getByTestId("table-row");
    await expect(rewards).toHaveCount(2);
    await expect(page.getByTestId("reward-chance")).toHaveText([/50\.00%/, /50\.00%/]);

    // The member: 1,000 yen, two draws of 100 allowed.
    const member = await newMember(db, browser);
    await fund(db, member.id, 1_000);
    const m = member.page;
    await visit(m, "/users/gachas");
    const card = m.getByTestId("gacha-card").filter({ hasText: name });
    await expect(card.getByTestId("gacha-status")).toHaveText("開催中");
    await expect(card.getByTestId("gacha-played")).toHaveCount(0);
    await card.getByTestId("gacha-details").click();
    await expect(m.getByTestId("gacha-name")).toHaveText(name);
    await expect(m.getByTestId("odds-row")).toHaveCount(2);
    await expect(m.getByTestId("odds-percent")).toHaveText(["50.00%", "50.00%"]);

    await m.getByTestId("go-draw").click();
    await expect(m.getByTestId("draw-plays-left")).toHaveText("あと2回");
    await m.getByTestId("draw-button").click();
    await expect(m.getByTestId("draw-result")).toBeVisible();
    await expect(m.getByTestId("result-name")).toHaveText(/300円|割引クーポン/);
    await m.getByTestId("draw-again").click();
    await m.getByTestId("draw-button").click();
    await expect(m.getByTestId("draw-result")).toBeVisible();
    // The limit is reached: no more drawing.
    await expect(m.getByTestId("draw-again")).toHaveCount(0);

    // The history holds both draws; the money adds up to what they gave.
    await m.getByTestId("to-history").click();
    await expect(m).toHaveURL(/\/users\/gacha_logs$/);
    const rows = m.getByTestId("gacha-logs").getByTestId("table-row");
    await expect(rows).toHaveCount(2);
    const won = await m.getByTestId("log-reward").allTextContents();
    const cash = won.filter((w) => w === "300円").length;
    expect((await walletOf(db, member.id)).available).toBe(1_000 - 200 + 300 * cash);
    await expect(m.getByTestId("log-state")).toHaveText(
      won.map((w) => (w === "300円" ? "付与済み" : "利用可能")),
    );

    // Asking the draw page again: the limit is said, and there is no button.
    await visit(m, `/users/gachas/${gachaId}/draw`);
    await expect(m.getByTestId("draw-blocked")).toHaveText("挑戦回数の上限（2回）に達しました");
    await expect(m.getByTestId("draw-button")).toHaveCount(0);

    // The gacha list now says it was played; the admin sees both draws in its logs.
    await visit(m, "/users/gachas?filter=played");
    await expect(
      m.getByTestId("gacha-card").filter({ hasText: name }).getByTestId("gacha-played"),
    ).toBeVisible();
    await visit(page, `/admin/gachas/${gachaId}/gacha_logs`);
    await expect(page.getByTestId("admin-gacha-logs").getByTestId("table-row")).toHaveCount(2);
    await member.context.close();
  });

  test("a member marks a won item used, once", async ({ browser, db }) => {
    const gachaId = await publishedGacha(db, [{ name: "ドリンク券", kind: "item", validDays: 30 }]);
    const member = await newMember(db, browser);
    const m = member.page;
    await visit(m, `/users/gachas/${gachaId}/draw`);
    await m.getByTestId("draw-button").click();
    await expect(m.getByTestId("result-name")).toHaveText("ドリンク券");
    await expect(m.getByTestId("draw-result").getByTestId("log-state")).toHaveText("利用可能");

    await visit(m, "/users/gacha_logs");
    await m.getByTestId("use-item").click();
    const dialog = m.getByTestId("confirm-dialog");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "使用済みにする" }).click();
    await expect(m.getByTestId("item-used")).toContainText("ドリンク券");
    await expect(m.getByTestId("log-state")).toHaveText("使用済み");
    await expect(m.getByTestId("use-item")).toHaveCount(0);
    await member.context.close();
  });

  test("the reveal animates, and not for people who ask for reduced motion", async ({
    browser,
    db,
  }) => {
    const gachaId = await publishedGacha(db, [{ name: "500円", kind: "cash", amount: 500 }], {
      limit: 5,
    });
    const member = await newMember(db, browser);
    const m = member.page;

    await visit(m, `/users/gachas/${gachaId}/draw`);
    await m.getByTestId("draw-button").click();
    const card = m.getByTestId("draw-result").locator(".animate-gacha-reveal");
    await expect(card).toHaveCSS("animation-name", "gacha-reveal");
    await expect(m.getByTestId("result-amount")).toHaveText("¥500を残高に加算しました");

    await m.emulateMedia({ reducedMotion: "reduce" });
    await visit(m, `/users/gachas/${gachaId}/draw`);
    await m.getByTestId("draw-button").click();
    await expect(m.getByTestId("draw-result")).toBeVisible();
    await expect(card).toHaveCSS("animation-name", "none");
    // No capsule, and the reward is there at once.
    await expect(m.getByTestId("draw-result").locator(".animate-gacha-capsule")).toBeHidden();
    await expect(m.getByTestId("result-name")).toBeVisible();
    await expect(m.getByTestId("result-name")).toBeFocused();
    await member.context.close();
  });
});
