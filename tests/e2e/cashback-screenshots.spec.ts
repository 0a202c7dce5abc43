import type { Page } from "@playwright/test";
import type { Insertable } from "kysely";
import type { Db } from "../../db";
import type { ImportJobsTable } from "../../db/schema";
import { newId } from "../../db/id";
import { DEMO_MEMBER } from "../../db/seed";
import { toDbTime } from "../../db/time";
import { previewImport } from "../../server/features/cashback/preview";
import { createLogger } from "../../server/logger";
import { createAccount, createBroker } from "../helpers/cashback";
import { signInByEmail, test, userIdByEmail, visit } from "./fixtures";
import { atEachSize, languageCookie, SHOT_LANGUAGES, shooterFor } from "./shots";

/**
 * Screenshots of the cashback screens for a person to look at (not compared against anything),
 * at 1280 and 375 px, ja and en: the member's dashboard and cashback page (the seeded demo
 * member, whose history comes from the seed's demo import) and an admin's import batch page.
 * Opt in with `SCREENSHOTS=1 scripts/e2e-local.sh tests/e2e/cashback-screenshots.spec.ts`;
 * they land in test-results/screenshots.
 */
const DIR = "test-results/screenshots";
const shoot = shooterFor(DIR);

/** Waits for the chart, which is drawn in the browser after hydration. */
async function chartDrawn(page: Page) {
  await page.locator("svg.recharts-surface").first().waitFor();
}

/**
 * Puts the batch in `status` with a commit job that another process took (its one attempt), at
 * the stage `job` describes: the batch page shows a batch's latest job.
 */
async function commitHeldElsewhere(
  db: Db,
  batchId: string,
  status: "committing" | "committed",
  adminId: string,
  job: Pick<
    Insertable<ImportJobsTable>,
    | "state"
    | "rows_total"
    | "rows_done"
    | "lease_until"
    | "error"
    | "created_at"
    | "started_at"
    | "heartbeat_at"
    | "finished_at"
  >,
) {
  await db.kysely.updateTable("import_batches").set({ status }).where("id", "=", batchId).execute();
  await db.kysely
    .insertInto("import_jobs")
    .values({
      id: newId(),
      batch_id: batchId,
      kind: "commit",
      attempts: 1,
      lease_owner: "screenshot-elsewhere",
      created_by: adminId,
      ...job,
    })
    .execute();
}

for (const lng of SHOT_LANGUAGES) {
  test(`member cashback screens (${lng})`, async ({ page, context, db }) => {
    await context.clearCookies();
    await signInByEmail(context, db, DEMO_MEMBER.email);
    await languageCookie(context, lng);
    await atEachSize(page, async (size) => {
      await visit(page, "/users");
      // The dashboard's compact report is plain bars, drawn on the server.
      await page.getByTestId("mini-bar").first().waitFor();
      await shoot(page, `cashback-dashboard-${size}-${lng}`);
      await visit(page, "/users/cashback");
      await chartDrawn(page);
      await shoot(page, `cashback-member-${size}-${lng}`);
      // The chart alone, to read its labels at full size.
      await page
        .getByTestId("monthly-chart")
        .screenshot({ path: `${DIR}/cashback-chart-${size}-${lng}.png`, animations: "disabled" });
    });
  });

  test(`admin cashback screens (${lng})`, async ({ page, context, db, login }) => {
    const admin = await login("admin");
    await languageCookie(context, lng);
    const tag = newId().slice(-5).toLowerCase();
    const brokerId = await createBroker(db, `shot${tag}`, `Shot FX ${tag.toUpperCase()}`);
    const memberId = await userIdByEmail(db, DEMO_MEMBER.email);
    const account = `8${tag.replace(/\D/g, "7").padEnd(5, "1")}`;
    await createAccount(db, memberId, brokerId, account);
    const today = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
    const report = [
      "trade_date,broker,account,lots,amount,currency,row_key",
      `${today},shot${tag},${account},1.25,1800,JPY,a1`,
      `${today},shot${tag},${account},3,21.75,USD,a2`,
      `${today},shot${tag},999999,0.5,700,JPY,a3`,
      `${today},shot${tag},${account},1.25,1800,JPY,a1`,
      `2026-02-30,shot${tag},${account},1,500,JPY,a4`,
      `${today},unknown-broker,${account},1,500,JPY,a5`,
      `${today},shot${tag},${account},1,-300,JPY,a6`,
      `${today},shot${tag},${account},1,12,EUR,a7`,
    ].join("\n");
    const preview = await previewImport({ db, log: createLogger({ level: "silent" }) }, admin.id, {
      fileName: `rebate-report-${today}-${tag}.csv`,
      content: Buffer.from(report),
      usdRate: "151.25",
    });
    // A second batch whose crediting job is part-way through a million-row report, its lease
    // held by a worker elsewhere for the next hour, so this server's worker leaves it alone.
    const running = await previewImport({ db, log: createLogger({ level: "silent" }) }, admin.id, {
      fileName: `rebate-report-${today}-${tag}-million.csv`,
      content: Buffer.from(report),
      usdRate: "151.25",
    });
    // A third whose job failed part-way: the reason, and the re-run that finishes it.
    const failed = await previewImport({ db, log: createLogger({ level: "silent" }) }, admin.id, {
      fileName: `rebate-report-${today}-${tag}-failed.csv`,
      content: Buffer.from(report),
      usdRate: "151.25",
    });
    // The previews ran as jobs too; the page shows a batch's latest job, so only the commit
    // jobs set up below are left for these two batches.
    await db.kysely
      .deleteFrom("import_jobs")
      .where("batch_id", "in", [running.batchId, failed.batchId])
      .execute();
    const now = Date.now();
    const at = (msAgo: number) => toDbTime(new Date(now - msAgo));
    await commitHeldElsewhere(db, running.batchId, "committing", admin.id, {
      state: "running",
      rows_total: 1_000_000,
      rows_done: 415_000,
      lease_until: toDbTime(new Date(now + 3600_000)),
      error: null,
      created_at: at(100_000),
      started_at: at(100_000),
      heartbeat_at: at(0),
      finished_at: null,
    });
    await commitHeldElsewhere(db, failed.batchId, "committed", admin.id, {
      state: "failed",
      rows_total: 2,
      rows_done: 0,
      lease_until: null,
      error: "import.jobFailed",
      created_at: at(5_000),
      started_at: at(5_000),
      heartbeat_at: at(4_000),
      finished_at: at(4_000),
    });
    await atEachSize(page, async (size) => {
      await visit(page, `/admin/update/${failed.batchId}`);
      await page.getByTestId("job-failed").waitFor();
      await page.getByTestId("rerun").waitFor();
      await shoot(page, `cashback-job-failed-${size}-${lng}`);
      await visit(page, `/admin/update/${running.batchId}`);
      await page.getByTestId("job-figures").waitFor();
      await shoot(page, `cashback-job-running-${size}-${lng}`);
      await visit(page, `/admin/update/${preview.batchId}`);
      await shoot(page, `cashback-batch-${size}-${lng}`);
      await visit(page, "/admin/update");
      await shoot(page, `cashback-update-${size}-${lng}`);
      await visit(page, "/admin");
      await shoot(page, `cashback-admin-home-${size}-${lng}`);
      await visit(page, "/admin/cashback");
      await shoot(page, `cashback-admin-list-${size}-${lng}`);
    });
  });
}
