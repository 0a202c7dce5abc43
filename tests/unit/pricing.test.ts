import { describe, expect, it } from "vitest";
import {
  commissionToYen,
  EARLIEST,
  priceRow,
  rateFor,
  type RateVersion,
  versionInForce,
} from "#domain/pricing";

const USD_150 = 150_000_000n; // ¥150.000000 per dollar, in millionths

const versions: RateVersion[] = [
  {
    from: "2026-10-01",
    rates: [
      { accountType: "Standard", kind: "jpy_per_lot", valueX100: 70_000 },
      { accountType: "Pro", kind: "usd_per_lot", valueX100: 450 },
    ],
  },
  {
    from: EARLIEST,
    rates: [{ accountType: "Standard", kind: "jpy_per_lot", valueX100: 64_000 }],
  },
  {
    from: "2026-11-15",
    rates: [
      { accountType: "Standard", kind: "spread_percent", valueX100: 4_000 },
      { accountType: "Pro", kind: "usd_per_lot", valueX100: 500 },
    ],
  },
];

describe("the rate card version in force", () => {
  it("is the latest version whose day is not after the trade date, in any order", () => {
    expect(versionInForce(versions, "2026-09-30")!.from).toBe(EARLIEST);
    expect(versionInForce(versions, "2026-10-01")!.from).toBe("2026-10-01");
    expect(versionInForce(versions, "2026-11-14")!.from).toBe("2026-10-01");
    expect(versionInForce(versions, "2026-11-15")!.from).toBe("2026-11-15");
    expect(versionInForce(versions.slice(0, 1), "2026-09-30")).toBeNull();
    expect(versionInForce([], "2026-09-30")).toBeNull();
  });

  it("takes the account's type, else the broker's default type (the card's first) and says so", () => {
    expect(rateFor(versions, "2026-10-20", "Pro")).toEqual({
      accountType: "Pro",
      kind: "usd_per_lot",
      valueX100: 450,
      from: "2026-10-01",
      source: "account_type",
    });
    expect(rateFor(versions, "2026-10-20", null)).toMatchObject({
      accountType: "Standard",
      valueX100: 70_000,
      source: "default_type",
    });
    // A type the version in force does not list: the default type, flagged as such.
    expect(rateFor(versions, "2026-09-01", "Pro")).toMatchObject({
      accountType: "Standard",
      valueX100: 64_000,
      source: "default_type",
    });
    expect(rateFor(versions.slice(0, 1), "2026-09-01", "Standard")).toBeNull();
  });
});

describe("pricing a row", () => {
  const noCommission = { commission: null };

  it("per lot in yen: lots × rate, rounded down to the yen", () => {
    const rate = { kind: "jpy_per_lot" as const, valueX100: 64_050 }; // ¥640.50 a lot
    expect(priceRow({ lotsE8: 2_000n * 100_000n, ...noCommission }, rate, null)).toEqual({
      yen: 1_281,
    });
    // 0.01 lot × ¥640.50 = ¥6.405: ¥6, never ¥7
    expect(priceRow({ lotsE8: 10n * 100_000n, ...noCommission }, rate, null)).toEqual({ yen: 6 });
    expect(priceRow({ lotsE8: 1n * 100_000n, ...noCommission }, rate, null)).toEqual({ yen: 0 });
  });

  it("per lot in dollars at the batch's dollar rate, rounded down once", () => {
    const rate = { kind: "usd_per_lot" as const, valueX100: 450 }; // $4.50 a lot
    expect(priceRow({ lotsE8: 1_000n * 100_000n, ...noCommission }, rate, USD_150)).toEqual({
      yen: 675,
    });
    // 0.37 lot × $4.50 × ¥151.234567 = ¥251.80: ¥251
    expect(priceRow({ lotsE8: 370n * 100_000n, ...noCommission }, rate, 151_234_567n)).toEqual({
      yen: 251,
    });
    expect(priceRow({ lotsE8: 1_000n * 100_000n, ...noCommission }, rate, null)).toEqual({
      error: "rateMissing",
    });
  });

  it("a percentage of the IB commission, in yen or in dollars to four decimals", () => {
    const rate = { kind: "spread_percent" as const, valueX100: 4_000 }; // 40 %
    const yen = { amountX10000: 1_601n * 10_000n, currency: "JPY" as const };
    // 40 % of ¥1,601 = ¥640.4: ¥640
    expect(priceRow({ lotsE8: 1_000n * 100_000n, commission: yen }, rate, null)).toEqual({
      yen: 640,
    });
    // 40 % of $12.3456 at ¥150 = ¥740.736: ¥740 (not 40 % of a rounded ¥1,851 = ¥740.4 twice)
    const usd = { amountX10000: 123_456n, currency: "USD" as const };
    expect(priceRow({ lotsE8: 1_000n * 100_000n, commission: usd }, rate, USD_150)).toEqual({
      yen: 740,
    });
    expect(priceRow({ lotsE8: 1_000n * 100_000n, commission: usd }, rate, null)).toEqual({
      error: "rateMissing",
    });
    expect(priceRow({ lotsE8: 1_000n * 100_000n, commission: null }, rate, USD_150)).toEqual({
      error: "noCommission",
    });
    // 33.33 % of ¥100: ¥33.33 → ¥33
    const third = { kind: "spread_percent" as const, valueX100: 3_333 };
    const hundred = { amountX10000: 1_000_000n, currency: "JPY" as const };
    expect(priceRow({ lotsE8: 0n * 100_000n, commission: hundred }, third, null)).toEqual({
      yen: 33,
    });
  });

  it("converts a commission to yen for the margin, rounded down", () => {
    expect(commissionToYen({ amountX10000: 123_456n, currency: "USD" }, USD_150)).toBe(1_851);
    expect(commissionToYen({ amountX10000: 16_015_000n, currency: "JPY" }, null)).toBe(1_601);
    expect(commissionToYen({ amountX10000: 1n, currency: "USD" }, null)).toBeNull();
  });

  it("stays exact where floating point would not (a million lots at $4.50 and ¥151.234567)", () => {
    const rate = { kind: "usd_per_lot" as const, valueX100: 450 };
    // 1,000,000 × 4.5 × 151.234567 = 680,555,551.5
    expect(
      priceRow({ lotsE8: 1_000_000_000n * 100_000n, commission: null }, rate, 151_234_567n),
    ).toEqual({
      yen: 680_555_551,
    });
  });
});
