import { describe, expect, it } from "vitest";
import { addBusinessDays, isBusinessDay, withdrawalExpectedBy } from "#server/lib/business-days";

describe("Japanese business days", () => {
  it.each([
    ["2026-11-25", true], // a Wednesday
    ["2026-11-28", false], // Saturday
    ["2026-11-23", false], // Labour Thanksgiving Day (Monday)
    ["2026-12-31", false], // banks close for the new year
    ["2027-01-04", true],
    ["2026-05-06", false], // substitute holiday for 3 May
  ])(
    "skips weekends, national holidays, substitute holidays and the new year: %s is a business day: %s",
    (day, open) => {
      expect(isBusinessDay(day)).toBe(open);
    },
  );

  it("reads a holiday by its Tokyo day whatever the server's time zone", () => {
    const saved = process.env.TZ;
    process.env.TZ = "America/New_York";
    try {
      // 成人の日 2026 (a Monday) and the substitute holiday of 2025-11-24
      expect(isBusinessDay("2026-01-12")).toBe(false);
      expect(isBusinessDay("2025-11-24")).toBe(false);
      expect(isBusinessDay("2026-01-13")).toBe(true);
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });

  it("counts forward from the day of the request", () => {
    expect(addBusinessDays("2026-11-25", 2)).toBe("2026-11-27"); // Wed → Fri
    expect(addBusinessDays("2026-11-26", 2)).toBe("2026-11-30"); // Thu → Mon
    expect(addBusinessDays("2026-11-21", 1)).toBe("2026-11-24"); // Sat → Tue (Mon is a holiday)
    expect(addBusinessDays("2026-12-29", 2)).toBe("2027-01-04"); // over the new year
    expect(addBusinessDays("2026-12-29", 1)).toBe("2026-12-30");
  });

  it("gives a withdrawal's expected day in Tokyo, a day later past PayPay's daily limit", () => {
    // 23:30 UTC on Tuesday is already Wednesday in Tokyo.
    expect(withdrawalExpectedBy(new Date("2026-11-24T23:30:00Z"))).toBe("2026-11-27");
    expect(withdrawalExpectedBy(new Date("2026-11-24T23:30:00Z"), true)).toBe("2026-11-30");
  });
});
