import { describe, expect, it } from "vitest";
import { DEMO_FRIEND, DEMO_LOGINS, DEMO_MEMBER, DEMO_RICH, seed } from "#tools/seed";
import { verifyPassword } from "#server/auth/password";
import { walletSummary } from "#server/features/wallet/service";
import { testEngine, rowWhere } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { callerFor } from "../helpers/fixtures";

const t = fileDatabase({ ledgerMustBalance: true });

async function idOf(email: string) {
  const row = await rowWhere(t.db, "users", "email", email);
  return row.id;
}

describe(`the demo members' money on ${testEngine}`, () => {
  it("shows every kind of movement and every state, once, however often the seed runs", async () => {
    await seed(t.db);
    const memberId = await idOf(DEMO_MEMBER.email);
    const before = await walletSummary(t.db, memberId);
    await seed(t.db);
    // A second run adds nothing.
    expect(await walletSummary(t.db, memberId)).toEqual(before);

    const caller = await callerFor(t.db, memberId);
    const statement = await caller.wallet.statement({ size: 100 });
    const kinds = new Set(statement.rows.map((r) => r.kind));
    expect([...kinds].sort()).toEqual(
      [
        "affiliate_reward",
        "cashback",
        "gacha_cost",
        "gacha_reward",
        "present",
        "prize",
        // Exness's rate change dated in the past, settled by an adjustment batch.
        "rate_adjustment",
        "transfer_hold",
        "transfer_release",
        "transfer_settle",
        "withdrawal_hold",
        "withdrawal_payout",
        "withdrawal_release",
      ].sort(),
    );
    // Prizes from both a battle and the marathon.
    const prizeSources = new Set(
      statement.rows.filter((r) => r.kind === "prize").map((r) => r.refType),
    );
    expect([...prizeSources].sort()).toEqual(["marathon_goal", "ranking_battle"]);

    const withdrawals = await t.db.kysely
      .selectFrom("withdrawals")
      .select("status")
      .where("user_id", "=", memberId)
      .execute();
    expect(new Set(withdrawals.map((w) => w.status))).toEqual(
      new Set(["pending", "completed", "rejected", "cancelled"]),
    );
    const transfers = await t.db.kysely
      .selectFrom("transfers")
      .select("status")
      .where("sender_id", "=", memberId)
      .execute();
    expect(transfers.map((x) => x.status).sort()).toEqual(["completed", "failed", "pending"]);

    // The friend received the approved transfer; the eight-figure member has eight figures.
    const friend = await walletSummary(t.db, await idOf(DEMO_FRIEND.email));
    expect(friend.available).toBeGreaterThan(0);
    const rich = await walletSummary(t.db, await idOf(DEMO_RICH.email));
    expect(String(rich.available)).toHaveLength(8);
    expect(rich.held).toBeGreaterThan(0);

    // The admin can pay the pending bank withdrawals with a Zengin file straight away.
    const admin = await callerFor(t.db, await idOf("admin@example.com"));
    const zengin = await admin.wallet.zenginPreview({});
    expect(zengin).toMatchObject({ configured: true, problems: [] });
    expect(zengin.ids.length).toBeGreaterThanOrEqual(2);
  }, 180_000);

  it("lets every login the demo prints sign in with the printed password", async () => {
    await seed(t.db);
    expect(DEMO_LOGINS.map((l) => l.email)).toEqual([
      "admin@example.com",
      "finance@example.com",
      "support@example.com",
      DEMO_MEMBER.email,
      DEMO_FRIEND.email,
      DEMO_RICH.email,
    ]);
    for (const login of DEMO_LOGINS) {
      const user = await rowWhere(t.db, "users", "email", login.email);
      expect(await verifyPassword(login.password, user.password_hash)).toBe(true);
      expect(login.shows.length).toBeGreaterThan(10);
    }
    // The demo team: an owner, a finance and a support admin, all with the demo TOTP, and one
    // invitation waiting.
    const team = await t.db.kysely
      .selectFrom("users")
      .select(["email", "admin_role_id", "totp_secret"])
      .where("permission", "=", "admin")
      .where("email", "in", ["admin@example.com", "finance@example.com", "support@example.com"])
      .orderBy("email")
      .execute();
    expect(team.map((a) => [a.email, a.admin_role_id, a.totp_secret !== null])).toEqual([
      ["admin@example.com", "owner", true],
      ["finance@example.com", "finance", true],
      ["support@example.com", "support", true],
    ]);
    const invitations = await t.db.kysely
      .selectFrom("admin_invitations")
      .select("email")
      .where("accepted_at", "is", null)
      .execute();
    expect(invitations.map((i) => i.email)).toEqual(["editor@example.com"]);
  });
});
