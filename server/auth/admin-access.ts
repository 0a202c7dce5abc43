import type { Db } from "#db";
import { AppError } from "../errors";
import type { CurrentSession } from "./session";
import { allows, type Grant, type Grants, type Permission, roleGrants } from "./permissions";

/** What an admin may do: their role and its grants. */
export interface AdminAccess {
  roleId: string;
  roleName: string;
  builtin: boolean;
  grants: Grants;
}

/** No role, suspended or removed: an admin row that grants nothing. */
const NONE: AdminAccess = { roleId: "", roleName: "", builtin: false, grants: {} };

/** The role and grants of an admin, read from their row; nothing for one not active. */
export async function loadAdminAccess(db: Db, userId: string): Promise<AdminAccess> {
  const row = await db.kysely
    .selectFrom("users")
    .innerJoin("admin_roles", "admin_roles.id", "users.admin_role_id")
    .select([
      "admin_roles.id",
      "admin_roles.name",
      "admin_roles.builtin",
      "admin_roles.grants",
      "users.admin_suspended_at",
      "users.admin_removed_at",
    ])
    .where("users.id", "=", userId)
    .where("users.permission", "=", "admin")
    .executeTakeFirst();
  if (!row || row.admin_suspended_at !== null || row.admin_removed_at !== null) return NONE;
  return {
    roleId: row.id,
    roleName: row.name,
    builtin: row.builtin === 1,
    grants: roleGrants(row),
  };
}

// Asked once per request (a loader may call several procedures with one session).
const perRequest = new WeakMap<CurrentSession, Promise<AdminAccess>>();

export function adminAccessOf(db: Db, session: CurrentSession): Promise<AdminAccess> {
  let pending = perRequest.get(session);
  if (!pending) {
    pending = loadAdminAccess(db, session.user.id);
    perRequest.set(session, pending);
  }
  return pending;
}

/**
 * What a call needs: its procedure's permission at "view" for a query, at "act" for a
 * mutation or a query that acts (a download that hands over a file), and for a list asked as
 * a CSV file (`export: true`) also members.export: every admin list names members, so its
 * file is personal data leaving the portal.
 */
export function refuseWithoutPermission(
  access: AdminAccess,
  permission: Permission,
  need: Grant,
  exporting: boolean,
): void {
  if (!allows(access.grants, permission, need)) {
    throw new AppError("FORBIDDEN", "permissionRequired");
  }
  if (exporting && !allows(access.grants, "members.export", "act")) {
    throw new AppError("FORBIDDEN", "permissionRequired");
  }
}
