import { describe, expect, it } from "vitest";
import {
  coverageOf,
  formatMarginPercent,
  marginOf,
  monthsBefore,
  monthsBetween,
  nextMonth,
  percentX10,
} from "#domain/margin";
import { monthRange } from "#server/features/cashback/margin";

const sums = (over: Partial<Parameters<typeof marginOf>[0]> = {}) => ({
  rows: 3,
  rowsWithoutCommission: 0,
  commission: 10_000,
  cashback: 6_000,
  rewards: 600,
  ...over,
});

describe("the operator's margin", () => {
  it("is commission − cashback − rewards, its share of the commission in tenths of a percent", () => {
    expect(marginOf(sums())).toEqual({ coverage: "complete", margin: 3_400, percentX10: 340 });
    // A loss is a negative margin and a negative share.
    expect(marginOf(sums({ cashback: 9_800, rewards: 980 }))).toEqual({
      coverage: "complete",
      margin: -780,
      percentX10: -78,
    });
  });

  it("is unknown, never zero, when any row has no commission recorded", () => {
    expect(marginOf(sums({ rowsWithoutCommission: 1 }))).toEqual({
      coverage: "partial",
      margin: null,
      percentX10: null,
    });
    expect(marginOf(sums({ rowsWithoutCommission: 3, commission: 0 }))).toEqual({
      coverage: "none",
      margin: null,
      percentX10: null,
    });
    expect(coverageOf({ rows: 0, rowsWithoutCommission: 0 })).toBe("complete");
  });

  it("has no percentage of a zero commission", () => {
    expect(marginOf(sums({ commission: 0, cashback: 0, rewards: 0 }))).toEqual({
      coverage: "complete",
      margin: 0,
      percentX10: null,
    });
    expect(marginOf(sums({ commission: 0 })).margin).toBe(-6_600);
    expect(formatMarginPercent(null)).toBe("—");
  });

  it("rounds the percentage half away from zero, exactly on whole yen", () => {
    // 1 / 3 = 33.33… % → 33.3 %; 2 / 3 = 66.66… % → 66.7 %; 1 / 8 = 12.5 % exactly.
    expect(percentX10(1, 3)).toBe(333);
    expect(percentX10(2, 3)).toBe(667);
    expect(percentX10(1, 8)).toBe(125);
    // 0.05 % is the half: 1 / 2000 → 0.1 %, and -1 / 2000 → -0.1 %.
    expect(percentX10(1, 2000)).toBe(1);
    expect(percentX10(-1, 2000)).toBe(-1);
    expect(percentX10(1, 2001)).toBe(0);
    // Billions of yen stay exact.
    expect(percentX10(1_234_567_890, 9_876_543_210)).toBe(125);
    expect(formatMarginPercent(340)).toBe("34.0%");
    expect(formatMarginPercent(-78)).toBe("-7.8%");
    expect(formatMarginPercent(5)).toBe("0.5%");
  });

  it("counts months on their labels", () => {
    expect(nextMonth("2026-12")).toBe("2027-01");
    expect(monthsBefore("2026-01", 1)).toBe("2025-12");
    expect(monthsBefore("2026-11", 11)).toBe("2025-12");
    expect(monthsBetween("2025-11", "2026-02")).toEqual([
      "2025-11",
      "2025-12",
      "2026-01",
      "2026-02",
    ]);
  });

  it("reads the range: twelve months ending this Tokyo month, swapped, at most 36", () => {
    // 2026-11-30 15:00 UTC is already 1 December in Tokyo.
    const tokyoDecember = new Date("2026-11-30T15:00:00Z");
    expect(monthRange({}, tokyoDecember)).toEqual({ from: "2026-01", to: "2026-12" });
    expect(monthRange({}, new Date("2026-11-30T14:59:59Z"))).toEqual({
      from: "2025-12",
      to: "2026-11",
    });
    expect(monthRange({ from: "2026-10", to: "2026-03" })).toEqual({
      from: "2026-03",
      to: "2026-10",
    });
    expect(monthRange({ from: "2020-01", to: "2026-11" })).toEqual({
      from: "2023-12",
      to: "2026-11",
    });
  });
});
