import { describe, expect, it } from "vitest";
import { SEED_POPUP_TITLE, seedBattle, seedPopup, tokyoMonthBounds } from "#tools/seed/engagement";
import { tokyoToday } from "#server/features/battles/standings";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { callerFor, createUser } from "../helpers/fixtures";

const t = fileDatabase();

describe(`demo battle and popup on ${testEngine}`, () => {
  it("seeds once, however often it runs: a battle over this Tokyo month and an active popup", async () => {
    const admin = await createUser(t.db, { permission: "admin" });
    for (let run = 0; run < 2; run++) {
      await seedBattle(t.db, { adminId: admin.id });
      await seedPopup(t.db, { adminId: admin.id });
    }
    const { first, last } = tokyoMonthBounds();
    expect(first <= tokyoToday() && tokyoToday() <= last).toBe(true);
    const battles = await t.db.kysely.selectFrom("ranking_battles").selectAll().execute();
    expect(battles).toHaveLength(1);
    expect(battles[0]).toMatchObject({ starts_on: first, ends_on: last, status: "open" });
    const member = await callerFor(t.db, (await createUser(t.db)).id);
    const view = await member.battles.view({});
    expect(view.battle).toMatchObject({ phase: "running" });
    expect(view.prizes.map((p) => p.rank)).toEqual([1, 2, 3, 4, 5]);
    const popup = await member.popups.next();
    expect(popup?.title).toBe(SEED_POPUP_TITLE);
    expect(await t.db.kysely.selectFrom("popups").select("id").execute()).toHaveLength(1);
  });

  it("knows the month's bounds in Tokyo, including a month's last day", () => {
    // 2026-01-31 20:00 UTC is already February 1st in Tokyo.
    expect(tokyoMonthBounds(new Date("2026-01-31T20:00:00Z"))).toMatchObject({
      first: "2026-02-01",
      last: "2026-02-28",
    });
    expect(tokyoMonthBounds(new Date("2028-02-10T00:00:00Z")).last).toBe("2028-02-29");
  });
});
