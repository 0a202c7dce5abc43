import { newId } from "../../../db/id";
import { nowDb } from "../../../db/time";
import { recordAudit } from "../../audit";
import { AppError } from "../../errors";
import { ensureWallet } from "../../ledger";
import { keyedRequest } from "../../ledger/keyed-request";
import { houseAvailable, memberAvailable, moveMoney } from "../../ledger/moves";
import { addToDigest } from "../../notify/digest";
import type { Db } from "../../../db";
import { type WalletDeps } from "./service";

function existingPresent(db: Db, requestKey: string) {
  return db.kysely
    .selectFrom("presents")
    .select("id")
    .where("request_key", "=", requestKey)
    .executeTakeFirst();
}

/** Presents: an admin credits a member through the ledger, once per request, with a note. */

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
  const id = newId();
  return keyedRequest(db, id, {
    write: async (trx) => {
      await ensureWallet(trx, db, userId);
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
          created_at: nowDb(),
        })
        .execute();
      await moveMoney(
        trx,
        db,
        { key: `present:${id}`, kind: "present", refType: "present", refId: id },
        houseAvailable,
        memberAvailable(userId),
        input.amount,
      );
      await addToDigest(trx, { userId, kind: "present", amount: input.amount });
      await recordAudit(trx, {
        actorId: adminId,
        action: "present.create",
        targetType: "present",
        targetId: id,
        data: { userId, amount: input.amount, reason: input.reason },
      });
      return { id, replayed: false };
    },
    existing: () => existingPresent(db, input.requestKey),
    answer: (row, replayed) => ({ id: row.id, replayed }),
  });
}
