import { describe, expect, it } from "vitest";
import { atTime } from "#db/clock";
import { fromDbTime } from "#db/time";
import { addTokyoDays, tokyoDay, tokyoMidnight } from "#domain/tokyo";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { callerFor, createUser, signUp } from "../helpers/fixtures";

const t = fileDatabase();
const GOOD = "Passw0rd-good!";
let seq = 0;

/** A customer registered through the real registration with the referrer's link, at `at`. */
async function registerAt(code: string, at: Date) {
  seq += 1;
  const caller = await callerFor(t.db, undefined, { ip: `10.61.0.${seq}` });
  await atTime(at, () =>
    caller.auth.register(
      signUp({
        name: "Hanako Yamada",
        nickname: `period${seq}`,
        email: `period${seq}@example.test`,
        password: GOOD,
        ref: code,
      }),
    ),
  );
}

describe(`the affiliate summary and customer list on ${testEngine}`, () => {
  it("count the same registrations in a period, whose edges are Tokyo midnights", async () => {
    const referrer = await createUser(t.db, { referralCode: "edge0001" });
    const member = await callerFor(t.db, referrer.id);
    const { from, to } = await member.affiliate.summary({ preset: "28d" });

    const first = tokyoMidnight(from);
    const afterLast = addTokyoDays(tokyoMidnight(to), 1);
    // One millisecond outside the period, its first and last moments, and a day earlier.
    await registerAt("edge0001", new Date(first.getTime() - 1));
    await registerAt("edge0001", first);
    await registerAt("edge0001", new Date(afterLast.getTime() - 60_000));
    await registerAt("edge0001", addTokyoDays(first, -1));

    const summary = await member.affiliate.summary({ preset: "28d" });
    const list = await member.affiliate.customers({ page: 1, size: 50 });
    expect(list.rows).toHaveLength(4);
    const inPeriod = list.rows.filter((r) => {
      const day = tokyoDay(fromDbTime(r.registeredAt));
      return day >= from && day <= to;
    });
    expect(inPeriod).toHaveLength(2);
    expect(summary.registrations).toBe(inPeriod.length);
    // The chart's days say the same.
    expect(summary.series.reduce((s, p) => s + p.registrations, 0)).toBe(inPeriod.length);
    expect(summary.series[0]!.registrations).toBe(1);
  });
});
