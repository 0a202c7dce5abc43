import { beforeAll, describe, expect, it } from "vitest";
import { newId } from "#db/id";
import { rowsWhere, testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { callerFor, createUser, adminWithCaller, type Caller } from "../helpers/fixtures";
import { DAY, HOUR, TINY_PNG, tokyoLocal } from "../helpers/form-values";
import { outcome } from "../helpers/outcome";
import { auditsOf } from "../helpers/audit";

/**
 * Campaigns on a real database (SQLite, or MariaDB with TEST_MYSQL_URL): the admin's form and
 * its refusals, what members see, entering once (also when the same member's requests race),
 * the capacity under a crowd, the period, the admin's entry list and who may call what.
 */

const t = fileDatabase();
let adminId: string;
let admin: Caller;

beforeAll(async () => {
  ({ id: adminId, caller: admin } = await adminWithCaller(t.db));
});

const PNG = Uint8Array.from(TINY_PNG);

interface CampaignForm {
  title?: string;
  body?: string;
  conditions?: string;
  startsAt?: string;
  endsAt?: string;
  capacity?: string;
  active?: boolean;
}

function form(over: CampaignForm = {}) {
  return {
    title: "Winter campaign",
    body: "Line one\nLine two",
    conditions: "One approved account",
    startsAt: tokyoLocal(-HOUR),
    endsAt: tokyoLocal(7 * DAY),
    capacity: "",
    active: true,
    ...over,
  };
}

async function create(over: CampaignForm = {}) {
  return (await admin.campaigns.create({ campaign: form(over), image: {} })).id;
}

async function member() {
  const { id } = await createUser(t.db);
  return { id, caller: await callerFor(t.db, id) };
}

const entryRows = (campaignId: string) =>
  rowsWhere(t.db, "campaign_entries", "campaign_id", campaignId);

describe(`campaign admin on ${testEngine}`, () => {
  it("creates a campaign: Tokyo times stored as UTC, empty capacity unlimited, audited", async () => {
    const id = await create({
      startsAt: "2026-12-01T10:00",
      endsAt: "2026-12-31T23:59",
      capacity: "1,000",
    });
    const c = await admin.campaigns.adminGet({ id });
    expect(c.startsAt).toBe("2026-12-01 01:00:00.000");
    expect(c.endsAt).toBe("2026-12-31 14:59:00.000");
    expect(c.capacity).toBe(1000);
    expect(c.body).toBe("Line one\nLine two");
    // A form's CRLF line breaks are stored as LF.
    const crlf = await admin.campaigns.adminGet({
      id: await create({ body: "a\r\nb\r\n", conditions: " x\r\ny " }),
    });
    expect([crlf.body, crlf.conditions]).toEqual(["a\nb", "x\ny"]);
    const unlimited = await admin.campaigns.adminGet({ id: await create() });
    expect(unlimited.capacity).toBeNull();
    expect(unlimited.remaining).toBeNull();
    const audit = await auditsOf(t.db, id);
    expect(audit).toMatchObject([{ action: "campaign.create", actor_id: adminId }]);
  });

  it("refuses a bad form field by field", async () => {
    const bad = (over: CampaignForm) =>
      outcome(admin.campaigns.create({ campaign: form(over), image: {} }));
    expect(await bad({ title: "  " })).toBe("campaign.title:required");
    expect(await bad({ title: "x".repeat(201) })).toBe("campaign.title:tooLong");
    expect(await bad({ body: "" })).toBe("campaign.body:required");
    expect(await bad({ body: " \r\n " })).toBe("campaign.body:required");
    expect(await bad({ body: "x".repeat(10_001) })).toBe("campaign.body:tooLong");
    expect(await bad({ startsAt: "2026-02-30T10:00" })).toBe("campaign.startsAt:dateTimeInvalid");
    expect(await bad({ endsAt: "" })).toBe("campaign.endsAt:required");
    expect(await bad({ startsAt: "2026-12-02T10:00", endsAt: "2026-12-01T10:00" })).toBe(
      "campaign.endsAt:endBeforeStart",
    );
    expect(await bad({ capacity: "0" })).toBe("campaign.capacity:campaignCapacity");
    expect(await bad({ capacity: "1.5" })).toBe("campaign.capacity:campaignCapacity");
    expect(await bad({ capacity: "ten" })).toBe("campaign.capacity:campaignCapacity");
    // A file that only claims to be an image.
    expect(
      await outcome(
        admin.campaigns.create({
          campaign: form(),
          image: { image: new TextEncoder().encode("<svg onload=alert(1)>") },
        }),
      ),
    ).toBe("image:imageType");
  });

  it("edits a campaign, keeps or replaces its image, and audits only what changed", async () => {
    const { id } = await admin.campaigns.create({ campaign: form(), image: { image: PNG } });
    const before = await admin.campaigns.adminGet({ id });
    expect(before.imageUrl).toMatch(/^\/media\/campaigns\/[0-9a-f]{32}\.png$/);
    const anon = await callerFor(t.db);
    const file = before.imageUrl!.split("/").pop()!;
    expect((await anon.campaigns.image({ file })).contentType).toBe("image/png");

    await admin.campaigns.update({ id, campaign: form({ title: "Renamed" }), image: {} });
    const after = await admin.campaigns.adminGet({ id });
    expect(after.title).toBe("Renamed");
    expect(after.imageUrl).toBe(before.imageUrl);

    await admin.campaigns.update({ id, campaign: form(), image: { removeImage: true } });
    expect((await admin.campaigns.adminGet({ id })).imageUrl).toBeNull();
    // A removed image is not served any more.
    expect(await outcome(anon.campaigns.image({ file }))).toBe("campaignNotFound");

    const actions = await auditsOf(t.db, id);
    // Two updates can share a millisecond, and ids within one are not ordered: compare by
    // content, not by position.
    expect(actions.map((a) => a.action).sort()).toEqual([
      "campaign.create",
      "campaign.update",
      "campaign.update",
    ]);
    const updates = actions
      .filter((a) => a.action === "campaign.update")
      .map((a) => JSON.parse(a.data!) as unknown);
    expect(updates).toContainEqual({
      before: { title: "Winter campaign" },
      after: { title: "Renamed" },
    });
    // The second put the first title back and removed the image.
    expect(updates).toContainEqual({
      before: { title: "Renamed", image_key: expect.stringMatching(/^campaigns\//) },
      after: { title: "Winter campaign", image_key: null },
    });

    expect(
      await outcome(admin.campaigns.update({ id, campaign: form({ endsAt: "bad" }), image: {} })),
    ).toBe("campaign.endsAt:dateTimeInvalid");
    expect(
      await outcome(admin.campaigns.update({ id: newId(), campaign: form(), image: {} })),
    ).toBe("campaignNotFound");
  });

  it("refuses a capacity below the entries already made", async () => {
    const id = await create({ capacity: "5" });
    for (let i = 0; i < 2; i++) await (await member()).caller.campaigns.enter({ campaignId: id });
    expect(
      await outcome(admin.campaigns.update({ id, campaign: form({ capacity: "1" }), image: {} })),
    ).toBe("capacity:campaignCapacityBelowEntries");
    await admin.campaigns.update({ id, campaign: form({ capacity: "2" }), image: {} });
    expect((await admin.campaigns.adminGet({ id })).status).toBe("full");
  });

  it("lists campaigns with entry counts and finds them by title", async () => {
    const id = await create({ title: "Findable 100% campaign" });
    await (await member()).caller.campaigns.enter({ campaignId: id });
    const page = await admin.campaigns.adminList({ q: "100%" });
    expect(page.rows.map((r) => [r.title, r.entries])).toEqual([["Findable 100% campaign", 1]]);
    expect((await admin.campaigns.adminList({ q: "nothing like this" })).total).toBe(0);
  });
});

describe(`campaigns for members on ${testEngine}`, () => {
  it("shows only active campaigns, each with its status and the member's entry", async () => {
    const open = await create({ title: "Open one" });
    const upcoming = await create({
      title: "Upcoming one",
      startsAt: tokyoLocal(DAY),
      endsAt: tokyoLocal(2 * DAY),
    });
    const ended = await create({
      title: "Ended one",
      startsAt: tokyoLocal(-2 * DAY),
      endsAt: tokyoLocal(-DAY),
    });
    const hidden = await create({ title: "Hidden one", active: false });
    const full = await create({ title: "Full one", capacity: "1" });
    await (await member()).caller.campaigns.enter({ campaignId: full });

    const me = await member();
    await me.caller.campaigns.enter({ campaignId: open });
    const page = await me.caller.campaigns.list({ size: 100 });
    const byId = new Map(page.rows.map((r) => [r.id, r]));
    expect(byId.has(hidden)).toBe(false);
    expect(byId.get(open)).toMatchObject({ status: "open", entered: true });
    expect(byId.get(upcoming)).toMatchObject({ status: "upcoming", entered: false });
    expect(byId.get(ended)).toMatchObject({ status: "ended", entered: false });
    expect(byId.get(full)).toMatchObject({ status: "full", entered: false, remaining: 0 });
    // Open first, ended last.
    const order = page.rows.map((r) => r.status);
    expect(order.indexOf("ended")).toBeGreaterThan(order.indexOf("upcoming"));
    expect(order.lastIndexOf("open")).toBeLessThan(order.indexOf("upcoming"));

    const entered = await me.caller.campaigns.list({ filter: "entered" });
    expect(entered.rows.map((r) => r.id)).toEqual([open]);

    // An inactive campaign does not exist for members, and cannot be entered.
    expect(await outcome(me.caller.campaigns.get({ id: hidden }))).toBe("campaignNotFound");
    expect(await outcome(me.caller.campaigns.enter({ campaignId: hidden }))).toBe(
      "campaignNotFound",
    );
    expect(await outcome(me.caller.campaigns.get({ id: "not-an-id" }))).toBe("id:notFound");
  });

  it("enters once: entering again is the same success, with one row", async () => {
    const id = await create({ capacity: "10" });
    const me = await member();
    const first = await me.caller.campaigns.enter({ campaignId: id });
    const second = await me.caller.campaigns.enter({ campaignId: id });
    expect(first.already).toBe(false);
    expect(second.already).toBe(true);
    expect(second.enteredAt).toBe(first.enteredAt);
    expect(await entryRows(id)).toHaveLength(1);
    const detail = await me.caller.campaigns.get({ id });
    expect(detail).toMatchObject({ entered: true, entries: 1, remaining: 9 });
  });

  it("two concurrent entries by one member make exactly one row, and both succeed", async () => {
    const id = await create({ capacity: "3" });
    const me = await member();
    const results = await Promise.all(
      Array.from({ length: 2 }, () => me.caller.campaigns.enter({ campaignId: id })),
    );
    expect(results.map((r) => r.already).sort()).toEqual([false, true]);
    expect(await entryRows(id)).toHaveLength(1);
  });

  it("a capacity of 1 taken by five members at once lets exactly one in", async () => {
    const id = await create({ capacity: "1" });
    const members = await Promise.all(Array.from({ length: 5 }, () => member()));
    const outcomes = await Promise.all(
      members.map((m) => outcome(m.caller.campaigns.enter({ campaignId: id }))),
    );
    expect(outcomes.filter((o) => o === "ok")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "campaignFull")).toHaveLength(4);
    const rows = await entryRows(id);
    expect(rows).toHaveLength(1);
    const winner = members[outcomes.indexOf("ok")]!;
    expect(rows[0]!.user_id).toBe(winner.id);
    // The one who got in can still "enter" again: the same success, not "full".
    expect((await winner.caller.campaigns.enter({ campaignId: id })).already).toBe(true);
  });

  it("refuses entries before and after the period", async () => {
    const upcoming = await create({ startsAt: tokyoLocal(HOUR), endsAt: tokyoLocal(DAY) });
    const ended = await create({ startsAt: tokyoLocal(-DAY), endsAt: tokyoLocal(-HOUR) });
    const me = await member();
    expect(await outcome(me.caller.campaigns.enter({ campaignId: upcoming }))).toBe(
      "campaignNotOpen",
    );
    expect(await outcome(me.caller.campaigns.enter({ campaignId: ended }))).toBe("campaignNotOpen");
    expect(await entryRows(upcoming)).toHaveLength(0);
    expect(await entryRows(ended)).toHaveLength(0);
  });
});

describe(`campaign entries for the admin on ${testEngine}`, () => {
  it("lists a campaign's entries with the member's name and email, filters and exports", async () => {
    const id = await create({ title: "Entries campaign" });
    const a = await createUser(t.db, { name: "Hanako Yamada", email: "hanako@example.test" });
    const b = await createUser(t.db, { name: "Taro Suzuki", email: "taro@example.test" });
    await (await callerFor(t.db, a.id)).campaigns.enter({ campaignId: id });
    await (await callerFor(t.db, b.id)).campaigns.enter({ campaignId: id });

    const page = await admin.campaigns.entries({ campaignId: id });
    expect(page.campaign.title).toBe("Entries campaign");
    expect(page.total).toBe(2);
    expect(page.rows.map((r) => r.member.email).sort()).toEqual([
      "hanako@example.test",
      "taro@example.test",
    ]);
    expect(page.rows[0]!.member.name).toMatch(/Hanako Yamada|Taro Suzuki/);

    const filtered = await admin.campaigns.entries({ campaignId: id, member: "HANAKO" });
    expect(filtered.rows.map((r) => r.member.name)).toEqual(["Hanako Yamada"]);
    const exported = await admin.campaigns.entries({ campaignId: id, export: true });
    expect(exported.rows).toHaveLength(2);
    expect(await outcome(admin.campaigns.entries({ campaignId: newId() }))).toBe(
      "campaignNotFound",
    );
  });

  it("refuses admin procedures to members and visitors", async () => {
    const id = await create();
    const me = await member();
    const anon = await callerFor(t.db);
    expect(await outcome(me.caller.campaigns.adminList({}))).toBe("forbidden");
    expect(await outcome(me.caller.campaigns.adminGet({ id }))).toBe("forbidden");
    expect(await outcome(me.caller.campaigns.entries({ campaignId: id }))).toBe("forbidden");
    expect(
      await outcome(me.caller.campaigns.create({ campaign: form({ title: "Mine" }), image: {} })),
    ).toBe("forbidden");
    expect(await outcome(me.caller.campaigns.update({ id, campaign: form(), image: {} }))).toBe(
      "forbidden",
    );
    expect(await outcome(anon.campaigns.list({}))).toBe("loginRequired");
    expect(await outcome(anon.campaigns.enter({ campaignId: id }))).toBe("loginRequired");
    expect((await admin.campaigns.adminGet({ id })).title).toBe("Winter campaign");
  });
});
