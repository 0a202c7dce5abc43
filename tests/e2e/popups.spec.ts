import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import type { Browser } from "@playwright/test";
import { createDb, type Db } from "#db";
import { newId } from "#db/id";
import { nowDb, toDbTime } from "#db/time";
import { expect, failDialogMarks, reload, test as base, userPage, visit } from "./fixtures";
import { HOUR, tokyoLocal } from "../helpers/form-values";
import { atEachSize } from "./shots";

/**
 * Popups in the browser: an admin creates a popup through the form (with an image and a
 * link); a member's next page load opens it in a dialog with its markup-looking text shown as
 * typed, 閉じる closes it and a reload does not show it again; an admin never gets popups; an
 * inactive or finished popup never opens.
 *
 * An active popup opens over every member's page load, so these checks would cover the pages
 * of every test running beside them: they run against a server of their own (the same build,
 * its own freshly seeded SQLite file and port), as the steps of one journey, one at a time.
 * Screenshots (1280 and 375 px) land in test-results/screenshots.
 */

interface OwnServer {
  origin: string;
  db: Db;
}

const test = base.extend<object, { own: OwnServer; db: Db }>({
  own: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const port = 3150 + workerInfo.workerIndex;
      const dir = `data/e2e-popups-${workerInfo.workerIndex}`;
      const origin = `http://localhost:${port}`;
      const env = {
        ...process.env,
        NODE_ENV: "production" as const,
        COOKIE_SECURE: "false",
        PORT: String(port),
        APP_ORIGIN: origin,
        SQLITE_PATH: `${dir}/portal.sqlite`,
        MAIL_TRANSPORT: "file",
        MAIL_DIR: `${dir}/mail`,
        UPLOAD_DIR: `${dir}/uploads`,
        LOG_LEVEL: "warn",
      };
      // A server an interrupted run left on this port would answer from a deleted database.
      const taken = await fetch(`${origin}/readyz`).then(
        () => true,
        () => false,
      );
      if (taken) throw new Error(`port ${port} is taken: stop the server an earlier run left`);
      rmSync(dir, { recursive: true, force: true });
      execFileSync("node", ["build/server/cli.js", "seed", "--demo"], { env, stdio: "ignore" });
      const server: ChildProcess = spawn("node", ["build/server/http.js"], {
        env,
        stdio: "ignore",
      });
      const db = createDb({ sqlitePath: env.SQLITE_PATH });
      try {
        // The demo popup stays out of the way: these tests make their own.
        await db.kysely.updateTable("popups").set({ active: 0 }).execute();
        const deadline = Date.now() + 30_000;
        for (;;) {
          const ready = await fetch(`${origin}/readyz`).then(
            (r) => r.ok,
            () => false,
          );
          if (ready) break;
          if (Date.now() > deadline)
            throw new Error(`the popups server on ${origin} did not start`);
          await new Promise((r) => setTimeout(r, 200));
        }
        await use({ origin, db });
      } finally {
        server.kill("SIGTERM");
        await db.destroy();
      }
    },
    // Seeding the demo takes 20 s on a quiet machine and over a minute on a loaded one: the
    // server's own setup gets its own deadline, not the first test's.
    { scope: "worker", timeout: 180_000 },
  ],
  // The fixtures' login writes sessions into this server's database.
  db: [
    async ({ own }, use) => {
      await use(own.db);
    },
    { scope: "worker" },
  ],
  baseURL: async ({ own }, use) => {
    await use(own.origin);
  },
});

const DIR = "test-results/screenshots";
const BODY = "<script>alert(1)</script><b>x</b>";

/** An admin signed in, in a browser context of their own, next to the member's page. */
function adminPage(browser: Browser, db: Db) {
  return userPage(browser, db, {
    emailPrefix: "pa",
    name: "Popup Admin",
    nickname: `pa${newId().slice(-8)}`,
    permission: "admin",
  });
}

/**
 * A popup written straight into the database, titled `<title> <its id>`: active and open from
 * an hour ago to an hour ahead unless `when` says otherwise (times in ms).
 */
async function insertPopup(
  db: Db,
  title: string,
  body: string,
  when: { active?: 0 | 1; start?: number; end?: number } = {},
): Promise<string> {
  const id = newId();
  await db.kysely
    .insertInto("popups")
    .values({
      id,
      title: `${title} ${id}`,
      body,
      image_key: null,
      link_url: null,
      starts_at: toDbTime(new Date(when.start ?? Date.now() - HOUR)),
      ends_at: toDbTime(new Date(when.end ?? Date.now() + HOUR)),
      active: when.active ?? 1,
      created_by: null,
      created_at: nowDb(),
      updated_at: nowDb(),
    })
    .execute();
  return id;
}

test("popups: an admin's popup opens once; an inactive, finished or unmarked one; after a goal", async ({
  page,
  db,
  login,
  browser,
  problems,
}) => {
  // Four former tests, one after the other (an active popup covers every page load): about a
  // minute each on a slow machine.
  test.setTimeout(240_000);
  await test.step("an admin's popup opens once for a member, its text as typed; closed, a reload shows nothing", async () => {
    const tag = newId().slice(-6);
    const title = `お知らせ ${tag}`;
    const admin = await adminPage(browser, db);
    const ap = admin.page;
    let popupId: string | null = null;
    try {
      await visit(ap, "/admin/popups");
      await ap.getByTestId("popup-create").click();
      await expect(ap).toHaveURL(/\/admin\/popups\/create$/);
      // A javascript: link is refused, and what was typed stays.
      await ap.getByLabel("タイトル（日本語）").fill(title);
      await ap.getByLabel("本文（日本語）").fill(BODY);
      await ap.getByLabel("リンクURL").fill("javascript:alert(1)");
      await ap.getByLabel("開始日時").fill(tokyoLocal(-HOUR));
      await ap.getByLabel("終了日時").fill(tokyoLocal(2 * HOUR));
      await ap
        .getByLabel("画像", { exact: true })
        .setInputFiles("tests/fixtures/images/avatar.png");
      await ap.getByRole("button", { name: "ポップアップを作成" }).click();
      await expect(ap.getByTestId("error-linkUrl")).toHaveText(
        "http:// または https:// で始まるURLを入力してください",
      );
      await expect(ap.getByLabel("本文（日本語）")).toHaveValue(BODY);
      await ap.setViewportSize({ width: 375, height: 812 });
      await ap.screenshot({ path: `${DIR}/popup-admin-form-375.png`, fullPage: true });
      await ap.setViewportSize({ width: 1280, height: 800 });

      await ap.getByLabel("リンクURL").fill("https://example.com/campaign");
      await ap
        .getByLabel("画像", { exact: true })
        .setInputFiles("tests/fixtures/images/avatar.png");
      await ap.getByRole("button", { name: "ポップアップを作成" }).click();
      await expect(ap.getByTestId("popup-notice")).toHaveText("ポップアップを作成しました。");
      popupId = ap.url().match(/\/admin\/popups\/([0-9A-Za-z]+)/)?.[1] ?? null;
      expect(popupId).not.toBeNull();
      await expect(ap.getByTestId("popup-state")).toHaveText("表示中");
      await ap.screenshot({ path: `${DIR}/popup-admin-edit-1280.png`, fullPage: true });

      // An admin's own page loads never open popups.
      await visit(ap, "/admin");
      await visit(ap, "/admin/popups");
      await expect(ap.getByTestId("popup-dialog")).toHaveCount(0);
      await expect(ap.getByTestId("admin-popups")).toContainText(title);
      await atEachSize(ap, async (_size, { width: w }) => {
        await ap.screenshot({ path: `${DIR}/popup-admin-list-${w}.png`, fullPage: true });
      });

      // The member's next page load: the dialog, its text literally, the link safe.
      await login();
      await visit(page, "/users");
      const dialog = page.getByTestId("popup-dialog");
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("heading", { name: title })).toBeVisible();
      const body = dialog.getByTestId("popup-body");
      await expect(body).toHaveText(BODY);
      expect(await body.innerHTML()).toContain("&lt;script&gt;");
      expect(await body.locator("b, script").count()).toBe(0);
      const link = dialog.getByTestId("popup-link");
      await expect(link).toHaveAttribute("href", "https://example.com/campaign");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(dialog.locator("img")).toHaveAttribute(
        "src",
        /^\/media\/popups\/[0-9a-f]{32}\.png$/,
      );
      // Keyboard: focus starts on 閉じる, inside the dialog.
      await expect(dialog.getByRole("button", { name: "閉じる" })).toBeFocused();
      await page.screenshot({ path: `${DIR}/popup-dialog-1280.png`, animations: "disabled" });
      await page.setViewportSize({ width: 375, height: 812 });
      await page.screenshot({ path: `${DIR}/popup-dialog-375.png`, animations: "disabled" });
      await page.setViewportSize({ width: 1280, height: 800 });

      await dialog.getByRole("button", { name: "閉じる" }).click();
      await expect(dialog).toBeHidden();
      await reload(page);
      await visit(page, "/users/cashback-battle");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByTestId("popup-dialog")).toHaveCount(0);

      // The admin sees that one member was shown it.
      await visit(ap, `/admin/popups/${popupId}`);
      await expect(ap.getByText("1名")).toBeVisible();
      await ap.getByRole("button", { name: "無効にする" }).click();
      await expect(ap.getByTestId("popup-notice")).toHaveText("ポップアップを無効にしました。");
      await expect(ap.getByTestId("popup-state")).toHaveText("無効");
    } finally {
      if (popupId) {
        await db.kysely
          .updateTable("popups")
          .set({ active: 0 })
          .where("id", "=", popupId)
          .execute();
      }
      await admin.context.close();
    }
  });

  await test.step("an inactive or finished popup never opens", async () => {
    const now = Date.now();
    const ids: string[] = [];
    for (const [active, start, end] of [
      [0, now - HOUR, now + HOUR],
      [1, now - 2 * HOUR, now - HOUR],
      [1, now + HOUR, now + 2 * HOUR],
    ] as const) {
      ids.push(await insertPopup(db, "never", "never", { active, start, end }));
    }
    try {
      await login();
      await visit(page, "/users");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      // Give the fetch time to answer; nothing opens.
      await page.waitForLoadState("networkidle");
      await expect(page.getByTestId("popup-dialog")).toHaveCount(0);
    } finally {
      await db.kysely.updateTable("popups").set({ active: 0 }).where("id", "in", ids).execute();
    }
  });

  await test.step("a popup that cannot be marked seen logs a warning and shows again on the next load", async () => {
    const id = await insertPopup(db, "unmarked", "shown until marked");
    try {
      const warnings = await failDialogMarks(page, problems);
      const member = await login();
      await visit(page, "/users");
      await expect(page.getByTestId("popup-dialog")).toBeVisible();
      await expect
        .poll(() => warnings.some((w) => w.includes("popup could not be marked seen")))
        .toBe(true);
      const seen = () =>
        db.kysely
          .selectFrom("popup_views")
          .select("popup_id")
          .where("user_id", "=", member.id)
          .execute();
      expect(await seen()).toEqual([]);
      // Not marked seen: the next page load shows it again, and this time it counts.
      await page.unroute(/\/dialogs$/);
      await reload(page);
      await expect(page.getByTestId("popup-dialog")).toBeVisible();
      await expect.poll(async () => (await seen()).map((r) => r.popup_id)).toEqual([id]);
    } finally {
      await db.kysely.updateTable("popups").set({ active: 0 }).where("id", "=", id).execute();
    }
  });

  await test.step("a reached marathon goal shows first, alone; the popup waits for the next page load", async () => {
    const member = await login();
    const now = nowDb();
    const marathonId = newId();
    const goalId = newId();
    const number = 900_000 + Math.floor(Math.random() * 99_999);
    await db.kysely
      .insertInto("cb_marathons")
      .values({
        id: marathonId,
        course: "general",
        title: "Popup order marathon",
        starts_on: "2026-01-01",
        ends_on: null,
        active: 0,
        created_by: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db.kysely
      .insertInto("cb_marathon_goals")
      .values({
        id: goalId,
        marathon_id: marathonId,
        marathon_number: number,
        threshold: 1,
        reward: 0,
        modal_text: "Goal first",
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db.kysely
      .insertInto("marathons")
      .values({
        id: `${member.id}_${number}`,
        uid: member.id,
        marathon_number: number,
        goal_id: goalId,
        reward: 0,
        modal_text: "Goal first",
        is_modal: 0,
        ledger_tx_id: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const popupId = await insertPopup(db, "after the goal", "second");
    try {
      await visit(page, "/users");
      const goal = page.getByTestId("marathon-goal-modal");
      await expect(goal).toBeVisible();
      await page.waitForLoadState("networkidle");
      await expect(page.getByTestId("popup-dialog")).toHaveCount(0);
      await goal.getByRole("button", { name: "閉じる" }).click();
      await expect(goal).toBeHidden();
      await expect(page.getByTestId("popup-dialog")).toHaveCount(0);

      await reload(page);
      const popup = page.getByTestId("popup-dialog");
      await expect(popup).toBeVisible();
      await expect(popup).toContainText(`after the goal ${popupId}`);
      await expect(goal).toHaveCount(0);
    } finally {
      await db.kysely.updateTable("popups").set({ active: 0 }).where("id", "=", popupId).execute();
    }
  });
});
