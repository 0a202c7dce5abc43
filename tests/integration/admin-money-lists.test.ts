import { beforeAll, describe, expect, it } from "vitest";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { callerFor, createUser } from "../helpers/fixtures";
import { newId } from "#db/id";
import { nowDb } from "#db/time";
import { createAccount, createBroker } from "../helpers/cashback";
import { fund, givePaymentDetails, key } from "../helpers/money";

/**
 * The admin money lists' member filter: what an admin types is matched literally, on both
 * engines. Emails often hold "_", which LIKE treats as a wildcard unless escaped, and SQLite
 * has no default escape character (MySQL's is "\"), so the escape must be named in the query.
 */
const t = fileDatabase();
let admin: Awaited<ReturnType<typeof callerFor>>;
beforeAll(async () => {
  const a = await createUser(t.db, { permission: "admin" });
  admin = await callerFor(t.db, a.id);
});

describe(`admin money lists' member filter on ${testEngine}`, () => {
  it("finds a member whose email holds _ and %, and only that member", async () => {
    const odd = await createUser(t.db, { email: "taro_01%x@example.test", nickname: "odd" });
    const plain = await createUser(t.db, { email: "taro301ax@example.test", nickname: "plain" });
    for (const m of [odd, plain]) {
      await fund(t.db, m.id, 10_000);
      await givePaymentDetails(t.db, m.id);
      const caller = await callerFor(t.db, m.id);
      await caller.wallet.requestWithdrawal({ method: "bank", amount: 1_000, requestKey: key() });
      await admin.wallet.createPresent({
        member: m.email,
        amount: 500,
        reason: "filter test",
        requestKey: key(),
      });
    }

    const withdrawals = await admin.wallet.adminWithdrawals({ member: "taro_01%" });
    expect(withdrawals.rows.map((r) => r.member.email)).toEqual([odd.email]);
    const presents = await admin.wallet.adminPresents({ member: "taro_01%" });
    expect(presents.rows.map((r) => r.member.email)).toEqual([odd.email]);
    // A plain part of the address still finds both.
    expect((await admin.wallet.adminWithdrawals({ member: "taro" })).total).toBe(2);
  });

  it("the cashback history's member filter matches _ and % literally too", async () => {
    // A history row as an import writes it; the filter reads only the row and its member.
    const broker = await createBroker(t.db, "LIK", "Like Broker");
    const odd = await createUser(t.db, { email: "hanako_1%@example.test", nickname: "h_%" });
    const plain = await createUser(t.db, { email: "hanako31x@example.test", nickname: "hx1" });
    for (const m of [odd, plain]) {
      await t.db.kysely
        .insertInto("cashbacks")
        .values({
          id: newId(),
          source_key: key(),
          user_id: m.id,
          broker_account_id: await createAccount(t.db, m.id, broker, key().slice(0, 6)),
          broker_id: broker,
          trade_date: "2026-01-05",
          lots_milli: 1000,
          amount: 100,
          batch_id: newId(),
          ledger_tx_id: newId(),
          created_at: nowDb(),
        })
        .execute();
    }

    const found = await admin.cashback.list({ member: "hanako_1%" });
    expect(found.rows.map((r) => r.email)).toEqual([odd.email]);
    expect((await admin.cashback.list({ member: "h_%" })).total).toBe(1);
    expect((await admin.cashback.list({ member: "hanako" })).total).toBe(2);
  });
});
