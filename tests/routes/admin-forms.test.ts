import { describe, expect, it } from "vitest";
import { fileDatabase } from "../helpers/file-db";
import { callerFor, createUser } from "../helpers/fixtures";
import { fund, givePaymentDetails, key, walletOf, withdraw } from "../helpers/money";
import { translator } from "../helpers/messages";
import { formRefusal, pageData, routeClient } from "../helpers/routes";

/**
 * The admin area's forms and pages as the server answers them: unknown ids, decisions an
 * admin's role does not hold, and settings that do not add up are refused with a reason, and
 * nothing changes.
 */

const t = fileDatabase({ ledgerMustBalance: true });
const routes = routeClient(() => t.db);

/** A member's pending bank withdrawal of ¥5,000 out of ¥20,000. */
async function pendingWithdrawal() {
  const member = await createUser(t.db);
  await fund(t.db, member.id, 20_000);
  await givePaymentDetails(t.db, member.id);
  const { id } = await withdraw(await callerFor(t.db, member.id), "bank", 5_000);
  return { member, id };
}

describe("the withdrawal queue", () => {
  it("refuses a decision on a request that is not there, without a failure", async () => {
    const admin = await createUser(t.db, { permission: "admin" });
    const answer = await routes.post(
      "/admin/withdraw?index",
      { intent: "reject", id: "01jzzzzzzzzzzzzzzzzzzzzzzz", reason: "x", reasonEn: "" },
      { as: admin },
    );
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
  });

  it("refuses a decision to an admin whose role does not hold it; the money stays held", async () => {
    const { member, id } = await pendingWithdrawal();
    const support = await createUser(t.db, { permission: "admin", adminRole: "support" });
    const answer = await routes.post(
      "/admin/withdraw?index",
      { intent: "reject", id, reason: "not allowed", reasonEn: "" },
      { as: support },
    );
    // The procedure refuses the decision, and the area shows its 403 page instead of the queue.
    expect(formRefusal(answer).key).toBe("permissionRequired");
    expect(answer.error).toEqual({ status: 403, data: { refusal: "permissionRequired" } });
    expect(await walletOf(t.db, member.id)).toEqual({ available: 15_000, held: 5_000 });
    // The same decision by an owner goes through.
    const owner = await createUser(t.db, { permission: "admin" });
    const decided = await routes.post(
      "/admin/withdraw?index",
      { intent: "reject", id, reason: "口座名義が一致しません", reasonEn: "" },
      { as: owner },
    );
    expect(decided.status).toBeLessThan(400);
    expect(await walletOf(t.db, member.id)).toEqual({ available: 20_000, held: 0 });
  });
});

describe("the Zengin file", () => {
  it("is refused while the requester settings are missing: the list says so in place of the file", async () => {
    const { member } = await pendingWithdrawal();
    const admin = await createUser(t.db, { permission: "admin" });
    await t.db.kysely.deleteFrom("settings").where("key", "=", "zengin").execute();
    const filter = `member=${encodeURIComponent(member.email)}`;
    // The list's Zengin panel: not configured, so it names the settings page and offers no file.
    const list = await routes.get(`/admin/withdraw?${filter}`, { as: admin });
    expect(pageData<{ zengin: { configured: boolean } }>(list).zengin.configured).toBe(false);
    // The file asked for anyway: back to the list, which names the refusal.
    const refused = await routes.get(`/admin/withdraw/zengin?${filter}`, { as: admin });
    expect(refused.status).toBe(302);
    const back = new URL(refused.location!, "http://x");
    expect([back.pathname, back.searchParams.get("zengin")]).toEqual([
      "/admin/withdraw",
      "zenginNotConfigured",
    ]);
    const en = await translator("en");
    expect(en("admin-money:zengin.panel.notConfigured")).toBe(
      "The transfer requester data is not set.",
    );
    expect(en("errors:zenginNotConfigured")).toBe(
      "The requester data for the Zengin file is not set. Enter it in the settings",
    );
  });
});

describe("settings", () => {
  it("names each field that is not a positive amount", async () => {
    const admin = await createUser(t.db, { permission: "admin" });
    const answer = await routes.post(
      "/admin/setting",
      {
        transferFeeRate: "0",
        transferMin: "0",
        transferMax: "abc",
        usdtNetwork: "BTC",
        paypayDailyLimit: "-1",
        requestKey: key(),
      },
      { as: admin },
    );
    expect(answer.status).toBe(400);
    expect(Object.keys(formRefusal(answer).fields).sort()).toEqual(
      ["paypayDailyLimit", "transferMax", "transferMin", "usdtNetwork"].sort(),
    );
  });
});

describe("odd ids", () => {
  it("a member, gacha or broker that is not there is the admin area's 404", async () => {
    const admin = await createUser(t.db, { permission: "admin" });
    for (const path of [
      "/admin/customer/01jzzzzzzzzzzzzzzzzzzzzzzz",
      "/admin/customer/x",
      "/admin/gachas/x/rewards",
      "/admin/account/brokers/x",
    ]) {
      const answer = await routes.get(path, { as: admin });
      expect([answer.status, answer.boundary], path).toEqual([404, "routes/admin+/_layout"]);
    }
  });
});
