import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  alwaysCheck,
  brokerTermsFields,
  accountTypesOf,
  expectedYen,
  fromHundredths,
  parseLots,
  rateMismatch,
  rebateEstimate,
  scheduleComplete,
  toHundredths,
  yenPerLot,
} from "#domain/broker-terms";
import { nextCreditingDay } from "#server/lib/crediting";

const terms = z.object(brokerTermsFields).superRefine(scheduleComplete, alwaysCheck);
const base = { conditions: "", conditionsEn: "", creditCycle: "", creditDay: "", rates: [] };

describe("next crediting day (Tokyo, Japanese business days)", () => {
  // Each case: the schedule's cycle and day, the instant it is seen at, the crediting day.
  it.each([
    // This month's day when it is still ahead, else next month's.
    ["monthly", 15, "2026-11-25T03:00:00Z", "2026-12-15"],
    // 15 Nov 2026 is a Sunday: moved to Monday the 16th.
    ["monthly", 15, "2026-11-10T03:00:00Z", "2026-11-16"],
    // A crediting moved onto today counts as today's, even from last month.
    ["monthly", 15, "2026-11-16T03:00:00Z", "2026-11-16"],
    // 28 Feb 2027 is a Sunday, so February's crediting is on Monday 1 March.
    ["monthly", 28, "2027-03-01T03:00:00Z", "2027-03-01"],
    // The new year's bank holidays are skipped.
    ["monthly", 1, "2026-12-20T03:00:00Z", "2027-01-04"],
    // Weekly on the weekday, after a national holiday on the next business day.
    ["weekly", 5, "2026-11-25T03:00:00Z", "2026-11-27"],
    ["weekly", 3, "2026-11-25T03:00:00Z", "2026-11-25"],
    // Monday 23 Nov 2026 is Labour Thanksgiving Day: that week's crediting is Tuesday the 24th.
    ["weekly", 1, "2026-11-24T03:00:00Z", "2026-11-24"],
    // The day is read in Tokyo, not UTC: 15:30 UTC on Tuesday the 24th is already Wednesday in
    // Tokyo, so Tuesday's crediting has passed.
    ["weekly", 2, "2026-11-24T15:30:00Z", "2026-12-01"],
    ["weekly", 2, "2026-11-24T14:30:00Z", "2026-11-24"],
  ] as const)("%s on day %i, seen at %s, is %s", (cycle, day, iso, expected) => {
    expect(nextCreditingDay({ cycle, day }, new Date(iso))).toBe(expected);
  });

  it("has no date without a schedule", () => {
    expect(nextCreditingDay({ cycle: null, day: null })).toBeNull();
  });
});

describe("rates", () => {
  it("reads decimals as hundredths, full width too, and writes them back", () => {
    expect(toHundredths("1000")).toBe(100_000);
    expect(toHundredths("7.5")).toBe(750);
    expect(toHundredths("１，２００．２５")).toBe(120_025);
    expect(toHundredths("7.555")).toBeNull();
    expect(toHundredths("-3")).toBeNull();
    expect(toHundredths("abc")).toBeNull();
    expect(fromHundredths(750)).toBe("7.5");
    expect(fromHundredths(120_025)).toBe("1200.25");
    expect(fromHundredths(100_000)).toBe("1000");
  });

  it("estimates a month and a year of rebates; a share of the spread has no estimate", () => {
    expect(rebateEstimate({ kind: "jpy_per_lot", valueX100: 100_000 }, 12.5, 15_000)).toEqual({
      yenPerMonth: 12_500,
      yenPerYear: 150_000,
      usdPerMonth: null,
    });
    // $7.50 × 10 lots = $75 at ¥150.00 = ¥11,250.
    expect(rebateEstimate({ kind: "usd_per_lot", valueX100: 750 }, 10, 15_000)).toEqual({
      yenPerMonth: 11_250,
      yenPerYear: 135_000,
      usdPerMonth: 75,
    });
    expect(rebateEstimate({ kind: "spread_percent", valueX100: 3000 }, 10, 15_000)).toBeNull();
    expect(rebateEstimate({ kind: "jpy_per_lot", valueX100: 100 }, -1, 15_000)).toBeNull();
    expect(parseLots("１０．５")).toBe(10.5);
    expect(parseLots("ten")).toBeNull();
  });

  it("finds the amount a row's lots should pay and flags what rounding cannot explain", () => {
    const rates = [
      { accountType: "Standard", kind: "jpy_per_lot" as const, valueX100: 80_000 },
      { accountType: "Micro", kind: "jpy_per_lot" as const, valueX100: 50_000 },
      { accountType: "Zero", kind: "spread_percent" as const, valueX100: 3000 },
    ];
    // 2.5 lots: ¥2,000 at ¥800 or ¥1,250 at ¥500; an amount of ¥1,251 is the second, rounded.
    expect(expectedYen(2_500, 1_251, rates, null)).toBe(1_250);
    expect(rateMismatch(1_251, 1_250)).toBe(false);
    expect(rateMismatch(1_400, 1_250)).toBe(true);
    // USD per lot needs the batch's dollar rate: $5 × 2 lots at ¥150 = ¥1,500.
    const usd = [{ accountType: "Standard", kind: "usd_per_lot" as const, valueX100: 500 }];
    expect(expectedYen(2_000, 1_500, usd, 150_000_000)).toBe(1_500);
    expect(expectedYen(2_000, 1_500, usd, null)).toBeNull();
    expect(expectedYen(0, 1_500, rates, null)).toBeNull();
    expect(rateMismatch(1_500, null)).toBe(false);
  });

  it("checks a row at its account's own type when the member gave it", () => {
    const rates = [
      { accountType: "Standard", kind: "jpy_per_lot" as const, valueX100: 80_000 },
      { accountType: "Micro", kind: "jpy_per_lot" as const, valueX100: 50_000 },
      { accountType: "Zero", kind: "spread_percent" as const, valueX100: 3000 },
      { accountType: "Zero", kind: "usd_per_lot" as const, valueX100: 300 },
    ];
    // ¥1,251 for 2.5 lots is Micro's ¥500 a lot; a Standard account should have had ¥2,000.
    expect(expectedYen(2_500, 1_251, rates, null, "Standard")).toBe(2_000);
    expect(rateMismatch(1_251, expectedYen(2_500, 1_251, rates, null, "Standard"))).toBe(true);
    expect(expectedYen(2_500, 1_251, rates, null, "Micro")).toBe(1_250);
    // A type with a share of the spread and a dollar rate: the dollar rate, with the batch's rate.
    expect(expectedYen(2_000, 900, rates, 150_000_000, "Zero")).toBe(900);
    // Without the batch's dollar rate, Zero's rates cannot be checked: not another type's rate.
    expect(expectedYen(2_000, 1_600, rates, null, "Zero")).toBeNull();
    // A type the broker no longer lists (renamed since), or none given: the nearest rate.
    expect(expectedYen(2_500, 1_251, rates, null, "Classic")).toBe(1_250);
    expect(expectedYen(2_500, 1_990, rates, null, null)).toBe(2_000);
  });

  it("offers each of a broker's account types once, in the rate card's order", () => {
    expect(
      accountTypesOf([
        { accountType: "Standard" },
        { accountType: "Zero" },
        { accountType: "Standard" },
      ]),
    ).toEqual(["Standard", "Zero"]);
    expect(accountTypesOf([])).toEqual([]);
  });
});

describe("broker terms input", () => {
  it("accepts a schedule and rate rows, dropping blank spare rows", () => {
    const parsed = terms.parse({
      ...base,
      creditCycle: "monthly",
      creditDay: "10",
      rates: [
        { accountType: "Standard", kind: "jpy_per_lot", value: "1,000" },
        { accountType: "", kind: "jpy_per_lot", value: "" },
      ],
    });
    expect(parsed.rates).toEqual([
      { accountType: "Standard", kind: "jpy_per_lot", valueX100: 100_000 },
    ]);
    expect(parsed.creditDay).toBe(10);
  });

  it("refuses a bad rate, an unknown kind, a day the cycle does not have", () => {
    const issues = (input: object) =>
      terms
        .safeParse({ ...base, ...input })
        .error?.issues.map((i) => [i.path.join("."), i.message]);
    expect(issues({ rates: [{ accountType: "Pro", kind: "jpy_per_lot", value: "-5" }] })).toEqual([
      ["rates.0.value", "rateValue"],
    ]);
    expect(issues({ rates: [{ accountType: "Pro", kind: "bitcoin", value: "5" }] })).toEqual([
      ["rates.0.kind", "required"],
    ]);
    expect(
      issues({ rates: [{ accountType: "Pro", kind: "spread_percent", value: "120" }] }),
    ).toEqual([["rates.0.value", "ratePercent"]]);
    expect(issues({ creditCycle: "monthly", creditDay: "31" })).toEqual([
      ["creditDay", "creditDayMonth"],
    ]);
    expect(issues({ creditCycle: "weekly", creditDay: "6" })).toEqual([
      ["creditDay", "creditDayWeek"],
    ]);
    expect(issues({ creditCycle: "yearly", creditDay: "1" })?.[0]?.[0]).toBe("creditCycle");
  });

  it("takes English conditions only as a translation of Japanese ones", () => {
    const issues = (input: object) =>
      terms
        .safeParse({ ...base, ...input })
        .error?.issues.map((i) => [i.path.join("."), i.message]);
    expect(issues({ conditionsEn: "Trades count." })).toEqual([["conditions", "required"]]);
    expect(
      issues({ conditions: "取引が対象です。", conditionsEn: "Trades count." }),
    ).toBeUndefined();
    expect(issues({ conditions: "取引が対象です。" })).toBeUndefined();
  });
});

describe("yenPerLot", () => {
  it("is what a credited row paid per lot, rounded to the yen", () => {
    expect(yenPerLot(1200, 1500)).toBe(800);
    expect(yenPerLot(999, 800)).toBe(1249);
    expect(yenPerLot(1, 3000)).toBe(0);
  });

  it("is null for a row without lots (nothing to divide by)", () => {
    expect(yenPerLot(500, 0)).toBeNull();
  });
});
