import type { Db } from "../../../db";
import { forUpdate, isUniqueViolation } from "../../../db/dialect";
import { isId, newId } from "../../../db/id";
import type { BrokerAccountStatus, Language } from "../../../db/schema";
import { nowDb, toDbTime } from "../../../db/time";
import { recordAudit } from "../../audit";
import { AppError, notFound } from "../../errors";
import { notify } from "../../notify/outbox";
import { fieldError } from "../../lib/field-error";
import { mapRows, memberMatchesAnyCase, paginateSorted, type Paging } from "../../lib/paging";
import { readerText } from "../../lib/localized";
import { tokyoDate } from "../../lib/period";
import type { z } from "zod";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../../db/schema";
import { accountTypesOf } from "../../domain/broker-terms";
import { normalizeAccountId } from "../../domain/broker-account";
import { ratesOf } from "./terms";
import { accountIdFits, accountRuleMessage, type adminAccountsInput } from "./schema";

/**
 * Cashback accounts: a member registers an account number at a broker, an admin approves or
 * denies it. One live registration per broker and number across all members, enforced by the
 * database (UNIQUE broker_id, live_number), so two people adding the same account at the same
 * moment cannot both succeed; a denied registration frees the number for its real owner.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Refuses an account type the broker does not list: the type picks the rate the account is
 * paid at, so a free text that matches no rate would silently pay the default type. With
 * `required`, a broker listing several types needs one chosen: left out, the account would be
 * paid at the first type's rate whatever the member holds.
 */
async function checkAccountType(
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
const ACCOUNT_COLUMNS = [
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
  const page = await paginateSorted(query, paging, MEMBER_SORT[paging.sort], "broker_accounts.id");
  return mapRows(page, (r) => toAccountRow(r, locale));
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

const ADMIN_SORT = {
  createdAt: "broker_accounts.created_at",
  decidedAt: "broker_accounts.decided_at",
  status: "broker_accounts.status",
  broker: "brokers.name",
  accountNumber: "broker_accounts.account_number",
  member: "users.nickname",
} as const;

/** The admin's account list: filters by status, broker, member and registration date. */
export async function adminListAccounts(db: Db, input: z.output<typeof adminAccountsInput>) {
  let query = db.kysely
    .selectFrom("broker_accounts")
    .innerJoin("brokers", "brokers.id", "broker_accounts.broker_id")
    .innerJoin("users", "users.id", "broker_accounts.user_id")
    .leftJoin("users as deciders", "deciders.id", "broker_accounts.decided_by")
    .select([
      ...ACCOUNT_COLUMNS,
      "brokers.id as broker_id",
      "brokers.name as broker_name",
      "users.id as user_id",
      "users.nickname",
      "users.name",
      "users.email",
      "deciders.nickname as decided_by_nickname",
    ]);
  if (input.status) query = query.where("broker_accounts.status", "=", input.status);
  if (input.broker) query = query.where("broker_accounts.broker_id", "=", input.broker);
  if (input.member) {
    query = query.where((eb) => eb.or(memberMatchesAnyCase(input.member!)));
  }
  if (input.from) {
    query = query.where("broker_accounts.created_at", ">=", toDbTime(tokyoDate(input.from)));
  }
  if (input.to) {
    const end = new Date(tokyoDate(input.to).getTime() + DAY_MS);
    query = query.where("broker_accounts.created_at", "<", toDbTime(end));
  }
  const page = await paginateSorted(query, input, ADMIN_SORT[input.sort], "broker_accounts.id");
  return mapRows(page, (r) => ({
    id: r.id,
    accountNumber: r.account_number,
    accountType: r.account_type,
    status: r.status,
    denyReason: r.deny_reason,
    decidedAt: r.decided_at,
    decidedBy: r.decided_by_nickname,
    createdAt: r.created_at,
    brokerId: r.broker_id,
    brokerName: r.broker_name,
    userId: r.user_id,
    nickname: r.nickname,
    name: r.name,
    email: r.email,
  }));
}

/**
 * An admin sets or clears an account's type (the member's choice corrected, or an account
 * registered before types existed), with an audit row of before and after. Any status: a
 * denied account approved later keeps its type.
 */
export async function setAccountType(
  db: Db,
  adminId: string,
  input: { id: string; accountType: string | null },
): Promise<{ changed: boolean }> {
  return db.kysely.transaction().execute(async (trx) => {
    const row = await forUpdate(
      db,
      trx
        .selectFrom("broker_accounts")
        .select(["id", "user_id", "broker_id", "account_number", "account_type"])
        .where("id", "=", input.id),
    ).executeTakeFirst();
    if (!row) throw notFound();
    if (row.account_type === input.accountType) return { changed: false };
    await checkAccountType(trx, row.broker_id, input.accountType);
    await trx
      .updateTable("broker_accounts")
      .set({ account_type: input.accountType, updated_at: nowDb() })
      .where("id", "=", row.id)
      .execute();
    await auditAccount(trx, adminId, "account.type", row, {
      before: row.account_type,
      after: input.accountType,
    });
    return { changed: true };
  });
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
    const row = await forUpdate(
      db,
      trx
        .selectFrom("broker_accounts")
        .select(["id", "broker_id", "account_type"])
        .where("id", "=", input.id)
        .where("user_id", "=", userId),
    ).executeTakeFirst();
    if (!row) throw notFound();
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

/** An admin's change to a member's account, recorded with whose account it is and its number. */
function auditAccount(
  trx: Transaction<Database>,
  adminId: string,
  action: string,
  row: { id: string; user_id: string; broker_id: string; account_number: string },
  change: Record<string, unknown>,
) {
  return recordAudit(trx, {
    actorId: adminId,
    action,
    targetType: "broker_account",
    targetId: row.id,
    data: {
      userId: row.user_id,
      brokerId: row.broker_id,
      accountNumber: row.account_number,
      ...change,
    },
  });
}

export interface DecisionResult {
  /** Accounts whose status (or denial reason) this decision changed. */
  changed: number;
  /** Already in the decided state: nothing to do. */
  unchanged: number;
  /** Not approved because another live registration holds the same number now. */
  conflicts: string[];
  /** Ids that match no account. */
  missing: number;
}

/**
 * Approves or denies accounts, one or many, in one transaction, each with an audit row naming
 * the admin; the rows are locked first, so two admins deciding at once do not interleave.
 * Approving a denied account makes its number live again, unless someone registered it since.
 */
export async function decideAccounts(
  db: Db,
  adminId: string,
  input: {
    ids: string[];
    decision: "approve" | "deny";
    reason?: string | undefined;
    /** The reason's English; none shows the Japanese to English readers. */
    reasonEn?: string | null | undefined;
  },
): Promise<DecisionResult> {
  const ids = [...new Set(input.ids)];
  const target: BrokerAccountStatus = input.decision === "approve" ? "approved" : "denied";
  const reason = input.decision === "deny" ? (input.reason ?? null) : null;
  const reasonEn = input.decision === "deny" ? (input.reasonEn ?? null) : null;
  return db.kysely.transaction().execute(async (trx) => {
    const rows = await forUpdate(
      db,
      trx
        .selectFrom("broker_accounts")
        .select([
          "id",
          "user_id",
          "broker_id",
          "account_number",
          "live_number",
          "status",
          "deny_reason",
          "deny_reason_en",
        ])
        .select((eb) =>
          eb
            .selectFrom("brokers")
            .select("brokers.name")
            .whereRef("brokers.id", "=", "broker_accounts.broker_id")
            .as("broker_name"),
        )
        .where("id", "in", ids)
        .orderBy("id"),
    ).execute();
    const result: DecisionResult = {
      changed: 0,
      unchanged: 0,
      conflicts: [],
      missing: ids.length - rows.length,
    };
    const now = nowDb();
    for (const row of rows) {
      if (row.status === target && row.deny_reason === reason && row.deny_reason_en === reasonEn) {
        result.unchanged += 1;
        continue;
      }
      if (target === "approved" && row.live_number === null) {
        const holder = await trx
          .selectFrom("broker_accounts")
          .select("id")
          .where("broker_id", "=", row.broker_id)
          .where("live_number", "=", row.account_number)
          .executeTakeFirst();
        if (holder) {
          result.conflicts.push(row.account_number);
          continue;
        }
      }
      await trx
        .updateTable("broker_accounts")
        .set({
          status: target,
          live_number: target === "denied" ? null : row.account_number,
          deny_reason: reason,
          deny_reason_en: reasonEn,
          decided_at: now,
          decided_by: adminId,
          updated_at: now,
        })
        .where("id", "=", row.id)
        .execute();
      const action = target === "approved" ? "account.approve" : "account.deny";
      await auditAccount(trx, adminId, action, row, {
        before: row.status,
        after: target,
        ...(reason ? { reason } : {}),
        ...(reasonEn ? { reasonEn } : {}),
      });
      // Told on LINE and by mail (per the member's choice), written with the decision. The
      // decision time keeps a later reversal (deny, then approve) its own notification.
      const base = {
        accountId: row.id,
        broker: row.broker_name ?? "",
        accountNumber: row.account_number,
      };
      await notify(
        trx,
        target === "approved"
          ? {
              userId: row.user_id,
              kind: "account_approved",
              payload: base,
              dedupeKey: `account:${row.id}:approved:${now}`,
            }
          : {
              userId: row.user_id,
              kind: "account_denied",
              payload: { ...base, reason: reason ?? "" },
              dedupeKey: `account:${row.id}:denied:${now}`,
            },
      );
      result.changed += 1;
    }
    return result;
  });
}
