import type { Kysely } from "kysely";
import type { Db } from "#db";
import type { Database } from "#db/schema";
import { HOUSE, memberWallet, type Movement, post, type PostResult, type Posting } from "./index";

/**
 * Most movements take one amount from one wallet bucket to another: the house paying a member,
 * a member paying the house, a request holding or releasing a member's money. They are one
 * `post` with the debit first and the credit second.
 */

/** What names a movement apart from its postings: its key, its kind and the row it is for. */
export type MovementRef = Omit<Movement, "postings">;

/** A wallet's bucket, one side of a movement. */
export type LedgerSide = Omit<Posting, "amount">;

export const houseAvailable: LedgerSide = { walletId: HOUSE, bucket: "available" };

export function memberAvailable(userId: string): LedgerSide {
  return { walletId: memberWallet(userId), bucket: "available" };
}

export function memberHeld(userId: string): LedgerSide {
  return { walletId: memberWallet(userId), bucket: "held" };
}

/** Moves `amount` yen from one bucket to another in the caller's transaction. */
export function moveMoney(
  trx: Kysely<Database>,
  db: Db,
  ref: MovementRef,
  from: LedgerSide,
  to: LedgerSide,
  amount: number,
): Promise<PostResult> {
  return post(trx, db, {
    ...ref,
    postings: [
      { ...from, amount: -amount },
      { ...to, amount },
    ],
  });
}

/** The house pays many members in one movement (an import's cashback or referral rewards). */
export function payMembers(
  trx: Kysely<Database>,
  db: Db,
  ref: MovementRef,
  perMember: Map<string, number>,
): Promise<PostResult> {
  let total = 0;
  for (const amount of perMember.values()) total += amount;
  return post(trx, db, {
    ...ref,
    postings: [
      { ...houseAvailable, amount: -total },
      ...[...perMember].map(([userId, amount]) => ({ ...memberAvailable(userId), amount })),
    ],
  });
}
