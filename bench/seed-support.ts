/**
 * The support pieces of bench/seed.ts: its command line, the deterministic generators (seeded
 * PRNG, ids, Tokyo times), the bulk loader and the index-deferring trick, and the load session
 * (two connections, the ranking triggers set aside).
 */
import { performance } from "node:perf_hooks";
import { createConnection, type Connection } from "mysql2/promise";

// ------------------------------------------------------------------ arguments

export function args() {
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

export function tokyoDate(d: Date) {
  return new Date(d.getTime() + 9 * 3600_000).toISOString().slice(0, 10);
}

// ------------------------------------------------------------------ deterministic generation

/** mulberry32: a tiny seeded PRNG, uniform in [0, 1). */
export function mulberry32(seed: number) {
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
export function idFactory(rng: () => number) {
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

export const DAY_MS = 86_400_000;
export const dbTime = (ms: number) => new Date(ms).toISOString().replace("T", " ").replace("Z", "");
/** A Tokyo day (YYYY-MM-DD) at a given Tokyo hour, as a UTC instant in ms. */
export const tokyoAt = (day: string, hour: number) =>
  Date.parse(`${day}T00:00:00Z`) - 9 * 3600_000 + hour * 3600_000;
export const q = (s: string) => `'${s.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;

// ------------------------------------------------------------------ loading

export interface TableStat {
  rows: number;
  ms: number;
}

/** Multi-row INSERTs of `batch` rows, two statements in flight on two connections. */
export class Loader {
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
export async function deferIndexes(conn: Connection, table: string) {
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

// ------------------------------------------------------------------ phases

/**
 * What every generation phase shares. There is ONE PRNG for the whole run (ids draw from it
 * too), so the phases must run in their fixed order for a seed to give the same data.
 */
export interface SeedContext {
  load: Loader;
  rng: () => number;
  /** An id for an instant (ms); draws 16 numbers from `rng`. */
  id: (ms: number) => string;
  /** A uniform integer in [lo, hi]; draws one number from `rng`. */
  int: (lo: number, hi: number) => number;
  /** Prints a progress line with the time since the previous one. */
  lap: (what: string) => void;
}

export function seedContext(load: Loader, seed: number, lap: (what: string) => void): SeedContext {
  const rng = mulberry32(seed);
  const id = idFactory(rng);
  const int = (lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));
  return { load, rng, id, int, lap };
}

/** Two loading connections, with unique and foreign key checks off for the session. */
export async function openLoadConnections(url: string) {
  const conns: Connection[] = [];
  for (let i = 0; i < 2; i++) {
    const c = await createConnection({ uri: url, charset: "utf8mb4", timezone: "Z" });
    await c.query(
      "set session unique_checks = 0, foreign_key_checks = 0, autocommit = 1, time_zone = '+00:00', sql_mode = 'STRICT_ALL_TABLES,NO_ZERO_DATE'",
    );
    conns.push(c);
  }
  return conns;
}

/**
 * The ranking totals' triggers would add three upserts to every summary row loaded: they are
 * dropped for the load; returns their statements, to be run again once the totals are filled.
 */
export async function setAsideTriggers(conn: Connection) {
  const [triggerRows] = (await conn.query(
    "select trigger_name as name from information_schema.triggers where trigger_schema = database()",
  )) as unknown as [{ name: string }[]];
  const triggerDdl: string[] = [];
  for (const { name } of triggerRows) {
    const [rows] = (await conn.query(`show create trigger \`${name}\``)) as unknown as [
      Record<string, string>[],
    ];
    triggerDdl.push(rows[0]!["SQL Original Statement"]!);
    await conn.query(`drop trigger \`${name}\``);
  }
  return triggerDdl;
}
