import { describe, expect, it } from "vitest";
import { decisionNeedsSecondAdmin, memberLines, repriceRow, settle } from "#domain/rate-adjustment";
import type { RateVersion } from "#domain/pricing";

const versions: RateVersion[] = [
  {
    from: "2000-01-01",
    rates: [
      { accountType: "Standard", kind: "jpy_per_lot", valueX100: 80_000 },
      { accountType: "Micro", kind: "spread_percent", valueX100: 4_000 },
    ],
  },
  {
    from: "2026-10-10",
    rates: [
      { accountType: "Standard", kind: "jpy_per_lot", valueX100: 70_000 },
      { accountType: "Pro", kind: "usd_per_lot", valueX100: 450 },
    ],
  },
  { from: "2026-11-01", rates: [] },
];

const row = (over: Partial<Parameters<typeof repriceRow>[0]>) => ({
  id: "c1",
  userId: "u1",
  tradeDate: "2026-10-15",
  lotsE8: 370n * 100_000n,
  commission: null,
  usdRateMicro: 150_123_456n,
  accountType: "Standard",
  currentYen: 296,
  ...over,
});

describe("re-pricing a credited row at the card in force on its trade date", () => {
  it("prices per lot, in dollars, and at the default type, rounded down once", () => {
    // 0.37 × ¥700 = ¥259
    expect(repriceRow(row({}), versions)).toMatchObject({ oldYen: 296, newYen: 259 });
    // 0.37 × $4.50 × ¥150.123456 = ¥249.955… → ¥249
    expect(repriceRow(row({ accountType: "Pro" }), versions)).toMatchObject({ newYen: 249 });
    // Micro is not on the new card: the default type (Standard) prices it, and says so.
    expect(repriceRow(row({ accountType: "Micro" }), versions)?.rate).toEqual({
      accountType: "Standard",
      kind: "jpy_per_lot",
      valueX100: 70_000,
      from: "2026-10-10",
    });
  });

  it("leaves a row the card cannot price at its price (no rates, no dollar rate)", () => {
    expect(repriceRow(row({ tradeDate: "2026-11-02" }), versions)).toBeNull();
    expect(repriceRow(row({ accountType: "Pro", usdRateMicro: null }), versions)).toBeNull();
  });

  it("sums the rows whose price changes per member", () => {
    const repriced = [
      repriceRow(row({ id: "a" }), versions)!,
      repriceRow(row({ id: "b", lotsE8: 1_500n * 100_000n, currentYen: 1_200 }), versions)!,
      repriceRow(row({ id: "c", currentYen: 259 }), versions)!, // already at its price
      repriceRow(
        row({ id: "d", userId: "u2", lotsE8: 1_000n * 100_000n, currentYen: 650 }),
        versions,
      )!,
    ];
    expect(memberLines(repriced)).toEqual([
      { userId: "u1", rows: 2, oldYen: 1_496, newYen: 1_309, difference: -187 },
      { userId: "u2", rows: 1, oldYen: 650, newYen: 700, difference: 50 },
    ]);
  });
});

describe("settling a member's line", () => {
  it("credits in full and debits what the balance covers", () => {
    expect(settle(185, 0, null)).toEqual({ status: "applied", move: 185 });
    expect(settle(-187, 187, null)).toEqual({ status: "applied", move: -187 });
  });

  it("never goes below zero: holds a debit the balance cannot cover until a decision", () => {
    expect(settle(-300, 299, null)).toEqual({ status: "held", move: 0 });
    expect(settle(-300, 150, "waive")).toEqual({ status: "waived", move: 0 });
    expect(settle(-300, 150, "debit_available")).toEqual({ status: "partial", move: -150 });
    expect(settle(-300, 0, "debit_available")).toEqual({ status: "waived", move: 0 });
  });
});

describe("who may settle a decision on an uncovered debit", () => {
  it("needs a second admin for a debit of more than the present threshold", () => {
    expect(decisionNeedsSecondAdmin(-10_001, 10_000)).toBe(true);
    expect(decisionNeedsSecondAdmin(-10_000, 10_000)).toBe(false);
    expect(decisionNeedsSecondAdmin(-1, 0)).toBe(true);
  });
  it("never for a credit", () => {
    expect(decisionNeedsSecondAdmin(50_000, 0)).toBe(false);
    expect(decisionNeedsSecondAdmin(0, 0)).toBe(false);
  });
});
