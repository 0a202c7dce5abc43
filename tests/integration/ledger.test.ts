import { describe, expect, it } from "vitest";
import {
  checkLedger,
  ensureWallet,
  HOUSE,
  inTransaction,
  memberWallet,
  post,
  postAlone,
} from "#server/ledger";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { createUser } from "../helpers/fixtures";
import { fund, key, walletOf } from "../helpers/money";

const t = fileDatabase();

const credit = (userId: string, amount: number, k = key()) => ({
  key: k,
  kind: "present" as const,
  refType: "test",
  refId: userId,
  postings: [
    { walletId: HOUSE, bucket: "available" as const, amount: -amount },
    { walletId: memberWallet(userId), bucket: "available" as const, amount },
  ],
});

describe(`ledger on ${testEngine}`, () => {
  it("refuses movements that do not balance or carry bad amounts", async () => {
    const user = await createUser(t.db);
    const bad = [
      {
        ...credit(user.id, 100),
        postings: [{ walletId: HOUSE, bucket: "available" as const, amount: -100 }],
      },
      {
        ...credit(user.id, 100),
        postings: [
          ...credit(user.id, 100).postings.slice(0, 1),
          { walletId: memberWallet(user.id), bucket: "available" as const, amount: 99 },
        ],
      },
      credit(user.id, 1.5),
      credit(user.id, 0),
    ];
    for (const movement of bad) await expect(postAlone(t.db, movement)).rejects.toThrow(/ledger:/);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it("credits a member from the house and keeps every invariant", async () => {
    const user = await createUser(t.db);
    await fund(t.db, user.id, 12_345);
    expect(await walletOf(t.db, user.id)).toEqual({ available: 12_345, held: 0 });
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it("applies one idempotency key once", async () => {
    const user = await createUser(t.db);
    await inTransaction(t.db, (trx) => ensureWallet(trx, t.db, user.id));
    const k = key();
    const first = await postAlone(t.db, credit(user.id, 500, k));
    const second = await postAlone(t.db, credit(user.id, 500, k));
    expect(first.replayed).toBe(false);
    expect(second).toEqual({ txId: first.txId, replayed: true });
    expect(await walletOf(t.db, user.id)).toEqual({ available: 500, held: 0 });
  });

  it("never lets a member bucket go negative, and rolls the whole transaction back", async () => {
    const user = await createUser(t.db);
    await fund(t.db, user.id, 1_000);
    const k = key();
    await expect(
      inTransaction(t.db, async (trx) => {
        await trx
          .insertInto("settings")
          .values({
            key: `probe-${k}`,
            value: "1",
            updated_at: "2026-01-01 00:00:00.000",
            updated_by: null,
          })
          .execute();
        await post(trx, t.db, {
          key: k,
          kind: "withdrawal_hold",
          refType: "test",
          refId: user.id,
          postings: [
            { walletId: memberWallet(user.id), bucket: "available", amount: -1_001 },
            { walletId: memberWallet(user.id), bucket: "held", amount: 1_001 },
          ],
        });
      }),
    ).rejects.toMatchObject({ key: "insufficientBalance" });
    expect(await walletOf(t.db, user.id)).toEqual({ available: 1_000, held: 0 });
    // Nothing of the failed transaction remains: not the domain row, not the ledger row.
    expect(
      await t.db.kysely
        .selectFrom("settings")
        .select("key")
        .where("key", "=", `probe-${k}`)
        .executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await t.db.kysely
        .selectFrom("ledger_transactions")
        .select("id")
        .where("idempotency_key", "=", k)
        .executeTakeFirst(),
    ).toBeUndefined();
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it("ledger:check finds a balance edited behind the ledger's back and an unbalanced entry", async () => {
    const user = await createUser(t.db);
    await fund(t.db, user.id, 700);
    await t.db.kysely
      .updateTable("wallets")
      .set({ balance: 701 })
      .where("id", "=", user.id)
      .execute();
    const problems = await checkLedger(t.db);
    expect(problems.map((p) => p.kind)).toContain("wallet_mismatch");
    await t.db.kysely
      .updateTable("wallets")
      .set({ balance: 700 })
      .where("id", "=", user.id)
      .execute();
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
