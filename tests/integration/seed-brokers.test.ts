import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { seedBrokers } from "#tools/seed/brokers";
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

  it("points seeded art at public/broker-art/, moving a database seeded before, never an admin's upload", async () => {
    const admin = await createUser(t.db, { permission: "admin" });
    const member = await createUser(t.db);
    await seedBrokers(t.db, { adminId: admin.id, memberId: member.id });
    const art = () =>
      t.db.kysely
        .selectFrom("brokers")
        .select(["code", "logo_path", "banner_path"])
        .where("code", "in", ["xm", "axi"])
        .orderBy("code")
        .execute();
    // A database seeded when the art was under public/brokers/, and an admin's upload.
    await t.db.kysely
      .updateTable("brokers")
      .set({ logo_path: "/brokers/xm-logo.svg", banner_path: "/brokers/xm-banner.svg" })
      .where("code", "=", "xm")
      .execute();
    await t.db.kysely
      .updateTable("brokers")
      .set({ logo_path: "/media/brokers/own.png" })
      .where("code", "=", "axi")
      .execute();
    await seedBrokers(t.db, { adminId: admin.id, memberId: member.id });
    expect(await art()).toEqual([
      {
        code: "axi",
        logo_path: "/media/brokers/own.png",
        banner_path: "/broker-art/axi-banner.svg",
      },
      {
        code: "xm",
        logo_path: "/broker-art/xm-logo.svg",
        banner_path: "/broker-art/xm-banner.svg",
      },
    ]);
    for (const row of await art())
      for (const file of [row.logo_path, row.banner_path])
        if (file?.startsWith("/broker-art/")) expect(existsSync(`public${file}`), file).toBe(true);
  });
});
