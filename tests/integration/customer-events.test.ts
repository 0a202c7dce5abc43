import { describe, expect, it } from "vitest";
import { newId } from "#db/id";
import { recordAudit } from "#server/audit";
import { createSession } from "#server/auth/session";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { callerFor, createUser } from "../helpers/fixtures";

const t = fileDatabase();

/** The customer page's list of one member's audit entries: theirs only, newest first, paged. */
describe(`a member's events on the customer page on ${testEngine}`, () => {
  it("pages through every entry about the member, newest first, none twice", async () => {
    const member = await createUser(t.db);
    const other = await createUser(t.db);
    const admin = await createUser(t.db, { permission: "admin", adminRole: "support" });
    const caller = await callerFor(t.db, admin.id);
    // Sign-ins (the member's own security events) and an admin's action on the account.
    for (let i = 0; i < 22; i++) await createSession(t.db, member.id, { method: "password" });
    await createSession(t.db, other.id, { method: "password" });
    await caller.admin.customers.revealPayment({ id: member.id });

    const first = await caller.admin.customers.events({ id: member.id });
    expect(first.rows).toHaveLength(20);
    expect(first.next).not.toBeNull();
    expect(first.rows[0]).toMatchObject({
      action: "payment.reveal",
      actor: { id: admin.id },
      memberId: member.id,
    });
    const second = await caller.admin.customers.events({ id: member.id, after: first.next! });
    expect(second.next).toBeNull();
    const all = [...first.rows, ...second.rows];
    expect(all).toHaveLength(23);
    expect(new Set(all.map((r) => r.id)).size).toBe(23);
    expect(all.every((r) => r.memberId === member.id)).toBe(true);
    const times = all.map((r) => r.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(all.filter((r) => r.action === "auth.signIn")).toHaveLength(22);
  });

  it("answers an unknown id or an admin's as not found, and an admin without members.view is refused", async () => {
    const member = await createUser(t.db);
    const support = await createUser(t.db, { permission: "admin", adminRole: "support" });
    const content = await createUser(t.db, { permission: "admin", adminRole: "content" });
    const caller = await callerFor(t.db, support.id);
    await expect(caller.admin.customers.events({ id: support.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(caller.admin.customers.events({ id: newId() })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(caller.admin.customers.events({ id: "not an id" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await expect(
      (await callerFor(t.db, content.id)).admin.customers.events({ id: member.id }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    const member2 = await callerFor(t.db, member.id);
    await expect(member2.admin.customers.events({ id: member.id })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });

  it("a cursor it cannot read starts over from the newest", async () => {
    const member = await createUser(t.db);
    await recordAudit(t.db.kysely, {
      actorId: member.id,
      action: "auth.signIn",
      targetType: "user",
      targetId: member.id,
    });
    const admin = await createUser(t.db, { permission: "admin" });
    const caller = await callerFor(t.db, admin.id);
    const page = await caller.admin.customers.events({ id: member.id, after: "garbage" });
    expect(page.rows.map((r) => r.action)).toContain("auth.signIn");
  });
});
