import { beforeAll, describe, expect, it } from "vitest";
import { newId } from "#db/id";
import { nowDb } from "#db/time";
import {
  builtinGrants,
  builtinRoles,
  type Grants,
  type Permission,
  permissions,
} from "#server/auth/permissions";
import { allows } from "#domain/admin-access";
import { AppError } from "#server/errors";
import { appRouter, createCaller } from "#server/trpc/router";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { createUser, makeContext } from "../helpers/fixtures";

/**
 * Every admin procedure declares the permission it needs (decision 090), found by walking the
 * router so one added later is checked without anyone listing it here; and each refuses an
 * admin whose role lacks it, role by role, with permissionRequired.
 */

interface ProcedureLike {
  _def: {
    type?: string;
    meta?: { role?: string; permission?: string; everyAdmin?: boolean; acts?: boolean };
  };
}

const all = Object.entries(
  (appRouter as unknown as { _def: { procedures: Record<string, ProcedureLike> } })._def.procedures,
);
const adminProcedures = all.filter(([, p]) => p._def.meta?.role === "admin");

function call(caller: unknown, path: string, input: unknown): Promise<unknown> {
  let target = caller as Record<string, unknown>;
  for (const part of path.split(".")) target = target[part] as Record<string, unknown>;
  return (target as unknown as (input: unknown) => Promise<unknown>)(input);
}

/** The refusal key of a call, or null when it got past the permission check. */
async function refusal(userId: string, path: string, input: unknown): Promise<string | null> {
  try {
    await call(createCaller(await makeContext(t.db, userId)), path, input);
    return null;
  } catch (error) {
    return error instanceof AppError && error.key === "permissionRequired"
      ? (error.code as string) + ":" + error.key
      : null;
  }
}

const t = fileDatabase();

async function customRole(grants: Grants): Promise<string> {
  const id = newId();
  const now = nowDb();
  await t.db.kysely
    .insertInto("admin_roles")
    .values({
      id,
      name: `role-${id}`,
      builtin: 0,
      grants: JSON.stringify(grants),
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

const adminOf: Record<string, string> = {};

beforeAll(async () => {
  for (const role of builtinRoles) {
    adminOf[role] = (await createUser(t.db, { permission: "admin", adminRole: role })).id;
  }
});

describe(`admin permissions on ${testEngine}`, () => {
  it("finds the admin procedures", () => {
    expect(adminProcedures.length).toBeGreaterThan(100);
    expect(adminProcedures.map(([p]) => p)).toContain("wallet.zenginFile");
  });

  it("every admin procedure declares a known permission, or that every admin may call it", () => {
    const problems = adminProcedures.flatMap(([path, p]) => {
      const meta = p._def.meta ?? {};
      if (meta.everyAdmin)
        return meta.permission ? [`${path}: both everyAdmin and permission`] : [];
      if (!meta.permission) return [`${path}: no permission`];
      return (permissions as readonly string[]).includes(meta.permission)
        ? []
        : [`${path}: unknown permission ${meta.permission}`];
    });
    expect(problems).toEqual([]);
  });

  it("only the home, its badges and the admin's own access are open to every admin", () => {
    const open = adminProcedures.filter(([, p]) => p._def.meta?.everyAdmin).map(([path]) => path);
    expect(open.sort()).toEqual(["admin.access", "admin.home", "admin.pendingCounts"]);
  });

  it("refuses each procedure to a role without its permission, and to one that may only view it when it changes something", async () => {
    const problems: string[] = [];
    for (const [path, p] of adminProcedures) {
      const permission = p._def.meta?.permission as Permission | undefined;
      if (!permission) continue;
      // A role holding every permission but this one.
      const without = Object.fromEntries(
        permissions.filter((q) => q !== permission).map((q) => [q, "act"]),
      ) as Grants;
      const lacking = (
        await createUser(t.db, {
          permission: "admin",
          adminRole: await customRole(without),
        })
      ).id;
      if ((await refusal(lacking, path, undefined)) !== "FORBIDDEN:permissionRequired") {
        problems.push(`${path} (${permission}) let in a role without it`);
      }
      const acting = p._def.type === "mutation" || p._def.meta?.acts === true;
      if (acting) {
        const viewer = (
          await createUser(t.db, {
            permission: "admin",
            adminRole: await customRole({ ...without, [permission]: "view" }),
          })
        ).id;
        if ((await refusal(viewer, path, undefined)) !== "FORBIDDEN:permissionRequired") {
          problems.push(`${path} (${permission}) let a view-only role act`);
        }
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it("each built-in role is refused exactly the procedures its grants do not cover", async () => {
    const problems: string[] = [];
    for (const role of builtinRoles) {
      for (const [path, p] of adminProcedures) {
        const permission = p._def.meta?.permission as Permission | undefined;
        if (!permission) continue;
        const need = p._def.type === "mutation" || p._def.meta?.acts ? "act" : "view";
        const allowed = allows(builtinGrants[role], permission, need);
        const refused = (await refusal(adminOf[role]!, path, undefined)) !== null;
        if (allowed === refused) {
          problems.push(`${role} on ${path}: ${refused ? "refused" : "let in"}`);
        }
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it("a CSV of a list needs members.export: the analyst reads the customers but exports none", async () => {
    expect(await refusal(adminOf.analyst!, "admin.customers.list", {})).toBeNull();
    expect(await refusal(adminOf.analyst!, "admin.customers.list", { export: true })).toBe(
      "FORBIDDEN:permissionRequired",
    );
    expect(await refusal(adminOf.owner!, "admin.customers.list", { export: true })).toBeNull();
  });

  it("a suspended admin's role grants nothing", async () => {
    const id = (await createUser(t.db, { permission: "admin", adminRole: "owner" })).id;
    const caller = createCaller(await makeContext(t.db, id));
    await t.db.kysely
      .updateTable("users")
      .set({ admin_suspended_at: nowDb() })
      .where("id", "=", id)
      .execute();
    await expect(caller.admin.home()).rejects.toMatchObject({ key: "permissionRequired" });
  });

  it("the home and the badges show only the queues the role works", async () => {
    const support = createCaller(await makeContext(t.db, adminOf.support!));
    const home = await support.admin.home();
    expect(home.queue.map((q) => q.queue)).toEqual(["accounts", "chats"]);
    const finance = createCaller(await makeContext(t.db, adminOf.finance!));
    expect((await finance.admin.home()).queue.map((q) => q.queue)).toEqual([
      "withdrawals",
      "transfers",
    ]);
  });
});
