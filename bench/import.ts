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
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { type Insertable, sql } from "kysely";
import { createConnection } from "mysql2/promise";
import { createDb } from "../db";
import { newId } from "../db/id";
import { migrateToLatest } from "../db/migrate";
import type { Database } from "../db/schema";
import { nowDb } from "../db/time";
import { commitImport } from "../server/features/cashback/jobs";
import { saveProfile } from "../server/features/cashback/profiles";
import { previewResult, queuePreview } from "../server/features/cashback/preview";
import { runJobNow } from "../server/features/cashback/worker";
import { localStorage } from "../server/storage";
import { checkLedger } from "../server/ledger";
import { createLogger } from "../server/logger";
import { createBroker } from "../tests/helpers/cashback";

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
    const brokerId = await createBroker(db, "XM", "XMTrading");
    const adminId = newId();
    const users: { id: string; email: string; nickname: string; permission: "admin" | "member" }[] =
      [{ id: adminId, email: "admin@bench.test", nickname: "admin", permission: "admin" }];
    for (let i = 0; i < ACCOUNTS; i++)
      users.push({
        id: newId(),
        email: `m${i}@bench.test`,
        nickname: `m${i}`,
        permission: "member",
      });
    for (let i = 0; i < users.length; i += 1000) {
      await db.kysely
        .insertInto("users")
        .values(
          users.slice(i, i + 1000).map((u) => ({
            ...u,
            email_verified_at: now,
            password_hash: "x",
            name: "Bench",
            language: "ja" as const,
            ranking_opt_out: 0,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    }
    const accounts = users
      .slice(1)
      .map((u, i) => ({ id: newId(), user_id: u.id, number: String(1_000_000 + i) }));
    for (let i = 0; i < accounts.length; i += 1000) {
      await db.kysely
        .insertInto("broker_accounts")
        .values(
          accounts.slice(i, i + 1000).map((a) => ({
            id: a.id,
            user_id: a.user_id,
            broker_id: brokerId,
            account_number: a.number,
            live_number: a.number,
            status: "approved",
            deny_reason: null,
            decided_at: now,
            decided_by: null,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    }

    // The second broker, whose report is read by a profile and priced at 40 % of the IB
    // commission; the same members hold an account there, of the rate's type.
    const pctBrokerId = await createBroker(db, "PCT", "Percent Markets");
    await db.kysely
      .insertInto("broker_rates")
      .values([
        {
          id: newId(),
          broker_id: pctBrokerId,
          account_type: "Standard",
          kind: "spread_percent",
          value_x100: 4_000,
          display_order: 0,
        },
        {
          id: newId(),
          broker_id: pctBrokerId,
          account_type: "Pro",
          kind: "usd_per_lot",
          value_x100: 450,
          display_order: 1,
        },
      ])
      .execute();
    for (let i = 0; i < accounts.length; i += 1000) {
      await db.kysely
        .insertInto("broker_accounts")
        .values(
          accounts.slice(i, i + 1000).map((a) => ({
            id: newId(),
            user_id: a.user_id,
            broker_id: pctBrokerId,
            account_number: a.number,
            live_number: a.number,
            account_type: "Standard",
            status: "approved",
            deny_reason: null,
            decided_at: now,
            decided_by: null,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    }
    const { id: profileId } = await saveProfile(db, adminId, {
      name: "Percent Markets IB report",
      brokerId: pctBrokerId,
      encoding: "utf-8",
      delimiter: ";",
      hasHeader: true,
      columns: {
        account: "Client account",
        tradeDate: "Close time",
        volume: "Volume (lots)",
        commission: "Reward",
        symbol: "Instrument",
        currency: "Reward currency",
        rowKey: "Order",
      },
      dateFormat: "dd/MM/yyyy HH:mm",
      volumeDivisor: 1,
      decimalComma: true,
      currency: "USD",
    });

    // The report: each account trades on several days; rows in date order like a broker's file.
    // Made row by row wherever it is needed, never held whole.
    type Row = [string, string, string, string, string, string, string];
    const recordOf = (i: number): Row => [
      `2026-10-${String(1 + (Math.floor(i / ACCOUNTS) % 28)).padStart(2, "0")}`,
      "XM",
      accounts[i % ACCOUNTS]!.number,
      ((i % 97) / 10).toFixed(2),
      String(100 + (i % 5000)),
      "JPY",
      `r${i}`,
    ];
    const slices = function* (size: number) {
      for (let i = 0; i < ROWS; i += size)
        yield Array.from({ length: Math.min(size, ROWS - i) }, (_, j) => recordOf(i + j));
    };
    const reportFile = path.join(work, "report.csv");
    writeFileSync(reportFile, "trade_date,broker,account,lots,amount,currency,row_key\n");
    for (const slice of slices(10_000))
      writeFileSync(reportFile, slice.map((r) => `${r.join(",")}\n`).join(""), { flag: "a" });

    // The same rows in the second broker's shape: day-first dates with a time, decimal commas,
    // the IB commission in dollars (the built-in report's amount / 60, to the cent).
    const profileFile = path.join(work, "report-profile.csv");
    writeFileSync(
      profileFile,
      "Order;Client account;Instrument;Close time;Volume (lots);Reward;Reward currency\n",
    );
    for (const slice of slices(10_000))
      writeFileSync(
        profileFile,
        slice
          .map((r) => {
            const [yyyy, mm, dd] = r[0].split("-");
            const cents = Math.round((Number(r[4]) * 100) / 60);
            const reward = `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")}`;
            return `${r[6]};${r[2]};EURUSD;${dd}/${mm}/${yyyy} 13:45;${r[3].replace(".", ",")};${reward};USD\n`;
          })
          .join(""),
        { flag: "a" },
      );

    // Baseline: the same rows, batched INSERT into a bare table with a primary key.
    await sql`create table bench_plain (id ${sql.raw(SQLITE ? "integer primary key autoincrement" : "bigint auto_increment primary key")}, trade_date varchar(10), broker varchar(32), account varchar(32), lots varchar(16), amount varchar(32), currency varchar(8), row_key varchar(100)) ${sql.raw(SQLITE ? "" : "engine=InnoDB")}`.execute(
      db.kysely,
    );
    const plainStart = performance.now();
    for (const slice of slices(1000)) {
      await sql`insert into bench_plain (trade_date, broker, account, lots, amount, currency, row_key) values ${sql.join(slice.map((r) => sql`(${sql.join(r)})`))}`.execute(
        db.kysely,
      );
    }
    const plainSeconds = (performance.now() - plainStart) / 1000;

    /** Seconds to write the report's rows, as `rowOf` shapes them, into a copy of `like`. */
    const timedInsert = async <T extends keyof Database>(
      table: string,
      like: T,
      rowOf: (r: Row, i: number) => Insertable<Database[T]>,
    ) => {
      const start = performance.now();
      let at = 0;
      for (const slice of slices(1000)) {
        const rows = slice.map((r, j) => rowOf(r, at + j));
        // The copy has the same columns as `like`; Kysely types the statement by that name.
        await db.kysely
          .insertInto(table as T)
          .values(rows as never)
          .execute();
        at += slice.length;
      }
      return (performance.now() - start) / 1000;
    };

    let historySeconds = NaN;
    let loadSeconds = NaN;
    let stagingSeconds = NaN;
    let dailySeconds = NaN;
    if (!SQLITE) {
      // The floor of any import that keeps a history row per report row: the same rows written
      // once into a table shaped like the cashback history (its unique source key and the
      // indexes its pages read; `create table … like` copies indexes, not foreign keys).
      await sql`create table bench_history like cashbacks`.execute(db.kysely);
      const historyOf = (r: Row, i: number) => ({
        id: newId(),
        source_key: `${brokerId}|${r[2]}|${r[0]}|${r[6]}`,
        user_id: accounts[i % ACCOUNTS]!.user_id,
        broker_account_id: accounts[i % ACCOUNTS]!.id,
        broker_id: brokerId,
        trade_date: r[0],
        lots_milli: Math.round(Number(r[3]) * 1000),
        amount: Number(r[4]),
        batch_id: "bench",
        ledger_tx_id: "bench",
        created_at: now,
      });
      historySeconds = await timedInsert("bench_history", "cashbacks", historyOf);

      // The two other tables a report row is written to whatever the SQL: the staging row the
      // preview keeps for the admin to review and the commit to resume from, and the daily
      // summary row (in this report every account trades once a day, so one per row). Each is
      // written alone, as the history above, shaped by `create table … like` (indexes, no
      // foreign keys); a plain INSERT, cheaper than the commit's upsert. Their sum with the
      // history's is a floor under any import that keeps these guarantees.
      await sql`create table bench_staging like import_rows`.execute(db.kysely);
      await sql`create table bench_daily like cashback_daily`.execute(db.kysely);
      stagingSeconds = await timedInsert("bench_staging", "import_rows", (r, i) => ({
        id: newId(),
        batch_id: "bench",
        line_no: i + 2,
        status: "matched" as const,
        error: null,
        trade_date: r[0],
        broker_id: brokerId,
        broker_text: r[1],
        account_number: r[2],
        lots_milli: Math.round(Number(r[3]) * 1000),
        amount_text: r[4],
        currency: r[5],
        amount_yen: Number(r[4]),
        priced: 0,
        row_key: r[6],
        broker_account_id: accounts[i % ACCOUNTS]!.id,
        user_id: accounts[i % ACCOUNTS]!.user_id,
        chunk_no: Math.floor(i / 5000),
        expected_yen: null,
        source_key: `${brokerId}|${r[2]}|${r[0]}|${r[6]}`,
      }));
      dailySeconds = await timedInsert("bench_daily", "cashback_daily", (r, i) => ({
        broker_account_id: accounts[i % ACCOUNTS]!.id,
        day: r[0],
        user_id: accounts[i % ACCOUNTS]!.user_id,
        broker_id: brokerId,
        amount: Number(r[4]),
        lots_milli: Math.round(Number(r[3]) * 1000),
        rows: 1,
      }));

      // The same history rows through LOAD DATA LOCAL INFILE, MariaDB's fastest way in (the
      // server parses the rows; no SQL text per row): what a MySQL-only importer could get for
      // its history, still before staging, summaries and ledger.
      await sql`create table bench_history_load like cashbacks`.execute(db.kysely);
      const columns = Object.keys(historyOf(recordOf(0), 0)) as (keyof ReturnType<
        typeof historyOf
      >)[];
      const tsvPieces = function* () {
        let i = 0;
        for (const slice of slices(1000)) {
          yield Buffer.from(
            slice
              .map((r, j) => `${columns.map((c) => String(historyOf(r, i + j)[c])).join("\t")}\n`)
              .join(""),
          );
          i += slice.length;
        }
      };
      const loader = await createConnection({ uri: url.toString(), flags: ["+LOCAL_FILES"] });
      const loadStart = performance.now();
      try {
        await loader.query({
          sql: `load data local infile 'history.tsv' into table bench_history_load fields terminated by '\\t' lines terminated by '\\n' (${columns.join(", ")})`,
          // A thousand rows per packet: one buffer of the whole file would exceed
          // max_allowed_packet (and hold every row).
          infileStreamFactory: () => Readable.from(tsvPieces()),
        } as Parameters<typeof loader.query>[0]);
      } finally {
        await loader.end();
      }
      loadSeconds = (performance.now() - loadStart) / 1000;
    }

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
