import { type CompiledQuery, Kysely, MysqlDialect } from "kysely";
import { createConnection } from "mysql2/promise";
import type { Pool } from "mysql2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BENCH_ADMIN_EMAIL,
  BENCH_LARGE_TABLES,
  benchMemberEmail,
  seedBench,
} from "../../bench/seed";
import { createDb, type Db } from "#db";
import type { Database } from "#db/schema";
import { checkLedger } from "#server/ledger";
import { createTestDb, type TestDb, testEngine } from "../helpers/db";
import { callerFor } from "../helpers/fixtures";

/**
 * Every query behind the benchmarked pages (bench/pages.ts), captured from the same tRPC
 * procedures the routes call, is EXPLAINed on a small bench dataset (bench/seed.ts, tables
 * ANALYZEd): none may read a large table by a full table scan (type ALL).
 *
 * MariaDB only: the plans that matter are the production engine's (SQLite plans differently
 * and is the single-machine option); on SQLite this file is skipped.
 */

// The bench's large tables, and those that grow in production though the bench leaves them small.
const LARGE = new Set([...BENCH_LARGE_TABLES, "sessions", "marathons", "popup_views"]);

interface ExplainRow {
  table: string | null;
  type: string | null;
  key: string | null;
  rows: number | null;
  Extra: string | null;
}

describe.skipIf(testEngine !== "mysql")(
  "EXPLAIN of the benchmarked pages' queries (MariaDB only: skipped on SQLite)",
  () => {
    let t: TestDb;
    let logged: Db;
    let captured: CompiledQuery[] = [];
    let url: string;
    let memberId: string;
    let adminId: string;

    beforeAll(async () => {
      t = await createTestDb();
      url = (t.location as { databaseUrl: string }).databaseUrl;
      await seedBench({
        url,
        members: 2_000,
        seed: 7,
        tradeRate: 0.03,
        end: new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10),
        recreate: false,
      });
      // The portal's own pool (its settings and session setup), every statement captured.
      const portal = createDb({ databaseUrl: url, poolSize: 4 });
      const { pool } = portal.native as { engine: "mysql"; pool: Pool };
      const kysely = new Kysely<Database>({
        dialect: new MysqlDialect({ pool }),
        log: (event) => {
          if (event.level === "query") captured.push(event.query);
        },
      });
      logged = { ...portal, kysely, reader: kysely, destroy: () => kysely.destroy() };
      const id = async (email: string) =>
        (
          await t.db.kysely
            .selectFrom("users")
            .select("id")
            .where("email", "=", email)
            .executeTakeFirstOrThrow()
        ).id;
      memberId = await id(benchMemberEmail(0));
      adminId = await id(BENCH_ADMIN_EMAIL);
    }, 120_000);

    afterAll(async () => {
      await logged?.destroy();
      await t?.cleanup();
    });

    /** Runs `load` with query capture on, then EXPLAINs every SELECT it sent. */
    async function plans(load: () => Promise<unknown>) {
      captured = [];
      await load();
      const selects = captured.filter((q) => /^\s*(with|select|\()/i.test(q.sql));
      expect(selects.length, "the page ran queries").toBeGreaterThan(0);
      const conn = await createConnection(url);
      try {
        const out: { sql: string; rows: ExplainRow[] }[] = [];
        for (const q of selects) {
          const [rows] = await conn.query(`explain ${q.sql}`, q.parameters as unknown[]);
          out.push({ sql: q.sql, rows: rows as ExplainRow[] });
        }
        return out;
      } finally {
        await conn.end();
      }
    }

    function fullScans(result: Awaited<ReturnType<typeof plans>>) {
      return result.flatMap(({ sql, rows }) =>
        rows
          .filter((r) => r.type === "ALL" && r.table !== null && LARGE.has(r.table))
          .map((r) => `${r.table} (${r.rows} rows) in: ${sql}`),
      );
    }

    it("the dataset is the bench generator's, with a balanced ledger", async () => {
      const cashbacks = await t.db.kysely
        .selectFrom("cashbacks")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(cashbacks.n)).toBeGreaterThan(2_000);
      expect(await checkLedger(t.db)).toEqual([]);
      // The ranking totals (filled after the load, triggers back on) match the summary.
      const sum = async (q: Promise<{ a: number | string | null } | undefined>) =>
        Number((await q)?.a ?? 0);
      const ranked = await sum(
        t.db.kysely
          .selectFrom("ranking_totals")
          .select((eb) => eb.fn.sum<number>("amount").as("a"))
          .where("genre", "=", "cashback")
          .where("period", "=", "all")
          .executeTakeFirst(),
      );
      const summed = await sum(
        t.db.kysely
          .selectFrom("cashback_monthly")
          .select((eb) => eb.fn.sum<number>("amount").as("a"))
          .executeTakeFirst(),
      );
      expect(ranked).toBe(summed);
      expect(summed).toBeGreaterThan(0);
      const conn = await createConnection(url);
      const [triggers] = (await conn.query(
        "select count(*) as n from information_schema.triggers where trigger_schema = database()",
      )) as unknown as [{ n: number }[]];
      await conn.end();
      // Every trigger set aside by the seed is back: withdrawal and affiliate ranking (3 each)
      // and users (the cashback ranking totals are the import's own: decision 032).
      expect(Number(triggers[0]!.n)).toBe(7);
    });

    it("the check sees a full scan when there is one", async () => {
      const result = await plans(() =>
        logged.kysely.selectFrom("cashbacks").select("id").where("amount", "=", 1).execute(),
      );
      expect(fullScans(result)).toHaveLength(1);
    });

    const MEMBER_PAGES: [string, (c: Awaited<ReturnType<typeof callerFor>>) => Promise<unknown>][] =
      [
        [
          "dashboard /users",
          (c) =>
            Promise.all([
              // The root loader's, on every member page.
              c.shell.viewer(),
              c.marathon.pending(),
              c.popups.next(),
              c.auth.security(),
              c.cashback.dashboard(),
              c.wallet.usdtAddressNotice(),
            ]),
        ],
        [
          "cashback history, first page",
          (c) =>
            Promise.all([
              c.cashback.summary({}),
              c.cashback.history({}),
              c.cashback.monthly({ months: 12 }),
            ]),
        ],
        ["cashback history, last page", (c) => c.cashback.history({ page: 1_000_000 })],
        ["cashback history by amount", (c) => c.cashback.history({ sort: "amount", page: 3 })],
        ["cashback history, 1 month", (c) => c.cashback.history({ period: "1m" })],
        [
          "ranking, every genre and scope",
          async (c) => {
            for (const genre of ["cashback", "withdrawal", "affiliate"] as const)
              for (const scope of ["month", "year", "all"] as const)
                await c.ranking.list({ genre, scope });
          },
        ],
        ["withdraw", (c) => Promise.all([c.wallet.summary(), c.wallet.withdrawals({})])],
        [
          "statement",
          (c) =>
            Promise.all([
              c.wallet.statement({}),
              c.wallet.statement({ kind: "withdrawals", period: "1m", page: 2 }),
            ]),
        ],
        [
          "affiliate",
          (c) =>
            Promise.all([
              c.affiliate.summary({}),
              c.affiliate.link(),
              c.affiliate.customers({}),
              c.affiliate.rewards(),
              c.affiliate.banners(),
            ]),
        ],
      ];

    for (const [name, load] of MEMBER_PAGES) {
      it(`member page: ${name} reads no large table by a full scan`, async () => {
        const caller = await callerFor(logged, memberId);
        expect(fullScans(await plans(() => load(caller)))).toEqual([]);
      });
    }

    it("admin home and the menu's badges read no large table by a full scan", async () => {
      const caller = await callerFor(logged, adminId);
      const result = await plans(() =>
        Promise.all([caller.admin.home(), caller.admin.pendingCounts()]),
      );
      expect(result.length).toBeGreaterThan(0);
      expect(fullScans(result)).toEqual([]);
      // The charts' windows of the summaries are read from their covering indexes alone
      // (migration 202611260100), not row by row: the daily chart, and one monthly read that
      // feeds both the monthly and the by-broker charts.
      const charts = result.filter(
        ({ sql }) => /from `cashback_(daily|monthly)` where/.test(sql) && sql.includes("group by"),
      );
      expect(charts).toHaveLength(2);
      for (const { sql, rows } of charts) expect(rows[0]?.Extra ?? "", sql).toMatch(/Using index/);
    });

    // Not here: the admin history sorted by amount over every row (no index on the amount: the
    // import's hot table keeps only the indexes pages use), a known slow path (docs/benchmarks.md).
    it("admin lists: cashback and customers read no large table by a full scan", async () => {
      const caller = await callerFor(logged, adminId);
      const result = await plans(() =>
        Promise.all([
          caller.cashback.list({}),
          caller.cashback.list({ page: 3, period: "1m" }),
          caller.admin.customers.list({}),
          caller.admin.customers.list({ page: 2, sort: "nickname" }),
        ]),
      );
      expect(fullScans(result)).toEqual([]);
      // A page of the history is read in the history's own index order, not by sorting every
      // row (driving from the small brokers table and sorting was 2 minutes at 100,000 members).
      const pages = result.filter(
        ({ sql }) => sql.startsWith("select `cashbacks`.`id`") && sql.includes(" limit "),
      );
      expect(pages.length).toBeGreaterThan(0);
      for (const { sql, rows } of pages) {
        expect(rows[0]?.table, sql).toBe("cashbacks");
        expect(rows[0]?.Extra ?? "", sql).not.toMatch(/filesort|temporary/);
      }
    });
  },
);
