import { describe, expect, it } from "vitest";
import { seedCampaigns, SEED_CAMPAIGNS } from "#tools/seed/campaigns";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { callerFor, createUser } from "../helpers/fixtures";

const t = fileDatabase();

describe(`demo campaigns on ${testEngine}`, () => {
  it("seeds once, however often it runs, and the member sees each state", async () => {
    const admin = await createUser(t.db, { permission: "admin" });
    const member = await createUser(t.db);
    for (let run = 0; run < 2; run++) {
      await seedCampaigns(t.db, { adminId: admin.id, memberId: member.id });
    }
    const rows = await t.db.kysely.selectFrom("campaigns").select("title").execute();
    expect(rows.map((r) => r.title).sort()).toEqual(SEED_CAMPAIGNS.map((c) => c.title).sort());
    const entries = await t.db.kysely.selectFrom("campaign_entries").selectAll().execute();
    expect(entries).toHaveLength(SEED_CAMPAIGNS.filter((c) => c.memberEntered).length);

    const list = (await (await callerFor(t.db, member.id)).campaigns.list({})).rows;
    expect(list.map((c) => [c.status, c.entered])).toEqual([
      ["open", false],
      ["open", true],
      ["upcoming", false],
    ]);
    // An admin's edit survives the next seed run.
    const adminCaller = await callerFor(t.db, admin.id);
    const first = list[0]!;
    await t.db.kysely
      .updateTable("campaigns")
      .set({ body: "Edited by the admin" })
      .where("id", "=", first.id)
      .execute();
    await seedCampaigns(t.db, { adminId: admin.id, memberId: member.id });
    expect((await adminCaller.campaigns.adminGet({ id: first.id })).body).toBe(
      "Edited by the admin",
    );
  });

  it("gives English readers the demo's English, the Japanese where none was written, and keeps an admin's translation", async () => {
    const admin = await createUser(t.db, { permission: "admin" });
    const member = await createUser(t.db);
    await seedCampaigns(t.db, { adminId: admin.id, memberId: member.id });
    const english = await callerFor(t.db, member.id, { locale: "en" });
    const titles = (await english.campaigns.list({})).rows.map((c) => c.title).sort();
    expect(titles).toEqual(SEED_CAMPAIGNS.map((c) => c.english?.title_en ?? c.title).sort());
    // A database seeded before English existed gets it once; an admin's own English stays.
    const translated = SEED_CAMPAIGNS.find((c) => c.english)!;
    await t.db.kysely
      .updateTable("campaigns")
      .set({ title_en: null, body_en: "Admin's English" })
      .where("title", "=", translated.title)
      .execute();
    await seedCampaigns(t.db, { adminId: admin.id, memberId: member.id });
    const row = await t.db.kysely
      .selectFrom("campaigns")
      .select(["title_en", "body_en"])
      .where("title", "=", translated.title)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ title_en: null, body_en: "Admin's English" });
  });
});
