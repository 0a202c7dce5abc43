import { describe, expect, it } from "vitest";
import { TZDate } from "@date-fns/tz";
import {
  addTokyoDays,
  addTokyoMonths,
  tokyoDay,
  tokyoDayStart,
  tokyoMidnight,
  tokyoMonth,
  tokyoParts,
  toInstant,
  toTokyoInput,
  fromTokyoInput,
  tokyoMonthBounds,
  TOKYO,
} from "#domain/tokyo";

describe("Tokyo time", () => {
  it("reads days and months in Tokyo, nine hours ahead of UTC", () => {
    expect(tokyoDay(new Date("2026-11-21T14:59:59Z"))).toBe("2026-11-21");
    expect(tokyoDay(new Date("2026-11-21T15:00:00Z"))).toBe("2026-11-22");
    expect(tokyoDay("2026-12-31 15:00:00.000")).toBe("2027-01-01");
    expect(tokyoMonth("2026-11-30 15:00:00.000")).toBe("2026-12");
    expect(tokyoMonth(new Date("2026-11-30T14:59:59Z"))).toBe("2026-11");
  });

  it("finds Tokyo midnights as instants", () => {
    expect(tokyoMidnight("2026-11-22").toISOString()).toBe("2026-11-21T15:00:00.000Z");
    expect(tokyoDayStart(new Date("2026-11-22T03:00:00Z")).toISOString()).toBe(
      "2026-11-21T15:00:00.000Z",
    );
    expect(tokyoDayStart(new Date("2026-11-21T14:00:00Z")).toISOString()).toBe(
      "2026-11-20T15:00:00.000Z",
    );
  });

  it("moves by Tokyo calendar days and months", () => {
    const start = tokyoMidnight("2026-03-31");
    expect(tokyoDay(addTokyoDays(start, 1))).toBe("2026-04-01");
    expect(tokyoDay(addTokyoMonths(tokyoMidnight("2026-12-15"), 1))).toBe("2027-01-15");
    expect(tokyoDay(addTokyoMonths(tokyoMidnight("2026-05-15"), -12))).toBe("2025-05-15");
  });

  it("formats stored times as members read them, and as datetime-local values", () => {
    expect(tokyoParts("2026-11-21 00:05:00.000")).toEqual({ date: "2026/11/21", time: "09:05" });
    expect(tokyoParts("2026-11-21T15:30:00Z")).toEqual({ date: "2026/11/22", time: "00:30" });
    expect(tokyoParts(null)).toBeNull();
    expect(tokyoParts("not a time")).toBeNull();
    expect(toTokyoInput("2026-12-01 01:00:00.000")).toBe("2026-12-01T10:00");
    expect(toTokyoInput("")).toBe("");
  });

  it("parses stored UTC text, ISO strings with an offset, and epoch milliseconds", () => {
    expect(toInstant("2026-11-21 00:05:00.000")?.toISOString()).toBe("2026-11-21T00:05:00.000Z");
    expect(toInstant("2026-11-21T09:05:00+09:00")?.toISOString()).toBe("2026-11-21T00:05:00.000Z");
    expect(toInstant(0)?.toISOString()).toBe("1970-01-01T00:00:00.000Z");
    expect(toInstant("garbage")).toBeNull();
  });

  it("reads datetime-local values typed in Tokyo, refusing days that do not exist", () => {
    expect(fromTokyoInput("2026-12-01T10:00")?.toISOString()).toBe("2026-12-01T01:00:00.000Z");
    expect(fromTokyoInput("2026-01-01T08:59:30")?.toISOString()).toBe("2025-12-31T23:59:30.000Z");
    expect(fromTokyoInput("2026-02-30T10:00")).toBeNull();
    expect(fromTokyoInput("2026-12-01T24:00")).toBeNull();
    expect(fromTokyoInput("2026-12-01 10:00")).toBeNull();
  });

  it("gives a Tokyo month's first and last day", () => {
    expect(tokyoMonthBounds(new Date("2026-01-31T20:00:00Z"))).toMatchObject({
      first: "2026-02-01",
      last: "2026-02-28",
    });
    expect(tokyoMonthBounds(new Date("2028-02-10T00:00:00Z")).last).toBe("2028-02-29");
  });
});

describe("tokyoDay and tokyoParts read what TZDate reads", () => {
  it("agrees with TZDate over a spread of instants, Japan's summer time of 1948–1951 included", () => {
    const instants: number[] = [];
    // Every 31 h 13 min from 1948 to 2030: each hour of the day, both sides of midnight.
    for (let t = Date.UTC(1948, 0, 1); t < Date.UTC(2030, 0, 1); t += (31 * 60 + 13) * 60_000)
      instants.push(t);
    for (const t of instants) {
      const z = new TZDate(t, TOKYO);
      const pad = (n: number) => String(n).padStart(2, "0");
      expect(tokyoDay(t)).toBe(`${z.getFullYear()}-${pad(z.getMonth() + 1)}-${pad(z.getDate())}`);
      expect(tokyoParts(t)).toEqual({
        date: `${z.getFullYear()}/${pad(z.getMonth() + 1)}/${pad(z.getDate())}`,
        time: `${pad(z.getHours())}:${pad(z.getMinutes())}`,
      });
    }
  });
});

describe("Tokyo's offset around its changes", () => {
  it("reads each minute of the days summer time began and ended in 1948 as TZDate does", () => {
    // 1948-05-01 24:00 JST (+10 from then) and 1948-09-11 25:00 JDT (+9 again).
    for (const start of [Date.UTC(1948, 4, 1, 0), Date.UTC(1948, 8, 11, 0)]) {
      for (let t = start; t < start + 36 * 3_600_000; t += 60_000) {
        const z = new TZDate(t, TOKYO);
        expect(tokyoParts(t)?.time).toBe(
          `${String(z.getHours()).padStart(2, "0")}:${String(z.getMinutes()).padStart(2, "0")}`,
        );
      }
    }
  });
});
