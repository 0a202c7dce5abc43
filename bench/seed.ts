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
import { createConnection, type Connection } from "mysql2/promise";
import { createDb } from "../db";
import { migrateToLatest } from "../db/migrate";
import { fillRankingTotals } from "../db/migrations/202611211610_ranking_totals";
import { hashPassword } from "../server/auth/password";
import { DEFAULT_AFFILIATE_RATE_BP, rewardFor } from "../server/features/affiliate/rates";

export const BENCH_PASSWORD = "bench-password-1";
export const BENCH_ADMIN_EMAIL = "admin@bench.test";
/** Admins need a second factor: the bench admin has TOTP with this (base32) secret. */
export const BENCH_ADMIN_TOTP_SECRET = "KRUGS4ZANFZSAYJAMJSW4Y3IEBQWI3LJ";
export const benchMemberEmail = (i: number) => `m${i}@bench.test`;

// ------------------------------------------------------------------ arguments

function args() {
  const argv = process.argv.slice(2);
  const get = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const members = Number(get("members") ?? 100_000);
  const seed = Number(get("seed") ?? 42);
  const tradeRate = Number(get("trade-rate") ?? 0.1);
  const url = get("url") ?? process.env.BENCH_DATABASE_URL ?? "mysql://root@127.0.0.1:3306/bench";
  const end = get("end") ?? tokyoDate(new Date());
  if (!Number.isInteger(members) || members < 20) throw new Error("--members: an integer ≥ 20");
  if (!Number.isInteger(seed)) throw new Error("--seed: an integer");
  if (!(tradeRate > 0 && tradeRate <= 1)) throw new Error("--trade-rate: in (0, 1]");
  if (!/^\d{4}-\d{2}-\d{2}$/.test(end)) throw new Error("--end: YYYY-MM-DD");
  return { members, seed, tradeRate, url, end };
}

function tokyoDate(d: Date) {
  return new Date(d.getTime() + 9 * 3600_000).toISOString().slice(0, 10);
}

// ------------------------------------------------------------------ deterministic generation

/** mulberry32: a tiny seeded PRNG, uniform in [0, 1). */
function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

/** An id in db/id.ts's format (10 characters of time, 16 random), random part from the PRNG. */
function idFactory(rng: () => number) {
  return (ms: number) => {
    let time = "";
    let t = ms;
    for (let i = 0; i < 10; i++) {
      time = ALPHABET[t % 32] + time;
      t = Math.floor(t / 32);
    }
    let rand = "";
    for (let i = 0; i < 16; i++) rand += ALPHABET[Math.floor(rng() * 32)];
    return time + rand;
  };
}

const DAY_MS = 86_400_000;
const dbTime = (ms: number) => new Date(ms).toISOString().replace("T", " ").replace("Z", "");
/** A Tokyo day (YYYY-MM-DD) at a given Tokyo hour, as a UTC instant in ms. */
const tokyoAt = (day: string, hour: number) =>
  Date.parse(`${day}T00:00:00Z`) - 9 * 3600_000 + hour * 3600_000;
const q = (s: string) => `'${s.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;

// ------------------------------------------------------------------ loading

interface TableStat {
  rows: number;
  ms: number;
}

/** Multi-row INSERTs of `batch` rows, two statements in flight on two connections. */
class Loader {
  stats = new Map<string, TableStat>();
  private pending: Promise<void>[] = [];
  private next = 0;
  private buffers = new Map<string, { cols: string; rows: string[] }>();

  constructor(
    private conns: Connection[],
    private batch = 5_000,
  ) {}

  async add(table: string, cols: string, row: string) {
    let b = this.buffers.get(table);
    if (!b) {
      b = { cols, rows: [] };
      this.buffers.set(table, b);
    }
    b.rows.push(row);
    if (b.rows.length >= this.batch) await this.flush(table);
  }

  async flush(table: string) {
    const b = this.buffers.get(table);
    if (!b || b.rows.length === 0) return;
    const text = `insert into ${table} (${b.cols}) values ${b.rows.join(",")}`;
    const n = b.rows.length;
    b.rows = [];
    if (this.pending.length >= this.conns.length) await this.pending.shift();
    const conn = this.conns[this.next++ % this.conns.length]!;
    const started = performance.now();
    const stat = this.stats.get(table) ?? { rows: 0, ms: 0 };
    this.stats.set(table, stat);
    // Two statements at once can deadlock on a secondary index's gap locks: the statement is
    // rolled back alone (autocommit), so it is simply sent again.
    const send = async (): Promise<void> => {
      for (let attempt = 1; ; attempt++) {
        try {
          await conn.query(text);
          return;
        } catch (error) {
          if (attempt >= 5 || (error as { errno?: number }).errno !== 1213) throw error;
        }
      }
    };
    this.pending.push(
      send().then(() => {
        stat.rows += n;
        stat.ms += performance.now() - started;
      }),
    );
  }

  async drain() {
    for (const table of this.buffers.keys()) await this.flush(table);
    await Promise.all(this.pending);
    this.pending = [];
    for (const c of this.conns) await c.query("commit");
  }
}

/**
 * Bulk-load trick for the big tables: their secondary indexes and foreign keys are dropped
 * before the load and rebuilt after it (one sort per index instead of millions of random
 * B-tree inserts). Returns the rebuild; it checks that the table ends up exactly as the
 * migrations made it (SHOW CREATE TABLE compared line by line).
 */
async function deferIndexes(conn: Connection, table: string) {
  const ddlOf = async () => {
    const [rows] = (await conn.query(`show create table \`${table}\``)) as unknown as [
      Record<string, string>[],
    ];
    return rows[0]!["Create Table"]!;
  };
  const ddl = await ddlOf();
  const lines = ddl.split("\n").map((l) => l.trim().replace(/,$/, ""));
  const keys = lines.filter((l) => /^(UNIQUE KEY|KEY) /.test(l));
  const fks = lines.filter((l) => l.startsWith("CONSTRAINT "));
  const name = (l: string) => /`([^`]+)`/.exec(l)![1]!;
  if (fks.length)
    await conn.query(
      `alter table \`${table}\` ${fks.map((l) => `drop foreign key \`${name(l)}\``).join(", ")}`,
    );
  if (keys.length)
    await conn.query(
      `alter table \`${table}\` ${keys.map((l) => `drop index \`${/KEY `([^`]+)`/.exec(l)![1]}\``).join(", ")}`,
    );
  return async () => {
    if (keys.length)
      await conn.query(`alter table \`${table}\` ${keys.map((l) => `add ${l}`).join(", ")}`);
    if (fks.length)
      await conn.query(`alter table \`${table}\` ${fks.map((l) => `add ${l}`).join(", ")}`);
    const sorted = (text: string) =>
      text
        .split("\n")
        .map((l) => l.trim().replace(/,$/, ""))
        .sort()
        .join("\n");
    if (sorted(await ddlOf()) !== sorted(ddl))
      throw new Error(`${table}: indexes not rebuilt as the migrations made them`);
  };
}

// ------------------------------------------------------------------ main

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

  const conns: Connection[] = [];
  for (let i = 0; i < 2; i++) {
    const c = await createConnection({ uri: url, charset: "utf8mb4", timezone: "Z" });
    await c.query(
      "set session unique_checks = 0, foreign_key_checks = 0, autocommit = 1, time_zone = '+00:00', sql_mode = 'STRICT_ALL_TABLES,NO_ZERO_DATE'",
    );
    conns.push(c);
  }
  const load = new Loader(conns);
  // The ranking totals' triggers would add three upserts to every summary row loaded: they are
  // dropped for the load (their statements kept) and the totals filled once at the end.
  const [triggerRows] = (await conns[0]!.query(
    "select trigger_name as name from information_schema.triggers where trigger_schema = database()",
  )) as unknown as [{ name: string }[]];
  const triggerDdl: string[] = [];
  for (const { name } of triggerRows) {
    const [rows] = (await conns[0]!.query(`show create trigger \`${name}\``)) as unknown as [
      Record<string, string>[],
    ];
    triggerDdl.push(rows[0]!["SQL Original Statement"]!);
    await conns[0]!.query(`drop trigger \`${name}\``);
  }
  const rng = mulberry32(seed);
  const id = idFactory(rng);
  const int = (lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));

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

  const passwordHash = await hashPassword(BENCH_PASSWORD);
  lap("password hash (scrypt, production cost)");

  // ---- calendar: 2 years of Tokyo days ending at `end`
  const endMs = Date.parse(`${end}T00:00:00Z`);
  const DAYS = 730;
  const days: string[] = [];
  for (let d = DAYS - 1; d >= 0; d--)
    days.push(new Date(endMs - d * DAY_MS).toISOString().slice(0, 10));
  const months = [...new Set(days.map((d) => d.slice(0, 7)))];
  const monthOfDay = days.map((d) => months.indexOf(d.slice(0, 7)));
  const MONTHS = months.length;

  // ---- brokers
  const brokerDefs = [
    ["XM", "XMTrading", "mt_number"],
    ["AXI", "Axi", "mt_number"],
    ["EXNESS", "Exness", "mt_number"],
    ["TITAN", "TitanFX", "mt_number"],
    ["BYBIT", "Bybit", "uid"],
    ["ERRANTE", "Errante", "mt_number"],
    ["FXGT", "FXGT", "mt_number"],
    ["HFM", "HFM", "customer_id"],
  ] as const;
  const startMs = tokyoAt(days[0]!, 0) - 30 * DAY_MS;
  const brokers = brokerDefs.map(([code, name, kind], i) => ({
    id: id(startMs + i),
    code,
    name,
    kind,
  }));
  for (const [i, b] of brokers.entries()) {
    await load.add(
      "brokers",
      "id, code, name, account_kind, id_charset, id_min_length, id_max_length, signup_url, logo_path, banner_path, auto_rebate, active, display_order, created_at, updated_at",
      `(${q(b.id)}, ${q(b.code)}, ${q(b.name)}, ${q(b.kind)}, ${b.kind === "mt_number" ? "null, null, null" : "'digits', 6, 12"}, 'https://example.com/${b.code.toLowerCase()}', null, null, 0, 1, ${i}, ${q(dbTime(startMs))}, ${q(dbTime(startMs))})`,
    );
  }

  // ---- members, created early-skewed over the two years (index order = creation order)
  const createdDay = new Int32Array(M);
  for (let i = 0; i < M; i++) createdDay[i] = Math.floor(DAYS * rng() * rng());
  createdDay.sort();
  for (let i = 0; i < 10; i++) createdDay[i] = 0; // the bench logins: members since day one
  const userId: string[] = [];
  const trader = new Uint8Array(M);
  const referrer = new Int32Array(M).fill(-1);
  const REFERRERS = Math.max(10, Math.floor(M * 0.03));
  const adminMs = startMs;
  const adminId = id(adminMs);
  const USER_COLS =
    "id, email, email_verified_at, password_hash, name, nickname, permission, language, referral_code, referrer_id, totp_secret, totp_enabled_at, totp_last_step, profile_image, twitter_url, ranking_opt_out, created_at, updated_at";
  await load.add(
    "users",
    USER_COLS,
    `(${q(adminId)}, ${q(BENCH_ADMIN_EMAIL)}, ${q(dbTime(adminMs))}, ${q(passwordHash)}, 'Bench Admin', 'benchadmin', 'admin', 'ja', null, null, ${q(BENCH_ADMIN_TOTP_SECRET)}, ${q(dbTime(adminMs))}, null, null, null, 0, ${q(dbTime(adminMs))}, ${q(dbTime(adminMs))})`,
  );
  for (let i = 0; i < M; i++) {
    const ms = tokyoAt(days[createdDay[i]!]!, 10) + (i % 3600) * 1000;
    userId.push(id(ms));
    trader[i] = i < 10 || rng() < 0.4 ? 1 : 0;
    if (i > 0 && i >= 3 && rng() < 0.3) referrer[i] = Math.floor(rng() * Math.min(i, REFERRERS));
    const t = q(dbTime(ms));
    await load.add(
      "users",
      USER_COLS,
      `(${q(userId[i]!)}, ${q(benchMemberEmail(i))}, ${t}, ${q(passwordHash)}, 'Bench Member ${i}', 'm${i}', 'member', '${i % 5 === 0 ? "en" : "ja"}', 'R${i.toString(36).toUpperCase().padStart(6, "0")}', ${referrer[i]! >= 0 ? q(userId[referrer[i]!]!) : "null"}, null, null, null, null, null, ${rng() < 0.05 ? 1 : 0}, ${t}, ${t})`,
    );
  }

  // ---- broker accounts: 1–3 per member, mostly approved
  const ACCOUNT_COLS =
    "id, user_id, broker_id, account_number, live_number, status, deny_reason, decided_at, decided_by, created_at, updated_at";
  const accUser: number[] = [];
  const accBroker: number[] = [];
  const accId: string[] = [];
  const accNumber: string[] = [];
  const approvedOf: number[][] = Array.from({ length: M }, () => []);
  let accountSerial = 0;
  for (let i = 0; i < M; i++) {
    const n = i < 10 ? 3 : 1 + Math.floor(rng() * rng() * 3);
    const used = new Set<number>();
    for (let k = 0; k < n; k++) {
      let b = int(0, brokers.length - 1);
      while (used.has(b)) b = (b + 1) % brokers.length;
      used.add(b);
      const r = rng();
      const status = k === 0 || r < 0.85 ? "approved" : r < 0.93 ? "pending" : "denied";
      const ms = tokyoAt(days[createdDay[i]!]!, 11) + k * 60_000;
      const aid = id(ms);
      const number = String(100_000 + accountSerial++);
      const t = q(dbTime(ms));
      const decided = status === "pending" ? "null, null" : `${t}, ${q(adminId)}`;
      await load.add(
        "broker_accounts",
        ACCOUNT_COLS,
        `(${q(aid)}, ${q(userId[i]!)}, ${q(brokers[b]!.id)}, '${number}', ${status === "denied" ? "null" : `'${number}'`}, '${status}', ${status === "denied" ? "'bench'" : "null"}, ${decided}, ${t}, ${t})`,
      );
      if (status === "approved") {
        approvedOf[i]!.push(accUser.length);
        accUser.push(i);
        accBroker.push(b);
        accId.push(aid);
        accNumber.push(number);
      }
    }
  }
  await load.drain();
  lap(`users (${M + 1}) and broker accounts (${accountSerial})`);

  // ---- cashback: day by day, each trading member on each approved account
  const A = accUser.length;
  const acctMonthAmount = new Float64Array(A * MONTHS);
  const acctMonthLots = new Float64Array(A * MONTHS);
  const acctMonthRows = new Int32Array(A * MONTHS);
  const userMonthCashback = new Float64Array(M * MONTHS);
  const custMonthCashback = new Float64Array(M * MONTHS); // referred customers only
  const custMonthRewards = new Float64Array(M * MONTHS);
  const refDayCashback = new Float64Array(REFERRERS * DAYS);
  const refDayRewards = new Float64Array(REFERRERS * DAYS);
  const refDayRegs = new Int32Array(REFERRERS * DAYS);
  const refMonthRewards = new Float64Array(REFERRERS * MONTHS);
  for (let i = 0; i < M; i++)
    if (referrer[i]! >= 0) refDayRegs[referrer[i]! * DAYS + createdDay[i]!]! += 1;

  const cashbackTx = months.map((m) => id(tokyoAt(`${m}-01`, 0) + 40 * DAY_MS));
  const affiliateTx = months.map((m) => id(tokyoAt(`${m}-01`, 0) + 40 * DAY_MS + 1));
  const batchIds = months.map((m) => id(tokyoAt(`${m}-01`, 0) + 40 * DAY_MS + 2));
  const CB_COLS =
    "id, source_key, user_id, broker_account_id, broker_id, trade_date, lots_milli, amount, batch_id, ledger_tx_id, created_at";
  const DAILY_COLS = "broker_account_id, day, user_id, broker_id, amount, lots_milli, `rows`";
  const AR_COLS =
    "id, cashback_id, referrer_id, customer_id, trade_date, cashback_amount, rate_bp, amount, batch_id, ledger_tx_id, created_at";
  // Traders in creation order, so a day's loop stops at the first member not yet registered.
  const traders: number[] = [];
  for (let i = 0; i < M; i++) if (trader[i]) traders.push(i);
  let cashbackRows = 0;
  let rewardRows = 0;
  for (let d = 0; d < DAYS; d++) {
    const day = days[d]!;
    const mi = monthOfDay[d]!;
    const createdMs = tokyoAt(day, 24 + 3);
    const created = q(dbTime(createdMs));
    for (const i of traders) {
      if (createdDay[i]! >= d) break;
      // The bench logins trade often; everyone else at the configured rate.
      if (rng() >= (i < 10 ? 0.6 : tradeRate)) continue;
      for (const a of approvedOf[i]!) {
        const amount = int(50, 3000);
        const lots = int(10, 5000);
        const cid = id(createdMs);
        const source = `${brokers[accBroker[a]!]!.id}|${accNumber[a]}|${day}|b${d}`;
        await load.add(
          "cashbacks",
          CB_COLS,
          `('${cid}', '${source}', '${userId[i]}', '${accId[a]}', '${brokers[accBroker[a]!]!.id}', '${day}', ${lots}, ${amount}, '${batchIds[mi]}', '${cashbackTx[mi]}', ${created})`,
        );
        await load.add(
          "cashback_daily",
          DAILY_COLS,
          `('${accId[a]}', '${day}', '${userId[i]}', '${brokers[accBroker[a]!]!.id}', ${amount}, ${lots}, 1)`,
        );
        cashbackRows++;
        acctMonthAmount[a * MONTHS + mi]! += amount;
        acctMonthLots[a * MONTHS + mi]! += lots;
        acctMonthRows[a * MONTHS + mi]! += 1;
        userMonthCashback[i * MONTHS + mi]! += amount;
        const r = referrer[i]!;
        if (r >= 0) {
          const reward = rewardFor(amount, DEFAULT_AFFILIATE_RATE_BP);
          if (reward > 0) {
            await load.add(
              "affiliate_rewards",
              AR_COLS,
              `('${id(createdMs)}', '${cid}', '${userId[r]}', '${userId[i]}', '${day}', ${amount}, ${DEFAULT_AFFILIATE_RATE_BP}, ${reward}, '${batchIds[mi]}', '${affiliateTx[mi]}', ${created})`,
            );
            rewardRows++;
            custMonthCashback[i * MONTHS + mi]! += amount;
            custMonthRewards[i * MONTHS + mi]! += reward;
            refDayCashback[r * DAYS + d]! += amount;
            refDayRewards[r * DAYS + d]! += reward;
            refMonthRewards[r * MONTHS + mi]! += reward;
          }
        }
      }
    }
  }
  await load.drain();
  lap(`cashbacks + cashback_daily (${cashbackRows} each), rewards (${rewardRows})`);

  // ---- summaries kept by the import, from the same numbers
  for (let a = 0; a < A; a++) {
    for (let m = 0; m < MONTHS; m++) {
      const k = a * MONTHS + m;
      if (acctMonthRows[k] === 0) continue;
      await load.add(
        "cashback_monthly",
        "broker_account_id, month, user_id, broker_id, amount, lots_milli, `rows`",
        `('${accId[a]}', '${months[m]}', '${userId[accUser[a]!]}', '${brokers[accBroker[a]!]!.id}', ${acctMonthAmount[k]}, ${acctMonthLots[k]}, ${acctMonthRows[k]})`,
      );
    }
  }
  for (let i = 0; i < M; i++) {
    const r = referrer[i]!;
    if (r < 0) continue;
    for (let m = 0; m < MONTHS; m++) {
      const k = i * MONTHS + m;
      if (custMonthCashback[k] === 0) continue;
      await load.add(
        "affiliate_customer_monthly",
        "referrer_id, customer_id, month, cashback, rewards",
        `('${userId[r]}', '${userId[i]}', '${months[m]}', ${custMonthCashback[k]}, ${custMonthRewards[k]})`,
      );
    }
  }
  for (let r = 0; r < REFERRERS; r++) {
    for (let d = 0; d < DAYS; d++) {
      const k = r * DAYS + d;
      if (refDayRegs[k] === 0 && refDayCashback[k] === 0) continue;
      await load.add(
        "affiliate_daily",
        "referrer_id, day, registrations, cashback, rewards",
        `('${userId[r]}', '${days[d]}', ${refDayRegs[k]}, ${refDayCashback[k]}, ${refDayRewards[k]})`,
      );
    }
  }
  // Import batches the cashback rows point at (one per month), with what they credited.
  const batchRows = new Float64Array(MONTHS);
  const batchAmount = new Float64Array(MONTHS);
  for (let k = 0; k < A * MONTHS; k++) {
    batchRows[k % MONTHS]! += acctMonthRows[k]!;
    batchAmount[k % MONTHS]! += acctMonthAmount[k]!;
  }
  for (let m = 0; m < MONTHS; m++) {
    const t = q(dbTime(tokyoAt(`${months[m]}-01`, 0) + 40 * DAY_MS));
    await load.add(
      "import_batches",
      "id, file_name, file_sha256, status, usd_rate_micro, rows_total, rows_matched, rows_unmatched, rows_duplicate, rows_error, rows_credited, amount_credited, created_by, created_at, committed_by, committed_at",
      `('${batchIds[m]}', 'bench-${months[m]}.csv', '${"0".repeat(64)}', 'committed', null, ${batchRows[m]}, ${batchRows[m]}, 0, 0, 0, ${batchRows[m]}, ${batchAmount[m]}, '${adminId}', ${t}, '${adminId}', ${t})`,
    );
  }
  await load.drain();
  lap("cashback_monthly, affiliate summaries");

  // ---- ledger: monthly cashback and affiliate movements
  const TX_COLS = "id, idempotency_key, kind, ref_type, ref_id, created_at";
  const LE_COLS = "id, tx_id, wallet_id, bucket, amount, created_at";
  const balance = new Float64Array(M);
  let entries = 0;
  const entry = async (tx: string, wallet: string, bucket: string, amount: number, ms: number) => {
    entries++;
    await load.add(
      "ledger_entries",
      LE_COLS,
      `('${id(ms)}', '${tx}', '${wallet}', '${bucket}', ${amount}, '${dbTime(ms)}')`,
    );
  };
  const tx = async (
    txId: string,
    key: string,
    kind: string,
    refType: string,
    refId: string,
    ms: number,
  ) =>
    load.add(
      "ledger_transactions",
      TX_COLS,
      `('${txId}', ${q(key)}, '${kind}', '${refType}', ${q(refId)}, '${dbTime(ms)}')`,
    );
  for (let m = 0; m < MONTHS; m++) {
    const ms = tokyoAt(`${months[m]}-01`, 0) + 40 * DAY_MS;
    let total = 0;
    for (let i = 0; i < M; i++) {
      const v = userMonthCashback[i * MONTHS + m]!;
      if (v === 0) continue;
      total += v;
      balance[i]! += v;
      await entry(cashbackTx[m]!, userId[i]!, "available", v, ms);
    }
    if (total > 0) {
      await tx(
        cashbackTx[m]!,
        `bench:cashback:${months[m]}`,
        "cashback",
        "import_batch",
        batchIds[m]!,
        ms,
      );
      await entry(cashbackTx[m]!, "sys:house", "available", -total, ms);
    }
    total = 0;
    for (let r = 0; r < REFERRERS; r++) {
      const v = refMonthRewards[r * MONTHS + m]!;
      if (v === 0) continue;
      total += v;
      balance[r]! += v;
      await entry(affiliateTx[m]!, userId[r]!, "available", v, ms);
    }
    if (total > 0) {
      await tx(
        affiliateTx[m]!,
        `bench:affiliate:${months[m]}`,
        "affiliate_reward",
        "import_batch",
        batchIds[m]!,
        ms,
      );
      await entry(affiliateTx[m]!, "sys:house", "available", -total, ms);
    }
  }

  // ---- withdrawals in the last year (hold, then payout / release; a few still pending)
  const W_COLS =
    "id, user_id, method, amount, status, payout, request_key, next_business_day, created_at, completed_at, rejected_at, reject_reason, cancelled_at, decided_by";
  const methods = ["bank", "bitwallet", "usdt", "exness", "paypay", "peska"] as const;
  const withdrawalMonthly = new Map<string, { amount: number; count: number }>();
  let withdrawals = 0;
  for (let i = 0; i < M; i++) {
    if (balance[i]! < 5_000 || rng() >= 0.6) continue;
    const n = i < 10 ? 12 : int(1, 4);
    for (let k = 0; k < n; k++) {
      const amount = Math.floor((balance[i]! * 0.15 * (0.3 + rng() * 0.7)) / 100) * 100;
      if (amount < 1_000) break;
      const d = int(Math.max(createdDay[i]! + 1, DAYS - 365), DAYS - 1);
      const ms = tokyoAt(days[d]!, 12) + int(0, 3_599_999);
      const wid = id(ms);
      const r = rng();
      const status = d >= DAYS - 3 || r < 0.03 ? "pending" : r < 0.08 ? "rejected" : "completed";
      const method = methods[int(0, methods.length - 1)]!;
      const decidedMs = ms + DAY_MS;
      const decided = q(dbTime(decidedMs));
      await load.add(
        "withdrawals",
        W_COLS,
        `('${wid}', '${userId[i]}', '${method}', ${amount}, '${status}', ${q(JSON.stringify({ method, bench: true }))}, 'bench-${k}', 0, '${dbTime(ms)}', ${status === "completed" ? decided : "null"}, ${status === "rejected" ? decided : "null"}, ${status === "rejected" ? "'bench'" : "null"}, null, ${status === "pending" ? "null" : q(adminId)})`,
      );
      withdrawals++;
      const hold = id(ms);
      await tx(hold, `withdrawal:hold:${wid}`, "withdrawal_hold", "withdrawal", wid, ms);
      await entry(hold, userId[i]!, "available", -amount, ms);
      await entry(hold, userId[i]!, "held", amount, ms);
      balance[i]! -= amount;
      if (status === "pending") continue;
      const settle = id(decidedMs);
      await tx(
        settle,
        `withdrawal:${status}:${wid}`,
        status === "completed" ? "withdrawal_payout" : "withdrawal_release",
        "withdrawal",
        wid,
        decidedMs,
      );
      await entry(settle, userId[i]!, "held", -amount, decidedMs);
      if (status === "completed") {
        await entry(settle, "sys:payouts", "available", amount, decidedMs);
        const month = tokyoDate(new Date(decidedMs)).slice(0, 7);
        const key = `${i}|${month}`;
        const w = withdrawalMonthly.get(key) ?? { amount: 0, count: 0 };
        w.amount += amount;
        w.count += 1;
        withdrawalMonthly.set(key, w);
      } else {
        await entry(settle, userId[i]!, "available", amount, decidedMs);
        balance[i]! += amount;
      }
    }
  }
  for (const [key, w] of withdrawalMonthly) {
    const [i, month] = key.split("|") as [string, string];
    await load.add(
      "withdrawal_monthly",
      "user_id, month, amount, count",
      `('${userId[Number(i)]}', '${month}', ${w.amount}, ${w.count})`,
    );
  }

  // ---- transfers between members (no fee: the default rate is 0)
  const T_COLS =
    "id, sender_id, receiver_id, amount, fee, fee_rate_bp, message, status, request_key, created_at, decided_at, decided_by, fail_reason";
  let transfers = 0;
  const rich = traders.filter((i) => balance[i]! >= 20_000);
  for (let n = 0; n < Math.floor(M / 10) && rich.length > 1; n++) {
    const s = rich[int(0, rich.length - 1)]!;
    let r = rich[int(0, rich.length - 1)]!;
    if (r === s) r = rich[(rich.indexOf(s) + 1) % rich.length]!;
    const amount = int(10, 50) * 100;
    if (balance[s]! < amount) continue;
    const d = int(DAYS - 365, DAYS - 1);
    const ms = tokyoAt(days[d]!, 15) + int(0, 3_599_999);
    const tid = id(ms);
    const pending = d >= DAYS - 2;
    const decidedMs = ms + 3_600_000;
    await load.add(
      "transfers",
      T_COLS,
      `('${tid}', '${userId[s]}', '${userId[r]}', ${amount}, 0, 0, 'bench', '${pending ? "pending" : "completed"}', 'bench-${n}', '${dbTime(ms)}', ${pending ? "null, null" : `'${dbTime(decidedMs)}', '${adminId}'`}, null)`,
    );
    transfers++;
    const hold = id(ms);
    await tx(hold, `transfer:hold:${tid}`, "transfer_hold", "transfer", tid, ms);
    await entry(hold, userId[s]!, "available", -amount, ms);
    await entry(hold, userId[s]!, "held", amount, ms);
    balance[s]! -= amount;
    if (pending) continue;
    const settle = id(decidedMs);
    await tx(settle, `transfer:settle:${tid}`, "transfer_settle", "transfer", tid, decidedMs);
    await entry(settle, userId[s]!, "held", -amount, decidedMs);
    await entry(settle, userId[r]!, "available", amount, decidedMs);
    balance[r]! += amount;
  }

  // ---- wallets: every member and the admin (balances set from the entries below)
  const now = q(dbTime(Date.now()));
  for (const uid of [adminId, ...userId]) {
    await load.add(
      "wallets",
      "id, user_id, kind, balance, held, created_at, updated_at",
      `('${uid}', '${uid}', 'member', 0, 0, ${now}, ${now})`,
    );
  }
  await load.drain();
  lap(`ledger (${entries} entries), withdrawals (${withdrawals}), transfers (${transfers})`);

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

  // ---- gachas (free, item / no-prize rewards: no money moves) and campaigns
  const G_COLS =
    "id, name, description, image_key, starts_at, ends_at, cost, method, challenge_limit, published, created_by, created_at, updated_at";
  const GR_COLS =
    "id, gacha_id, name, image_key, kind, amount, weight, stock, valid_from, valid_until, valid_days, active, display_order, created_at, updated_at";
  const gachas: { id: string; rewards: string[]; names: string[]; startDay: number }[] = [];
  for (let g = 0; g < 12; g++) {
    const startDay = int(0, DAYS - 60);
    const ms = tokyoAt(days[startDay]!, 9);
    const gid = id(ms);
    const endMs = g < 2 ? tokyoAt(days[DAYS - 1]!, 0) + 60 * DAY_MS : ms + 60 * DAY_MS;
    await load.add(
      "gachas",
      G_COLS,
      `('${gid}', 'Bench gacha ${g}', 'Bench', null, '${dbTime(ms)}', '${dbTime(endMs)}', 0, 'weighted', 5, 1, '${adminId}', '${dbTime(ms)}', '${dbTime(ms)}')`,
    );
    const rewards: string[] = [];
    const names: string[] = [];
    for (let k = 0; k < 3; k++) {
      const rid = id(ms + k + 1);
      rewards.push(rid);
      names.push(k === 2 ? "None" : `Item ${k}`);
      await load.add(
        "gacha_rewards",
        GR_COLS,
        `('${rid}', '${gid}', '${names[k]}', null, '${k === 2 ? "none" : "item"}', null, ${k === 2 ? 70 : 15}, null, null, null, null, 1, ${k}, '${dbTime(ms)}', '${dbTime(ms)}')`,
      );
    }
    gachas.push({ id: gid, rewards, names, startDay });
  }
  const plays = new Map<string, number>();
  let logs = 0;
  for (let n = 0; n < M; n++) {
    const i = int(0, M - 1);
    const g = gachas[int(0, gachas.length - 1)]!;
    const key = `${g.id}|${i}`;
    const p = plays.get(key) ?? 0;
    if (p >= 5) continue;
    plays.set(key, p + 1);
    const d = int(Math.max(g.startDay, createdDay[i]!), Math.min(g.startDay + 59, DAYS - 1));
    const ms = tokyoAt(days[d]!, 20) + int(0, 3_599_999);
    const k = rng() < 0.3 ? int(0, 1) : 2;
    await load.add(
      "gacha_logs",
      "id, gacha_id, reward_id, user_id, request_key, cost, reward_kind, reward_name, amount, valid_from, valid_until, used_at, created_at",
      `('${id(ms)}', '${g.id}', '${g.rewards[k]}', '${userId[i]}', 'bench-${n}', 0, '${k === 2 ? "none" : "item"}', '${g.names[k]}', null, null, null, null, '${dbTime(ms)}')`,
    );
    logs++;
  }
  for (const [key, p] of plays) {
    const [gid, i] = key.split("|") as [string, string];
    await load.add(
      "gacha_plays",
      "gacha_id, user_id, plays, created_at, updated_at",
      `('${gid}', '${userId[Number(i)]}', ${p}, ${now}, ${now})`,
    );
  }
  let campaignEntries = 0;
  for (let k = 0; k < 10; k++) {
    const startDay = int(0, DAYS - 30);
    const ms = tokyoAt(days[startDay]!, 9);
    const cid = id(ms);
    const endMs = k < 2 ? tokyoAt(days[DAYS - 1]!, 0) + 30 * DAY_MS : ms + 30 * DAY_MS;
    await load.add(
      "campaigns",
      "id, title, body, image_key, starts_at, ends_at, conditions, capacity, active, created_by, created_at, updated_at",
      `('${cid}', 'Bench campaign ${k}', 'Bench', null, '${dbTime(ms)}', '${dbTime(endMs)}', 'None', null, 1, '${adminId}', '${dbTime(ms)}', '${dbTime(ms)}')`,
    );
    const seen = new Set<number>();
    for (let n = 0; n < Math.floor(M / 20); n++) {
      const i = int(0, M - 1);
      if (seen.has(i)) continue;
      seen.add(i);
      await load.add(
        "campaign_entries",
        "id, campaign_id, user_id, created_at",
        `('${id(ms + n)}', '${cid}', '${userId[i]}', '${dbTime(ms + n * 1000)}')`,
      );
      campaignEntries++;
    }
  }
  await load.drain();
  lap(`gachas (${gachas.length}, ${logs} logs), campaigns (10, ${campaignEntries} entries)`);

  await c.query("set session autocommit = 1");
  await c.query("delete from ranking_totals");
  const kdb = createDb({ databaseUrl: url, poolSize: 1 });
  try {
    await fillRankingTotals(kdb.kysely);
  } finally {
    await kdb.destroy();
  }
  for (const ddl of triggerDdl) await c.query(ddl);
  lap(`ranking totals filled, ${triggerDdl.length} triggers back`);
  const big = [
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
  await c.query(`analyze table ${big.join(", ")}`);
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
