/**
 * npm run bench:seed -- --members 100000 [--seed 42] [--url mysql://root@127.0.0.1:3306/bench]
 *                       [--trade-rate 0.1] [--end YYYY-MM-DD]
 *
 * Builds the page-benchmark dataset in MariaDB: DROPS and recreates the database named in the
 * URL (default `bench`; `test`, which the test suites use, is refused), runs the migrations,
 * then bulk-loads two years of history generated from a seed number (mulberry32), so the same
 * seed, member count and end date give the same data:
 *
 *   - 8 brokers; members (one precomputed password hash: every bench login shares a password)
 *     with a referral code, 30% referred by one of the earliest 3% (a tree: referrers may be
 *     referred themselves); 1–3 broker accounts each, mostly approved;
 *   - daily cashback of the trading members (40% of members; each trades on a given day with
 *     probability --trade-rate on each approved account), with exactly the summaries the import
 *     keeps (cashback_daily, cashback_monthly), affiliate rewards for referred customers with
 *     affiliate_daily and affiliate_customer_monthly;
 *   - the ledger: one cashback and one affiliate movement per Tokyo month (one entry per member
 *     per month, the house paying), one hold + payout (or release) per withdrawal, one hold +
 *     settle per transfer; wallets are set to the sums of their entries (ledger:check passes);
 *   - withdrawals with withdrawal_monthly, transfers, gachas with logs and plays, campaigns with
 *     entries, and one admin without MFA.
 *
 * Loading uses multi-row INSERTs of 5,000 rows on two connections with unique and foreign key
 * checks off for the session. The bench pages need the dataset to stay in memory: raise
 * innodb_buffer_pool_size (the script warns below 1 GiB).
 */
import { performance } from "node:perf_hooks";
import { createConnection } from "mysql2/promise";
import { createDb } from "#db";
import { migrateToLatest } from "#db/migrate";
import { fillRankingTotals } from "#db/migrations/202611211610_ranking_totals";
import {
  BENCH_ADMIN_EMAIL,
  BENCH_PASSWORD,
  benchMemberEmail,
  seedGachasAndCampaigns,
  seedMembers,
} from "./seed-members";
import { seedCashback, seedLedger } from "./seed-money";
import {
  args,
  dbTime,
  deferIndexes,
  Loader,
  openLoadConnections,
  q,
  seedContext,
  setAsideTriggers,
} from "./seed-support";

export {
  BENCH_ADMIN_EMAIL,
  BENCH_ADMIN_TOTP_SECRET,
  BENCH_PASSWORD,
  benchMemberEmail,
} from "./seed-members";

/**
 * The tables the bench fills at scale: ANALYZEd once filled, so the planner sees their size
 * (tests/integration/explain.test.ts refuses a full scan of any of them).
 */
export const BENCH_LARGE_TABLES = [
  "ranking_totals",
  "users",
  "broker_accounts",
  "cashbacks",
  "cashback_daily",
  "cashback_monthly",
  "affiliate_rewards",
  "affiliate_daily",
  "affiliate_customer_monthly",
  "ledger_entries",
  "ledger_transactions",
  "wallets",
  "withdrawals",
  "withdrawal_monthly",
  "transfers",
  "gacha_logs",
  "campaign_entries",
];

export interface SeedOptions {
  /** A MariaDB URL naming the database. */
  url: string;
  members: number;
  seed: number;
  tradeRate: number;
  /** The last Tokyo day of the two years. */
  end: string;
  /** Drop and recreate the database, then migrate (the CLI); false: it is migrated and empty. */
  recreate: boolean;
  /** Progress lines; silent when absent. */
  log?: (line: string) => void;
}

/** Generates and loads the dataset; returns the rows per table. */
export async function seedBench(options: SeedOptions) {
  const { members: M, seed, tradeRate, url, end } = options;
  const print = options.log ?? (() => {});
  const target = new URL(url);
  const dbName = target.pathname.replace(/^\//, "");
  if (!/^[A-Za-z0-9_]+$/.test(dbName)) throw new Error("the URL must name a database");
  if (dbName === "test") throw new Error("refusing to use `test`: the test suites own it");
  const serverUrl = new URL(url);
  serverUrl.pathname = "/";
  const lap = (() => {
    let last = performance.now();
    return (what: string) => {
      const now = performance.now();
      print(`${what.padEnd(44)} ${((now - last) / 1000).toFixed(1).padStart(6)} s`);
      last = now;
    };
  })();

  if (options.recreate) {
    const admin = await createConnection(serverUrl.toString());
    const [pool] = (await admin.query("select @@innodb_buffer_pool_size as b")) as unknown as [
      { b: number }[],
    ];
    if (Number(pool[0]!.b) < 1024 ** 3)
      console.warn(
        `innodb_buffer_pool_size is ${Math.round(Number(pool[0]!.b) / 1024 ** 2)} MiB: the dataset will not stay in memory (see docs/benchmarks.md)`,
      );
    await admin.query(`drop database if exists \`${dbName}\``);
    await admin.query(`create database \`${dbName}\` character set utf8mb4 collate utf8mb4_bin`);
    await admin.end();
    const db = createDb({ databaseUrl: url, poolSize: 2 });
    await migrateToLatest(db);
    await db.destroy();
    lap(`database ${dbName} created and migrated`);
  }

  const conns = await openLoadConnections(url);
  const load = new Loader(conns);
  const triggerDdl = await setAsideTriggers(conns[0]!);
  const ctx = seedContext(load, seed, lap);

  const deferred = [
    "cashbacks",
    "cashback_daily",
    "cashback_monthly",
    "affiliate_rewards",
    "affiliate_customer_monthly",
    "affiliate_daily",
    "ledger_entries",
    "ledger_transactions",
  ];
  const rebuilds: [string, () => Promise<void>][] = [];
  for (const table of deferred) rebuilds.push([table, await deferIndexes(conns[0]!, table)]);

  // The phases share one PRNG: their order is part of what a seed generates.
  const people = await seedMembers(ctx, M, end);
  const earnings = await seedCashback(ctx, people, tradeRate);
  const now = q(dbTime(Date.now()));
  await seedLedger(ctx, people, earnings, now);

  const c = conns[0]!;
  for (const [table, rebuild] of rebuilds) {
    await rebuild();
    lap(`${table}: indexes and foreign keys rebuilt`);
  }
  await c.query(
    `update wallets w join (select wallet_id, sum(case when bucket = 'available' then amount else 0 end) b, sum(case when bucket = 'held' then amount else 0 end) h from ledger_entries group by wallet_id) s on s.wallet_id = w.id set w.balance = s.b, w.held = s.h`,
  );
  await c.query("commit");
  lap("wallet balances from the ledger entries");

  await seedGachasAndCampaigns(ctx, people, now);

  await c.query("set session autocommit = 1");
  // The bench admin holds every power, as the first admin of an installation does.
  await c.query("update users set admin_role_id = 'owner' where permission = 'admin'");
  await c.query("delete from ranking_totals");
  const kdb = createDb({ databaseUrl: url, poolSize: 1 });
  try {
    await fillRankingTotals(kdb.kysely);
  } finally {
    await kdb.destroy();
  }
  for (const ddl of triggerDdl) await c.query(ddl);
  lap(`ranking totals filled, ${triggerDdl.length} triggers back`);
  await c.query(`analyze table ${BENCH_LARGE_TABLES.join(", ")}`);
  lap("analyze table");
  for (const conn of conns) await conn.end();

  return load.stats;
}

async function main() {
  const options = args();
  const t0 = performance.now();
  const stats = await seedBench({ ...options, recreate: true, log: (line) => console.log(line) });
  console.log("\nrows loaded per table (insert time, summed over both connections):");
  for (const [table, s] of [...stats].sort((a, b) => b[1].rows - a[1].rows)) {
    console.log(
      `  ${table.padEnd(28)} ${String(s.rows).padStart(10)} rows ${(s.ms / 1000).toFixed(1).padStart(7)} s ${s.ms > 0 ? Math.round(s.rows / (s.ms / 1000)) : 0} rows/s`,
    );
  }
  console.log(`\ntotal ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  console.log(`\nbench logins (password "${BENCH_PASSWORD}"):`);
  console.log(`  admin   ${BENCH_ADMIN_EMAIL}`);
  for (let i = 0; i < 5; i++) console.log(`  member  ${benchMemberEmail(i)}`);
  console.log(`  members m0 … m${options.members - 1}@bench.test (m0–m9 are the busiest)`);
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/.*\//, ""))) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
