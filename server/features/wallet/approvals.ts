import type { Kysely } from "kysely";
import type { Database } from "#db/schema";
import { nowDb } from "#db/time";
import { recordAudit } from "../../audit";
import { AppError } from "../../errors";
import { inTransaction } from "../../ledger";
import { claimSecondDecision } from "../../lib/second-decision";
import type { WalletDeps } from "./service";

/**
 * Maker-checker for large withdrawals. The first admin's decision to pay one of at
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

/** The second approval of a withdrawal: by anyone but the first approver, once. */
export function approveWithdrawal(deps: WalletDeps, adminId: string, id: string) {
  return inTransaction(deps.db, async (trx) => {
    const row = await claimSecondDecision(trx, {
      table: "withdrawals",
      id,
      adminId,
      set: { status: "pending", approved_by: adminId, approved_at: nowDb() },
      columns: ["user_id", "amount"],
    });
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

/**
 * What sending back means for each kind awaiting a second approval: its table, the member it
 * concerns (none for a rate card), and the state it goes back to. A withdrawal or transfer
 * returns to the queue (pending, first approval cleared) for a new first decision; a present or
 * a rate card change, which only its maker asked for, ends returned (never credited, never in
 * force), with the reason kept on the row for its maker. An adjustment batch goes back to a
 * draft its maker may apply again (or draw up anew), the reason kept on it.
 */
const SEND_BACK = {
  withdrawal: { table: "withdrawals", member: "user_id", to: "pending", keepReason: false },
  transfer: { table: "transfers", member: "sender_id", to: "pending", keepReason: false },
  present: { table: "presents", member: "user_id", to: "returned", keepReason: true },
  rate_change: { table: "broker_rate_changes", member: null, to: "returned", keepReason: true },
  rate_adjustment: { table: "rate_adjustments", member: null, to: "draft", keepReason: true },
} as const;
export type SendBackKind = keyof typeof SEND_BACK;

/**
 * Sends one awaiting its second approval back, with a reason the first approver reads; the
 * member sees no change. By anyone but the first approver, once: one conditional UPDATE.
 */
export function sendBack(
  deps: Pick<WalletDeps, "db">,
  kind: SendBackKind,
  adminId: string,
  id: string,
  reason: string,
) {
  const { table, member, to, keepReason } = SEND_BACK[kind];
  return inTransaction(deps.db, async (trx) => {
    // The member column differs per table; one statement shape reads it as "member".
    const claimed = await claimSecondDecision(trx, {
      table: table as "withdrawals",
      id,
      adminId,
      set: {
        status: to as "pending",
        first_approved_by: null,
        first_approved_at: null,
        ...(keepReason ? ({ send_back_reason: reason } as object) : {}),
      },
      columns: member === null ? [] : ["amount", member as "user_id"],
    });
    const row = { ...claimed, member: member === null ? "" : claimed[member as "user_id"] };
    await recordAudit(trx, {
      actorId: adminId,
      action: `${kind}.sendBack`,
      targetType: kind,
      targetId: id,
      ...(member !== null && { memberId: row.member }),
      data: {
        ...(member !== null && { amount: row.amount, userId: row.member }),
        firstApprovedBy: row.first_approved_by,
        reason,
      },
    });
    return { id, status: to };
  });
}
