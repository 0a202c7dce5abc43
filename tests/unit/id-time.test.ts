import { describe, expect, it } from "vitest";
import { isId, newId } from "#db/id";
import { addMs, fromDbTime, nowDb, toDbTime } from "#db/time";

describe("newId", () => {
  it("is 26 lower-case Crockford base32 characters", () => {
    const id = newId();
    expect(id).toHaveLength(26);
    expect(id).toMatch(/^[0-9a-hjkmnp-tv-z]{26}$/);
    expect(isId(id)).toBe(true);
  });

  it("isId rejects what newId never makes", () => {
    const id = newId();
    expect(isId(id.slice(1))).toBe(false);
    expect(isId(id + "0")).toBe(false);
    expect(isId(id.toUpperCase())).toBe(false);
    expect(isId("i" + id.slice(1))).toBe(false);
    expect(isId("1")).toBe(false);
    expect(isId("")).toBe(false);
  });

  it("makes 10,000 distinct ids", () => {
    const ids = new Set<string>();
    for (let i = 0; i < 10_000; i++) ids.add(newId());
    expect(ids.size).toBe(10_000);
  });

  it("uses all of its randomness (ids made in one millisecond still differ)", () => {
    const now = Date.now();
    const ids = new Set(Array.from({ length: 1000 }, () => newId(now)));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id.slice(0, 10)).toBe(newId(now).slice(0, 10));
  });

  it("sorts ids made in one millisecond in the order they were made", () => {
    const now = Date.now();
    const ids = Array.from({ length: 10_000 }, () => newId(now));
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids) expect(isId(id)).toBe(true);
    // The steps are random, so one id does not give away the next.
    const value = (id: string) =>
      [...id.slice(10)].reduce(
        (v, c) => v * 32n + BigInt("0123456789abcdefghjkmnpqrstvwxyz".indexOf(c)),
        0n,
      );
    const gaps = new Set(ids.slice(1, 50).map((id, i) => value(id) - value(ids[i]!)));
    expect(gaps.size).toBe(49);
    for (const gap of gaps) expect(gap > 0n && gap <= 2n ** 32n).toBe(true);
  });

  it("sorts by creation time across milliseconds", () => {
    const start = Date.UTC(2026, 0, 1);
    const times = [0, 1, 2, 31, 32, 33, 1023, 1024, 60_000, 86_400_000, 365 * 86_400_000].map(
      (d) => start + d,
    );
    const ids = times.map((t) => newId(t));
    expect([...ids].sort()).toEqual(ids);
  });

  it("sorts ids made one after another in real time", async () => {
    const first = newId();
    await new Promise((r) => setTimeout(r, 3));
    const second = newId();
    expect(first < second).toBe(true);
  });

  it("keeps the time order far into the future (10 characters of time)", () => {
    expect(newId(Date.UTC(2100, 0, 1)) > newId(Date.UTC(2026, 0, 1))).toBe(true);
    expect(newId(2 ** 48 - 1) > newId(2 ** 47)).toBe(true);
  });
});

describe("database time", () => {
  it("writes UTC text with milliseconds", () => {
    expect(toDbTime(new Date("2026-11-21T06:00:00.123Z"))).toBe("2026-11-21 06:00:00.123");
    expect(toDbTime(new Date("2026-11-21T15:00:00.000+09:00"))).toBe("2026-11-21 06:00:00.000");
    expect(nowDb()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/);
  });

  it("round-trips a date", () => {
    for (const iso of [
      "2026-11-21T06:00:00.123Z",
      "2000-01-01T00:00:00.000Z",
      "2026-02-28T23:59:59.999Z",
    ]) {
      const date = new Date(iso);
      expect(fromDbTime(toDbTime(date)).getTime()).toBe(date.getTime());
    }
    const now = new Date();
    expect(fromDbTime(toDbTime(now)).getTime()).toBe(now.getTime());
  });

  it("reads the text as UTC whatever the process time zone", () => {
    expect(fromDbTime("2026-11-21 06:00:00.000").toISOString()).toBe("2026-11-21T06:00:00.000Z");
  });

  it("passes a Date through unchanged", () => {
    const date = new Date("2026-01-01T00:00:00Z");
    expect(fromDbTime(date)).toBe(date);
  });

  it("sorts as text in time order", () => {
    const a = toDbTime(new Date("2026-09-30T23:59:59.999Z"));
    const b = toDbTime(new Date("2026-10-01T00:00:00.000Z"));
    expect(a < b).toBe(true);
  });

  it("rejects an invalid date", () => {
    expect(() => toDbTime(new Date("not a date"))).toThrow(RangeError);
    expect(() => toDbTime(new Date(Number.NaN))).toThrow(RangeError);
  });

  it("addMs adds milliseconds without changing its argument", () => {
    const date = new Date("2026-01-01T00:00:00.000Z");
    expect(addMs(date, 1500).toISOString()).toBe("2026-01-01T00:00:01.500Z");
    expect(date.toISOString()).toBe("2026-01-01T00:00:00.000Z");
  });
});
