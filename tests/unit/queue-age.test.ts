import { describe, expect, it } from "vitest";
import { waitedFor } from "../../app/routes/admin._index/age";

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
