import { describe, expect, it } from "vitest";
import { valuesShown } from "#app/components/cashback/MiniBars";
import { waitedFor } from "#app/routes/admin+/_index/age";

describe("how long a queue's oldest item has waited", () => {
  it("uses the largest whole unit that fits, rounded down", () => {
    expect(waitedFor(0)).toEqual({ unit: "minutes", n: 0 });
    expect(waitedFor(59)).toEqual({ unit: "minutes", n: 59 });
    expect(waitedFor(60)).toEqual({ unit: "hours", n: 1 });
    expect(waitedFor(24 * 60 - 1)).toEqual({ unit: "hours", n: 23 });
    expect(waitedFor(24 * 60)).toEqual({ unit: "days", n: 1 });
    expect(waitedFor(2 * 24 * 60 + 23 * 60)).toEqual({ unit: "days", n: 2 });
  });
});

describe("which bars of a plain bar chart write their value", () => {
  it("writes every value of sparse bars and every gap-th of dense ones, the latest first", () => {
    expect(valuesShown([0, 5, 0, 0, 0, 7, 0, 0], 4)).toEqual([
      false,
      true,
      false,
      false,
      false,
      true,
      false,
      false,
    ]);
    expect(valuesShown([1, 1, 1, 1, 1], 2)).toEqual([true, false, true, false, true]);
    expect(valuesShown([0, 0, 0], 1)).toEqual([false, false, false]);
  });
});
