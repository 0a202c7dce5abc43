import type { Db } from "#db";
import { newId } from "#db/id";
import { adminList, createMarathon, setActive } from "#server/features/marathon/service";
import { createAccount, createBroker, creditReport, REPORT_HEADER } from "../helpers/cashback";
import { expect, failDialogMarks, insertUser, reload, test, visit } from "./fixtures";
import { shooterFor, atEachSize } from "./shots";

/**
 * The cashback marathon in the browser: a member whose imported cashback crossed two goals sees
 * the goal modal after the page content, oldest goal first, its text as text (markup shown as
 * typed, line-break markers as line breaks), closes it with 閉じる, and never sees it again
 * after a reload. A failed fetch shows nothing. Screenshots (1280 and 375 px) land in
 * test-results/screenshots.
 *
 * The marathon is stopped once the import has run, so other tests' imports never reach it.
 */
test.describe.configure({ mode: "default" });

const DIR = "test-results/screenshots";
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

const shoot = shooterFor(DIR);

test("goals reached at import pop up once, oldest first, text as text; a reload shows nothing", async ({
  page,
  db,
  login,
}) => {
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

test("a goal that cannot be marked shown logs a warning and shows again on the next load", async ({
  page,
  db,
  login,
  problems,
}) => {
  const member = await login();
  await crossTwoGoals(db, member.id);
  const warnings = await failDialogMarks(page, problems);
  await visit(page, "/users/cb_marathon");
  await expect(page.getByTestId("marathon-goal-modal")).toBeVisible();
  await expect.poll(() => warnings.some((w) => w.includes("could not be marked shown"))).toBe(true);
  // Nothing was marked shown, so the goals are still owed to the member.
  const shown = () =>
    db.kysely.selectFrom("marathons").select("is_modal").where("uid", "=", member.id).execute();
  expect((await shown()).map((r) => r.is_modal)).toEqual([0, 0]);
  await page.unroute(/\/dialogs$/);
  await reload(page);
  await expect(page.getByTestId("marathon-goal-modal")).toBeVisible();
  await expect.poll(async () => (await shown()).map((r) => r.is_modal).sort()).toEqual([0, 1]);
});

test("marathon pages at 1280 and 375 px", async ({ page, db, login }) => {
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
