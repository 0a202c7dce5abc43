import { describe, expect, it } from "vitest";
import { seedBrokers } from "../../db/seed/brokers";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { callerFor, createUser } from "../helpers/fixtures";

const t = fileDatabase();

describe(`demo brokers on ${testEngine}`, () => {
  it("gives every seeded broker terms once, and never overwrites an admin's", async () => {
    const admin = await createUser(t.db, { permission: "admin" });
    const member = await createUser(t.db);
    await seedBrokers(t.db, { adminId: admin.id, memberId: member.id });
    const visitor = await callerFor(t.db, undefined);
    const card = await visitor.brokers.rates();
    expect(card.brokers).toHaveLength(6);
    const english = await (await callerFor(t.db, undefined, { locale: "en" })).brokers.rates();
    // Every demo broker has conditions in both languages.
    expect(
      card.brokers.every(
        (b, i) =>
          b.rates.length > 0 && b.conditions && b.conditions !== english.brokers[i]!.conditions,
      ),
    ).toBe(true);
    const xm = card.brokers.find((b) => b.code === "xm")!;
    expect(xm.schedule).toEqual({ cycle: "monthly", day: 10 });
    // The demo report pays ¥640 a lot: XM's Standard rate explains it.
    expect(xm.rates[0]).toEqual({
      accountType: "Standard",
      kind: "jpy_per_lot",
      valueX100: 64_000,
    });
    // One broker has no schedule yet, so the pages show "not announced".
    expect(card.brokers.filter((b) => b.nextCrediting === null).map((b) => b.code)).toEqual([
      "bigboss",
    ]);

    // An admin's change survives another seed run, and nothing is doubled.
    await t.db.kysely.deleteFrom("broker_rates").where("broker_id", "=", xm.id).execute();
    await t.db.kysely
      .updateTable("brokers")
      .set({ credit_day: 20 })
      .where("id", "=", xm.id)
      .execute();
    const before = await t.db.kysely.selectFrom("broker_rates").select("id").execute();
    await seedBrokers(t.db, { adminId: admin.id, memberId: member.id });
    const after = await t.db.kysely.selectFrom("broker_rates").select("id").execute();
    expect(after).toHaveLength(before.length);
    const again = (await visitor.brokers.rates()).brokers.find((b) => b.code === "xm")!;
    expect(again.schedule.day).toBe(20);
    expect(again.rates).toEqual([]);
  });
});
