import type { Db } from "#db";
import { isUniqueViolation } from "#db/dialect";
import { isId, newId } from "#db/id";
import type { BrokerAccountStatus, Language } from "#db/schema";
import { nowDb } from "#db/time";
import { recordAudit } from "../../audit";
import { AppError } from "../../errors";
import { lockedRow } from "../../lib/locked";
import { fieldError } from "../../lib/field-error";
import { listPage, type Paging } from "../../lib/paging";
import { readerText } from "../../lib/localized";
import type { ExpressionBuilder, Kysely } from "kysely";
import type { Database } from "#db/schema";
import { accountTypesOf } from "../../domain/broker-terms";
import { normalizeAccountId } from "../../domain/broker-account";
import { ratesOf } from "./terms";
import { accountIdFits, accountRuleMessage } from "./schema";

/**
 * Cashback accounts: a member registers an account number at a broker, an admin approves or
 * denies it. One live registration per broker and number across all members, enforced by the
 * database (UNIQUE broker_id, live_number), so two people adding the same account at the same
 * moment cannot both succeed; a denied registration frees the number for its real owner.
 * The admin's side (the list, approval and denial, type corrections): ./account-review.ts.
 */

/**
 * Refuses an account type the broker does not list: the type picks the rate the account is
 * paid at, so a free text that matches no rate would silently pay the default type. With
 * `required`, a broker listing several types needs one chosen: left out, the account would be
 * paid at the first type's rate whatever the member holds.
 */
export async function checkAccountType(
  db: Kysely<Database>,
  brokerId: string,
  accountType: string | null,
  { required = false } = {},
): Promise<void> {
  if (accountType === null && !required) return;
  const types = await typesOf(db, brokerId);
  if (accountType === null) {
    if (types.length > 1) throw fieldError("accountType", "brokerAccountTypeRequired");
    return;
  }
  if (!types.includes(accountType)) throw fieldError("accountType", "brokerAccountType");
}

/** The broker's account types, each once, in the rate card's order. */
async function typesOf(db: Kysely<Database>, brokerId: string): Promise<string[]> {
  return accountTypesOf((await ratesOf(db, [brokerId])).get(brokerId) ?? []);
}

export async function addAccount(
  db: Db,
  userId: string,
  input: { brokerId: string; accountNumber: string; accountType?: string | null },
): Promise<{ id: string; accountNumber: string }> {
  const broker = isId(input.brokerId)
    ? await db.kysely
        .selectFrom("brokers")
        .select(["id", "name", "account_kind", "id_charset", "id_min_length", "id_max_length"])
        .select("auto_rebate")
        .where("id", "=", input.brokerId)
        .where("active", "=", 1)
        .executeTakeFirst()
    : undefined;
  // An unknown or deactivated broker is as good as none chosen.
  if (!broker) throw fieldError("brokerId", "brokerRequired");
  if (broker.auto_rebate === 1) {
    throw new AppError("BAD_REQUEST", "autoRebateBroker", { broker: broker.name });
  }
  const accountNumber = normalizeAccountId(input.accountNumber);
  const rule = {
    kind: broker.account_kind,
    charset: broker.id_charset,
    min: broker.id_min_length,
    max: broker.id_max_length,
  };
  if (!accountIdFits(rule, accountNumber)) {
    const message = accountRuleMessage(rule);
    throw new AppError("BAD_REQUEST", message.key, message.params);
  }
  const accountType = input.accountType ?? null;
  await checkAccountType(db.kysely, broker.id, accountType, { required: true });
  const id = newId();
  const now = nowDb();
  try {
    await db.kysely
      .insertInto("broker_accounts")
      .values({
        id,
        user_id: userId,
        broker_id: broker.id,
        account_number: accountNumber,
        live_number: accountNumber,
        account_type: accountType,
        status: "pending",
        deny_reason: null,
        decided_at: null,
        decided_by: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", "accountTaken");
    throw error;
  }
  return { id, accountNumber };
}

const MEMBER_SORT = {
  createdAt: "broker_accounts.created_at",
  broker: "brokers.name",
  status: "broker_accounts.status",
  decidedAt: "broker_accounts.decided_at",
} as const;

/** An account's own columns, as both the member's and the admin's lists read them. */
export const ACCOUNT_COLUMNS = [
  "broker_accounts.id",
  "broker_accounts.account_number",
  "broker_accounts.account_type",
  "broker_accounts.status",
  "broker_accounts.deny_reason",
  "broker_accounts.deny_reason_en",
  "broker_accounts.decided_at",
  "broker_accounts.created_at",
] as const;

/** One member's accounts with their broker, as `toAccountRow` reads them. */
function accountsOf(db: Db, userId: string) {
  return db.kysely
    .selectFrom("broker_accounts")
    .innerJoin("brokers", "brokers.id", "broker_accounts.broker_id")
    .select([...ACCOUNT_COLUMNS, "brokers.name as broker_name", "brokers.logo_path as broker_logo"])
    .where("broker_accounts.user_id", "=", userId);
}

/** The member's own accounts; never anyone else's (the user id comes from the session). */
export async function listMyAccounts(
  db: Db,
  userId: string,
  paging: Paging<keyof typeof MEMBER_SORT>,
  locale: Language = "ja",
) {
  const query = accountsOf(db, userId);
  return listPage(query, paging, MEMBER_SORT[paging.sort], "broker_accounts.id", (r) =>
    toAccountRow(r, locale),
  );
}

/** `locale`: the reader's language, for the denial reason (the admin's pages read Japanese). */
function toAccountRow(
  r: {
    id: string;
    account_number: string;
    account_type: string | null;
    status: BrokerAccountStatus;
    deny_reason: string | null;
    deny_reason_en: string | null;
    decided_at: string | null;
    created_at: string;
    broker_name: string;
    broker_logo: string | null;
  },
  locale: Language = "ja",
) {
  const reason = readerText(r.deny_reason, r.deny_reason_en, locale);
  const denied = r.status === "denied";
  return {
    id: r.id,
    accountNumber: r.account_number,
    accountType: r.account_type,
    status: r.status,
    denyReason: denied ? reason.text : null,
    denyReasonLang: denied ? reason.lang : null,
    /** The approval date: only an approved account has one. */
    approvedAt: r.status === "approved" ? r.decided_at : null,
    decidedAt: r.decided_at,
    createdAt: r.created_at,
    brokerName: r.broker_name,
    brokerLogo: r.broker_logo,
  };
}

/** All of one member's accounts, newest first (the admin's customer page). */
export async function accountsOfUser(db: Db, userId: string) {
  const rows = await accountsOf(db, userId)
    .orderBy("broker_accounts.created_at", "desc")
    .orderBy("broker_accounts.id", "desc")
    .limit(500)
    .execute();
  return rows.map((r) => toAccountRow(r));
}

/**
 * The member's own accounts without a type at a broker that lists several: each is paid at
 * the broker's default type until the member says which type it is. Denied accounts are left
 * out (they are paid nothing).
 */
export async function accountsMissingType(db: Db, userId: string) {
  const rows = await db.kysely
    .selectFrom("broker_accounts")
    .innerJoin("brokers", "brokers.id", "broker_accounts.broker_id")
    .select([
      "broker_accounts.id",
      "broker_accounts.broker_id",
      "broker_accounts.account_number",
      "brokers.name as broker_name",
    ])
    .where("broker_accounts.user_id", "=", userId)
    .where("broker_accounts.account_type", "is", null)
    .where("broker_accounts.status", "!=", "denied")
    .orderBy("broker_accounts.created_at", "desc")
    .orderBy("broker_accounts.id", "desc")
    .execute();
  if (rows.length === 0) return [];
  const rates = await ratesOf(db.kysely, [...new Set(rows.map((r) => r.broker_id))]);
  return rows.flatMap((r) => {
    const types = accountTypesOf(rates.get(r.broker_id) ?? []);
    return types.length > 1
      ? [{ id: r.id, brokerName: r.broker_name, accountNumber: r.account_number, types }]
      : [];
  });
}

/**
 * A member gives the type of their own account, once: only while it has none (a type already
 * set is changed by an admin, who sees what was paid at it). Another member's account is not
 * found, the same as one that does not exist.
 */
export async function setMyAccountType(
  db: Db,
  userId: string,
  input: { id: string; accountType: string },
): Promise<{ ok: true }> {
  return db.kysely.transaction().execute(async (trx) => {
    const row = await lockedRow(
      db,
      trx
        .selectFrom("broker_accounts")
        .select(["id", "broker_id", "account_type"])
        .where("id", "=", input.id)
        .where("user_id", "=", userId),
    );
    if (row.account_type !== null) throw new AppError("CONFLICT", "accountTypeAlreadySet");
    await checkAccountType(trx, row.broker_id, input.accountType);
    await trx
      .updateTable("broker_accounts")
      .set({ account_type: input.accountType, updated_at: nowDb() })
      .where("id", "=", row.id)
      .where("account_type", "is", null)
      .execute();
    await recordAudit(trx, {
      actorId: userId,
      action: "account.type",
      targetType: "broker_account",
      targetId: row.id,
      data: { userId, brokerId: row.broker_id, before: null, after: input.accountType },
    });
    return { ok: true as const };
  });
}

/**
 * How many of a member's broker accounts there are (in `status`, or all), as a subquery per
 * `users` row: the admin's customer list and a referrer's customers both show these counts.
 */
export function accountCount(
  eb: ExpressionBuilder<Database, "users">,
  status?: BrokerAccountStatus,
) {
  return eb
    .selectFrom("broker_accounts")
    .select((e) => e.fn.countAll<number>().as("n"))
    .whereRef("broker_accounts.user_id", "=", "users.id")
    .$if(status !== undefined, (q) => q.where("broker_accounts.status", "=", status!));
}
