import { beforeAll, describe, expect, it } from "vitest";
import { saveNotifyPrefs } from "#server/notify/preferences";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { expectKey } from "../helpers/rejections";
import { type Caller, callerFor, createUser, payingMember } from "../helpers/fixtures";
import { givePaymentDetails, key, moneySettingsForm } from "../helpers/money";

const t = fileDatabase({ ledgerMustBalance: true });
const ERC20_ADDRESS = "0x" + "ab".repeat(20);
let admin: Caller;
let members: Record<"tron" | "tronNoMail" | "none" | "eth", { id: string; caller: Caller }>;

const settings = (usdtNetwork: "TRC20" | "ERC20", confirmNetworkChange?: boolean) =>
  moneySettingsForm({ usdtNetwork, confirmNetworkChange });

async function notices(userId: string) {
  return t.db.kysely
    .selectFrom("notifications")
    .select(["channel", "payload"])
    .where("user_id", "=", userId)
    .where("kind", "=", "usdt_network_changed")
    .orderBy("channel")
    .execute();
}

const withdrawUsdt = (caller: Caller) =>
  caller.wallet.requestWithdrawal({
    method: "usdt",
    amount: 6_000,
    requestKey: key(),
    confirmed: true,
  });

beforeAll(async () => {
  admin = await callerFor(t.db, (await createUser(t.db, { permission: "admin" })).id);
  members = {
    tron: await payingMember(t.db, 50_000),
    tronNoMail: await payingMember(t.db, 50_000),
    none: await payingMember(t.db, 50_000),
    eth: await payingMember(t.db, 50_000),
  };
  await saveNotifyPrefs(t.db.kysely, members.tronNoMail.id, {
    mail: { withdrawal: false, transfer: true, account: true, rewards: true },
    line: null,
  });
  await givePaymentDetails(t.db, members.none.id, { usdt_address: null, usdt_network: null });
  // Saved while payouts went out on ERC20: stale under today's TRC20.
  await givePaymentDetails(t.db, members.eth.id, {
    usdt_address: ERC20_ADDRESS,
    usdt_network: "ERC20",
  });
});

describe(`USDT network change on ${testEngine}`, () => {
  it("asks first, naming how many saved addresses the switch leaves stale; nothing changes", async () => {
    await expectKey(admin.settings.update(settings("ERC20")), "usdtNetworkConfirm", {
      from: "TRC20",
      to: "ERC20",
      count: 2,
    });
    expect((await admin.settings.get()).usdtNetwork).toBe("TRC20");
    expect(await notices(members.tron.id)).toEqual([]);
    // Saving other values on the same network needs no confirmation.
    await admin.settings.update(settings("TRC20"));
  });

  it("confirmed: tells each affected member once, as they chose; keeps and marks the addresses", async () => {
    await admin.settings.update(settings("ERC20", true));
    expect((await admin.settings.get()).usdtNetwork).toBe("ERC20");

    const payload = JSON.stringify({ from: "TRC20", to: "ERC20" });
    expect(await notices(members.tron.id)).toEqual([
      { channel: "line", payload },
      { channel: "mail", payload },
    ]);
    // Mail for withdrawals switched off: LINE only.
    expect(await notices(members.tronNoMail.id)).toEqual([{ channel: "line", payload }]);
    expect(await notices(members.none.id)).toEqual([]);
    expect(await notices(members.eth.id)).toEqual([]);

    // Kept, not deleted: the address and the network it was saved for.
    const row = await t.db.kysely
      .selectFrom("payment_details")
      .select(["usdt_address", "usdt_network"])
      .where("user_id", "=", members.tron.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      usdt_address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
      usdt_network: "TRC20",
    });
    expect(await members.tron.caller.wallet.usdtAddressNotice()).toEqual({
      network: "ERC20",
      addressNetwork: "TRC20",
    });
    expect((await members.tron.caller.profile.paymentDetails()).staleUsdtNetwork).toBe("TRC20");
    expect(await members.eth.caller.wallet.usdtAddressNotice()).toBeNull();

    // A withdrawal to the old network's address is refused by name; the new network's works.
    await expectKey(withdrawUsdt(members.tron.caller), "usdtAddressOldNetwork", {
      network: "ERC20",
      addressNetwork: "TRC20",
    });
    await expect(withdrawUsdt(members.eth.caller)).resolves.toMatchObject({ status: "pending" });

    const audit = await t.db.kysely
      .selectFrom("audit_log")
      .select("data")
      .where("action", "=", "settings.usdtNetwork")
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.data!)).toMatchObject({
      from: "TRC20",
      to: "ERC20",
      invalidated: 2,
      revalidated: 1,
    });

    // Saving again on the same network tells nobody again.
    await admin.settings.update(settings("ERC20"));
    expect(await notices(members.tron.id)).toHaveLength(2);
  });

  it("switching back makes the old network's addresses usable again", async () => {
    await expectKey(admin.settings.update(settings("TRC20")), "usdtNetworkConfirm", { count: 1 });
    await admin.settings.update(settings("TRC20", true));
    expect(await members.tron.caller.wallet.usdtAddressNotice()).toBeNull();
    await expect(withdrawUsdt(members.tron.caller)).resolves.toMatchObject({ status: "pending" });
    expect(await notices(members.eth.id)).toHaveLength(2);
    expect(await notices(members.tron.id)).toHaveLength(2);
    await expectKey(withdrawUsdt(members.eth.caller), "usdtAddressOldNetwork", {
      addressNetwork: "ERC20",
    });
  });
});
