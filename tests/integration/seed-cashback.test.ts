import { describe, expect, it } from "vitest";
import { DEMO_REPORT_FILE, demoReport, seedCashback } from "../../db/seed/cashback";
import { createAccount, createBroker } from "../helpers/cashback";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { callerFor, createUser } from "../helpers/fixtures";

const t = fileDatabase({ ledgerMustBalance: true });

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
  });

  it("imports the demo member's cashback through the engine once, however often the seed runs", async () => {
    const admin = await createUser(t.db, { permission: "admin" });
    const member = await createUser(t.db);
    // Nothing approved yet: nothing to import, and no batch.
    await seedCashback(t.db, { adminId: admin.id, memberId: member.id });
    expect(await t.db.kysely.selectFrom("import_batches").select("id").execute()).toHaveLength(0);

    const xm = await createBroker(t.db, "xm", "XM");
    const axi = await createBroker(t.db, "axi", "Axi");
    await createAccount(t.db, member.id, xm, "123456", "approved");
    await createAccount(t.db, member.id, axi, "654321", "approved");
    await createAccount(t.db, member.id, axi, "654322", "pending");
    for (let run = 0; run < 2; run++) {
      await seedCashback(t.db, { adminId: admin.id, memberId: member.id });
    }
    const batches = await t.db.kysely
      .selectFrom("import_batches")
      .select(["file_name", "status", "rows_credited", "amount_credited", "rows_error"])
      .execute();
    expect(batches).toHaveLength(1);
    expect(batches[0]).toMatchObject({
      file_name: DEMO_REPORT_FILE,
      status: "committed",
      rows_error: 0,
    });

    // What the member's pages read agrees with what was credited.
    const caller = await callerFor(t.db, member.id);
    const dashboard = await caller.cashback.dashboard();
    const summary = await caller.cashback.summary({ period: "all" });
    const monthly = await caller.cashback.monthly({ months: 12 });
    const credited = Number(batches[0]!.amount_credited);
    expect(credited).toBeGreaterThan(0);
    expect(dashboard.wallet.available).toBe(credited);
    expect(summary.allTime).toBe(credited);
    expect(summary.byBroker.map((b) => b.brokerName).sort()).toEqual(["Axi", "XM"]);
    expect(monthly.reduce((s, m) => s + m.amount, 0)).toBe(credited);
  });
});
