import { beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "#server/trpc/router";
import { testEngine, rowWhere } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { expectKey } from "../helpers/rejections";
import { createUser, makeContext } from "../helpers/fixtures";

/** Custom roles change and go: owners only, never a built-in role, never one in use. */

const t = fileDatabase();
const as = async (userId: string) => createCaller(await makeContext(t.db, userId));
let ownerId: string;
beforeAll(async () => {
  ownerId = (await createUser(t.db, { permission: "admin", adminRole: "owner" })).id;
});

describe(`editing and deleting custom roles on ${testEngine}`, () => {
  it("an owner renames a custom role and changes its grants; its admins hold the new ones", async () => {
    const owner = await as(ownerId);
    const { id } = await owner.team.createRole({ name: "Desk", grants: { chat: "act" } });
    const holder = await createUser(t.db, { permission: "admin", adminRole: id });
    await owner.team.updateRole({ roleId: id, name: "Front desk", grants: { audit: "view" } });
    expect(await rowWhere(t.db, "admin_roles", "id", id)).toMatchObject({ name: "Front desk" });
    const access = await (await as(holder.id)).admin.access();
    expect(access.grants).toEqual({ audit: "view" });
  });

  it("built-in roles can be neither edited nor deleted", async () => {
    const owner = await as(ownerId);
    await expectKey(
      owner.team.updateRole({ roleId: "support", name: "x", grants: { chat: "act" } }),
      "roleBuiltin",
    );
    await expectKey(owner.team.deleteRole({ roleId: "finance" }), "roleBuiltin");
  });

  it("a role in use is not deleted; once nobody holds it, it is", async () => {
    const owner = await as(ownerId);
    const { id } = await owner.team.createRole({ name: "Temp", grants: { chat: "view" } });
    const holder = await createUser(t.db, { permission: "admin", adminRole: id });
    await expectKey(owner.team.deleteRole({ roleId: id }), "roleInUse");
    await owner.team.changeRole({ userId: holder.id, roleId: "support" });
    await owner.team.deleteRole({ roleId: id });
    const gone = await t.db.kysely
      .selectFrom("admin_roles")
      .select("id")
      .where("id", "=", id)
      .executeTakeFirst();
    expect(gone).toBeUndefined();
    const actions = await t.db.kysely
      .selectFrom("audit_log")
      .select("action")
      .where("target_id", "=", id)
      .execute();
    expect(actions.map((a) => a.action).sort()).toEqual(["team.role.create", "team.role.delete"]);
  });

  it("only an owner edits or deletes roles", async () => {
    const owner = await as(ownerId);
    const { id } = await owner.team.createRole({ name: "Ops", grants: { team: "act" } });
    const lead = await createUser(t.db, { permission: "admin", adminRole: id });
    const leadCaller = await as(lead.id);
    await expectKey(
      leadCaller.team.updateRole({ roleId: id, name: "Ops", grants: { team: "act", chat: "act" } }),
      "ownerOnly",
    );
    await expectKey(leadCaller.team.deleteRole({ roleId: id }), "ownerOnly");
  });
});
