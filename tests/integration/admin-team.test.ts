import { beforeAll, describe, expect, it } from "vitest";
import { toDbTime } from "#db/time";
import { findSession, createSession } from "#server/auth/session";
import { createCaller } from "#server/trpc/router";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { createUser, MailBox, makeContext } from "../helpers/fixtures";

const t = fileDatabase();
const PASSWORD = "Team-member-2026-ok";

async function as(userId?: string, mailer?: MailBox) {
  return createCaller(await makeContext(t.db, userId, mailer ? { mailer } : {}));
}

function tokenOf(mail: MailBox): string {
  const link = mail.last("adminInvitation")?.params.link ?? "";
  return new URL(link).searchParams.get("token") ?? "";
}

async function auditActions(targetId: string): Promise<string[]> {
  const rows = await t.db.kysely
    .selectFrom("audit_log")
    .select("action")
    .where("target_id", "=", targetId)
    .orderBy("created_at")
    .execute();
  return rows.map((r) => r.action);
}

let ownerId: string;

beforeAll(async () => {
  ownerId = (await createUser(t.db, { permission: "admin", adminRole: "owner" })).id;
});

describe(`the admin team on ${testEngine}`, () => {
  it("invites by mail; the link makes one admin with the role, once, who must enrol a factor", async () => {
    const mail = new MailBox();
    const owner = await as(ownerId, mail);
    const { id } = await owner.team.invite({
      email: "new-support@example.test",
      name: "New Support",
      roleId: "support",
    });
    const token = tokenOf(mail);
    expect(token).not.toBe("");
    expect(await auditActions(id)).toEqual(["team.invite"]);

    const visitor = await as();
    expect(await visitor.team.invitation({ token })).toMatchObject({
      email: "new-support@example.test",
      roleId: "support",
    });
    await visitor.team.accept({ token, password: PASSWORD });
    const user = await t.db.kysely
      .selectFrom("users")
      .select(["id", "permission", "admin_role_id", "totp_enabled_at"])
      .where("email", "=", "new-support@example.test")
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ permission: "admin", admin_role_id: "support" });
    expect(user.totp_enabled_at).toBeNull();
    // No second factor yet: the new admin reaches nothing but enrolment.
    await expect((await as(user.id)).admin.customers.list({})).rejects.toMatchObject({
      key: "mfaEnrolmentRequired",
    });

    // Single use.
    expect(await visitor.team.invitation({ token })).toBeNull();
    await expect(visitor.team.accept({ token, password: PASSWORD })).rejects.toMatchObject({
      key: "invitationInvalid",
    });
  });

  it("an invitation's link stops working after 72 hours", async () => {
    const mail = new MailBox();
    const { id } = await (
      await as(ownerId, mail)
    ).team.invite({
      email: "late@example.test",
      name: "Late",
      roleId: "analyst",
    });
    await t.db.kysely
      .updateTable("admin_invitations")
      .set({ expires_at: toDbTime(new Date(Date.now() - 1000)) })
      .where("id", "=", id)
      .execute();
    await expect(
      (await as()).team.accept({ token: tokenOf(mail), password: PASSWORD }),
    ).rejects.toMatchObject({ key: "invitationInvalid" });
  });

  it("nobody changes their own role; a role change is audited with before and after", async () => {
    const owner = await as(ownerId);
    await expect(
      owner.team.changeRole({ userId: ownerId, roleId: "analyst" }),
    ).rejects.toMatchObject({ key: "ownRoleUnchangeable" });
    await expect(owner.team.suspend({ userId: ownerId })).rejects.toMatchObject({
      key: "ownAccessUnchangeable",
    });
    const other = (await createUser(t.db, { permission: "admin", adminRole: "owner" })).id;
    await owner.team.changeRole({ userId: other, roleId: "finance" });
    const row = await t.db.kysely
      .selectFrom("audit_log")
      .select(["action", "actor_id", "data"])
      .where("target_id", "=", other)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ action: "team.role.change", actor_id: ownerId });
    expect(JSON.parse(row.data ?? "{}")).toEqual({
      before: { role: "owner" },
      after: { role: "finance" },
    });
  });

  it("two owners suspending each other at once leave one active owner", async () => {
    // Only these two are owners for this test.
    await t.db.kysely
      .updateTable("users")
      .set({ admin_role_id: "finance" })
      .where("admin_role_id", "=", "owner")
      .execute();
    const a = (await createUser(t.db, { permission: "admin", adminRole: "owner" })).id;
    const b = (await createUser(t.db, { permission: "admin", adminRole: "owner" })).id;
    const [callerA, callerB] = [await as(a), await as(b)];
    const outcomes = await Promise.allSettled([
      callerA.team.suspend({ userId: b }),
      callerB.team.suspend({ userId: a }),
    ]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ key: "lastOwner" });
    const active = await t.db.kysely
      .selectFrom("users")
      .select("id")
      .where("admin_role_id", "=", "owner")
      .where("admin_suspended_at", "is", null)
      .execute();
    expect(active).toHaveLength(1);
    await t.db.kysely
      .updateTable("users")
      .set({ admin_role_id: "owner", admin_suspended_at: null })
      .where("id", "=", ownerId)
      .execute();
  });

  it("suspending ends the admin's sessions at once and refuses their next sign-in", async () => {
    const target = (await createUser(t.db, { permission: "admin", adminRole: "support" })).id;
    const { token } = await createSession(t.db, target);
    await (await as(ownerId)).team.suspend({ userId: target });
    expect(await findSession(t.db, token)).toBeNull();
    await expect(createSession(t.db, target)).rejects.toMatchObject({ key: "adminAccessEnded" });
    // Besides the sign-in that made the session: the suspension, once.
    expect((await auditActions(target)).filter((a) => a !== "auth.signIn")).toEqual([
      "team.suspend",
    ]);
  });

  it("ends every session of an admin on request", async () => {
    const target = (await createUser(t.db, { permission: "admin", adminRole: "finance" })).id;
    const { token } = await createSession(t.db, target);
    await (await as(ownerId)).team.endSessions({ userId: target });
    expect(await findSession(t.db, token)).toBeNull();
  });

  it("only an owner makes a custom role, and nobody hands out more than they hold", async () => {
    const { id } = await (
      await as(ownerId)
    ).team.createRole({
      name: "Chat only",
      grants: { chat: "act", "members.view": "view" },
    });
    const teamLead = await t.db.kysely
      .insertInto("admin_roles")
      .values({
        id: "teamlead",
        name: "Team lead",
        builtin: 0,
        grants: JSON.stringify({ team: "act", chat: "act", "members.view": "view" }),
        created_at: toDbTime(new Date()),
        updated_at: toDbTime(new Date()),
      })
      .execute()
      .then(() => "teamlead");
    const lead = (await createUser(t.db, { permission: "admin", adminRole: teamLead })).id;
    const leadCaller = await as(lead);
    await expect(
      leadCaller.team.createRole({ name: "Mine", grants: { chat: "act" } }),
    ).rejects.toMatchObject({ key: "ownerOnly" });
    await expect(
      leadCaller.team.invite({ email: "x@example.test", name: "X", roleId: "owner" }),
    ).rejects.toMatchObject({ key: "roleBeyondYours" });
    await leadCaller.team.invite({ email: "chat@example.test", name: "Chat", roleId: id });
  });
});
