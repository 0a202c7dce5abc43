import { beforeAll, describe, expect, it } from "vitest";
import type { WITHDRAWAL_METHODS } from "#domain/withdrawal";
import { PAYOUTS } from "#server/ledger";
import { testEngine, rowWhere } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { expectKey, fieldErrors } from "../helpers/rejections";
import { callerFor, createUser, payingMember } from "../helpers/fixtures";
import { givePaymentDetails, key, TRON_ADDRESS, walletOf } from "../helpers/money";

const t = fileDatabase({ ledgerMustBalance: true });
let adminId: string;
beforeAll(async () => {
  adminId = (await createUser(t.db, { permission: "admin" })).id;
});

const member = (balance = 0) => payingMember(t.db, balance);

type Member = Awaited<ReturnType<typeof member>>;

/** A request from a new form (its own key), by bank transfer unless another method is named. */
const withdraw = (
  m: Member,
  amount: number,
  method: (typeof WITHDRAWAL_METHODS)[number] = "bank",
) => m.caller.wallet.requestWithdrawal({ amount, requestKey: key(), method });

/** What the payouts account has paid out so far. */
async function payouts() {
  const row = await rowWhere(t.db, "wallets", "id", PAYOUTS);
  return Number(row.balance);
}

async function wallet(balance: number) {
  return (await member(balance)).caller;
}

describe(`withdrawals on ${testEngine}`, () => {
  it("holds the amount at once and shows it in the situation and the history", async () => {
    const m = await member(20_000);
    const result = await withdraw(m, 5_000);
    expect(result).toMatchObject({ status: "pending", replayed: false, nextBusinessDay: false });
    expect(await m.caller.wallet.summary()).toEqual({
      available: 15_000,
      held: 5_000,
      totalWithdrawn: 0,
    });
    const history = await m.caller.wallet.withdrawals({ period: "today", page: 1, size: 25 });
    expect(history.rows).toHaveLength(1);
    expect(history.rows[0]).toMatchObject({ amount: 5_000, method: "bank", status: "pending" });
  });

  it("enforces each method's minimum (bank 1,000, BitWallet 1,000, USDT 5,000, Peska 5,000, Exness 500, PayPay 500)", async () => {
    const caller = await wallet(100_000);
    const minimums = {
      bank: 1_000,
      bitwallet: 1_000,
      usdt: 5_000,
      peska: 5_000,
      exness: 500,
      paypay: 500,
    } as const;
    for (const [method, min] of Object.entries(minimums) as [keyof typeof minimums, number][]) {
      const confirmed = method === "usdt" ? true : undefined;
      // The input schema refuses it, with the field error the browser's check shows.
      expect(
        await fieldErrors(
          caller.wallet.requestWithdrawal({
            method,
            amount: min - 1,
            requestKey: key(),
            confirmed,
          }),
        ),
      ).toEqual({ amount: "belowMinimum" });
      await expect(
        caller.wallet.requestWithdrawal({ method, amount: min, requestKey: key(), confirmed }),
      ).resolves.toMatchObject({ status: "pending" });
    }
    // The payee is the registered details, snapshot at request time.
    const rows = await t.db.kysely
      .selectFrom("withdrawals")
      .select(["method", "payout"])
      .where("method", "in", ["usdt", "paypay"])
      .execute();
    expect(JSON.parse(rows.find((r) => r.method === "usdt")!.payout)).toMatchObject({
      address: TRON_ADDRESS,
      network: "TRC20",
    });
    expect(JSON.parse(rows.find((r) => r.method === "paypay")!.payout)).toMatchObject({
      paypayId: "taro_01",
    });
  });

  it("refuses more than the available amount and saves nothing", async () => {
    const m = await member(3_000);
    await expectKey(
      m.caller.wallet.requestWithdrawal({ amount: 3_001, requestKey: key(), method: "bank" }),
      "aboveAvailable",
    );
    expect(await m.caller.wallet.summary()).toEqual({
      available: 3_000,
      held: 0,
      totalWithdrawn: 0,
    });
    expect((await m.caller.wallet.withdrawals({ period: "all", page: 1, size: 25 })).total).toBe(0);
  });

  it("asks for all bank information, the USDT confirmation and registered payee details", async () => {
    const m = await member(50_000);
    const ask = (input: { method: "bank" | "usdt" | "paypay" | "exness"; confirmed?: boolean }) =>
      m.caller.wallet.requestWithdrawal({ amount: 5_000, requestKey: key(), ...input });

    await givePaymentDetails(t.db, m.id, { bank_code: null, account_holder: null });
    await expectKey(ask({ method: "bank" }), "bankInfoIncomplete");

    await givePaymentDetails(t.db, m.id, { paypay_id: null });
    await expectKey(ask({ method: "paypay" }), "payeeMissing", { method: "paypay" });

    await givePaymentDetails(t.db, m.id);
    await expectKey(ask({ method: "usdt" }), "confirmRequired", { network: "TRC20" });
    await expectKey(ask({ method: "usdt", confirmed: false }), "confirmRequired");

    // A TRC20 network needs a TRC20 address: an Ethereum one is refused, naming the network.
    await givePaymentDetails(t.db, m.id, { usdt_address: "0x" + "a".repeat(40) });
    await expectKey(ask({ method: "usdt", confirmed: true }), "usdtAddressInvalid", {
      network: "TRC20",
    });

    expect(
      await fieldErrors(
        m.caller.wallet.requestWithdrawal({
          method: "exness",
          amount: Number.NaN,
          requestKey: key(),
        }),
      ),
    ).toEqual({
      amount: "amountInvalid",
    });
    expect(
      await fieldErrors(
        m.caller.wallet.requestWithdrawal({
          method: "" as "bank",
          amount: "" as unknown as number,
          requestKey: key(),
        }),
      ),
    ).toEqual({
      method: "required",
      amount: "required",
    });
    // Nothing was held by any refused request.
    expect(await m.caller.wallet.summary()).toEqual({
      available: 50_000,
      held: 0,
      totalWithdrawn: 0,
    });
  });

  it("marks PayPay above the daily limit for the next business day", async () => {
    const caller = await wallet(300_000);
    const payPay = () =>
      caller.wallet.requestWithdrawal({ method: "paypay", amount: 60_000, requestKey: key() });
    expect(await payPay()).toMatchObject({ nextBusinessDay: false });
    expect(await payPay()).toMatchObject({ nextBusinessDay: true });
  });

  it("a double-submitted form makes one request", async () => {
    const m = await member(10_000);
    const requestKey = key();
    const [a, b] = await Promise.all([
      m.caller.wallet.requestWithdrawal({ amount: 4_000, requestKey, method: "bank" }),
      m.caller.wallet.requestWithdrawal({ amount: 4_000, requestKey, method: "bank" }),
    ]);
    expect(a.id).toBe(b.id);
    expect([a.replayed, b.replayed].sort()).toEqual([false, true]);
    expect(await walletOf(t.db, m.id)).toEqual({ available: 6_000, held: 4_000 });
  });

  it("the member cancels a pending request and gets it back; not twice, and never another's", async () => {
    const m = await member(10_000);
    const other = await member();
    const { id } = await withdraw(m, 2_000);
    await expectKey(other.caller.wallet.cancelWithdrawal({ id }), "notFound");
    await m.caller.wallet.cancelWithdrawal({ id });
    expect(await walletOf(t.db, m.id)).toEqual({ available: 10_000, held: 0 });
    await expectKey(m.caller.wallet.cancelWithdrawal({ id }), "notPending");
    expect(
      (await other.caller.wallet.withdrawals({ period: "all", page: 1, size: 25 })).total,
    ).toBe(0);
  });

  it("the admin completes (paid out) or rejects (returned, reason shown) once", async () => {
    const m = await member(10_000);
    const admin = await callerFor(t.db, adminId);
    const paid = await withdraw(m, 3_000);
    const refused = await withdraw(m, 2_000);
    const payoutsBefore = await payouts();

    await admin.wallet.completeWithdrawal({ id: paid.id });
    await expectKey(admin.wallet.completeWithdrawal({ id: paid.id }), "notPending");
    await admin.wallet.rejectWithdrawal({ id: refused.id, reason: "口座名義が一致しません" });
    await expectKey(m.caller.wallet.cancelWithdrawal({ id: refused.id }), "notPending");

    expect(await m.caller.wallet.summary()).toEqual({
      available: 7_000,
      held: 0,
      totalWithdrawn: 3_000,
    });
    const payoutsAfter = await payouts();
    expect(payoutsAfter - payoutsBefore).toBe(3_000);
    const rows = (await m.caller.wallet.withdrawals({ period: "all", page: 1, size: 25 })).rows;
    expect(rows.find((r) => r.id === refused.id)).toMatchObject({
      status: "rejected",
      rejectReason: "口座名義が一致しません",
    });
    expect(rows.find((r) => r.id === paid.id)?.completedAt).not.toBeNull();
    const audit = await t.db.kysely
      .selectFrom("audit_log")
      .select("action")
      .where("target_id", "in", [paid.id, refused.id])
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(["withdrawal.complete", "withdrawal.reject"]);
  });

  it("bulk completion completes each pending one and reports the rest", async () => {
    const m = await member(10_000);
    const admin = await callerFor(t.db, adminId);
    const a = await withdraw(m, 1_000);
    const b = await withdraw(m, 1_000);
    await m.caller.wallet.cancelWithdrawal({ id: b.id });
    expect(await admin.wallet.bulkCompleteWithdrawals({ ids: [a.id, b.id, "missing"] })).toEqual([
      { id: a.id, ok: true },
      { id: b.id, ok: false, key: "notPending" },
      { id: "missing", ok: false, key: "notFound" },
    ]);
  });

  it("lists requests for the admin with filters and paging", async () => {
    const m = await member(10_000);
    const admin = await callerFor(t.db, adminId);
    await withdraw(m, 1_111, "exness");
    const page = await admin.wallet.adminWithdrawals({
      status: "pending",
      method: "exness",
      member: m.email,
    });
    expect(page.total).toBe(1);
    expect(page.rows[0]).toMatchObject({ amount: 1_111, member: { email: m.email } });
  });
});
