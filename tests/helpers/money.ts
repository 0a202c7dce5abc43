import { randomBytes } from "node:crypto";
import type { Db } from "../../db";
import { ensureWallet, HOUSE, inTransaction, memberWallet, post } from "../../server/ledger";

export function key(): string {
  return randomBytes(12).toString("base64url");
}

/** Gives a member money from the house, through the ledger like any real credit. */
export async function fund(db: Db, userId: string, amount: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    await ensureWallet(trx, db, userId);
    await post(trx, db, {
      key: `test-fund:${key()}`,
      kind: "present",
      refType: "test",
      refId: userId,
      postings: [
        { walletId: HOUSE, bucket: "available", amount: -amount },
        { walletId: memberWallet(userId), bucket: "available", amount },
      ],
    });
  });
}

export async function walletOf(db: Db, userId: string) {
  const row = await db.kysely
    .selectFrom("wallets")
    .select(["balance", "held"])
    .where("id", "=", userId)
    .executeTakeFirst();
  return { available: Number(row?.balance ?? 0), held: Number(row?.held ?? 0) };
}

export const bankPayee = {
  method: "bank" as const,
  bankName: "みずほ銀行",
  bankCode: "0001",
  branchName: "東京営業部",
  branchNumber: "001",
  accountType: "savings" as const,
  accountNumber: "1234567",
  holderName: "ヤマダ タロウ",
};
