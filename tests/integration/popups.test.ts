import { beforeAll, describe, expect, it } from "vitest";
import { newId } from "#db/id";
import { toDbTime } from "#db/time";
import type { AppError } from "#server/errors";
import { tokyoLocalToDb } from "#server/features/gachas/schema";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { callerFor, createUser, makeContext } from "../helpers/fixtures";
import { fixture } from "../helpers/images";
import { errorOf, issues } from "../helpers/outcome";
import { auditsOf } from "../helpers/audit";

const t = fileDatabase();
let admin: Awaited<ReturnType<typeof callerFor>>;

beforeAll(async () => {
  admin = await callerFor(t.db, (await createUser(t.db, { permission: "admin" })).id);
});

/** A `datetime-local` value (Tokyo) `hours` from now. */
function tokyoInput(hours: number): string {
  const at = new Date(Date.now() + hours * 60 * 60 * 1000 + 9 * 60 * 60 * 1000);
  return at.toISOString().slice(0, 16);
}

const popup = (over: Record<string, unknown> = {}) => ({
  title: "Notice",
  body: "Hello",
  linkUrl: "",
  startsAt: tokyoInput(-1),
  endsAt: tokyoInput(24),
  active: true,
  ...over,
});

/**
 * The popup a page load of this member opens: a request of its own, since the session lookup
 * says whether one is due (CurrentSession.due) as a real page's request does.
 */
async function nextOnPageLoad(userId: string) {
  return (await callerFor(t.db, userId)).popups.next();
}

describe(`popups on ${testEngine}`, () => {
  it("shows the oldest active popup in its period once per member; inactive and out-of-period ones never", async () => {
    const m1Id = (await createUser(t.db)).id;
    const m1 = await callerFor(t.db, m1Id);
    expect(await m1.popups.next()).toBeNull();

    const inactive = await admin.popups.create({
      popup: popup({ title: "Off", startsAt: tokyoInput(-5), active: false }),
      image: {},
    });
    await admin.popups.create({
      popup: popup({ title: "Later", startsAt: tokyoInput(2), endsAt: tokyoInput(30) }),
      image: {},
    });
    await admin.popups.create({
      popup: popup({ title: "Over", startsAt: tokyoInput(-48), endsAt: tokyoInput(-1) }),
      image: {},
    });
    const older = await admin.popups.create({
      popup: popup({
        title: "First",
        body: "<script>alert(1)</script>\nline two",
        linkUrl: "https://example.com/campaign?x=1",
        startsAt: tokyoInput(-3),
      }),
      image: {},
    });
    const newer = await admin.popups.create({
      popup: popup({ title: "Second", startsAt: tokyoInput(-2) }),
      image: {},
    });

    // Oldest first, stored as typed (the page renders it as text).
    // The request that began before they were made has none due; the next page load opens one.
    expect(await m1.popups.next()).toBeNull();
    const first = await nextOnPageLoad(m1Id);
    expect(first).toEqual({
      id: older.id,
      title: "First",
      body: "<script>alert(1)</script>\nline two",
      imageUrl: null,
      linkUrl: "https://example.com/campaign?x=1",
      // Both texts written, in the member's language: nothing shown untranslated.
      japanese: { title: false, body: false },
    });
    // Not seen until it is shown.
    expect((await nextOnPageLoad(m1Id))?.id).toBe(older.id);
    expect(await m1.popups.markSeen({ id: older.id })).toEqual({ recorded: true });
    // Shown twice (two tabs): one view row.
    expect(await m1.popups.markSeen({ id: older.id })).toEqual({ recorded: false });
    expect((await nextOnPageLoad(m1Id))?.id).toBe(newer.id);
    await m1.popups.markSeen({ id: newer.id });
    expect(await nextOnPageLoad(m1Id)).toBeNull();
    // Seen them all: the session lookup says none is due, so the page asks no more.
    expect((await makeContext(t.db, m1Id)).session?.due).toEqual({
      goals: false,
      popup: false,
      consent: false,
    });

    // Another member still gets both, oldest first.
    const m2Id = (await createUser(t.db)).id;
    expect((await makeContext(t.db, m2Id)).session?.due).toEqual({
      goals: false,
      popup: true,
      consent: false,
    });
    expect((await nextOnPageLoad(m2Id))?.id).toBe(older.id);

    // Switching a popup off hides it; on again shows it to those who have not seen it.
    await admin.popups.setActive({ id: older.id, active: false });
    expect((await nextOnPageLoad(m2Id))?.id).toBe(newer.id);
    await admin.popups.setActive({ id: older.id, active: true });
    expect((await nextOnPageLoad(m2Id))?.id).toBe(older.id);
    expect(await nextOnPageLoad(m1Id)).toBeNull();

    const views = await t.db.kysely
      .selectFrom("popup_views")
      .select((e) => e.fn.countAll<number>().as("n"))
      .executeTakeFirst();
    expect(Number(views?.n)).toBe(2);

    // The admin's list tells the state of each.
    const list = await admin.popups.adminList({});
    const states = Object.fromEntries(list.rows.map((r) => [r.title, r.state]));
    expect(states).toEqual({
      Off: "inactive",
      Later: "scheduled",
      Over: "ended",
      First: "showing",
      Second: "showing",
    });
    expect(list.rows.find((r) => r.title === "First")?.views).toBe(1);
    const showing = await admin.popups.adminList({ state: "showing" });
    expect(showing.rows.map((r) => r.title).sort()).toEqual(["First", "Second"]);
    expect((await admin.popups.adminGet({ id: inactive.id })).state).toBe("inactive");

    // Marking an unknown popup: not found, nothing written.
    const unknown = await errorOf(() => m1.popups.markSeen({ id: newId() }));
    expect((unknown as AppError).code).toBe("NOT_FOUND");

    // Changes are audited.
    const audits = await auditsOf(t.db, older.id);
    // Sorted: two writes in one millisecond have no order.
    expect(audits.map((a) => a.action).sort()).toEqual([
      "popup.activate",
      "popup.create",
      "popup.deactivate",
    ]);
  });

  it("validates: http(s) links only, a period that ends after it starts, title and text required", async () => {
    for (const linkUrl of [
      "javascript:alert(1)",
      "data:text/html,hi",
      "/relative",
      "ftp://example.com",
      "https://",
    ]) {
      expect(
        issues(await errorOf(() => admin.popups.create({ popup: popup({ linkUrl }), image: {} }))),
      ).toEqual(["popup.linkUrl:popupLinkUrl"]);
    }
    expect(
      issues(
        await errorOf(() =>
          admin.popups.create({
            popup: popup({ startsAt: tokyoInput(5), endsAt: tokyoInput(1) }),
            image: {},
          }),
        ),
      ),
    ).toEqual(["popup.endsAt:endBeforeStart"]);
    expect(
      issues(
        await errorOf(() =>
          admin.popups.create({ popup: popup({ title: " ", body: "" }), image: {} }),
        ),
      ).sort(),
    ).toEqual(["popup.body:required", "popup.title:required"]);
    expect(
      issues(
        await errorOf(() =>
          admin.popups.create({ popup: popup({ startsAt: "2026-02-30T10:00" }), image: {} }),
        ),
      ),
    ).toEqual(["popup.startsAt:dateTimeInvalid"]);
    // A bad image is a field error, and nothing is created.
    const before = await admin.popups.adminList({});
    const bad = await errorOf(() =>
      admin.popups.create({ popup: popup(), image: { image: new Uint8Array([1, 2, 3, 4]) } }),
    );
    expect(issues(bad)).toEqual(["image:imageType"]);
    expect((bad as AppError).code).toBe("BAD_REQUEST");
    expect((await admin.popups.adminList({})).total).toBe(before.total);
  });

  it("stores an image, serves it at /media/popups, replaces and removes it on edit", async () => {
    const { id } = await admin.popups.create({
      popup: popup({ title: "With art", startsAt: tokyoInput(-1) }),
      image: { image: fixture("avatar.png") },
    });
    const saved = await admin.popups.adminGet({ id });
    expect(saved.imageUrl).toMatch(/^\/media\/popups\/[0-9a-f]{32}\.png$/);
    const file = saved.imageUrl!.split("/").pop()!;
    const anonymous = await callerFor(t.db);
    const image = await anonymous.popups.image({ file });
    expect(image.contentType).toBe("image/png");
    await admin.popups.update({
      id,
      popup: popup({ title: "With art", startsAt: tokyoInput(-1) }),
      image: { removeImage: true },
    });
    expect((await admin.popups.adminGet({ id })).imageUrl).toBeNull();
    expect(((await errorOf(() => anonymous.popups.image({ file }))) as AppError).code).toBe(
      "NOT_FOUND",
    );
    // The Tokyo wall-clock time is stored as UTC.
    expect(tokyoLocalToDb("2026-12-01T09:00")).toBe(toDbTime(new Date("2026-12-01T00:00:00Z")));
  });

  it("admins and visitors get no popups; members cannot call the admin procedures", async () => {
    // Asked on every page: someone without a member session gets "no popup", not a 401.
    expect(await admin.popups.next()).toBeNull();
    const visitor = await callerFor(t.db);
    expect(await visitor.popups.next()).toBeNull();
    const member = await callerFor(t.db, (await createUser(t.db)).id);
    for (const run of [
      () => member.popups.adminList({}),
      () => member.popups.adminGet({ id: newId() }),
      () => member.popups.create({ popup: popup(), image: {} }),
      () => member.popups.setActive({ id: newId(), active: false }),
    ]) {
      expect(((await errorOf(run)) as AppError).code).toBe("FORBIDDEN");
    }
  });
});
