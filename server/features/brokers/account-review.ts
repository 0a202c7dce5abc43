import type { Transaction } from "kysely";
import type { AuditAction } from "../../domain/audit-actions";
import type { z } from "zod";
import type { Db } from "#db";
import { forUpdate } from "#db/dialect";
import type { BrokerAccountStatus, Database } from "#db/schema";
import { nowDb, toDbTime } from "#db/time";
import { reasonFields, recordAudit } from "../../audit";
import { lockedRow } from "../../lib/locked";
import { notify } from "../../notify/outbox";
import { listPage, memberMatchesAnyCase } from "../../lib/paging";
import { tokyoDate } from "../../lib/period";
import { ACCOUNT_COLUMNS, checkAccountType } from "./accounts";
import type { adminAccountsInput } from "./schema";

/**
 * An admin reviews members' cashback accounts: the list, approval or denial (one or many at
 * once), and corrections of an account's type; every change audited with whose account it is.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

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
  return listPage(query, input, ADMIN_SORT[input.sort], "broker_accounts.id", (r) => ({
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
    const row = await lockedRow(
      db,
      trx
        .selectFrom("broker_accounts")
        .select(["id", "user_id", "broker_id", "account_number", "account_type"])
        .where("id", "=", input.id),
    );
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

/** An admin's change to a member's account, recorded with whose account it is and its number. */
function auditAccount(
  trx: Transaction<Database>,
  adminId: string,
  action: AuditAction,
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
        ...reasonFields(reason, reasonEn),
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
