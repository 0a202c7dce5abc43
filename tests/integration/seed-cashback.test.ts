import { describe, expect, it } from "vitest";
import { DEMO_REPORT_FILE, demoImports, demoReport, seedCashback } from "../../db/seed/cashback";
import { atTime } from "../../db/clock";
import { fromDbTime } from "../../db/time";
import { tokyoDay } from "../../server/domain/tokyo";
import { commitImport } from "../../server/features/cashback/jobs";
import { previewImport } from "../../server/features/cashback/preview";
import { createLogger } from "../../server/logger";
import { createAccount, createBroker } from "../helpers/cashback";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { callerFor, createUser } from "../helpers/fixtures";

const t = fileDatabase({ ledgerMustBalance: true });
const DAY_MS = 24 * 60 * 60 * 1000;

describe(`demo cashback on ${testEngine}`, () => {
  it("writes six months of report rows, never after today", () => {
    const now = new Date("2026-03-09T00:00:00Z"); // 09:00 in Tokyo
    const lines = demoReport([{ brokerCode: "xm", accountNumber: "123456" }], now)
      .trim()
      .split("\n");
    const dates = lines.slice(1).map((l) => l.split(",")[0]!);
    expect(dates[0]).toBe("2025-10-01");
    expect(dates.at(-1)).toBe("2026-03-08");
    expect(dates.every((d) => d <= "2026-03-09")).toBe(true);
    expect(lines).toHaveLength(1 + 5 * 4 + 2);
    // An account registered later trades from its registration day on.
    const later = demoReport(
      [{ brokerCode: "xm", accountNumber: "123456", since: "2025-12-10" }],
      now,
    );
    const laterDates = later
      .trim()
      .split("\n")
      .slice(1)
      .map((l) => l.split(",")[0]!);
    expect(laterDates[0]).toBe("2025-12-15");
  });

  it("cuts the report into one import per broker and week, on the Tuesday after, none ahead", () => {
    const now = new Date("2026-03-09T00:00:00Z"); // Monday 09:00 in Tokyo
    const report = demoReport(
      [
        { brokerCode: "xm", accountNumber: "123456" },
        { brokerCode: "exness", accountNumber: "EX1" },
      ],
      now,
    );
    const imports = demoImports(report, now);
    const rows = report.trim().split("\n").slice(1);
    // Every row once, each file one broker's one week.
    const imported = imports.flatMap((i) => i.content.trim().split("\n").slice(1));
    expect(imported.sort()).toEqual([...rows].sort());
    expect(new Set(imports.map((i) => i.fileName)).size).toBe(imports.length);
    for (const i of imports) {
      const lines = i.content.trim().split("\n").slice(1);
      expect(new Set(lines.map((l) => l.split(",")[1]))).toEqual(new Set([i.brokerCode]));
      const last = lines
        .map((l) => l.split(",")[0]!)
        .sort()
        .at(-1)!;
      // The week ends on a Sunday, at most six days after its trades.
      expect(new Date(`${i.weekEnd}T00:00:00Z`).getUTCDay()).toBe(0);
      expect(Date.parse(i.weekEnd) - Date.parse(last)).toBeLessThan(7 * DAY_MS);
      expect(tokyoDay(i.at) > last).toBe(true);
      expect(i.at.getTime()).toBeLessThan(now.getTime());
    }
    // Oldest first; a week whose Tuesday is still ahead (trades of Sunday 03-08) is imported
    // just before `now`, never later.
    const moments = imports.map((i) => i.at.getTime());
    expect(moments).toEqual([...moments].sort((a, b) => a - b));
    const lastWeek = imports.filter((i) => i.weekEnd === "2026-03-08");
    expect(lastWeek).toHaveLength(2);
    for (const i of lastWeek) expect(now.getTime() - i.at.getTime()).toBeLessThan(5 * 60_000);
    const earlier = imports.find((i) => i.weekEnd === "2026-02-22")!;
    expect(tokyoDay(earlier.at)).toBe("2026-02-24");
  });

  it("imports the demo member's cashback week by week through the engine once, however often the seed runs", async () => {
    const admin = await createUser(t.db, { permission: "admin" });
    const member = await createUser(t.db);
    // Nothing approved yet: nothing to import, and no batch.
    await seedCashback(t.db, { adminId: admin.id, memberId: member.id });
    expect(await t.db.kysely.selectFrom("import_batches").select("id").execute()).toHaveLength(0);

    const xm = await createBroker(t.db, "xm", "XM");
    const axi = await createBroker(t.db, "axi", "Axi");
    // Registered before the six months the report covers.
    await atTime(new Date(Date.now() - 200 * DAY_MS), async () => {
      await createAccount(t.db, member.id, xm, "123456", "approved");
      await createAccount(t.db, member.id, axi, "654321", "approved");
      await createAccount(t.db, member.id, axi, "654322", "pending");
    });
    await seedCashback(t.db, { adminId: admin.id, memberId: member.id });
    const caller = await callerFor(t.db, member.id);
    const before = await caller.cashback.dashboard();
    await seedCashback(t.db, { adminId: admin.id, memberId: member.id });
    const batches = await t.db.kysely
      .selectFrom("import_batches")
      .select([
        "file_name",
        "status",
        "rows_credited",
        "amount_credited",
        "rows_error",
        "created_at",
        "committed_at",
      ])
      .orderBy("committed_at")
      .execute();
    // One batch per broker and week: two brokers over some 26 weeks, none twice.
    expect(batches.length).toBeGreaterThan(40);
    expect(new Set(batches.map((b) => b.file_name)).size).toBe(batches.length);
    for (const b of batches) {
      expect(b).toMatchObject({ status: "committed", rows_error: 0 });
      expect(b.file_name).toMatch(/^demo-rebate-(xm|axi)-\d{4}-\d{2}-\d{2}\.csv$/);
      // Imported on the Tuesday after its week (today, if that Tuesday is still ahead).
      const weekEnd = b.file_name.slice(-14, -4);
      const tuesday = new Date(Date.parse(weekEnd) + 2 * DAY_MS).toISOString().slice(0, 10);
      const today = tokyoDay();
      expect(tokyoDay(fromDbTime(b.committed_at!))).toBe(tuesday < today ? tuesday : today);
      expect(b.created_at <= b.committed_at!).toBe(true);
    }
    // The cashback entries carry their import's moment: many days, not one.
    const entries = await t.db.kysely
      .selectFrom("cashbacks")
      .innerJoin("ledger_transactions as tx", "tx.id", "cashbacks.ledger_tx_id")
      .select(["cashbacks.created_at", "tx.created_at as credited_at"])
      .where("cashbacks.user_id", "=", member.id)
      .execute();
    expect(new Set(entries.map((e) => tokyoDay(fromDbTime(e.credited_at)))).size).toBe(
      batches.length / 2,
    );

    // What the member's pages read agrees with what was credited, and a re-run added nothing.
    const dashboard = await caller.cashback.dashboard();
    const summary = await caller.cashback.summary({ period: "all" });
    const monthly = await caller.cashback.monthly({ months: 12 });
    const credited = batches.reduce((s, b) => s + Number(b.amount_credited), 0);
    expect(credited).toBeGreaterThan(0);
    expect(dashboard).toEqual(before);
    expect(dashboard.wallet.available).toBe(credited);
    expect(summary.allTime).toBe(credited);
    expect(summary.byBroker.map((b) => b.brokerName).sort()).toEqual(["Axi", "XM"]);
    expect(monthly.reduce((s, m) => s + m.amount, 0)).toBe(credited);
  });

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
      content: Buffer.from(demoReport([{ brokerCode: "titan", accountNumber: "777777" }])),
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
