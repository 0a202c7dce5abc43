import { describe, expect, it } from "vitest";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { callerFor, createUser } from "../helpers/fixtures";

const t = fileDatabase();

describe(`admin home on ${testEngine}`, () => {
  it("counts new members, not new admins", async () => {
    const admin = await callerFor(t.db, (await createUser(t.db, { permission: "admin" })).id);
    const before = (await admin.cashback.home()).newMembers;
    await createUser(t.db);
    await createUser(t.db);
    await createUser(t.db, { permission: "admin" });
    const after = (await admin.cashback.home()).newMembers;
    expect(after.today - before.today).toBe(2);
    expect(after.thisMonth - before.thisMonth).toBe(2);
  });
});
