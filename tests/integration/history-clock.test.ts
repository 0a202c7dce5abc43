import { describe, expect, it } from "vitest";
import { atTime } from "#db/clock";
import { nowDb, toDbTime } from "#db/time";
import { requestWithdrawal } from "#server/features/wallet/service";
import { createLogger } from "#server/logger";
import { testEngine, rowWhere } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { createUser } from "../helpers/fixtures";
import { fund, givePaymentDetails } from "../helpers/money";

const t = fileDatabase({ ledgerMustBalance: true });

async function movementTimes(userId: string) {
  return t.db.kysely
    .selectFrom("ledger_entries")
    .innerJoin("ledger_transactions", "ledger_transactions.id", "ledger_entries.tx_id")
    .select(["ledger_transactions.created_at as txAt", "ledger_entries.created_at as entryAt"])
    .where("ledger_entries.wallet_id", "=", userId)
    .orderBy("ledger_entries.created_at")
    .execute();
}

describe(`writing history at its own moment on ${testEngine}`, () => {
  it("stamps a movement and its domain row with the moment atTime gives, and only inside it", async () => {
    const user = await createUser(t.db);
    const june = new Date("2026-06-14T03:21:09.000Z");
    const july = new Date("2026-07-02T11:05:44.000Z");
    await givePaymentDetails(t.db, user.id);
    await atTime(june, () => fund(t.db, user.id, 20_000));
    const deps = { db: t.db, log: createLogger({ level: "silent" }) };
    const withdrawal = await atTime(july, () =>
      requestWithdrawal(deps, user.id, { method: "bank", amount: 5_000, requestKey: "h-1" }),
    );

    const times = await movementTimes(user.id);
    expect(times.map((r) => [r.txAt, r.entryAt])).toEqual([
      [toDbTime(june), toDbTime(june)],
      [toDbTime(july), toDbTime(july)],
      [toDbTime(july), toDbTime(july)],
    ]);
    const row = await rowWhere(t.db, "withdrawals", "id", withdrawal.id);
    expect(row.created_at).toBe(toDbTime(july));

    // Outside the scope, and in work running alongside it, the time is the real one.
    const before = Date.now();
    const [inside, outside] = await Promise.all([
      atTime(june, async () => {
        await new Promise((r) => setTimeout(r, 5));
        return nowDb();
      }),
      (async () => nowDb())(),
    ]);
    expect(inside).toBe(toDbTime(june));
    expect(new Date(outside.replace(" ", "T") + "Z").getTime()).toBeGreaterThanOrEqual(before - 1);
    expect(() => atTime(new Date(Number.NaN), async () => 1)).toThrow(RangeError);
  });
});
