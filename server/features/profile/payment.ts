import type { Kysely } from "kysely";
import type { Database, PaymentDetailsTable, UsdtNetwork } from "#db/schema";
import { fieldsOf } from "../../lib/columns";
import type { PaymentDetails, PaymentField } from "./schema";
import { moneySettingsOf, storedMoneySettings } from "../settings/service";

/**
 * Payment details in and out of the database, and their masked form: what a page shows until
 * the person has proved who they are (the member, by reauthentication) or has chosen to look
 * and been recorded doing so (an admin's audited reveal).
 */

const COLUMNS = {
  bankName: "bank_name",
  bankCode: "bank_code",
  branchName: "branch_name",
  branchNumber: "branch_number",
  accountType: "account_type",
  bankAccountNumber: "bank_account_number",
  accountHolder: "account_holder",
  usdtAddress: "usdt_address",
  exnessEmail: "exness_email",
  peskaEmail: "peska_email",
  bitwalletEmail: "bitwallet_email",
  paypayId: "paypay_id",
} as const satisfies Record<PaymentField, keyof PaymentDetailsTable>;

export const EMPTY_PAYMENT_DETAILS: PaymentDetails = {
  bankName: null,
  bankCode: null,
  branchName: null,
  branchNumber: null,
  accountType: null,
  bankAccountNumber: null,
  accountHolder: null,
  usdtAddress: null,
  exnessEmail: null,
  peskaEmail: null,
  bitwalletEmail: null,
  paypayId: null,
};

export async function readPaymentDetails(
  db: Kysely<Database>,
  userId: string,
): Promise<PaymentDetails & { updatedAt: string | null }> {
  const row = await db
    .selectFrom("payment_details")
    .select([...Object.values(COLUMNS), "updated_at"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row) return { ...EMPTY_PAYMENT_DETAILS, updatedAt: null };
  return fieldsOf(row, [...Object.values(COLUMNS), "updated_at"]);
}

/** The fields whose value differs: what an audit row names (never the values themselves). */
export function changedFields(before: PaymentDetails, after: PaymentDetails): PaymentField[] {
  return (Object.keys(COLUMNS) as PaymentField[]).filter((f) => before[f] !== after[f]);
}

const MASK = "•";

function keepEnd(value: string, visible: number): string {
  if (value.length <= visible) return MASK.repeat(value.length);
  return MASK.repeat(Math.min(8, value.length - visible)) + value.slice(-visible);
}

function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return keepEnd(email, 2);
  return `${email[0]}${MASK.repeat(3)}${email.slice(at)}`;
}

/**
 * Enough to recognise which account it is (the last digits, the domain), never enough to use
 * it. The bank's and branch's public names and codes, and the account type, stay readable.
 */
export function maskPaymentDetails(d: PaymentDetails): Record<PaymentField, string | null> {
  return {
    bankName: d.bankName,
    bankCode: d.bankCode,
    branchName: d.branchName,
    branchNumber: d.branchNumber,
    accountType: d.accountType,
    bankAccountNumber: d.bankAccountNumber && keepEnd(d.bankAccountNumber, 3),
    accountHolder: d.accountHolder && `${[...d.accountHolder][0]}${MASK.repeat(4)}`,
    usdtAddress:
      d.usdtAddress && `${d.usdtAddress.slice(0, 4)}${MASK.repeat(6)}${d.usdtAddress.slice(-4)}`,
    exnessEmail: d.exnessEmail && maskEmail(d.exnessEmail),
    peskaEmail: d.peskaEmail && maskEmail(d.peskaEmail),
    bitwalletEmail: d.bitwalletEmail && maskEmail(d.bitwalletEmail),
    paypayId: d.paypayId && `${d.paypayId.slice(0, 2)}${MASK.repeat(4)}`,
  };
}

/**
 * The member's saved USDT address against the network payouts go out on now. `stale`: it was
 * saved for the other network (the admin switched since); it is kept, shown
 * marked, and no withdrawal goes to it until the member replaces it or the admin switches back.
 */
export async function usdtAddressState(
  db: Kysely<Database>,
  userId: string,
  network: UsdtNetwork,
): Promise<{ address: string | null; addressNetwork: UsdtNetwork | null; stale: boolean }> {
  const row = await db
    .selectFrom("payment_details")
    .select(["usdt_address", "usdt_network"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  const address = row?.usdt_address ?? null;
  const addressNetwork = address ? (row?.usdt_network ?? null) : null;
  return { address, addressNetwork, stale: addressNetwork !== null && addressNetwork !== network };
}

/**
 * The member pages' banner: their saved USDT address is for the network used
 * before the admin switched, or null when there is nothing to ask. One query: the settings are
 * read as a subquery of the member's own row (no row, no address, no banner).
 */
export async function usdtAddressNotice(
  db: Kysely<Database>,
  userId: string,
): Promise<{ network: UsdtNetwork; addressNetwork: UsdtNetwork } | null> {
  const row = await db
    .selectFrom("payment_details")
    .select(["usdt_address", "usdt_network", storedMoneySettings(db).as("money")])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row?.usdt_address || !row.usdt_network) return null;
  const { usdtNetwork } = moneySettingsOf(row.money);
  return row.usdt_network !== usdtNetwork
    ? { network: usdtNetwork, addressNetwork: row.usdt_network }
    : null;
}
