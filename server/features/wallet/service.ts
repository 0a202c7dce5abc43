import type { Kysely } from "kysely";
import type { Db } from "#db";
import { newId } from "#db/id";
import type { Database, UsdtNetwork, WithdrawalMethod } from "#db/schema";
import { nowDb, toDbTime } from "#db/time";
import { reasonFields, recordAudit } from "../../audit";
import { AppError } from "../../errors";
import { requireVerifiedEmail } from "../../auth/verified-email";
import type { Logger } from "../../logger";
import { ensureWallet, getWallet, inTransaction, PAYOUTS } from "../../ledger";
import { keyedRequest } from "../../ledger/keyed-request";
import { memberAvailable, memberHeld, moveMoney } from "../../ledger/moves";
import { notify } from "../../notify/outbox";
import { tokyoDayStart } from "../../lib/period";
import { getMoneySettings } from "../settings/service";
import { readPaymentDetails, usdtAddressState } from "../profile/payment";
import { usdtAddressProblem } from "../profile/schema";
import type { Method } from "./schema";
import { addCompletedWithdrawal } from "../ranking/summary";
import type { WithdrawalStatus } from "#db/schema";
import { mayPay } from "../../domain/second-approval";
import { firstApproval } from "./approvals";

export interface WalletDeps {
  db: Db;
  log: Logger;
}

// ---------------------------------------------------------------- situation

export async function walletSummary(db: Db, userId: string) {
  const wallet = await getWallet(db.kysely, userId);
  // From the monthly summary kept with each completion, not a scan of the member's history.
  const withdrawn = await db.kysely
    .selectFrom("withdrawal_monthly")
    .select((eb) => eb.fn.sum<number>("amount").as("total"))
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return { ...wallet, totalWithdrawn: Number(withdrawn?.total ?? 0) };
}

// ---------------------------------------------------------------- withdrawals

/**
 * Where a withdrawal by `method` goes: the member's registered payment details, as a snapshot
 * stored with the request. Refuses, naming what is missing, when they are incomplete.
 */
async function payeeFor(
  db: Kysely<Database>,
  userId: string,
  method: Method,
  network: UsdtNetwork,
) {
  const d = await readPaymentDetails(db, userId);
  switch (method) {
    case "bank": {
      const bank = {
        bankName: d.bankName,
        bankCode: d.bankCode,
        branchName: d.branchName,
        branchNumber: d.branchNumber,
        accountType: d.accountType,
        accountNumber: d.bankAccountNumber,
        holderName: d.accountHolder,
      };
      if (Object.values(bank).some((v) => !v))
        throw new AppError("BAD_REQUEST", "bankInfoIncomplete");
      return { method, ...bank };
    }
    case "usdt": {
      if (!d.usdtAddress) throw new AppError("BAD_REQUEST", "payeeMissing", { method });
      const usdt = await usdtAddressState(db, userId, network);
      // Saved for the network payouts used before the admin switched: never sent to this one.
      if (usdt.stale) {
        throw new AppError("BAD_REQUEST", "usdtAddressOldNetwork", {
          network,
          addressNetwork: usdt.addressNetwork!,
        });
      }
      if (usdtAddressProblem(d.usdtAddress, network)) {
        throw new AppError("BAD_REQUEST", "usdtAddressInvalid", { network });
      }
      return { method, address: d.usdtAddress, network };
    }
    case "paypay":
      if (!d.paypayId) throw new AppError("BAD_REQUEST", "payeeMissing", { method });
      return { method, paypayId: d.paypayId };
    case "bitwallet":
    case "exness":
    case "peska": {
      const email = { bitwallet: d.bitwalletEmail, exness: d.exnessEmail, peska: d.peskaEmail }[
        method
      ];
      if (!email) throw new AppError("BAD_REQUEST", "payeeMissing", { method });
      return { method, email };
    }
  }
}

async function existingWithdrawal(db: Kysely<Database>, userId: string, requestKey: string) {
  return db
    .selectFrom("withdrawals")
    .select(["id", "status", "amount", "method", "next_business_day"])
    .where("user_id", "=", userId)
    .where("request_key", "=", requestKey)
    .executeTakeFirst();
}

/** PayPay withdrawals of today (Tokyo), pending or paid, for the daily-limit notice. */
async function paypayToday(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom("withdrawals")
    .select((eb) => eb.fn.sum<number>("amount").as("total"))
    .where("user_id", "=", userId)
    .where("method", "=", "paypay")
    .where("status", "in", ["pending", "completed"])
    .where("created_at", ">=", toDbTime(tokyoDayStart(new Date())))
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

export interface WithdrawalRequested {
  id: string;
  status: string;
  /** PayPay above the daily limit: paid on the next business day or later. */
  nextBusinessDay: boolean;
  /** True when this request key had already made the request (double submit). */
  replayed: boolean;
}

/** The answer for a withdrawal its request key found. */
function withdrawalRequested(
  row: { id: string; status: string; next_business_day: number },
  replayed: boolean,
): WithdrawalRequested {
  return {
    id: row.id,
    status: row.status,
    nextBusinessDay: row.next_business_day === 1,
    replayed,
  };
}

/**
 * Holds the amount at once (available → held) and records the request, in one transaction.
 * The same request key returns the first request instead of making a second. The input is
 * the procedure's withdrawalInput, which has already held the amount to the method's minimum;
 * what only the database knows (the balance, the payee, the USDT network) is checked here.
 */
export async function requestWithdrawal(
  deps: WalletDeps,
  userId: string,
  input: { method: Method; amount: number; requestKey: string; confirmed?: boolean | undefined },
): Promise<WithdrawalRequested> {
  const { db } = deps;
  await requireVerifiedEmail(db.kysely, userId);
  const method: WithdrawalMethod = input.method;
  const already = await existingWithdrawal(db.kysely, userId, input.requestKey);
  if (already) return withdrawalRequested(already, true);

  const settings = await getMoneySettings(db.kysely);
  const payout = await payeeFor(db.kysely, userId, method, settings.usdtNetwork);
  // The member confirms the network by ticking the box that names it.
  if (method === "usdt" && input.confirmed !== true) {
    throw new AppError("BAD_REQUEST", "confirmRequired", { network: settings.usdtNetwork });
  }

  const id = newId();
  try {
    return await keyedRequest(db, id, {
      write: async (trx) => {
        const nextBusinessDay =
          method === "paypay" &&
          (await paypayToday(trx, userId)) + input.amount > settings.paypayDailyLimit;
        await ensureWallet(trx, db, userId);
        await trx
          .insertInto("withdrawals")
          .values({
            id,
            user_id: userId,
            method,
            amount: input.amount,
            status: "pending",
            payout: JSON.stringify(payout),
            request_key: input.requestKey,
            next_business_day: nextBusinessDay ? 1 : 0,
            created_at: nowDb(),
          })
          .execute();
        await moveMoney(
          trx,
          db,
          {
            key: `withdrawal:${id}:hold`,
            kind: "withdrawal_hold",
            refType: "withdrawal",
            refId: id,
          },
          memberAvailable(userId),
          memberHeld(userId),
          input.amount,
        );
        return { id, status: "pending", nextBusinessDay, replayed: false };
      },
      existing: () => existingWithdrawal(db.kysely, userId, input.requestKey),
      answer: withdrawalRequested,
    });
  } catch (error) {
    if (error instanceof AppError && error.key === "insufficientBalance")
      throw new AppError("BAD_REQUEST", "aboveAvailable", undefined, "amount");
    throw error;
  }
}

/**
 * Moves a pending withdrawal to a final state and applies its money movement, once. The
 * conditional UPDATE (status still open) is what makes two concurrent decisions safe: only
 * one of them changes a row, the other is told it is no longer pending. A withdrawal sent to
 * the bank (Zengin file) can still be completed or rejected (the bank returned it), but no
 * longer cancelled by the member. A large one awaiting its second approval ("checking", decision
 * 095) can be rejected or cancelled, not completed; completing a large pending one that no
 * second admin approved is its first approval instead (approvals.ts): nothing is paid.
 */
async function settleWithdrawal(
  deps: WalletDeps,
  id: string,
  scope: { userId?: string },
  outcome: "completed" | "rejected" | "cancelled",
  actorId: string,
  reason?: string,
  reasonEn: string | null = null,
): Promise<{ id: string; status: "completed" | "rejected" | "cancelled" | "checking" }> {
  const { db } = deps;
  const threshold = (await getMoneySettings(db.kysely)).secondApprovalFrom;
  return inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom("withdrawals")
      .select(["id", "user_id", "amount", "status", "method", "approved_by"])
      .where("id", "=", id)
      .executeTakeFirst();
    // Another member's request does not exist as far as this member can tell.
    if (!row || (scope.userId && row.user_id !== scope.userId))
      throw new AppError("NOT_FOUND", "notFound");
    if (outcome === "completed" && row.status !== "sent") {
      if (row.status === "checking") throw new AppError("CONFLICT", "awaitingSecondApproval");
      const approvedBy = row.approved_by;
      if (row.status === "pending" && !mayPay({ amount: row.amount, approvedBy }, threshold))
        return firstApproval(trx, actorId, row);
    }
    const now = nowDb();
    const open: WithdrawalStatus[] =
      outcome === "cancelled"
        ? ["pending", "checking"]
        : outcome === "rejected"
          ? ["pending", "checking", "sent"]
          : ["pending", "sent"];
    const result = await trx
      .updateTable("withdrawals")
      .set({
        status: outcome,
        completed_at: outcome === "completed" ? now : null,
        rejected_at: outcome === "rejected" ? now : null,
        cancelled_at: outcome === "cancelled" ? now : null,
        reject_reason: outcome === "rejected" ? (reason ?? null) : null,
        reject_reason_en: outcome === "rejected" ? reasonEn : null,
        decided_by: outcome === "cancelled" ? null : actorId,
      })
      .where("id", "=", id)
      .where("status", "in", open)
      // A large pending one is paid only once approved twice, whatever this transaction read.
      .$if(outcome === "completed", (q) =>
        q.where((eb) =>
          eb.or([
            eb("status", "=", "sent"),
            eb("amount", "<", threshold),
            eb("approved_by", "is not", null),
          ]),
        ),
      )
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new AppError("CONFLICT", "notPending");
    // The ranking's withdrawal genre reads this summary, written with the completion.
    if (outcome === "completed")
      await addCompletedWithdrawal(trx, db, row.user_id, row.amount, now);
    await moveMoney(
      trx,
      db,
      {
        key: `withdrawal:${id}:${outcome === "completed" ? "payout" : "release"}`,
        kind: outcome === "completed" ? "withdrawal_payout" : "withdrawal_release",
        refType: "withdrawal",
        refId: id,
      },
      memberHeld(row.user_id),
      outcome === "completed"
        ? { walletId: PAYOUTS, bucket: "available" }
        : memberAvailable(row.user_id),
      row.amount,
    );
    if (outcome !== "cancelled") {
      await recordAudit(trx, {
        actorId,
        action: `withdrawal.${outcome === "completed" ? "complete" : "reject"}`,
        targetType: "withdrawal",
        targetId: id,
        memberId: row.user_id,
        data: {
          amount: row.amount,
          userId: row.user_id,
          ...reasonFields(reason, reasonEn),
        },
      });
      // Announced on LINE by the bot worker; written with the decision, so it exists iff it did.
      await notify(trx, {
        userId: row.user_id,
        kind: outcome === "completed" ? "withdrawal_completed" : "withdrawal_rejected",
        payload: { withdrawalId: id, amount: row.amount, method: row.method, reason: reason ?? "" },
        dedupeKey: `withdrawal:${id}:${outcome}`,
      });
    }
    return { id, status: outcome };
  });
}

export function cancelWithdrawal(deps: WalletDeps, userId: string, id: string) {
  return settleWithdrawal(deps, id, { userId }, "cancelled", userId);
}

export function completeWithdrawal(deps: WalletDeps, adminId: string, id: string) {
  return settleWithdrawal(deps, id, {}, "completed", adminId);
}

/** Rejected with the reason the member reads, and its English when the admin wrote one. */
export function rejectWithdrawal(
  deps: WalletDeps,
  adminId: string,
  id: string,
  reason: string,
  reasonEn: string | null = null,
) {
  return settleWithdrawal(deps, id, {}, "rejected", adminId, reason, reasonEn);
}

/** Each completion is its own transaction: one failure does not undo the others. */
export async function bulkCompleteWithdrawals(deps: WalletDeps, adminId: string, ids: string[]) {
  const results: { id: string; ok: boolean; key?: string }[] = [];
  for (const id of [...new Set(ids)]) {
    try {
      const done = await completeWithdrawal(deps, adminId, id);
      // A large one became its first approval: not completed, so the admin is told.
      results.push(
        done.status === "checking"
          ? { id, ok: false, key: "sentForSecondApproval" }
          : { id, ok: true },
      );
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ id, ok: false, key: error.key });
    }
  }
  return results;
}
