import type { Kysely } from "kysely";
import type { Db } from "#db";
import { newId } from "#db/id";
import type { Database } from "#db/schema";
import { nowDb } from "#db/time";
import { reasonFields, recordAudit } from "../../audit";
import { AppError } from "../../errors";
import { attemptLimiter, limitKey, tooManyAttempts } from "../../auth/rate-limit";
import { requireVerifiedEmail } from "../../auth/verified-email";
import { ensureWallet, FEES, inTransaction, memberWallet, post } from "../../ledger";
import { keyedRequest } from "../../ledger/keyed-request";
import { memberAvailable, memberHeld, moveMoney } from "../../ledger/moves";
import { notify } from "../../notify/outbox";
import { getMoneySettings, transferFee } from "../settings/service";
import { type WalletDeps } from "./service";
import { claimSecondDecision } from "../../lib/second-decision";
import { needsSecondApproval } from "../../domain/second-approval";

/**
 * Transfers between members: quoted with the fee, held from the sender at once, and decided by
 * an admin (approved: the recipient is credited; denied: the sender gets it all back). Every
 * movement goes through the ledger under the request's idempotency key.
 */

export async function quoteTransfer(db: Db, amount: number) {
  const settings = await getMoneySettings(db.kysely);
  const fee = transferFee(amount, settings.transferFeeRateBp);
  return {
    amount,
    fee,
    total: amount + fee,
    feeRateBp: settings.transferFeeRateBp,
    min: settings.transferMin,
    max: settings.transferMax,
  };
}

async function existingTransfer(db: Kysely<Database>, senderId: string, requestKey: string) {
  return db
    .selectFrom("transfers")
    .select(["id", "status"])
    .where("sender_id", "=", senderId)
    .where("request_key", "=", requestKey)
    .executeTakeFirst();
}

/**
 * Holds amount + fee from the sender at once; an admin approves (the receiver is credited) or
 * denies (everything is returned). The fee rate in force now is recorded on the transfer.
 */
export async function requestTransfer(
  deps: WalletDeps,
  senderId: string,
  input: { email: string; amount: number; message?: string | undefined; requestKey: string },
) {
  const { db } = deps;
  await requireVerifiedEmail(db.kysely, senderId);
  const already = await existingTransfer(db.kysely, senderId, input.requestKey);
  if (already) return { id: already.id, status: already.status, replayed: true };

  const settings = await getMoneySettings(db.kysely);
  if (input.amount < settings.transferMin || input.amount > settings.transferMax) {
    throw new AppError(
      "BAD_REQUEST",
      "transferAmountRange",
      { min: settings.transferMin, max: settings.transferMax },
      "amount",
    );
  }
  // "Recipient not found" tells whether an address is a member: each member may miss only a
  // few times an hour, so the form cannot be used to sweep a list of addresses. Only misses
  // count, so a member's many real transfers at once are never held back; parallel probes may
  // overshoot the count by as many as they send at once, no more.
  const limits = attemptLimiter(db);
  const lookupKey = limitKey(senderId);
  const wait = await limits.usedUp("recipientLookup", lookupKey);
  if (wait !== null) throw tooManyAttempts(wait);
  const receiver = await db.kysely
    .selectFrom("users")
    .select(["id", "permission"])
    .where("email", "=", input.email)
    .executeTakeFirst();
  if (!receiver || receiver.permission !== "member") {
    await limits.reserve("recipientLookup", lookupKey);
    throw new AppError("NOT_FOUND", "recipientNotFound", undefined, "email");
  }
  if (receiver.id === senderId)
    throw new AppError("BAD_REQUEST", "transferSelf", undefined, "email");

  const fee = transferFee(input.amount, settings.transferFeeRateBp);
  const total = input.amount + fee;
  const id = newId();
  try {
    return await keyedRequest(db, id, {
      write: async (trx) => {
        await ensureWallet(trx, db, senderId);
        await trx
          .insertInto("transfers")
          .values({
            id,
            sender_id: senderId,
            receiver_id: receiver.id,
            amount: input.amount,
            fee,
            fee_rate_bp: settings.transferFeeRateBp,
            message: input.message || null,
            status: "pending",
            request_key: input.requestKey,
            created_at: nowDb(),
          })
          .execute();
        await moveMoney(
          trx,
          db,
          { key: `transfer:${id}:hold`, kind: "transfer_hold", refType: "transfer", refId: id },
          memberAvailable(senderId),
          memberHeld(senderId),
          total,
        );
        return { id, status: "pending", replayed: false };
      },
      existing: () => existingTransfer(db.kysely, senderId, input.requestKey),
      answer: (row, replayed) => ({ id: row.id, status: row.status, replayed }),
    });
  } catch (error) {
    // The ledger's "not enough" is about the amount the member typed.
    if (error instanceof AppError && error.key === "insufficientBalance")
      throw new AppError("BAD_REQUEST", "insufficientBalance", undefined, "amount");
    if (error instanceof AppError) throw error;
    deps.log.error({ err: error }, "transfer request failed");
    throw new AppError("INTERNAL_SERVER_ERROR", "transferFailed");
  }
}

async function decideTransfer(
  deps: WalletDeps,
  adminId: string,
  id: string,
  approve: boolean,
  reason?: string,
  reasonEn: string | null = null,
) {
  const { db } = deps;
  const threshold = (await getMoneySettings(db.kysely)).secondApprovalFrom;
  return inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom("transfers")
      .select(["id", "sender_id", "receiver_id", "amount", "fee", "status", "first_approved_by"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) throw new AppError("NOT_FOUND", "notFound");
    // A large one: the first approval only marks it; the second moves the money.
    // A first approval stays one if the threshold changes meanwhile: "checking" needs a second.
    const second = approve && row.status === "checking";
    if (approve && row.status === "pending" && needsSecondApproval(row.amount, threshold)) {
      const marked = await trx
        .updateTable("transfers")
        .set({ status: "checking", first_approved_by: adminId, first_approved_at: nowDb() })
        .where("id", "=", id)
        .where("status", "=", "pending")
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) !== 1) throw new AppError("CONFLICT", "notPending");
      await recordAudit(trx, {
        actorId: adminId,
        action: "transfer.firstApprove",
        targetType: "transfer",
        targetId: id,
        memberId: row.sender_id,
        data: {
          amount: row.amount,
          fee: row.fee,
          senderId: row.sender_id,
          receiverId: row.receiver_id,
        },
      });
      return { id, status: "checking" };
    }
    const decided = {
      status: approve ? ("completed" as const) : ("failed" as const),
      decided_at: nowDb(),
      decided_by: adminId,
      fail_reason: approve ? null : (reason ?? null),
      fail_reason_en: approve ? null : reasonEn,
    };
    // Approving a large one is the second approval: only from "checking", by another admin.
    if (second) await claimSecondDecision(trx, { table: "transfers", id, adminId, set: decided });
    else {
      const result = await trx
        .updateTable("transfers")
        .set(decided)
        .where("id", "=", id)
        .where("status", "in", approve ? ["pending"] : ["pending", "checking"])
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw new AppError("CONFLICT", "notPending");
    }
    const sender = memberWallet(row.sender_id);
    const total = row.amount + row.fee;
    if (approve) {
      await ensureWallet(trx, db, row.receiver_id);
      await post(trx, db, {
        key: `transfer:${id}:settle`,
        kind: "transfer_settle",
        refType: "transfer",
        refId: id,
        postings: [
          { walletId: sender, bucket: "held", amount: -total },
          { walletId: memberWallet(row.receiver_id), bucket: "available", amount: row.amount },
          ...(row.fee > 0
            ? [{ walletId: FEES, bucket: "available" as const, amount: row.fee }]
            : []),
        ],
      });
    } else {
      await moveMoney(
        trx,
        db,
        { key: `transfer:${id}:release`, kind: "transfer_release", refType: "transfer", refId: id },
        memberHeld(row.sender_id),
        memberAvailable(row.sender_id),
        total,
      );
    }
    await recordAudit(trx, {
      actorId: adminId,
      action: approve ? (second ? "transfer.secondApprove" : "transfer.approve") : "transfer.deny",
      targetType: "transfer",
      targetId: id,
      memberId: row.sender_id,
      data: {
        ...(row.first_approved_by ? { firstApprovedBy: row.first_approved_by } : {}),
        amount: row.amount,
        fee: row.fee,
        senderId: row.sender_id,
        receiverId: row.receiver_id,
        ...reasonFields(reason, approve ? null : reasonEn),
      },
    });
    await notifyTransfer(trx, { ...row, id }, approve, reason ?? "");
    return { id, status: approve ? "completed" : "failed" };
  });
}

/** The LINE notifications of a decided transfer: the sender, and on completion the receiver. */
async function notifyTransfer(
  trx: Kysely<Database>,
  t: { id: string; sender_id: string; receiver_id: string; amount: number },
  approved: boolean,
  reason: string,
) {
  if (!approved) {
    await notify(trx, {
      userId: t.sender_id,
      kind: "transfer_failed",
      payload: { transferId: t.id, amount: t.amount, reason },
      dedupeKey: `transfer:${t.id}:failed`,
    });
    return;
  }
  const people = await trx
    .selectFrom("users")
    .select(["id", "nickname"])
    .where("id", "in", [t.sender_id, t.receiver_id])
    .execute();
  const nickname = (id: string) => people.find((p) => p.id === id)?.nickname ?? "";
  await notify(trx, {
    userId: t.sender_id,
    kind: "transfer_completed",
    payload: { transferId: t.id, amount: t.amount, to: nickname(t.receiver_id) },
    dedupeKey: `transfer:${t.id}:completed`,
  });
  await notify(trx, {
    userId: t.receiver_id,
    kind: "transfer_received",
    payload: { transferId: t.id, amount: t.amount, from: nickname(t.sender_id) },
    dedupeKey: `transfer:${t.id}:received`,
  });
}

export const approveTransfer = (deps: WalletDeps, adminId: string, id: string) =>
  decideTransfer(deps, adminId, id, true);
/** Denied with the reason the sender reads, and its English when the admin wrote one. */
export const denyTransfer = (
  deps: WalletDeps,
  adminId: string,
  id: string,
  reason: string,
  reasonEn: string | null = null,
) => decideTransfer(deps, adminId, id, false, reason, reasonEn);
