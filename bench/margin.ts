/**
 * npx tsx bench/margin.ts — times the operator's margin (decision 058) over a generated cashback
 * history in a fresh SQLite file: the twelve-month report and the admin home's month. Not a
 * test: it prints figures. BENCH_ROWS rows (default 1,000,000) over 24 months and 8 brokers,
 * one in five with an affiliate reward, one in ten without a commission. Foreign keys are off
 * while the rows are generated (the history's users, accounts and batches are not the subject).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { createDb } from "#db";
import { migrateToLatest } from "#db/migrate";
import { monthsBefore } from "#domain/margin";
import { marginReport, monthMargin } from "#server/features/cashback/margin";

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const MONTHS = 24;
const BROKERS = 8;

const dir = mkdtempSync(path.join(tmpdir(), "bench-margin-"));
const db = createDb({ sqlitePath: path.join(dir, "bench.sqlite") });
try {
  await migrateToLatest(db);
  await sql`PRAGMA foreign_keys = OFF`.execute(db.kysely);
  const brokers = Array.from({ length: BROKERS }, (_, i) => `broker${i}`);
  for (const id of brokers) {
    await db.kysely
      .insertInto("brokers")
      .values({
        id,
        code: id,
        name: id,
        account_kind: "mt_number",
        id_charset: null,
        id_min_length: null,
        id_max_length: null,
        signup_url: "https://example.com",
        logo_path: null,
        banner_path: null,
        auto_rebate: 0,
        active: 1,
        display_order: 0,
        created_at: "2026-01-01 00:00:00.000",
        updated_at: "2026-01-01 00:00:00.000",
      })
      .execute();
  }
  const thisMonth = "2026-11";
  const started = Date.now();
  for (let i = 0; i < ROWS; i += 500) {
    const cashbacks = [];
    const rewards = [];
    for (let j = i; j < Math.min(ROWS, i + 500); j++) {
      const month = monthsBefore(thisMonth, j % MONTHS);
      const id = `cb${String(j).padStart(10, "0")}`;
      const amount = 100 + (j % 5000);
      cashbacks.push({
        id,
        source_key: id,
        user_id: `u${j % 20_000}`,
        broker_account_id: `a${j % 20_000}`,
        broker_id: brokers[j % BROKERS]!,
        trade_date: `${month}-${String(1 + (j % 28)).padStart(2, "0")}`,
        lots_milli: 1000,
        amount,
        batch_id: "b",
        ledger_tx_id: "t",
        created_at: "2026-01-01 00:00:00.000",
        commission_yen: j % 10 === 0 ? null : amount * 2,
      });
      if (j % 5 === 0)
        rewards.push({
          id: `r${id}`,
          cashback_id: id,
          referrer_id: "ref",
          customer_id: `u${j % 20_000}`,
          trade_date: `${month}-01`,
          cashback_amount: amount,
          rate_bp: 1000,
          amount: Math.floor(amount / 10),
          batch_id: "b",
          ledger_tx_id: "t",
          created_at: "2026-01-01 00:00:00.000",
        });
    }
    await db.kysely.insertInto("cashbacks").values(cashbacks).execute();
    if (rewards.length) await db.kysely.insertInto("affiliate_rewards").values(rewards).execute();
  }
  await sql`ANALYZE`.execute(db.kysely);
  console.log(`generated ${ROWS} rows in ${Date.now() - started} ms`);

  const time = async (label: string, run: () => Promise<unknown>) => {
    const runs: number[] = [];
    for (let k = 0; k < 3; k++) {
      const t = performance.now();
      await run();
      runs.push(Math.round(performance.now() - t));
    }
    console.log(`${label}: ${runs.join(" / ")} ms`);
  };
  const now = new Date("2026-11-20T03:00:00Z");
  await time("12-month report, every broker", () => marginReport(db, {}, now));
  await time("12-month report, one broker", () => marginReport(db, { broker: "broker3" }, now));
  await time("this month (admin home)", () => monthMargin(db, now));
  // The same with a covering index (range, broker, figures and the id the reward is joined by):
  // what a migration adding it would buy.
  if (process.env.BENCH_COVERING) {
    await sql`CREATE INDEX bench_margin_idx ON cashbacks (trade_date, broker_id, amount, commission_yen, id)`.execute(
      db.kysely,
    );
    await sql`ANALYZE`.execute(db.kysely);
    await time("covering: 12-month report, every broker", () => marginReport(db, {}, now));
    await time("covering: this month (admin home)", () => monthMargin(db, now));
  }
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
} finally {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
}
