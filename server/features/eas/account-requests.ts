import type { z } from "zod";
import type { Db } from "#db";
import { isUniqueViolation } from "#db/dialect";
import { newId } from "#db/id";
import type { EaAccountRequestStatus, EaAccountType, Language } from "#db/schema";
import { nowDb } from "#db/time";
import { reasonFields, recordAudit } from "../../audit";
import { AppError } from "../../errors";
import { lockedRow } from "../../lib/locked";
import { notify } from "../../notify/outbox";
import { readerText } from "../../lib/localized";
import { listPage, memberMatches } from "../../lib/paging";
import { accountTypeOf, approvedAccountsWithType, designate } from "./dedicated-accounts";
import type { accountRequestsInput } from "./schema";

/**
 * A member asks, from /users/bank, for one of their approved broker accounts to become
 * EA-dedicated; an admin approves (the account is designated, as on /admin/eas/accounts) or
 * denies with a reason the member sees. One open request per account (UNIQUE live_account_id).
 * The decision is audited and announced through the outbox, like a broker account's.
 */

/** Asks for the member's own approved, still regular account to be made EA-dedicated. */
export async function requestDedicated(db: Db, userId: string, accountId: string) {
  const id = newId();
  try {
    return await db.kysely.transaction().execute(async (trx) => {
      const account = await lockedRow(
        db,
        trx
          .selectFrom("broker_accounts")
          .select(["id", "status", "account_number", "broker_id"])
          .where("id", "=", accountId)
          // Another member's account is as unknown as a missing one.
          .where("user_id", "=", userId),
      );
      if (account.status !== "approved") throw new AppError("BAD_REQUEST", "eaAccountNotApproved");
      if ((await accountTypeOf(trx, accountId)) === "ea_dedicated") {
        throw new AppError("CONFLICT", "eaAccountAlreadyDedicated");
      }
      const now = nowDb();
      await trx
        .insertInto("ea_account_requests")
        .values({
          id,
          user_id: userId,
          broker_account_id: accountId,
          live_account_id: accountId,
          status: "pending",
          reason: null,
          decided_at: null,
          decided_by: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await recordAudit(trx, {
        actorId: userId,
        action: "ea.account_request.create",
        targetType: "ea_account_request",
        targetId: id,
        data: { accountId },
      });
      const broker = await trx
        .selectFrom("brokers")
        .select("name")
        .where("id", "=", account.broker_id)
        .executeTakeFirstOrThrow();
      return { id, broker: broker.name, accountNumber: account.account_number };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", "eaAccountRequestOpen");
    throw error;
  }
}

export interface MemberAccountRequest {
  id: string;
  status: EaAccountRequestStatus;
  reason: string | null;
  /** The language `reason` is in, for the reader. */
  reasonLang: Language | null;
  createdAt: string;
  decidedAt: string | null;
}

/**
 * The member's approved accounts with their EA type and their newest request (its status and,
 * when denied, the reason): what /users/bank shows under "EA-dedicated account".
 */
export async function myAccountTypes(db: Db, userId: string, locale: Language = "ja") {
  const accounts = await approvedAccountsWithType(db.kysely, userId);
  const requests = await db.kysely
    .selectFrom("ea_account_requests")
    .select([
      "id",
      "broker_account_id",
      "status",
      "reason",
      "reason_en",
      "created_at",
      "decided_at",
    ])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  const newest = new Map<string, MemberAccountRequest>();
  for (const r of requests) {
    if (newest.has(r.broker_account_id)) continue;
    const reason = readerText(r.reason, r.reason_en, locale);
    newest.set(r.broker_account_id, {
      id: r.id,
      status: r.status,
      reason: reason.text,
      reasonLang: reason.lang,
      createdAt: r.created_at,
      decidedAt: r.decided_at,
    });
  }
  return accounts.map((a) => {
    const request = newest.get(a.id) ?? null;
    return {
      ...a,
      request,
      canRequest: a.accountType === "regular" && request?.status !== "pending",
    };
  });
}

const SORT = { createdAt: "ea_account_requests.created_at" } as const;

/** The requests for the admin, pending by default, newest first. */
export async function adminAccountRequests(db: Db, input: z.output<typeof accountRequestsInput>) {
  let query = db.kysely
    .selectFrom("ea_account_requests")
    .innerJoin("users", "users.id", "ea_account_requests.user_id")
    .innerJoin("broker_accounts", "broker_accounts.id", "ea_account_requests.broker_account_id")
    .innerJoin("brokers", "brokers.id", "broker_accounts.broker_id")
    .select([
      "ea_account_requests.id",
      "ea_account_requests.status",
      "ea_account_requests.reason",
      "ea_account_requests.created_at",
      "ea_account_requests.decided_at",
      "broker_accounts.id as account_id",
      "broker_accounts.account_number",
      "brokers.name as broker_name",
      "users.id as user_id",
      "users.email",
      "users.nickname",
    ]);
  if (input.status !== "all") {
    query = query.where("ea_account_requests.status", "=", input.status);
  }
  if (input.q) {
    const text = input.q;
    query = query.where((eb) => eb.or(memberMatches(text)));
  }
  return listPage(query, input, SORT[input.sort], "ea_account_requests.id", (r) => ({
    id: r.id,
    status: r.status,
    reason: r.reason,
    createdAt: r.created_at,
    decidedAt: r.decided_at,
    accountId: r.account_id,
    accountNumber: r.account_number,
    brokerName: r.broker_name,
    member: { id: r.user_id, email: r.email, nickname: r.nickname },
  }));
}

/**
 * Approves (the account becomes EA-dedicated, by the same rules as the admin's own switch) or
 * denies with a reason. A request someone already decided is refused.
 */
export async function decideAccountRequest(
  db: Db,
  adminId: string,
  input:
    | { id: string; approve: true }
    | { id: string; approve: false; reason: string; reasonEn?: string | null | undefined },
) {
  return db.kysely.transaction().execute(async (trx) => {
    const request = await lockedRow(
      db,
      trx
        .selectFrom("ea_account_requests")
        .select(["id", "user_id", "broker_account_id", "status"])
        .where("id", "=", input.id),
    );
    if (request.status !== "pending") throw new AppError("CONFLICT", "notPending");
    const account = await trx
      .selectFrom("broker_accounts")
      .innerJoin("brokers", "brokers.id", "broker_accounts.broker_id")
      .select(["broker_accounts.account_number", "brokers.name as broker_name"])
      .where("broker_accounts.id", "=", request.broker_account_id)
      .executeTakeFirstOrThrow();
    if (input.approve) {
      await designate(db, trx, adminId, { accountId: request.broker_account_id, dedicated: true });
    }
    const status: EaAccountRequestStatus = input.approve ? "approved" : "denied";
    const reason = input.approve ? null : input.reason;
    const reasonEn = input.approve ? null : (input.reasonEn ?? null);
    const now = nowDb();
    await trx
      .updateTable("ea_account_requests")
      .set({
        status,
        reason,
        reason_en: reasonEn,
        live_account_id: null,
        decided_at: now,
        decided_by: adminId,
        updated_at: now,
      })
      .where("id", "=", request.id)
      .where("status", "=", "pending")
      .execute();
    await recordAudit(trx, {
      actorId: adminId,
      action: input.approve ? "ea.account_request.approve" : "ea.account_request.deny",
      targetType: "ea_account_request",
      targetId: request.id,
      data: {
        userId: request.user_id,
        accountId: request.broker_account_id,
        ...reasonFields(reason, reasonEn),
      },
    });
    const base = {
      requestId: request.id,
      broker: account.broker_name,
      accountNumber: account.account_number,
    };
    await notify(
      trx,
      input.approve
        ? {
            userId: request.user_id,
            kind: "ea_account_approved",
            payload: base,
            dedupeKey: `ea-account-request:${request.id}:approved`,
          }
        : {
            userId: request.user_id,
            kind: "ea_account_denied",
            payload: { ...base, reason: reason ?? "" },
            dedupeKey: `ea-account-request:${request.id}:denied`,
          },
    );
    const type: EaAccountType = input.approve ? "ea_dedicated" : "regular";
    return { id: request.id, status, accountType: type };
  });
}
