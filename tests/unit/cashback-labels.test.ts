import { describe, expect, it } from "vitest";
import {
  axisYen,
  compactYen,
  formatCount,
  formatLots,
  formatTradeDate,
  monthLabel,
  monthShort,
  tickPlan,
  yearTick,
} from "#app/components/cashback/months";
import en from "../../locales/en/cashback.json";
import ja from "../../locales/ja/cashback.json";

/** A tiny `t` over one cashback.json, enough for the label helpers. */
function translator(file: Record<string, unknown>) {
  return (key: string, options: Record<string, unknown> = {}) => {
    const path = key.replace(/^cashback:/, "").split(".");
    let value: unknown = file;
    for (const part of path) value = (value as Record<string, unknown>)[part];
    return String(value).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name]));
  };
}

describe("cashback labels", () => {
  it("name months in both languages", () => {
    expect(monthLabel(translator(ja), "2026-01")).toBe("2026年1月");
    expect(monthLabel(translator(en), "2026-01")).toBe("Jan 2026");
    expect(monthShort(translator(ja), "2025-12")).toBe("12月");
    expect(monthShort(translator(en), "2025-12")).toBe("Dec");
    expect(yearTick(translator(ja), "2025-12")).toBe("2025年");
    expect(yearTick(translator(en), "2025-12")).toBe("2025");
  });

  it("shorten axis amounts: 万 and 億 in Japanese, k and M in English", () => {
    expect(compactYen(0, "ja")).toBe("¥0");
    expect(compactYen(8_000, "ja")).toBe("¥8,000");
    expect(compactYen(12_000, "ja")).toBe("¥1.2万");
    expect(compactYen(250_000_000, "ja")).toBe("¥2.5億");
    expect(compactYen(999, "en")).toBe("¥999");
    expect(compactYen(12_000, "en")).toBe("¥12k");
    expect(compactYen(1_500_000, "en")).toBe("¥1.5M");
  });

  it("format trade dates, lots and counts", () => {
    expect(formatTradeDate("2026-11-21")).toBe("2026/11/21");
    expect(formatLots(1250)).toBe("1.25");
    expect(formatLots(10000)).toBe("10");
    expect(formatLots(0)).toBe("0");
    // The member's history and the admin's list show lots alike, grouped as the broker's report.
    expect(formatLots(1_234_500)).toBe("1,234.5");
    expect(formatLots(12_345_678)).toBe("12,345.678");
    expect(formatLots(-1_500_000)).toBe("-1,500");
    expect(formatCount(1234567)).toBe("1,234,567");
  });

  it("label every month, or every other one counted back from the latest, with the year where it changes", () => {
    const months = ["2025-12", "2026-01", "2026-02", "2026-03", "2026-04"];
    expect(tickPlan(months, 1)).toEqual({
      labelled: [true, true, true, true, true],
      year: [true, true, false, false, false],
    });
    expect(tickPlan(months, 2)).toEqual({
      labelled: [true, false, true, false, true],
      year: [true, false, true, false, false],
    });
    expect(tickPlan(months.slice(1), 2)).toEqual({
      labelled: [false, true, false, true],
      year: [false, true, false, false],
    });
  });

  it("labels a whole axis in one unit, chosen by its largest value", () => {
    const ja = axisYen(30_000, "ja");
    expect([0, 7_500, 15_000, 30_000].map(ja)).toEqual(["¥0", "¥0.75万", "¥1.5万", "¥3万"]);
    const en = axisYen(30_000, "en");
    expect([0, 7_500, 30_000].map(en)).toEqual(["¥0", "¥7.5k", "¥30k"]);
    expect(axisYen(9_000, "ja")(4_500)).toBe("¥4,500");
    expect(axisYen(250_000_000, "ja")(50_000_000)).toBe("¥0.5億");
    expect(axisYen(2_000_000, "en")(500_000)).toBe("¥0.5M");
  });
});
