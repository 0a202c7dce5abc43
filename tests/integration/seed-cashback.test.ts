import { describe, expect, it } from "vitest";
import { seedBrokers } from "#tools/seed/brokers";
import {
  builtinReport,
  DEMO_REPORT_FILE,
  demoImports,
  demoTrades,
  seedCashback,
} from "#tools/seed/cashback";
import { axiServerTime, DEMO_SHAPES, type DemoTrade } from "#tools/seed/reports";
import { atTime } from "#db/clock";
import { fromDbTime } from "#db/time";
import { tokyoDay } from "#domain/tokyo";
import { commitImport } from "#server/features/cashback/jobs";
import { previewImport } from "#server/features/cashback/preview";
import { createLogger } from "#server/logger";
import { createAccount, createBroker } from "../helpers/cashback";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { callerFor, createUser } from "../helpers/fixtures";

const t = fileDatabase({ ledgerMustBalance: true });
const DAY_MS = 24 * 60 * 60 * 1000;

describe(`demo cashback on ${testEngine}`, () => {
  it("trades over six months, never after today", () => {
    const now = new Date("2026-03-09T00:00:00Z"); // 09:00 in Tokyo
    const dates = demoTrades([{ brokerCode: "xm", accountNumber: "123456" }], now).map(
      (t) => t.tradeDate,
    );
    expect(dates[0]).toBe("2025-10-01");
    expect(dates.at(-1)).toBe("2026-03-08");
    expect(dates.every((d) => d <= "2026-03-09")).toBe(true);
    expect(dates).toHaveLength(5 * 4 + 2);
    // An account registered later trades from its registration day on.
    const later = demoTrades(
      [{ brokerCode: "xm", accountNumber: "123456", since: "2025-12-10" }],
      now,
    );
    expect(later[0]!.tradeDate).toBe("2025-12-15");
  });

  it("cuts the trades into one report per broker and week, in the broker's shape, imported on the Tuesday after, none ahead", () => {
    const now = new Date("2026-03-09T00:00:00Z"); // Monday 09:00 in Tokyo
    const trades = demoTrades(
      [
        { brokerCode: "xm", accountNumber: "123456" },
        { brokerCode: "exness", accountNumber: "EX12AB34" },
        { brokerCode: "errante", accountNumber: "555555" },
      ],
      now,
    );
    const imports = demoImports(trades, now);
    // Every trade once, each file one broker's one week.
    const key = (t: DemoTrade) => `${t.brokerCode} ${t.accountNumber} ${t.tradeDate}`;
    expect(imports.flatMap((i) => i.trades.map(key)).sort()).toEqual(trades.map(key).sort());
    expect(new Set(imports.map((i) => i.fileName)).size).toBe(imports.length);
    for (const i of imports) {
      expect(new Set(i.trades.map((t) => t.brokerCode))).toEqual(new Set([i.brokerCode]));
      // In the broker's own shape; a broker without one in the built-in shape.
      const shape = DEMO_SHAPES.get(i.brokerCode) ?? null;
      expect(i.shape).toBe(shape);
      expect(i.content).toEqual(
        shape ? shape.write(i.trades) : new Uint8Array(Buffer.from(builtinReport(i.trades))),
      );
      const last = i.trades
        .map((t) => t.tradeDate)
        .sort()
        .at(-1)!;
      // The week ends on a Sunday, at most six days after its trades.
      expect(new Date(`${i.weekEnd}T00:00:00Z`).getUTCDay()).toBe(0);
      expect(Date.parse(i.weekEnd) - Date.parse(last)).toBeLessThan(7 * DAY_MS);
      expect(tokyoDay(i.at) > last).toBe(true);
      expect(i.at.getTime()).toBeLessThan(now.getTime());
    }
    expect(imports.find((i) => i.brokerCode === "xm")!.fileName).toMatch(
      /^demo-rebate-xm-.*\.csv$/,
    );
    // Oldest first; a week whose Tuesday is still ahead (trades of Sunday 03-08) is imported
    // just before `now`, never later.
    const moments = imports.map((i) => i.at.getTime());
    expect(moments).toEqual([...moments].sort((a, b) => a - b));
    const lastWeek = imports.filter((i) => i.weekEnd === "2026-03-08");
    expect(lastWeek).toHaveLength(3);
    for (const i of lastWeek) expect(now.getTime() - i.at.getTime()).toBeLessThan(5 * 60_000);
    const earlier = imports.find((i) => i.weekEnd === "2026-02-22")!;
    expect(tokyoDay(earlier.at)).toBe("2026-02-24");
  });

  it("imports the demo members' cashback week by week, each broker's report in its shape, priced at the account's rate, once however often the seed runs", async () => {
    const admin = await createUser(t.db, { permission: "admin" });
    const member = await createUser(t.db);
    const friend = await createUser(t.db);
    const rich = await createUser(t.db);
    const people = { adminId: admin.id, memberId: member.id, others: [friend.id, rich.id] };
    // Nothing registered yet: nothing to import, and no batch.
    await seedCashback(t.db, people);
    expect(await t.db.kysely.selectFrom("import_batches").select("id").execute()).toHaveLength(0);

    await seedBrokers(t.db, people);
    await seedCashback(t.db, people);
    const caller = await callerFor(t.db, member.id);
    const before = await caller.cashback.dashboard();
    await seedBrokers(t.db, people);
    await seedCashback(t.db, people);
    const batches = await t.db.kysely
      .selectFrom("import_batches")
      .select([
        "file_name",
        "status",
        "rows_credited",
        "amount_credited",
        "rows_error",
        "rows_unmatched",
        "profile",
        "created_at",
        "committed_at",
      ])
      .orderBy("committed_at")
      .execute();
    // One batch per broker and week: four brokers over some 26 weeks, none twice.
    expect(batches.length).toBeGreaterThan(60);
    expect(new Set(batches.map((b) => b.file_name)).size).toBe(batches.length);
    for (const b of batches) {
      expect(b).toMatchObject({ status: "committed", rows_error: 0, rows_unmatched: 0 });
      const [, code, weekEnd, ext] = /^demo-rebate-(\w+)-(\d{4}-\d{2}-\d{2})\.(\w+)$/.exec(
        b.file_name,
      )!;
      // Read with the broker's own profile, as the seed saved it.
      const shape = DEMO_SHAPES.get(code!)!;
      expect(ext).toBe(shape.ext);
      expect(JSON.parse(b.profile!)).toMatchObject({ brokerCode: code, name: shape.profile.name });
      // Imported on the Tuesday after its week (today, if that Tuesday is still ahead).
      const tuesday = new Date(Date.parse(weekEnd!) + 2 * DAY_MS).toISOString().slice(0, 10);
      const today = tokyoDay();
      expect(tokyoDay(fromDbTime(b.committed_at!))).toBe(tuesday < today ? tuesday : today);
      expect(b.created_at <= b.committed_at!).toBe(true);
    }
    expect(new Set(batches.map((b) => b.file_name.split("-")[2]))).toEqual(
      new Set(["xm", "exness", "axi", "titanfx"]),
    );
    // One profile per shape, saved once.
    expect(
      (await t.db.kysely.selectFrom("import_profiles").select("name").execute())
        .map((p) => p.name)
        .sort(),
    ).toEqual([...DEMO_SHAPES.values(), axiServerTime].map((s) => s.profile.name).sort());

    // Every row priced at its account's own type (never the default), with the rate kept:
    // per lot in yen, per lot in dollars, and a percentage of the IB commission.
    const priced = await t.db.kysely
      .selectFrom("cashbacks")
      .innerJoin("broker_accounts as a", "a.id", "cashbacks.broker_account_id")
      .innerJoin("brokers as b", "b.id", "a.broker_id")
      .select([
        "b.code",
        "a.account_type",
        "cashbacks.rate_type",
        "cashbacks.rate_kind",
        "cashbacks.rate_source",
        "cashbacks.priced",
        "cashbacks.commission_yen",
      ])
      .execute();
    for (const row of priced) {
      expect(row).toMatchObject({
        rate_type: row.account_type,
        rate_source: "account_type",
        priced: 1,
      });
      expect(Number(row.commission_yen)).toBeGreaterThan(0);
    }
    expect(new Set(priced.map((r) => r.rate_kind))).toEqual(
      new Set(["jpy_per_lot", "usd_per_lot", "spread_percent"]),
    );

    // The cashback entries carry their import's moment: many days, not one.
    const entries = await t.db.kysely
      .selectFrom("cashbacks")
      .innerJoin("ledger_transactions as tx", "tx.id", "cashbacks.ledger_tx_id")
      .select(["cashbacks.created_at", "tx.created_at as credited_at"])
      .where("cashbacks.user_id", "=", member.id)
      .execute();
    expect(new Set(entries.map((e) => tokyoDay(fromDbTime(e.credited_at)))).size).toBeGreaterThan(
      20,
    );

    // What the member's pages read agrees with what was credited, and a re-run added nothing.
    const dashboard = await caller.cashback.dashboard();
    const summary = await caller.cashback.summary({ period: "all" });
    const monthly = await caller.cashback.monthly({ months: 12 });
    const history = await t.db.kysely
      .selectFrom("cashbacks")
      .select((eb) => eb.fn.sum<number>("amount").as("amount"))
      .where("user_id", "=", member.id)
      .executeTakeFirstOrThrow();
    const credited = Number(history.amount);
    expect(credited).toBeGreaterThan(0);
    expect(dashboard).toEqual(before);
    expect(dashboard.wallet.available).toBe(credited);
    expect(summary.allTime).toBe(credited);
    expect(summary.byBroker.map((b) => b.brokerName).sort()).toEqual(["Exness", "XM"]);
    expect(monthly.reduce((s, m) => s + m.amount, 0)).toBe(credited);
    // Everyone's daily summaries equal the history, and the batches say what they credited.
    const sum = async (table: "cashbacks" | "cashback_daily") =>
      Number(
        (
          await t.db.kysely
            .selectFrom(table)
            .select((eb) => eb.fn.sum<number>("amount").as("amount"))
            .executeTakeFirstOrThrow()
        ).amount,
      );
    expect(await sum("cashback_daily")).toBe(await sum("cashbacks"));
    expect(batches.reduce((s, b) => s + Number(b.amount_credited), 0)).toBe(await sum("cashbacks"));
    // The whole demo history: some 70 weekly imports, each previewed and committed.
  }, 300_000);

  it("leaves a database seeded with the one-batch demo report as it is", async () => {
    const admin = await createUser(t.db, { permission: "admin" });
    const member = await createUser(t.db);
    const broker = await createBroker(t.db, "titan", "Titan");
    await atTime(new Date(Date.now() - 200 * DAY_MS), () =>
      createAccount(t.db, member.id, broker, "777777", "approved"),
    );
    const deps = { db: t.db, log: createLogger({ level: "silent" }) };
    const legacy = await previewImport(deps, admin.id, {
      fileName: DEMO_REPORT_FILE,
      content: Buffer.from(
        builtinReport(demoTrades([{ brokerCode: "titan", accountNumber: "777777" }])),
      ),
      usdRate: "150",
    });
    await commitImport(deps, admin.id, legacy.batchId);
    const count = async () =>
      (await t.db.kysely.selectFrom("import_batches").select("id").execute()).length;
    const batches = await count();
    await seedCashback(t.db, { adminId: admin.id, memberId: member.id });
    expect(await count()).toBe(batches);
  });
});
