import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importJobs } from "#server/metrics";
import { createLogger } from "#server/logger";
import { localStorage } from "#server/storage";
import { startImportThread } from "#server/import-threads";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { callerFor, createUser } from "../helpers/fixtures";
import { createAccount, createBroker, report } from "../helpers/cashback";
import { walletOf } from "../helpers/money";

const t = fileDatabase({ ledgerMustBalance: true });

// The thread runs the bundled import-thread.js in production: the test bundles it the same way
// (a worker thread cannot load TypeScript), beside the project's node_modules.
const ROOT = path.resolve(import.meta.dirname, "../..");
const bundled = path.join(ROOT, "build", `import-thread.test-${process.pid}.mjs`);
beforeAll(async () => {
  await build({
    entryPoints: [path.join(ROOT, "server/import-thread.ts")],
    outfile: bundled,
    bundle: true,
    platform: "node",
    format: "esm",
    packages: "external",
    define: { __PORTAL_BUILD_VERSION__: '"test"', __PORTAL_BUILD_COMMIT__: '""' },
    logLevel: "error",
  });
}, 60_000);
afterAll(() => rmSync(bundled, { force: true }));

/** Polls `check` until it holds, or fails after `ms` saying what it waited for. */
async function until<T>(what: string, check: () => Promise<T | undefined>, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function endedJobs(kind: string) {
  const metric = await importJobs.get();
  return metric.values
    .filter((v) => v.labels.kind === kind && v.labels.outcome === "done")
    .reduce((sum, v) => sum + v.value, 0);
}

describe(`the import thread on ${testEngine}`, () => {
  it("previews and credits an uploaded report off the web thread, and the web thread counts its jobs", async () => {
    const uploads = mkdtempSync(path.join(tmpdir(), "portal-thread-uploads-"));
    const storage = localStorage(uploads);
    const adminId = (await createUser(t.db, { permission: "admin" })).id;
    const admin = await callerFor(t.db, adminId, { storage });
    const broker = await createBroker(t.db, "XM", "XMTrading");
    const member = await createUser(t.db);
    await createAccount(t.db, member.id, broker, "8810001");
    const lines = Array.from(
      { length: 30 },
      (_, i) => `2026-06-0${1 + (i % 9)},XM,8810001,1,100,JPY,thread-${i}`,
    );
    const previewsBefore = await endedJobs("preview");

    const location = t.location;
    const thread = startImportThread(pathToFileURL(bundled), createLogger({ level: "silent" }), {
      env: {
        ...process.env,
        ...("databaseUrl" in location
          ? { DATABASE_URL: location.databaseUrl }
          : { SQLITE_PATH: location.sqlitePath, DATABASE_URL: "" }),
        UPLOAD_DIR: uploads,
        LOG_LEVEL: "silent",
      },
    });
    try {
      const { batchId } = await admin.cashback.preview({
        fileName: "thread.csv",
        contentBase64: report(lines),
      });
      const previewed = await until("the thread to end the preview job", async () => {
        const batch = await t.db.kysely
          .selectFrom("import_batches")
          .select(["status", "rows_matched"])
          .where("id", "=", batchId)
          .executeTakeFirstOrThrow();
        return batch.status === "previewing" ? undefined : batch;
      });
      expect(previewed).toMatchObject({ status: "previewed", rows_matched: 30 });
      // Nothing is credited by a preview.
      expect(await walletOf(t.db, member.id)).toEqual({ available: 0, held: 0 });
      await until("the web thread to count the thread's preview job", async () =>
        (await endedJobs("preview")) > previewsBefore ? true : undefined,
      );

      await admin.cashback.commit({ batchId });
      await until("the thread to credit the batch", async () => {
        const wallet = await walletOf(t.db, member.id);
        return wallet.available + wallet.held > 0 ? wallet : undefined;
      });
      expect(await walletOf(t.db, member.id)).toEqual({ available: 3000, held: 0 });
    } finally {
      await thread.stop();
    }
  }, 120_000);
});
