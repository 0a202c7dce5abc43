import { permissions, type Permission } from "../domain/admin-access";

export { permissions, type Permission };

/**
 * How far a role holds a permission: "view" reads its pages (the permission's
 * queries), "act" also changes things (its mutations, and the queries marked `acts`, such as
 * the bank file's download). A permission a role does not name is not held at all.
 */
export type Grant = "view" | "act";
export type Grants = Partial<Record<Permission, Grant>>;

export const builtinRoles = ["owner", "finance", "support", "content", "analyst"] as const;
export type BuiltinRole = (typeof builtinRoles)[number];

function all(grant: Grant, except: Permission[] = []): Grants {
  return Object.fromEntries(
    permissions.filter((p) => !except.includes(p)).map((p) => [p, grant]),
  ) as Grants;
}

/**
 * The built-in roles' grants, kept in the code so a permission added later reaches them:
 * owner holds everything; analyst reads everything but exports no personal data.
 */
export const builtinGrants: Record<BuiltinRole, Grants> = {
  owner: all("act"),
  finance: {
    "members.view": "view",
    "cashback.import": "act",
    "money.decide": "act",
    "money.bankFile": "act",
    "money.adjust": "act",
    audit: "view",
  },
  support: {
    "members.view": "act",
    "members.edit": "act",
    "members.suspend": "act",
    chat: "act",
    "brokerAccounts.approve": "act",
  },
  content: { content: "act", legal: "act" },
  analyst: all("view", ["members.export"]),
};

export function isBuiltinRole(id: string): id is BuiltinRole {
  return (builtinRoles as readonly string[]).includes(id);
}

export function isPermission(value: string): value is Permission {
  return (permissions as readonly string[]).includes(value);
}

/**
 * A custom role's stored grants, read defensively: only known permissions with a known level
 * (a permission removed from the list, or a hand-edited row, grants nothing).
 */
export function parseGrants(json: string): Grants {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return {};
  }
  if (typeof raw !== "object" || raw === null) return {};
  const grants: Grants = {};
  for (const [key, value] of Object.entries(raw)) {
    if (isPermission(key) && (value === "view" || value === "act")) grants[key] = value;
  }
  return grants;
}

/** The grants of a role row: a built-in one's from the code, a custom one's from its row. */
export function roleGrants(role: { id: string; grants: string }): Grants {
  return isBuiltinRole(role.id) ? builtinGrants[role.id] : parseGrants(role.grants);
}

export { allows } from "../domain/admin-access";
