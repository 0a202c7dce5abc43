import { randomBytes } from "node:crypto";
import type { Db } from "#db";
import {
  ensureWallet,
  HOUSE,
  inTransaction,
  memberWallet,
  type Movement,
  type Posting,
  post,
} from "#server/ledger";
import type { Caller } from "./fixtures";

export function key(): string {
  return randomBytes(12).toString("base64url");
}

/** The two postings of a credit of `amount` from the house to the member's available balance. */
export function fromHouse(userId: string, amount: number): Posting[] {
  return [
    { walletId: HOUSE, bucket: "available", amount: -amount },
    { walletId: memberWallet(userId), bucket: "available", amount },
  ];
}

/**
 * Credits the member `amount` from the house as one movement of its own, described by
 * `movement` (a negative amount is a debit to the house).
 */
export async function creditFromHouse(
  db: Db,
  userId: string,
  amount: number,
  movement: Omit<Movement, "postings">,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await ensureWallet(trx, db, userId);
    await post(trx, db, { ...movement, postings: fromHouse(userId, amount) });
  });
}

/** Gives a member money from the house, through the ledger like any real credit. */
export async function fund(db: Db, userId: string, amount: number): Promise<void> {
  await creditFromHouse(db, userId, amount, {
    key: `test-fund:${key()}`,
    kind: "present",
    refType: "test",
    refId: userId,
  });
}

export async function walletOf(db: Db, userId: string) {
  const row = await db.kysely
    .selectFrom("wallets")
    .select(["balance", "held"])
    .where("id", "=", userId)
    .executeTakeFirst();
  return { available: Number(row?.balance ?? 0), held: Number(row?.held ?? 0) };
}

/** An admin of the (seeded) database, for tests that decide money requests in the service. */
export async function anAdminId(db: Db): Promise<string> {
  const admin = await db.kysely
    .selectFrom("users")
    .select("id")
    .where("permission", "=", "admin")
    .executeTakeFirstOrThrow();
  return admin.id;
}

/** A valid TRON (TRC20) address, checksum included. */
export const TRON_ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

export interface PaymentColumns {
  bank_name: string | null;
  bank_code: string | null;
  branch_name: string | null;
  branch_number: string | null;
  account_type: "savings" | "current" | null;
  bank_account_number: string | null;
  account_holder: string | null;
  usdt_address: string | null;
  usdt_network: "TRC20" | "ERC20" | null;
  exness_email: string | null;
  peska_email: string | null;
  bitwallet_email: string | null;
  paypay_id: string | null;
}

export const FULL_PAYMENT: PaymentColumns = {
  bank_name: "みずほ銀行",
  bank_code: "0001",
  branch_name: "東京営業部",
  branch_number: "001",
  account_type: "savings",
  bank_account_number: "1234567",
  account_holder: "ヤマダ タロウ",
  usdt_address: TRON_ADDRESS,
  usdt_network: "TRC20",
  exness_email: "ex@example.test",
  peska_email: "peska@example.test",
  bitwallet_email: "bw@example.test",
  paypay_id: "taro_01",
};

/** Registers a member's payment details (as the profile page would, after reauthentication). */
export async function givePaymentDetails(
  db: Db,
  userId: string,
  overrides: Partial<PaymentColumns> = {},
) {
  const now = "2026-11-21 00:00:00.000";
  await db.kysely.deleteFrom("payment_details").where("user_id", "=", userId).execute();
  await db.kysely
    .insertInto("payment_details")
    .values({ user_id: userId, ...FULL_PAYMENT, ...overrides, created_at: now, updated_at: now })
    .execute();
}

/** A member's withdrawal request through their caller, under a fresh request key. */
export function withdraw(
  caller: Caller,
  method: Parameters<Caller["wallet"]["requestWithdrawal"]>[0]["method"],
  amount: number,
) {
  return caller.wallet.requestWithdrawal({ method, amount, requestKey: key() });
}

/**
 * The admin's money settings form at the tests' defaults (no transfer fee, ¥1,000 to ¥500,000,
 * USDT on TRC20, PayPay ¥100,000 a day), with `overrides`.
 */
export function moneySettingsForm(
  overrides: Partial<Parameters<Caller["settings"]["update"]>[0]> = {},
): Parameters<Caller["settings"]["update"]>[0] {
  return {
    transferFeeRate: "0",
    transferMin: 1_000,
    transferMax: 500_000,
    usdtNetwork: "TRC20",
    paypayDailyLimit: 100_000,
    ...overrides,
  };
}

/** A bank-file requester (the company's own account) that every check of the form accepts. */
export const ZENGIN_REQUESTER = {
  requesterCode: "1234567890",
  requesterName: "カ)キャッシュバック",
  bankCode: "0005",
  bankName: "ミツビシユーエフジェイ",
  branchCode: "001",
  branchName: "ホンテン",
  accountType: "current" as const,
  accountNumber: "7654321",
  leadBusinessDays: 1,
};
