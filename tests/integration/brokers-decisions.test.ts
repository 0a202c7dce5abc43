import { describe, expect, it } from "vitest";
import { testEngine } from "../helpers/db";
import { brokersSuite } from "../helpers/brokers-suite";
import { auditOf } from "../helpers/audit";

const suite = brokersSuite();
const { t, brokers, member, outcome } = suite;

describe(`deciding accounts on ${testEngine}`, () => {
  it("approves one or many, records each with the admin, and the member sees it approved with the date", async () => {
    const m = await member();
    const ids = [];
    for (const number of ["40001", "40002", "40003"]) {
      ids.push(
        (await m.caller.brokers.accounts.add({ brokerId: brokers.xm!, accountNumber: number })).id,
      );
    }
    const pending = await m.caller.brokers.accounts.mine({});
    expect(pending.rows.every((r) => r.status === "pending" && r.approvedAt === null)).toBe(true);

    expect(
      await suite.admin.brokers.accounts.decide({ ids: [ids[0]!], decision: "approve" }),
    ).toEqual({
      changed: 1,
      unchanged: 0,
      conflicts: [],
      missing: 0,
    });
    expect(
      await suite.admin.brokers.accounts.decide({
        ids: [ids[0]!, ids[1]!, ids[2]!],
        decision: "approve",
      }),
    ).toMatchObject({ changed: 2, unchanged: 1 });

    const mine = await m.caller.brokers.accounts.mine({});
    expect(mine.rows).toHaveLength(3);
    for (const row of mine.rows) {
      expect(row.status).toBe("approved");
      expect(row.approvedAt).toMatch(/^\d{4}-\d{2}-\d{2} /);
    }
    const audit = await t.db.kysely
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "account.approve")
      .where("target_id", "in", ids)
      .execute();
    expect(audit).toHaveLength(3);
    for (const a of audit) {
      expect(a.actor_id).toBe(suite.adminId);
      expect(JSON.parse(a.data!)).toMatchObject({
        userId: m.id,
        before: "pending",
        after: "approved",
      });
    }
  });

  it("denies only with a reason, shows the reason, and frees the number for its real owner", async () => {
    const squatter = await member();
    const owner = await member();
    const { id } = await squatter.caller.brokers.accounts.add({
      brokerId: brokers.xm!,
      accountNumber: "50505",
    });
    expect(
      await outcome(suite.admin.brokers.accounts.decide({ ids: [id], decision: "deny" })),
    ).toEqual({
      reason: "required",
    });
    expect(
      await outcome(
        suite.admin.brokers.accounts.decide({ ids: [id], decision: "deny", reason: "   " }),
      ),
    ).toEqual({ reason: "required" });
    await suite.admin.brokers.accounts.decide({
      ids: [id],
      decision: "deny",
      reason: "名義が一致しません",
    });
    const [row] = (await squatter.caller.brokers.accounts.mine({})).rows;
    expect(row).toMatchObject({
      status: "denied",
      denyReason: "名義が一致しません",
      approvedAt: null,
    });

    // The real owner can now register it; approving the denied one again is refused.
    const owned = await owner.caller.brokers.accounts.add({
      brokerId: brokers.xm!,
      accountNumber: "50505",
    });
    expect(
      await suite.admin.brokers.accounts.decide({ ids: [id], decision: "approve" }),
    ).toMatchObject({
      changed: 0,
      conflicts: ["50505"],
    });
    expect(
      await suite.admin.brokers.accounts.decide({ ids: [owned.id], decision: "approve" }),
    ).toMatchObject({
      changed: 1,
    });
    const denyAudit = await auditOf(t.db, id, "account.deny");
    expect(JSON.parse(denyAudit.data!)).toMatchObject({
      reason: "名義が一致しません",
      after: "denied",
    });
  });

  it("refuses an empty selection and a member", async () => {
    expect(
      await outcome(suite.admin.brokers.accounts.decide({ ids: [], decision: "approve" })),
    ).toEqual({
      ids: "selectAccounts",
    });
    const m = await member();
    const { id } = await m.caller.brokers.accounts.add({
      brokerId: brokers.xm!,
      accountNumber: "60606",
    });
    await expect(
      m.caller.brokers.accounts.decide({ ids: [id], decision: "approve" }),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect((await m.caller.brokers.accounts.mine({})).rows[0]?.status).toBe("pending");
  });
});
