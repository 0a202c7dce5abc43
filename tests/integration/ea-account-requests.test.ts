import { describe, expect, it } from "vitest";
import { testEngine } from "../helpers/db";
import { outcome } from "../helpers/outcome";
import { eaSuite } from "../helpers/eas-suite";

/**
 * Members ask for an EA-dedicated account type from /users/bank; the admin approves (the
 * account is designated, so EAs for dedicated accounts can be licensed on it) or denies with a
 * reason the member sees. One open request per account, only for the member's own approved
 * account; each decision audited and announced through the outbox.
 */

const suite = eaSuite(300000);
const { t, account, member } = suite;

async function kindsOf(table: "audit_log", targetId: string) {
  const rows = await t.db.kysely
    .selectFrom(table)
    .select("action")
    .where("target_id", "=", targetId)
    .execute();
  return rows.map((r) => r.action).sort();
}

async function outboxKinds(userId: string) {
  const rows = await t.db.kysely
    .selectFrom("notifications")
    .select(["channel", "kind", "payload"])
    .where("user_id", "=", userId)
    .where("kind", "in", ["ea_account_approved", "ea_account_denied"])
    .execute();
  return rows
    .map((r) => ({
      sent: `${r.channel}:${r.kind}`,
      payload: JSON.parse(r.payload) as { reason?: string },
    }))
    .sort((a, b) => a.sent.localeCompare(b.sent));
}

describe(`EA-dedicated account requests on ${testEngine}`, () => {
  it("a member requests once per account; the admin approves and the account becomes EA-dedicated", async () => {
    const m = await member();
    const accountId = await account(m.id);

    const before = await m.caller.eas.myAccountTypes();
    expect(before).toEqual([
      expect.objectContaining({
        id: accountId,
        accountType: "regular",
        request: null,
        canRequest: true,
      }),
    ]);

    const asked = await m.caller.eas.requestDedicated({ accountId });
    // The confirmation names the account from the database, not from the form.
    expect(asked).toMatchObject({ broker: "XM", accountNumber: before[0]!.accountNumber });
    const { id } = asked;
    // A second open request for the same account is refused.
    expect(await outcome(m.caller.eas.requestDedicated({ accountId }))).toBe(
      "eaAccountRequestOpen",
    );
    const pending = (await m.caller.eas.myAccountTypes())[0]!;
    expect(pending.request).toMatchObject({ id, status: "pending", reason: null });
    expect(pending.canRequest).toBe(false);

    const listed = await suite.admin.eas.accountRequests({});
    expect(listed.rows.map((r) => r.id)).toContain(id);

    await suite.admin.eas.approveAccountRequest({ id });
    const after = (await m.caller.eas.myAccountTypes())[0]!;
    expect(after).toMatchObject({
      accountType: "ea_dedicated",
      canRequest: false,
      request: { id, status: "approved" },
    });
    expect(after.request?.decidedAt).toBeTruthy();
    // Decided once: a second decision is refused.
    expect(await outcome(suite.admin.eas.approveAccountRequest({ id }))).toBe("notPending");
    expect(await outcome(suite.admin.eas.denyAccountRequest({ id, reason: "late" }))).toBe(
      "notPending",
    );
    // Already dedicated: nothing left to ask for.
    expect(await outcome(m.caller.eas.requestDedicated({ accountId }))).toBe(
      "eaAccountAlreadyDedicated",
    );

    expect(await kindsOf("audit_log", id)).toEqual([
      "ea.account_request.approve",
      "ea.account_request.create",
    ]);
    expect(await kindsOf("audit_log", accountId)).toEqual(["ea.account.dedicate"]);
    // On each channel the member has (LINE and mail), like a broker account's decision.
    expect((await outboxKinds(m.id)).map((n) => n.sent)).toEqual([
      "line:ea_account_approved",
      "mail:ea_account_approved",
    ]);
    // The pending list no longer shows it; "all" does.
    expect((await suite.admin.eas.accountRequests({})).rows.map((r) => r.id)).not.toContain(id);
    expect(
      (await suite.admin.eas.accountRequests({ status: "all" })).rows.map((r) => r.id),
    ).toContain(id);
  });

  it("a denial needs a reason, which the member sees; the member may then ask again", async () => {
    const m = await member();
    const accountId = await account(m.id);
    const { id } = await m.caller.eas.requestDedicated({ accountId });

    expect(await outcome(suite.admin.eas.denyAccountRequest({ id, reason: "  " }))).toBe(
      "reason:required",
    );
    expect((await m.caller.eas.myAccountTypes())[0]!.request?.status).toBe("pending");

    await suite.admin.eas.denyAccountRequest({ id, reason: "口座タイプが確認できませんでした" });
    const denied = (await m.caller.eas.myAccountTypes())[0]!;
    expect(denied).toMatchObject({
      accountType: "regular",
      canRequest: true,
      request: { id, status: "denied", reason: "口座タイプが確認できませんでした" },
    });
    expect(await kindsOf("audit_log", id)).toEqual([
      "ea.account_request.create",
      "ea.account_request.deny",
    ]);
    const told = await outboxKinds(m.id);
    expect(told.map((n) => n.sent)).toEqual(["line:ea_account_denied", "mail:ea_account_denied"]);
    for (const n of told) expect(n.payload.reason).toBe("口座タイプが確認できませんでした");

    // The decided request no longer blocks a new one; the newest is what the member sees.
    const again = await m.caller.eas.requestDedicated({ accountId });
    expect((await m.caller.eas.myAccountTypes())[0]!.request).toMatchObject({
      id: again.id,
      status: "pending",
    });
  });

  it("refuses another member's account, an unapproved one, and members on the admin's calls", async () => {
    const owner = await member();
    const other = await member();
    const accountId = await account(owner.id);
    expect(await outcome(other.caller.eas.requestDedicated({ accountId }))).toBe("notFound");
    expect(await outcome(other.caller.eas.requestDedicated({ accountId: "nope" }))).toBe(
      "accountId:eaAccountRequired",
    );
    const pendingAccount = await account(owner.id, "pending");
    expect(await outcome(owner.caller.eas.requestDedicated({ accountId: pendingAccount }))).toBe(
      "eaAccountNotApproved",
    );
    // The unapproved account is not listed for a request at all.
    expect((await owner.caller.eas.myAccountTypes()).map((a) => a.id)).toEqual([accountId]);

    const { id } = await owner.caller.eas.requestDedicated({ accountId });
    expect(await outcome(owner.caller.eas.approveAccountRequest({ id }))).toBe("forbidden");
    expect(await outcome(owner.caller.eas.accountRequests({}))).toBe("forbidden");
    const rows = await t.db.kysely
      .selectFrom("ea_account_requests")
      .select("id")
      .where("broker_account_id", "=", accountId)
      .execute();
    expect(rows).toHaveLength(1);
  });
});
