import { newId } from "#db/id";
import { adminList, setActive } from "#server/features/marathon/service";
import { expect, insertUser, signInUser, test, visit } from "./fixtures";
import { shooterFor } from "./shots";

/**
 * The admin's marathon editor: goals as rows with a live preview of the member's popup, a row
 * added from the keyboard, a refused row named in place, then the marathon saved and edited.
 * Its marathons start in 2099, so no member qualifies and other tests' imports never reach them.
 */
test.describe.configure({ mode: "default" });

/**
 * Goal numbers are unique across marathons, and other specs create marathons in parallel from
 * the "next free" number too: each test takes numbers of its own, far from theirs, so a
 * neighbour saving first cannot refuse this test's save (it did, once in CI).
 */
const ownGoalNumber = () => 500_000 + Math.floor(Math.random() * 400_000);
const shoot = shooterFor("test-results/screenshots");

test("the admin adds goal rows, sees the popup preview, gets a bad row refused in place, saves and edits", async ({
  page,
  db,
  login,
  problems,
}) => {
  // The refused save answers 400, as forms here do.
  problems.allow(/\/admin\/cb_marathon/);
  const admin = await login("admin");
  const title = `Editor marathon ${newId().slice(-6)}`;
  await visit(page, "/admin/cb_marathon");
  const editor = page.getByTestId("marathon-editor");
  await editor.getByLabel("タイトル", { exact: true }).fill(title);
  await editor.getByLabel("タイトル（英語・任意）").fill(`${title} (en)`);
  // The start day is left for later: the refused save below must check it too.
  const rows = editor.getByTestId("goal-row");
  const first = rows.nth(0);
  await first.getByLabel("番号").fill(String(ownGoalNumber()));
  await first.getByLabel("目標（累計キャッシュバック・円）").fill("10,000");
  await first.getByLabel("報酬（円）").fill("1000");
  await first
    .getByLabel("ポップアップ文言（日本語）")
    .fill("おめでとうございます！\nゴール達成です");
  // The preview is the member's popup, line breaks and reward included, as it is typed.
  const preview = first.getByTestId("goal-preview");
  await expect(preview.getByTestId("marathon-goal-text")).toHaveText(
    "おめでとうございます！ゴール達成です",
  );
  await expect(preview.locator("br")).toHaveCount(1);
  await expect(preview).toContainText("¥1,000");
  await expect(preview).not.toContainText("プレビュー（英語）");

  // Add a row from the keyboard: focus lands in the new row, its number already offered.
  await editor.getByRole("button", { name: "ゴールを追加" }).focus();
  await page.keyboard.press("Enter");
  await expect(rows).toHaveCount(2);
  const second = rows.nth(1);
  await expect(second.getByLabel("番号")).toBeFocused();
  const n = Number(await first.getByLabel("番号").inputValue());
  await expect(second.getByLabel("番号")).toHaveValue(String(n + 1));
  await second.getByLabel("目標（累計キャッシュバック・円）").fill("5000");
  await second.getByLabel("報酬（円）").fill("0");
  await second.getByLabel("ポップアップ文言（日本語）").fill("二つ目");
  await second.getByLabel("ポップアップ文言（英語・任意）").fill("Second goal");
  await expect(second.getByTestId("goal-preview")).toContainText("Second goal");

  // A target below the row above is refused on that row, and nothing is saved.
  await editor.getByRole("button", { name: "作成する" }).click();
  await expect(page.getByTestId("rows-error")).toHaveText("1件のゴールに入力の誤りがあります。");
  // The reason takes focus and is in view, not the button pressed at the bottom of the rows.
  await expect(page.getByTestId("editor-refusal")).toBeFocused();
  await expect(page.getByTestId("rows-error")).toBeInViewport();
  // What the admin sees at once after the refused save.
  await shoot(page, "marathon-editor-refused-ja-1280", false);
  await expect(rows.nth(1).getByTestId("error-goals[1].threshold")).toHaveText(
    "目標は前のゴールより大きくしてください",
  );
  await expect(rows.nth(0).getByTestId("error-goals[0].threshold")).toHaveCount(0);
  expect((await adminList(db)).marathons.some((m) => m.title === title)).toBe(false);

  // The save checked every field, not only those left so far (the start day was never touched).
  await expect(editor.getByTestId("error-startsOn")).toHaveText("日付が正しくありません");
  await editor.getByLabel("開始日").fill("2099-01-01");
  await rows.nth(1).getByLabel("目標（累計キャッシュバック・円）").fill("20,000");
  await editor.getByRole("button", { name: "作成する" }).click();
  await expect(page.getByTestId("marathon-notice")).toHaveText("マラソンを作成しました。");
  const card = page.getByTestId("admin-marathon").filter({ hasText: title });
  await expect(card).toContainText("¥20,000");
  await expect(card).toContainText("Second goal");

  // Edit: the rows come back; removing the second one and saving keeps the first.
  await card.getByRole("link", { name: "編集" }).click();
  await expect(page.getByRole("heading", { name: `「${title}」を編集` })).toBeVisible();
  await expect(rows).toHaveCount(2);
  await rows.nth(1).getByRole("button", { name: "ゴール 2 を削除" }).click();
  await expect(rows).toHaveCount(1);
  await editor.getByRole("button", { name: "保存する" }).click();
  await expect(page.getByTestId("marathon-notice")).toHaveText("マラソンを保存しました。");
  const saved = (await adminList(db)).marathons.find((m) => m.title === title)!;
  expect(saved.goals.map((g) => g.threshold)).toEqual([10_000]);
  await setActive(db, admin.id, saved.id, false);
});

test("a save pressed straight from a goal's text checks every field, the reason in view", async ({
  page,
  login,
  problems,
}) => {
  problems.allow(/\/admin\/cb_marathon/);
  await login("admin");
  await visit(page, "/admin/cb_marathon");
  const editor = page.getByTestId("marathon-editor");
  const rows = editor.getByTestId("goal-row");
  await rows.nth(0).getByLabel("目標（累計キャッシュバック・円）").fill("10000");
  await rows.nth(0).getByLabel("ポップアップ文言（日本語）").fill("一つ目");
  await editor.getByRole("button", { name: "ゴールを追加" }).click();
  await rows.nth(1).getByLabel("目標（累計キャッシュバック・円）").fill("5000");
  await rows.nth(1).getByLabel("報酬（円）").fill("0");
  await rows.nth(1).getByLabel("ポップアップ文言（日本語）").fill("二つ目");
  // Leaving the text checks it (conform submits with its own intent): that is not a refused
  // save, so the summary must not take focus and scroll the save button from under the click.
  await editor.getByRole("button", { name: "作成する" }).click();
  await expect(editor.getByTestId("error-title")).toHaveText("入力してください");
  await expect(rows.nth(0).getByTestId("error-goals[0].reward")).toHaveText("入力してください");
  await expect(page.getByTestId("rows-error")).toHaveText("2件のゴールに入力の誤りがあります。");
  await expect(page.getByTestId("editor-refusal")).toBeFocused();
  await expect(page.getByTestId("rows-error")).toBeInViewport();
});

test("without JavaScript, a row is added by the server and the form still saves", async ({
  browser,
  db,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const admin = await insertUser(db, { permission: "admin", nickname: `nj${newId().slice(-8)}` });
  await signInUser(context, db, admin.id);
  await page.goto("/admin/cb_marathon");
  const editor = page.getByTestId("marathon-editor");
  const title = `No-JS marathon ${newId().slice(-6)}`;
  await editor.getByLabel("タイトル", { exact: true }).fill(title);
  await editor.getByLabel("開始日").fill("2099-02-01");
  const rows = editor.getByTestId("goal-row");
  const own = ownGoalNumber();
  await rows.nth(0).getByLabel("番号").fill(String(own));
  await rows.nth(0).getByLabel("目標（累計キャッシュバック・円）").fill("3000");
  await rows.nth(0).getByLabel("報酬（円）").fill("100");
  await rows.nth(0).getByLabel("ポップアップ文言（日本語）").fill("一つ目");
  await editor.getByRole("button", { name: "ゴールを追加" }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).getByLabel("ポップアップ文言（日本語）")).toHaveValue("一つ目");
  await expect(editor.getByLabel("タイトル", { exact: true })).toHaveValue(title);
  // The server offers the next free number, which a parallel spec may be taking right now.
  await rows
    .nth(1)
    .getByLabel("番号")
    .fill(String(own + 1));
  await rows.nth(1).getByLabel("目標（累計キャッシュバック・円）").fill("2000");
  await rows.nth(1).getByLabel("報酬（円）").fill("200");
  await rows.nth(1).getByLabel("ポップアップ文言（日本語）").fill("二つ目");
  // A third row left blank (its number alone) is no goal; the server's refusal names the row
  // by its place on the page, every row sent coming back as typed.
  await editor.getByRole("button", { name: "ゴールを追加" }).click();
  await expect(rows).toHaveCount(3);
  await editor.getByRole("button", { name: "作成する" }).click();
  await expect(page.getByTestId("rows-error")).toHaveText("1件のゴールに入力の誤りがあります。");
  await expect(rows.nth(1).getByTestId("error-goals[1].threshold")).toHaveText(
    "目標は前のゴールより大きくしてください",
  );
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1).getByLabel("ポップアップ文言（日本語）")).toHaveValue("二つ目");
  await rows.nth(1).getByLabel("目標（累計キャッシュバック・円）").fill("6000");
  await editor.getByRole("button", { name: "作成する" }).click();
  await expect(page.getByTestId("marathon-notice")).toBeVisible();
  const saved = (await adminList(db)).marathons.find((m) => m.title === title)!;
  expect(saved.goals.map((g) => g.threshold)).toEqual([3_000, 6_000]);
  await setActive(db, admin.id, saved.id, false);
  await context.close();
});
