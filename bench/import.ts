/**
 * npm run bench:import — imports a broker report of 200,000 rows for 20,000 accounts into
 * MariaDB and compares its rate with a plain batched INSERT of the same rows into a bare table,
 * measured in the same run on the same server. Not a test: it prints figures.
 *
 *   BENCH_MYSQL_URL   server to use (default mysql://root@127.0.0.1:3306/test); a fresh schema
 *                     is created and dropped
 *   BENCH_ROWS        rows (default 200000), BENCH_ACCOUNTS accounts (default 20000); also
 *                     `npm run bench:import -- --rows N --accounts N`
 *   --engine sqlite   the embedded SQLite instead (a fresh file in a temporary directory); only
 *                     the plain INSERT baseline, the others are MariaDB's
 *
 * In the same run the same rows are imported again in a broker's own shape, read by an import
 * profile (decision 046: semicolons, day-first dates, decimal commas, a dollar IB commission)
 * and priced from a rate card whose rate is a percentage of the commission (decision 045), for
 * accounts at a second broker: the throughput of that import against the built-in shape's
 * (amount given) must not fall by more than 10 %. `--profile-first` runs it first (the import
 * run second finds twice the history in its tables).
 *
 * The report is written to a file and previewed as the web process does it: stored, then read
 * as a stream by the preview job. Rows are generated as they are written, so the process's peak
 * memory (printed) is the import's: `--rows 1000000` must stay under 500 MB.
 *
 * It also times the same rows inserted into a bare copy of the cashback history table (its
 * indexes, no foreign keys): what writing the history alone costs, before any preview,
 * ledger or summary; and likewise into copies of the staging table and the daily summary, the
 * other two tables every report row is written to. The three together are a floor under the
 * import's time, and so a ceiling on its ratio.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { createConnection } from "mysql2/promise";
import { createDb } from "#db";
import { migrateToLatest } from "#db/migrate";
import { nowDb } from "#db/time";
import { commitImport } from "#server/features/cashback/jobs";
import { previewResult, queuePreview } from "#server/features/cashback/preview";
import { runJobNow } from "#server/features/cashback/worker";
import { localStorage } from "#server/storage";
import { checkLedger } from "#server/ledger";
import { createLogger } from "#server/logger";
import { reportRows, seedBench, writeReports } from "./import-data";
import { measureFloors } from "./import-floors";

/** `--name value` from the command line, else the environment variable, else the default. */
function setting(name: string, env: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return Number((at >= 0 ? process.argv[at + 1] : undefined) ?? process.env[env] ?? fallback);
}
const ROWS = setting("rows", "BENCH_ROWS", 200_000);
const ACCOUNTS = setting("accounts", "BENCH_ACCOUNTS", 20_000);
const base = process.env.BENCH_MYSQL_URL ?? "mysql://root@127.0.0.1:3306/test";
const engineAt = process.argv.indexOf("--engine");
const SQLITE = engineAt >= 0 && process.argv[engineAt + 1] === "sqlite";
const PROFILE_FIRST = process.argv.includes("--profile-first");

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const peakMb = () => Math.round(process.resourceUsage().maxRSS / 1024);

async function main() {
  const schema = `bench_import_${randomBytes(4).toString("hex")}`;
  const work = mkdtempSync(path.join(tmpdir(), "bench-import-"));
  const admin = SQLITE ? null : await createConnection(base);
  const url = new URL(base);
  url.pathname = `/${schema}`;
  if (admin)
    await admin.query(`create database \`${schema}\` character set utf8mb4 collate utf8mb4_bin`);
  const db = SQLITE
    ? createDb({ sqlitePath: path.join(work, "bench.sqlite") })
    : createDb({ databaseUrl: url.toString(), poolSize: 4 });
  const log = createLogger({ level: "silent" });
  const storage = localStorage(path.join(work, "uploads"));
  try {
    await migrateToLatest(db);
    const now = nowDb();
    const { brokerId, adminId, accounts, profileId } = await seedBench(db, ACCOUNTS, now);
    const { recordOf, slices } = reportRows(accounts, ROWS);
    const { reportFile, profileFile } = writeReports(work, slices);
    const { plainSeconds, historySeconds, loadSeconds, stagingSeconds, dailySeconds } =
      await measureFloors(db, {
        sqlite: SQLITE,
        url: url.toString(),
        now,
        brokerId,
        accounts,
        recordOf,
        slices,
      });

    // As the web process: the upload stored, its preview job run by a worker reading the file.
    const deps = { db, log, storage };
    const timedImport = async (file: string, profile: string | undefined) => {
      const before = peakMb();
      const previewStart = performance.now();
      const queued = await queuePreview(deps, adminId, {
        fileName: path.basename(file),
        content: readFileSync(file),
        usdRate: "150",
        profileId: profile,
      });
      const outcome = await runJobNow(deps, queued.jobId);
      if (outcome !== "done") throw new Error(`preview job ${outcome}`);
      const preview = await previewResult(db, queued.batchId);
      const previewSeconds = (performance.now() - previewStart) / 1000;
      const afterPreview = peakMb();
      const commitStart = performance.now();
      const committed = await commitImport({ db, log }, adminId, preview.batchId);
      const commitSeconds = (performance.now() - commitStart) / 1000;
      return {
        preview,
        committed,
        previewSeconds,
        commitSeconds,
        seconds: previewSeconds + commitSeconds,
        before,
        afterPreview,
        afterCommit: peakMb(),
      };
    };
    const runs: Awaited<ReturnType<typeof timedImport>>[] = [];
    if (PROFILE_FIRST) runs.unshift(await timedImport(profileFile, profileId));
    runs.unshift(await timedImport(reportFile, "builtin"));
    if (!PROFILE_FIRST) runs.push(await timedImport(profileFile, profileId));
    const [builtin, profiled] = runs as [(typeof runs)[0], (typeof runs)[0]];
    const { preview, committed, previewSeconds, commitSeconds } = builtin;
    const importSeconds = builtin.seconds;
    const beforePreview = builtin.before;
    const afterPreview = builtin.afterPreview;
    const afterCommit = Math.max(builtin.afterCommit, profiled.afterCommit);

    const problems = await checkLedger(db);
    const plainRate = ROWS / plainSeconds;
    const importRate = ROWS / importSeconds;
    console.log(
      `engine: ${db.engine}; rows: ${ROWS} for ${ACCOUNTS} accounts (matched ${preview.matched}, credited ${committed.rows}, ¥${committed.amount}); report ${mb(readFileSync(reportFile).length)} MB`,
    );
    console.log(
      `plain batched INSERT: ${plainSeconds.toFixed(2)} s, ${Math.round(plainRate)} rows/s`,
    );
    if (!SQLITE)
      console.log(
        `history-shaped INSERT alone: ${historySeconds.toFixed(2)} s, ${Math.round(ROWS / historySeconds)} rows/s (ratio ${(ROWS / historySeconds / plainRate).toFixed(2)}: the ceiling of an import that writes its history with batched INSERTs)`,
      );
    if (!SQLITE)
      console.log(
        `history via LOAD DATA LOCAL INFILE alone: ${loadSeconds.toFixed(2)} s, ${Math.round(ROWS / loadSeconds)} rows/s (ratio ${(ROWS / loadSeconds / plainRate).toFixed(2)}: the ceiling with MariaDB's fastest load)`,
      );
    if (!SQLITE) {
      const floor = stagingSeconds + historySeconds + dailySeconds;
      console.log(
        `staging-shaped INSERT alone: ${stagingSeconds.toFixed(2)} s; daily-summary-shaped INSERT alone: ${dailySeconds.toFixed(2)} s`,
      );
      console.log(
        `the three row-sized writes an import must make (staging, history, daily summary), each alone: ${floor.toFixed(2)} s (ratio ${(ROWS / floor / plainRate).toFixed(2)}: the ceiling before matching, duplicates, ledger, monthly summary and ranking)`,
      );
    }
    console.log(
      `import (preview ${previewSeconds.toFixed(2)} s + commit ${commitSeconds.toFixed(2)} s): ${importSeconds.toFixed(2)} s, ${Math.round(importRate)} rows/s`,
    );
    console.log(
      `ratio import / plain insert: ${(importRate / plainRate).toFixed(2)} (target ≥ 0.25)`,
    );
    const profiledRate = ROWS / profiled.seconds;
    console.log(
      `import with a profile, priced at 40 % of the IB commission (${PROFILE_FIRST ? "run first" : "run second"}; credited ${profiled.committed.rows}, ¥${profiled.committed.amount}): preview ${profiled.previewSeconds.toFixed(2)} s + commit ${profiled.commitSeconds.toFixed(2)} s = ${profiled.seconds.toFixed(2)} s, ${Math.round(profiledRate)} rows/s`,
    );
    console.log(
      `profile / built-in throughput: ${(profiledRate / importRate).toFixed(2)} (preview ${(previewSeconds / profiled.previewSeconds).toFixed(2)}, commit ${(commitSeconds / profiled.commitSeconds).toFixed(2)}; target ≥ 0.90)`,
    );
    // The benchmark runs preview and commit in its own process, as the web process would: its
    // peak resident memory is the import's (plus the report and baselines held here).
    console.log(
      `peak RSS of this process: ${afterCommit} MB (before the preview ${beforePreview} MB, after it ${afterPreview} MB; limit 500 MB)`,
    );
    console.log(
      `load average: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
    console.log(
      `ledger check: ${problems.length === 0 ? "ok" : JSON.stringify(problems.slice(0, 3))}`,
    );
    if (problems.length || committed.rows !== ROWS || profiled.committed.rows !== ROWS)
      process.exitCode = 1;
  } finally {
    await db.destroy();
    if (admin) {
      await admin.query(`drop database \`${schema}\``);
      await admin.end();
    }
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
