import type { Kysely } from "kysely";
import { newId } from "#db/id";
import type { Database } from "#db/schema";
import { nowDb } from "#db/time";
import { recordAudit } from "../../audit";
import { AppError } from "../../errors";
import { ensureWallet, inTransaction } from "../../ledger";
import { keyedRequest } from "../../ledger/keyed-request";
import { houseAvailable, memberAvailable, moveMoney } from "../../ledger/moves";
import { addToDigest } from "../../notify/digest";
import { claimSecondDecision } from "../../lib/second-decision";
import { presentNeedsSecondApproval } from "../../domain/second-approval";
import type { Db } from "#db";
import { getMoneySettings } from "../settings/service";
import { type WalletDeps } from "./service";

function existingPresent(db: Db, requestKey: string) {
  return db.kysely
    .selectFrom("presents")
    .select(["id", "status"])
    .where("request_key", "=", requestKey)
    .executeTakeFirst();
}

/**
 * Presents: an admin credits a member through the ledger, once per request, with a note. One
 * over the present threshold (the money settings) is only the first approval: it waits, with
 * nothing credited, for a different admin to approve it (the money moves then) or send it back.
 */

/** The house pays the member: the ledger movement, the digest line, in the caller's transaction. */
async function credit(
  trx: Kysely<Database>,
  db: Db,
  p: { id: string; userId: string; amount: number },
) {
  await ensureWallet(trx, db, p.userId);
  await moveMoney(
    trx,
    db,
    { key: `present:${p.id}`, kind: "present", refType: "present", refId: p.id },
    houseAvailable,
    memberAvailable(p.userId),
    p.amount,
  );
  await addToDigest(trx, { userId: p.userId, kind: "present", amount: p.amount });
}

/** Credits a member from the house: a bonus or a campaign prize, with its reason. */
export async function createPresent(
  deps: WalletDeps,
  adminId: string,
  input: {
    member: string;
    amount: number;
    reason: string;
    /** The reason in English; none shows the Japanese to English readers. */
    reasonEn?: string | null | undefined;
    campaignId?: string | undefined;
    requestKey: string;
  },
) {
  const { db } = deps;
  const member = await db.kysely
    .selectFrom("users")
    .select(["id", "permission"])
    .where((eb) =>
      eb.or([
        eb("email", "=", input.member.trim().toLowerCase()),
        eb("id", "=", input.member.trim()),
      ]),
    )
    .executeTakeFirst();
  if (!member || member.permission !== "member")
    throw new AppError("NOT_FOUND", "recipientNotFound");
  const userId = member.id;
  const over = (await getMoneySettings(db.kysely)).presentSecondApprovalOver;
  const awaits = presentNeedsSecondApproval(input.amount, over);
  const id = newId();
  return keyedRequest(db, id, {
    write: async (trx) => {
      const now = nowDb();
      await trx
        .insertInto("presents")
        .values({
          id,
          user_id: userId,
          amount: input.amount,
          reason: input.reason,
          reason_en: input.reasonEn ?? null,
          campaign_id: input.campaignId ?? null,
          request_key: input.requestKey,
          created_by: adminId,
          created_at: now,
          status: awaits ? "checking" : "completed",
          first_approved_by: awaits ? adminId : null,
          first_approved_at: awaits ? now : null,
        })
        .execute();
      if (!awaits) await credit(trx, db, { id, userId, amount: input.amount });
      await recordAudit(trx, {
        actorId: adminId,
        action: awaits ? "present.firstApprove" : "present.create",
        targetType: "present",
        targetId: id,
        memberId: userId,
        data: { userId, amount: input.amount, reason: input.reason },
      });
      return { id, status: awaits ? "checking" : "completed", replayed: false };
    },
    existing: () => existingPresent(db, input.requestKey),
    answer: (row, replayed) => ({ id: row.id, status: row.status, replayed }),
  });
}

/**
 * The second approval of a present awaiting it, by anyone but its maker, once: one conditional
 * UPDATE decides, and only then does the money move (under the present's own ledger key).
 */
export function approvePresent(deps: WalletDeps, adminId: string, id: string) {
  const { db } = deps;
  return inTransaction(db, async (trx) => {
    const row = await claimSecondDecision(trx, {
      table: "presents",
      id,
      adminId,
      set: { status: "completed", approved_by: adminId, approved_at: nowDb() },
      columns: ["user_id", "amount", "reason"],
    });
    await credit(trx, db, { id, userId: row.user_id, amount: row.amount });
    await recordAudit(trx, {
      actorId: adminId,
      action: "present.secondApprove",
      targetType: "present",
      targetId: id,
      memberId: row.user_id,
      data: {
        userId: row.user_id,
        amount: row.amount,
        reason: row.reason,
        firstApprovedBy: row.first_approved_by,
      },
    });
    return { id, status: "completed" as const };
  });
}
