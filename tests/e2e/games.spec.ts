import type { Browser, Page } from "@playwright/test";
import type { Db } from "#db";
import { newId } from "#db/id";
import { createBattle } from "#server/features/battles/service";
import { adminList, createMarathon, setActive } from "#server/features/marathon/service";
import { createAccount, createBroker, creditReport, REPORT_HEADER } from "../helpers/cashback";
import { HOUR, tokyoLocal } from "../helpers/form-values";
import { publishedGacha } from "../helpers/gachas";
import { fund, walletOf } from "../helpers/money";
import {
  expect,
  failDialogMarks,
  freshStep,
  insertUser,
  reload,
  test,
  userPage,
  visit,
} from "./fixtures";
import { atEachSize, shooterFor } from "./shots";

/**
 * The member's games as one journey, each former test a step with people of its own: ranking
 * battles, gachas, and the cashback marathon. The steps run one after the other, which the
 * marathon needs anyway (a marathon running while another step imports would reach that
 * step's member).
 *
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

/**
 * The cashback marathon in the browser: a member whose imported cashback crossed two goals sees
 * the goal modal after the page content, oldest goal first, its text as text (markup shown as
 * typed, line-break markers as line breaks), closes it with 閉じる, and never sees it again
 * after a reload. A failed fetch shows nothing. Screenshots (1280 and 375 px) land in
 * test-results/screenshots.
 *
 * The marathon is stopped once the import has run, so other tests' imports never reach it.
 */
const XSS = '<img src=x onerror="window.__xss=1">';

async function adminId(db: Db) {
  // Never signed in: the admin only decides through the services.
  const admin = await insertUser(db, {
    emailPrefix: "mara-admin",
    name: "Marathon Admin",
    nickname: `ma${newId().slice(-8)}`,
    permission: "admin",
    secondFactor: false,
  });
  return admin.id;
}

/** Two goals crossed by one real import for `userId`; returns the goals' numbers. */
async function crossTwoGoals(db: Db, userId: string) {
  const admin = await adminId(db);
  const code = `M${newId().slice(-7)}`;
  const broker = await createBroker(db, code, `Marathon ${code}`);
  const account = String(100000 + Math.floor(Math.random() * 899999));
  await createAccount(db, userId, broker, account);
  const first = (await adminList(db)).nextNumber;
  const { id } = await createMarathon(db, admin, {
    course: "general",
    title: `E2E marathon ${code}`,
    startsOn: "2026-01-01",
    goals: [
      {
        marathonNumber: first,
        threshold: 1000,
        reward: 500,
        modalText: `${XSS}おめでとう\\nゴール達成`,
      },
      { marathonNumber: first + 1, threshold: 2000, reward: 1000, modalText: "Second goal" },
    ],
  });
  try {
    await creditReport(db, admin, {
      fileName: "marathon.csv",
      lines: [REPORT_HEADER, `2026-11-02,${code},${account},1,2500,JPY,m1`],
    });
  } finally {
    await setActive(db, admin, id, false);
  }
  return [first, first + 1] as const;
}

test("games: a battle, a gacha and the marathon, from the admin's forms to the member's pages", async ({
  browser,
  db,
  login,
  page,
  problems,
}) => {
  test.setTimeout(540_000);
  await test.step("a member sees the standings by nickname; the admin settles the finished battle once and the prize reaches the balance", async () => {
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
  await test.step("the admin creates a battle through the form: refusals keep what was typed; the ranking links to battles", async () => {
    await freshStep(page);
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
  await test.step("without an id, a member sees the running battle (the demo seed's month) and is not ranked yet", async () => {
    await freshStep(page);
    await login();
    await visit(page, "/users/cashback-battle");
    // The demo seed's battle covers the current month.
    await expect(page.getByTestId("battle-phase")).toHaveText("開催中");
    await expect(page.getByTestId("battle-prizes")).toContainText("¥30,000");
    await expect(page.getByTestId("battle-me")).toContainText("まだランク外です");
    await page.setViewportSize({ width: 375, height: 812 });
    await shoot(page, "battle-member-current-375");
  });
  await test.step("an admin creates a gacha with rewards; a member draws until the limit and sees the log", async () => {
    await freshStep(page);
    // An admin and a member in two browsers, from the empty form to the member's log: 12-24 s
    // depending on the machine's load, too close to the default 30 s.
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
  await test.step("a member marks a won item used, once", async () => {
    await freshStep(page);
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
  await test.step("the reveal animates, and not for people who ask for reduced motion", async () => {
    await freshStep(page);
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
  await test.step("goals reached at import pop up once, oldest first, text as text; a reload shows nothing", async () => {
    await freshStep(page);
    const member = await login();
    const [n1, n2] = await crossTwoGoals(db, member.id);

    await page.setViewportSize({ width: 1280, height: 800 });
    await visit(page, "/users/cb_marathon");
    const modal = page.getByTestId("marathon-goal-modal");
    await expect(modal).toBeVisible();
    await expect(modal).toContainText(`ゴール ${n1}`);
    const text = modal.getByTestId("marathon-goal-text");
    // The markup is shown as typed, the marker is a line break.
    await expect(text).toHaveText(`${XSS}おめでとうゴール達成`);
    expect(await text.innerHTML()).toContain("&lt;img");
    expect(await text.locator("br").count()).toBe(1);
    expect(await text.locator("img").count()).toBe(0);
    expect(
      await page.evaluate(() => (window as unknown as { __xss?: number }).__xss),
    ).toBeUndefined();
    await expect(modal).toContainText("¥500");
    await shoot(page, "marathon-modal-1280");
    await page.setViewportSize({ width: 375, height: 812 });
    await shoot(page, "marathon-modal-375");
    await page.setViewportSize({ width: 1280, height: 800 });

    await modal.getByRole("button", { name: "閉じる" }).click();
    await expect(modal).toContainText(`ゴール ${n2}`);
    await expect(modal.getByTestId("marathon-goal-text")).toHaveText("Second goal");
    await modal.getByRole("button", { name: "閉じる" }).click();
    await expect(modal).toBeHidden();

    // Shown once: both rows are marked, and a reload shows nothing.
    await expect
      .poll(async () =>
        (
          await db.kysely
            .selectFrom("marathons")
            .select("is_modal")
            .where("uid", "=", member.id)
            .execute()
        ).map((r) => r.is_modal),
      )
      .toEqual([1, 1]);
    await reload(page);
    await page.waitForLoadState("networkidle");
    await expect(page.getByTestId("marathon-goal-modal")).toHaveCount(0);

    // The progress page (the marathon was stopped after the import, so it is not listed).
    await expect(page.getByRole("heading", { name: "キャッシュバックマラソン" })).toBeVisible();
  });
  await test.step("a goal that cannot be marked shown logs a warning and shows again on the next load", async () => {
    await freshStep(page);
    const member = await login();
    await crossTwoGoals(db, member.id);
    const warnings = await failDialogMarks(page, problems);
    await visit(page, "/users/cb_marathon");
    await expect(page.getByTestId("marathon-goal-modal")).toBeVisible();
    await expect
      .poll(() => warnings.some((w) => w.includes("could not be marked shown")))
      .toBe(true);
    // Nothing was marked shown, so the goals are still owed to the member.
    const shown = () =>
      db.kysely.selectFrom("marathons").select("is_modal").where("uid", "=", member.id).execute();
    expect((await shown()).map((r) => r.is_modal)).toEqual([0, 0]);
    await page.unroute(/\/dialogs$/);
    await reload(page);
    await expect(page.getByTestId("marathon-goal-modal")).toBeVisible();
    await expect.poll(async () => (await shown()).map((r) => r.is_modal).sort()).toEqual([0, 1]);
  });
  await test.step("marathon pages at 1280 and 375 px", async () => {
    await freshStep(page);
    const member = await login();
    const admin = await adminId(db);
    const code = `S${newId().slice(-7)}`;
    const broker = await createBroker(db, code, `Shot ${code}`);
    const account = String(100000 + Math.floor(Math.random() * 899999));
    await createAccount(db, member.id, broker, account);
    const n = (await adminList(db)).nextNumber;
    const { id } = await createMarathon(db, admin, {
      course: "general",
      title: "2026年 冬のキャッシュバックマラソン",
      startsOn: "2026-11-01",
      endsOn: "2099-12-31",
      goals: [
        { marathonNumber: n, threshold: 10_000, reward: 1_000, modalText: "ゴール1達成！" },
        { marathonNumber: n + 1, threshold: 50_000, reward: 5_000, modalText: "ゴール2達成！" },
        { marathonNumber: n + 2, threshold: 100_000, reward: 15_000, modalText: "ゴール3達成！" },
      ],
    });
    try {
      await creditReport(db, admin, {
        fileName: "shot.csv",
        lines: [REPORT_HEADER, `2026-11-03,${code},${account},1,32000,JPY,s1`],
      });
      // The modal for goal 1 is tested above; here it is out of the way.
      await db.kysely
        .updateTable("marathons")
        .set({ is_modal: 1 })
        .where("uid", "=", member.id)
        .execute();
      await atEachSize(page, async (_size, { width: w }) => {
        await visit(page, "/users/cb_marathon");
        await expect(page.getByTestId(`goal-${n}`)).toContainText("達成");
        await expect(page.getByTestId("marathon").filter({ hasText: "冬の" })).toContainText(
          "¥32,000",
        );
        await shoot(page, `marathon-member-${w}`);
        await visit(page, "/users/cb_marathon/axi");
        await shoot(page, `marathon-axi-${w}`);
      });
      await login("admin");
      await atEachSize(page, async (_size, { width: w }) => {
        await visit(page, "/admin/cb_marathon");
        await expect(
          page.getByRole("heading", { name: "2026年 冬のキャッシュバックマラソン" }),
        ).toBeVisible();
        await shoot(page, `marathon-admin-${w}`);
      });
    } finally {
      await setActive(db, admin, id, false);
    }
  });
});
