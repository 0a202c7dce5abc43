import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Db } from "#db";
import { forUpdate } from "#db/dialect";
import { newId } from "#db/id";
import type { Database } from "#db/schema";
import { addMs, fromDbTime, nowDb, toDbTime } from "#db/time";
import { recordAudit } from "../../audit";
import type { AdminAccess } from "../../auth/admin-access";
import { hashPassword } from "../../auth/password";
import {
  allows,
  type Grants,
  isBuiltinRole,
  parseGrants,
  type Permission,
  permissions,
  roleGrants,
} from "../../auth/permissions";
import { createSession, deleteUserSessions } from "../../auth/session";
import { AppError, notFound } from "../../errors";
import type { Mailer } from "../../mail";
import type { Config } from "../../config";
import type { Logger } from "../../logger";
import { hashing, refuseGuessablePassword, sendQuietly } from "../auth/service";

/** An invitation's link works this long, once. */
export const INVITATION_TTL_MS = 72 * 60 * 60 * 1000;

export type AdminState = "active" | "suspended" | "removed";

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The admins, their roles, the roles an owner made and the invitations not yet used. */
export async function teamOverview(db: Db, actorId: string) {
  const [admins, roles, invitations] = await Promise.all([
    db.kysely
      .selectFrom("users")
      .leftJoin("admin_roles", "admin_roles.id", "users.admin_role_id")
      .select([
        "users.id",
        "users.name",
        "users.email",
        "users.admin_role_id as roleId",
        "admin_roles.name as roleName",
        "admin_roles.builtin as roleBuiltin",
        "users.admin_suspended_at",
        "users.admin_removed_at",
        "users.totp_enabled_at",
      ])
      .where("users.permission", "=", "admin")
      .where("users.admin_removed_at", "is", null)
      .orderBy("users.created_at")
      .execute(),
    db.kysely
      .selectFrom("admin_roles")
      .selectAll()
      .orderBy("builtin", "desc")
      .orderBy("name")
      .execute(),
    invitationsWithRole(db.kysely)
      .select("admin_invitations.created_at")
      .where("admin_invitations.accepted_at", "is", null)
      .where("admin_invitations.revoked_at", "is", null)
      .orderBy("admin_invitations.created_at", "desc")
      .execute(),
  ]);
  const now = Date.now();
  return {
    admins: admins.map((a) => ({
      id: a.id,
      name: a.name,
      email: a.email,
      roleId: a.roleId,
      roleName: a.roleName,
      roleBuiltin: a.roleBuiltin === 1,
      state: (a.admin_suspended_at ? "suspended" : "active") as AdminState,
      self: a.id === actorId,
    })),
    roles: roles.map((r) => ({
      id: r.id,
      name: r.name,
      builtin: r.builtin === 1,
      grants: roleGrants(r),
    })),
    invitations: invitations.map((i) => ({
      id: i.id,
      email: i.email,
      name: i.name,
      roleId: i.roleId,
      roleName: i.roleName,
      roleBuiltin: i.roleBuiltin === 1,
      createdAt: i.created_at,
      expiresAt: i.expires_at,
      expired: fromDbTime(i.expires_at).getTime() <= now,
    })),
  };
}

async function roleById(db: Kysely<Database>, roleId: string) {
  const role = await db
    .selectFrom("admin_roles")
    .selectAll()
    .where("id", "=", roleId)
    .executeTakeFirst();
  if (!role) throw new AppError("BAD_REQUEST", "roleUnknown");
  return role;
}

/**
 * Nobody hands out more than they hold: an admin who is not an owner may give a role only when
 * each of its grants is within their own (so the team permission alone cannot make an owner).
 */
function refuseBeyondOwnGrants(actor: AdminAccess, role: { id: string; grants: string }): void {
  if (actor.roleId === "owner") return;
  const grants = roleGrants(role);
  for (const permission of Object.keys(grants) as Permission[]) {
    const need = grants[permission];
    if (need && !allows(actor.grants, permission, need)) {
      throw new AppError("FORBIDDEN", "roleBeyondYours");
    }
  }
}

async function targetAdmin(db: Kysely<Database>, userId: string) {
  const row = await db
    .selectFrom("users")
    .select(["id", "email", "admin_role_id", "admin_suspended_at", "admin_removed_at"])
    .where("id", "=", userId)
    .where("permission", "=", "admin")
    .where("admin_removed_at", "is", null)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/**
 * At least one active owner always remains: the check runs in the transaction that would take
 * the last one away (a role change, a suspension, a removal), after locking the owners' rows
 * on MySQL, so two such changes at once cannot each leave the other as the last.
 */
async function refuseLastOwner(db: Db, trx: Kysely<Database>, leaving: string): Promise<void> {
  const owners = await forUpdate(
    db,
    trx
      .selectFrom("users")
      .select("id")
      .where("admin_role_id", "=", "owner")
      .where("permission", "=", "admin")
      .where("admin_suspended_at", "is", null)
      .where("admin_removed_at", "is", null),
  ).execute();
  if (owners.every((o) => o.id === leaving)) throw new AppError("BAD_REQUEST", "lastOwner");
}

export interface TeamDeps {
  db: Db;
  mailer: Mailer;
  config: Config;
  log: Logger;
}

/**
 * Invites someone to the team by mail: a single-use link valid for 72 hours. Only the token's
 * sha256 is stored. The address must not belong to an account already.
 */
export async function invite(
  deps: TeamDeps,
  actor: { id: string; access: AdminAccess; language: "ja" | "en" },
  input: { email: string; name: string; roleId: string },
): Promise<{ id: string }> {
  const db = deps.db.kysely;
  const role = await roleById(db, input.roleId);
  refuseBeyondOwnGrants(actor.access, role);
  const taken = await db
    .selectFrom("users")
    .select("id")
    .where("email", "=", input.email)
    .executeTakeFirst();
  if (taken) throw new AppError("BAD_REQUEST", "inviteEmailTaken", undefined, "email");
  const token = randomBytes(32).toString("base64url");
  const id = newId();
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    // A new invitation to the same address replaces the one before: one link works at a time.
    await trx
      .updateTable("admin_invitations")
      .set({ revoked_at: toDbTime(now) })
      .where("email", "=", input.email)
      .where("accepted_at", "is", null)
      .where("revoked_at", "is", null)
      .execute();
    await trx
      .insertInto("admin_invitations")
      .values({
        id,
        email: input.email,
        name: input.name,
        role_id: role.id,
        token_hash: hashToken(token),
        invited_by: actor.id,
        created_at: toDbTime(now),
        expires_at: toDbTime(addMs(now, INVITATION_TTL_MS)),
      })
      .execute();
    await recordAudit(trx, {
      actorId: actor.id,
      action: "team.invite",
      targetType: "admin_invitation",
      targetId: id,
      data: { email: input.email, role: role.id },
    });
  });
  await sendQuietly(deps, {
    to: input.email,
    language: actor.language,
    template: "adminInvitation",
    params: { link: `${deps.config.APP_ORIGIN}/admin-invite?token=${encodeURIComponent(token)}` },
  });
  return { id };
}

/** Withdraws an invitation not yet used: its link stops working. */
export async function revokeInvitation(db: Db, actorId: string, id: string): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("admin_invitations")
      .set({ revoked_at: nowDb() })
      .where("id", "=", id)
      .where("accepted_at", "is", null)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw notFound();
    await recordAudit(trx, {
      actorId,
      action: "team.invitation.revoke",
      targetType: "admin_invitation",
      targetId: id,
    });
  });
}

/** Invitations with their role as the team tab and the invitation page name it. */
function invitationsWithRole(db: Kysely<Database>) {
  return db
    .selectFrom("admin_invitations")
    .leftJoin("admin_roles", "admin_roles.id", "admin_invitations.role_id")
    .select([
      "admin_invitations.id",
      "admin_invitations.email",
      "admin_invitations.name",
      "admin_invitations.role_id as roleId",
      "admin_roles.name as roleName",
      "admin_roles.builtin as roleBuiltin",
      "admin_invitations.expires_at",
    ]);
}

async function openInvitation(db: Kysely<Database>, token: string) {
  const row = await invitationsWithRole(db)
    .select(["admin_invitations.accepted_at", "admin_invitations.revoked_at"])
    .where("token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (
    !row ||
    row.accepted_at !== null ||
    row.revoked_at !== null ||
    fromDbTime(row.expires_at) <= new Date()
  ) {
    return null;
  }
  return row;
}

/** What the invitation page shows before the invitee sets a password; null when it no longer works. */
export async function invitationFor(db: Db, token: string) {
  const row = await openInvitation(db.kysely, token);
  if (!row) return null;
  return {
    email: row.email,
    name: row.name,
    roleId: row.roleId,
    roleName: row.roleName,
    roleBuiltin: row.roleBuiltin === 1,
  };
}

/**
 * The invitee sets a password: the admin account is created with the invitation's role, the
 * link is used up, and a session starts that reaches only the second factor's enrolment until
 * one is set (every admin needs one before seeing anything).
 */
export async function acceptInvitation(
  deps: TeamDeps,
  input: { token: string; password: string },
  meta: { ip: string | null; userAgent: string | null },
) {
  const db = deps.db.kysely;
  const pending = await openInvitation(db, input.token);
  if (!pending) throw new AppError("BAD_REQUEST", "invitationInvalid");
  refuseGuessablePassword(input.password, [pending.email, pending.name]);
  const passwordHash = await hashing({ address: meta.ip }, () => hashPassword(input.password));
  const userId = newId();
  await db.transaction().execute(async (trx) => {
    const taken = await trx
      .selectFrom("users")
      .select("id")
      .where("email", "=", pending.email)
      .executeTakeFirst();
    if (taken) throw new AppError("BAD_REQUEST", "invitationInvalid");
    const now = nowDb();
    await trx
      .insertInto("users")
      .values({
        id: userId,
        email: pending.email,
        // The link reached this inbox: the address is proven.
        email_verified_at: now,
        password_hash: passwordHash,
        name: pending.name,
        nickname: "admin",
        permission: "admin",
        admin_role_id: pending.roleId,
        language: "ja",
        created_at: now,
        updated_at: now,
      })
      .execute();
    const used = await trx
      .updateTable("admin_invitations")
      .set({ accepted_at: nowDb(), accepted_user_id: userId })
      .where("token_hash", "=", hashToken(input.token))
      .where("accepted_at", "is", null)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    // Used a moment ago by another request: single use means one account.
    if (Number(used.numUpdatedRows) === 0) throw new AppError("BAD_REQUEST", "invitationInvalid");
    await recordAudit(trx, {
      actorId: userId,
      action: "team.invitation.accept",
      targetType: "user",
      targetId: userId,
      data: { invitation: pending.id, role: pending.roleId },
    });
  });
  const session = await createSession(deps.db, userId, { ...meta, method: "invitation" });
  return { ...session, userId, permission: "admin" as const };
}

/** Gives an admin another role. Nobody changes their own, and an owner always remains. */
export async function changeRole(
  db: Db,
  actor: { id: string; access: AdminAccess },
  userId: string,
  roleId: string,
): Promise<void> {
  if (userId === actor.id) throw new AppError("BAD_REQUEST", "ownRoleUnchangeable");
  await db.kysely.transaction().execute(async (trx) => {
    const target = await targetAdmin(trx, userId);
    const role = await roleById(trx, roleId);
    refuseBeyondOwnGrants(actor.access, role);
    if (target.admin_role_id === "owner" && roleId !== "owner") {
      // Taking an owner's role away needs to be an owner's decision.
      if (actor.access.roleId !== "owner") throw new AppError("FORBIDDEN", "roleBeyondYours");
      await refuseLastOwner(db, trx, userId);
    }
    await trx
      .updateTable("users")
      .set({ admin_role_id: roleId, updated_at: nowDb() })
      .where("id", "=", userId)
      .execute();
    await recordAudit(trx, {
      actorId: actor.id,
      action: "team.role.change",
      targetType: "user",
      targetId: userId,
      data: { before: { role: target.admin_role_id }, after: { role: roleId } },
    });
  });
}

/** Suspends an admin: access ends at once (their sessions are deleted in the same step). */
export async function suspend(db: Db, actor: { id: string; access: AdminAccess }, userId: string) {
  await endAccess(db, actor, userId, "suspend");
}

/** Removes an admin from the team: like a suspension, for good (the row stays for the records). */
export async function remove(db: Db, actor: { id: string; access: AdminAccess }, userId: string) {
  await endAccess(db, actor, userId, "remove");
}

async function endAccess(
  db: Db,
  actor: { id: string; access: AdminAccess },
  userId: string,
  how: "suspend" | "remove",
): Promise<void> {
  if (userId === actor.id) throw new AppError("BAD_REQUEST", "ownAccessUnchangeable");
  await db.kysely.transaction().execute(async (trx) => {
    const target = await targetAdmin(trx, userId);
    if (target.admin_role_id === "owner") {
      if (actor.access.roleId !== "owner") throw new AppError("FORBIDDEN", "roleBeyondYours");
      await refuseLastOwner(db, trx, userId);
    }
    const now = nowDb();
    await trx
      .updateTable("users")
      .set(
        how === "suspend"
          ? { admin_suspended_at: now, updated_at: now }
          : { admin_removed_at: now, updated_at: now },
      )
      .where("id", "=", userId)
      .execute();
    await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
    await recordAudit(trx, {
      actorId: actor.id,
      action: how === "suspend" ? "team.suspend" : "team.remove",
      targetType: "user",
      targetId: userId,
    });
  });
}

/** Lifts a suspension: the admin signs in again with their password and second factor. */
export async function reinstate(db: Db, actorId: string, userId: string): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const target = await targetAdmin(trx, userId);
    if (target.admin_suspended_at === null) return;
    await trx
      .updateTable("users")
      .set({ admin_suspended_at: null, updated_at: nowDb() })
      .where("id", "=", userId)
      .execute();
    await recordAudit(trx, {
      actorId,
      action: "team.reinstate",
      targetType: "user",
      targetId: userId,
    });
  });
}

/** Ends every session of an admin (a lost phone, a shared computer): they sign in again. */
export async function endSessions(db: Db, actorId: string, userId: string): Promise<void> {
  await targetAdmin(db.kysely, userId);
  await deleteUserSessions(db, userId);
  await recordAudit(db.kysely, {
    actorId,
    action: "team.sessions.end",
    targetType: "user",
    targetId: userId,
  });
}

/** A custom role made from the permissions; only an owner makes one. */
export async function createRole(
  db: Db,
  actor: { id: string; access: AdminAccess },
  input: { name: string; grants: Grants },
): Promise<{ id: string }> {
  if (actor.access.roleId !== "owner") throw new AppError("FORBIDDEN", "ownerOnly");
  const grants = Object.fromEntries(
    permissions.filter((p) => input.grants[p]).map((p) => [p, input.grants[p]]),
  );
  const id = newId();
  await db.kysely.transaction().execute(async (trx) => {
    const clash = await trx
      .selectFrom("admin_roles")
      .select("id")
      .where("name", "=", input.name)
      .executeTakeFirst();
    if (clash) throw new AppError("BAD_REQUEST", "roleNameTaken", undefined, "name");
    const now = nowDb();
    await trx
      .insertInto("admin_roles")
      .values({
        id,
        name: input.name,
        builtin: 0,
        grants: JSON.stringify(grants),
        created_at: now,
        updated_at: now,
      })
      .execute();
    await recordAudit(trx, {
      actorId: actor.id,
      action: "team.role.create",
      targetType: "admin_role",
      targetId: id,
      data: { name: input.name, grants },
    });
  });
  return { id };
}

/**
 * A custom role an owner may change or delete: built-in roles keep their grants in the code
 * (every installation's owner, finance, … mean the same), so they are refused.
 */
async function customRole(db: Kysely<Database>, actor: { access: AdminAccess }, roleId: string) {
  if (actor.access.roleId !== "owner") throw new AppError("FORBIDDEN", "ownerOnly");
  const role = await roleById(db, roleId);
  if (isBuiltinRole(role.id) || Number(role.builtin) === 1)
    throw new AppError("BAD_REQUEST", "roleBuiltin");
  return role;
}

/** A custom role's new name and grants; its admins hold the new grants from their next request. */
export async function updateRole(
  db: Db,
  actor: { id: string; access: AdminAccess },
  input: { roleId: string; name: string; grants: Grants },
): Promise<void> {
  const grants = Object.fromEntries(
    permissions.filter((p) => input.grants[p]).map((p) => [p, input.grants[p]]),
  );
  await db.kysely.transaction().execute(async (trx) => {
    const before = await customRole(trx, actor, input.roleId);
    const clash = await trx
      .selectFrom("admin_roles")
      .select("id")
      .where("name", "=", input.name)
      .where("id", "<>", input.roleId)
      .executeTakeFirst();
    if (clash) throw new AppError("BAD_REQUEST", "roleNameTaken", undefined, "name");
    await trx
      .updateTable("admin_roles")
      .set({ name: input.name, grants: JSON.stringify(grants), updated_at: nowDb() })
      .where("id", "=", input.roleId)
      .execute();
    await recordAudit(trx, {
      actorId: actor.id,
      action: "team.role.update",
      targetType: "admin_role",
      targetId: input.roleId,
      data: {
        before: { name: before.name, grants: parseGrants(before.grants) },
        after: { name: input.name, grants },
      },
    });
  });
}

/**
 * Deletes a custom role no admin holds and no invitation names (removed admins and used or
 * withdrawn invitations count: their rows still name it). Refused otherwise, with how many.
 */
export async function deleteRole(
  db: Db,
  actor: { id: string; access: AdminAccess },
  roleId: string,
): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const role = await customRole(trx, actor, roleId);
    const [admins, invitations] = await Promise.all([
      trx
        .selectFrom("users")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("admin_role_id", "=", roleId)
        .executeTakeFirstOrThrow(),
      trx
        .selectFrom("admin_invitations")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("role_id", "=", roleId)
        .executeTakeFirstOrThrow(),
    ]);
    const inUse = Number(admins.n) + Number(invitations.n);
    if (inUse > 0) throw new AppError("BAD_REQUEST", "roleInUse", { count: inUse });
    await trx.deleteFrom("admin_roles").where("id", "=", roleId).execute();
    await recordAudit(trx, {
      actorId: actor.id,
      action: "team.role.delete",
      targetType: "admin_role",
      targetId: roleId,
      data: { name: role.name, grants: parseGrants(role.grants) },
    });
  });
}
