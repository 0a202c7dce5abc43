import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import { nowDb } from "../../../db/time";
import { recordAudit } from "../../audit";
import { AppError } from "../../errors";
import { inTransaction } from "../../ledger";
import type { WalletDeps } from "./service";

/**
 * Maker-checker for large withdrawals (decision 095). The first admin's decision to pay one of at
 * least the threshold moves it to "checking"; a different admin approves it (back to pending,
 * now fully approved: it may be paid or go into a bank file) or sends it back with a reason
 * (pending again, with no first approval). Each step is one conditional UPDATE, so two admins
 * deciding at once resolve to one decision, and the condition on first_approved_by is what keeps
 * one person from being both: checked in the database, not only on the page.
 */

/** The first approval of a large pending withdrawal, in the caller's transaction. */
export async function firstApproval(
  trx: Kysely<Database>,
  adminId: string,
  row: { id: string; user_id: string; amount: number },
): Promise<{ id: string; status: "checking" }> {
  const result = await trx
    .updateTable("withdrawals")
    .set({ status: "checking", first_approved_by: adminId, first_approved_at: nowDb() })
    .where("id", "=", row.id)
    .where("status", "=", "pending")
    .where("approved_by", "is", null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new AppError("CONFLICT", "notPending");
  await recordAudit(trx, {
    actorId: adminId,
    action: "withdrawal.firstApprove",
    targetType: "withdrawal",
    targetId: row.id,
    data: { amount: row.amount, userId: row.user_id },
  });
  return { id: row.id, status: "checking" };
}

/** Why a second decision on a request awaiting it was refused: the same admin, or too late. */
function secondDecisionRefusal(
  row: { status: string; first_approved_by: string | null } | undefined,
  adminId: string,
) {
  if (!row) return new AppError("NOT_FOUND", "notFound");
  if (row.status === "checking" && row.first_approved_by === adminId)
    return new AppError("FORBIDDEN", "sameApprover");
  return new AppError("CONFLICT", "notAwaitingApproval");
}

/** The second approval of a withdrawal: by anyone but the first approver, once. */
export function approveWithdrawal(deps: WalletDeps, adminId: string, id: string) {
  return inTransaction(deps.db, async (trx) => {
    const row = await trx
      .selectFrom("withdrawals")
      .select(["id", "user_id", "amount", "status", "first_approved_by"])
      .where("id", "=", id)
      .executeTakeFirst();
    const result = await trx
      .updateTable("withdrawals")
      .set({ status: "pending", approved_by: adminId, approved_at: nowDb() })
      .where("id", "=", id)
      .where("status", "=", "checking")
      .where("first_approved_by", "<>", adminId)
      .executeTakeFirst();
    if (!row || Number(result.numUpdatedRows) !== 1) throw secondDecisionRefusal(row, adminId);
    await recordAudit(trx, {
      actorId: adminId,
      action: "withdrawal.secondApprove",
      targetType: "withdrawal",
      targetId: id,
      data: { amount: row.amount, userId: row.user_id, firstApprovedBy: row.first_approved_by },
    });
    return { id, status: "pending" as const, approved: true };
  });
}

/** Sent back to the queue with the reason the first approver reads; the member sees no change. */
export function sendBackWithdrawal(deps: WalletDeps, adminId: string, id: string, reason: string) {
  return inTransaction(deps.db, async (trx) => {
    const row = await trx
      .selectFrom("withdrawals")
      .select(["id", "user_id", "amount", "status", "first_approved_by"])
      .where("id", "=", id)
      .executeTakeFirst();
    const result = await trx
      .updateTable("withdrawals")
      .set({ status: "pending", first_approved_by: null, first_approved_at: null })
      .where("id", "=", id)
      .where("status", "=", "checking")
      .where("first_approved_by", "<>", adminId)
      .executeTakeFirst();
    if (!row || Number(result.numUpdatedRows) !== 1) throw secondDecisionRefusal(row, adminId);
    await recordAudit(trx, {
      actorId: adminId,
      action: "withdrawal.sendBack",
      targetType: "withdrawal",
      targetId: id,
      data: {
        amount: row.amount,
        userId: row.user_id,
        firstApprovedBy: row.first_approved_by,
        reason,
      },
    });
    return { id, status: "pending" as const };
  });
}

export { secondDecisionRefusal };
