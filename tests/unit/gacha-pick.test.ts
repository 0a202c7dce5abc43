import { describe, expect, it } from "vitest";
import { itemValidity } from "#server/features/gachas/draw";
import { chiSquare, cryptoUniform, oddsOf, pickIndex } from "#server/features/gachas/pick";
import { tokyoLocalToDb } from "#server/features/gachas/schema";

/**
 * The draw's fairness. pickIndex is the very function a draw calls, with the same RNG
 * (crypto.randomInt); these tests hold it to the odds the details page shows.
 */

const WEIGHTS = [1, 2, 5, 10, 20, 62];
const DRAWS = 100_000;
/**
 * Chi-square critical value for 5 degrees of freedom (6 outcomes) at p = 1e-6: a fair draw
 * fails this test about once in a million runs, while the smallest bias worth worrying about
 * (one weight unit in a hundred moved between neighbours) scores in the hundreds.
 */
const CRITICAL_DF5_P1E6 = 35.89;

function simulate(weights: number[], draws: number, random = cryptoUniform) {
  const counts = weights.map(() => 0);
  for (let i = 0; i < draws; i++) counts[pickIndex(weights, random)]! += 1;
  return counts;
}

describe("gacha pick", () => {
  it(`over ${DRAWS.toLocaleString("en")} weighted draws, the frequencies match the weights (chi-square)`, () => {
    const counts = simulate(WEIGHTS, DRAWS);
    const stat = chiSquare(counts, WEIGHTS);
    // Printed so a run records the measured value, not only that it passed.
    console.info(
      `gacha chi-square over ${DRAWS} draws, weights ${WEIGHTS.join("/")}: ${stat.toFixed(2)} ` +
        `(df 5, critical ${CRITICAL_DF5_P1E6} at p=1e-6); counts ${counts.join("/")}`,
    );
    expect(stat).toBeLessThan(CRITICAL_DF5_P1E6);
    // The rarest reward (1 %) still comes out about a thousand times.
    expect(counts[0]).toBeGreaterThan(800);
    expect(counts[0]).toBeLessThan(1_200);
  });

  it("the same test catches a biased draw (an off-by-one in the cumulative walk)", () => {
    // A picker that treats r == cumulative as a hit, as a careless `<=` would.
    const biased = (weights: number[]) => {
      const total = weights.reduce((s, w) => s + w, 0);
      const r = cryptoUniform(total);
      let cumulative = 0;
      for (let i = 0; i < weights.length; i++) {
        cumulative += weights[i]!;
        if (r <= cumulative) return i;
      }
      return weights.length - 1;
    };
    const counts = WEIGHTS.map(() => 0);
    for (let i = 0; i < DRAWS; i++) counts[biased(WEIGHTS)]! += 1;
    expect(chiSquare(counts, WEIGHTS)).toBeGreaterThan(CRITICAL_DF5_P1E6 * 10);
  });

  it("maps each random value to exactly one reward, in proportion to its weight", () => {
    // Enumerating every value of the RNG's range: reward i receives exactly weight_i of them.
    const weights = [3, 0, 1, 6];
    const hits = weights.map(() => 0);
    for (let r = 0; r < 10; r++) hits[pickIndex(weights, () => r)]! += 1;
    expect(hits).toEqual(weights);
  });

  it("never picks a weight of zero (a sold-out box reward)", () => {
    const counts = simulate([0, 5, 0, 5, 0], 5_000);
    expect([counts[0], counts[2], counts[4]]).toEqual([0, 0, 0]);
  });

  it("refuses what it cannot draw from fairly", () => {
    expect(() => pickIndex([])).toThrow();
    expect(() => pickIndex([0, 0])).toThrow();
    expect(() => pickIndex([1, -1, 3])).toThrow();
    expect(() => pickIndex([1.5, 2])).toThrow();
    expect(() => pickIndex([2 ** 48, 1])).toThrow();
    expect(() => pickIndex([1, 1], () => 2)).toThrow();
  });

  it("states the odds as exact fractions and percents that add up", () => {
    expect(oddsOf([1, 9, 30, 60])).toEqual([
      { numerator: 1, denominator: 100, percent: 1 },
      { numerator: 9, denominator: 100, percent: 9 },
      { numerator: 30, denominator: 100, percent: 30 },
      { numerator: 60, denominator: 100, percent: 60 },
    ]);
    expect(oddsOf([1, 2]).map((o) => o.percent)).toEqual([33.33, 66.67]);
    expect(oddsOf([0, 0]).map((o) => o.percent)).toEqual([0, 0]);
  });
});

describe("gacha item validity", () => {
  const now = "2026-12-01 00:00:00.000";
  it("runs from the draw for the reward's days", () => {
    expect(itemValidity({ valid_from: null, valid_until: null, valid_days: 7 }, now)).toEqual({
      from: now,
      until: "2026-12-08 00:00:00.000",
    });
  });
  it("starts at a later start date and ends at whichever end comes first", () => {
    expect(
      itemValidity(
        {
          valid_from: "2026-12-10 00:00:00.000",
          valid_until: "2026-12-31 00:00:00.000",
          valid_days: 5,
        },
        now,
      ),
    ).toEqual({ from: "2026-12-10 00:00:00.000", until: "2026-12-15 00:00:00.000" });
    expect(
      itemValidity(
        {
          valid_from: "2026-11-01 00:00:00.000",
          valid_until: "2026-12-03 00:00:00.000",
          valid_days: 30,
        },
        now,
      ),
    ).toEqual({ from: now, until: "2026-12-03 00:00:00.000" });
  });
  it("without an end never expires", () => {
    expect(itemValidity({ valid_from: null, valid_until: null, valid_days: null }, now)).toEqual({
      from: now,
      until: null,
    });
  });
});

describe("admin date and time in Tokyo", () => {
  it("stores what was typed in Tokyo as UTC", () => {
    expect(tokyoLocalToDb("2026-12-01T09:00")).toBe("2026-12-01 00:00:00.000");
    expect(tokyoLocalToDb("2026-01-01T00:30")).toBe("2025-12-31 15:30:00.000");
  });
  it("refuses dates that do not exist", () => {
    expect(tokyoLocalToDb("2026-02-30T10:00")).toBeNull();
    expect(tokyoLocalToDb("2026-12-01T24:00")).toBeNull();
    expect(tokyoLocalToDb("2026-12-01")).toBeNull();
    expect(tokyoLocalToDb("")).toBeNull();
  });
});
