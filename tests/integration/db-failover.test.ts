import type { Pool, PoolConnection } from "mysql2";
import { createConnection, type Connection } from "mysql2/promise";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { checkLedger, inTransaction } from "#server/ledger";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { callerFor, createUser } from "../helpers/fixtures";
import { fund, givePaymentDetails, key, walletOf, withdraw } from "../helpers/money";

/*
 * A database node dying under a money request, as a cluster failover does it: the connection
 * is killed for real (KILL CONNECTION from a second connection) before COMMIT and during it.
 * The member must get one request, never two, and never an internal error.
 */

type QueryCallback = (error: unknown, ...rest: unknown[]) => void;
type Fault = (sql: string, connection: PoolConnection, send: () => void, cb: QueryCallback) => void;

const t = fileDatabase({ ledgerMustBalance: true });
let admin: Connection;
/** Runs once on the next statement matching `when`, then the pool behaves again. */
let pending: { when: RegExp; fault: Fault; hits: number; times: number } | null = null;
let killed = 0;

async function kill(connection: PoolConnection) {
  await admin.query(`KILL CONNECTION ${connection.threadId}`);
  killed++;
}

/** The driver as the failover meets it: the portal's own pool, its connections' statements seen. */
function watchPool(pool: Pool) {
  const getConnection = pool.getConnection.bind(pool);
  pool.getConnection = ((cb: (err: unknown, c: PoolConnection) => void) =>
    getConnection((err, connection) => {
      if (err || (connection as unknown as { watched?: true }).watched) return cb(err, connection);
      (connection as unknown as { watched: true }).watched = true;
      const query = connection.query.bind(connection) as (...a: unknown[]) => unknown;
      (connection as unknown as { query: unknown }).query = (...args: unknown[]) => {
        const sql = String(args[0]);
        const cb = args[args.length - 1] as QueryCallback;
        const p = pending;
        if (p && p.hits < p.times && p.when.test(sql)) {
          p.hits++;
          p.fault(sql, connection, () => query(...args), cb);
          return;
        }
        return query(...args);
      };
      cb(err, connection);
    })) as Pool["getConnection"];
}

/** The server kills the connection, then the statement is sent: it fails, nothing applied. */
const killThenSend: Fault = (_sql, connection, send) => {
  void kill(connection).then(() => {
    send();
  });
};

/** The statement is applied, then the connection dies before its answer arrives. */
const sendThenLoseAnswer: Fault = (sql, connection, _send, cb) => {
  connection.query(sql, (error: unknown) => {
    if (error) return cb(error);
    void kill(connection).then(() =>
      cb(
        Object.assign(new Error("Connection lost: The server closed the connection."), {
          code: "PROTOCOL_CONNECTION_LOST",
          fatal: true,
        }),
      ),
    );
  });
};

/** What Galera answers a transaction that lost certification: a deadlock. */
const certificationConflict: Fault = (_sql, _connection, _send, cb) => {
  cb(
    Object.assign(new Error("Deadlock found when trying to get lock; try restarting transaction"), {
      code: "ER_LOCK_DEADLOCK",
      errno: 1213,
      fatal: false,
    }),
  );
};

function inject(when: RegExp, fault: Fault, times = 1) {
  pending = { when, fault, hits: 0, times };
}

describe.skipIf(testEngine !== "mysql")("money requests when the database connection dies", () => {
  beforeAll(async () => {
    const native = t.db.native;
    if (native.engine !== "mysql") throw new Error("MySQL only");
    watchPool(native.pool);
    admin = await createConnection(process.env.TEST_MYSQL_URL!);
  });
  afterAll(async () => {
    await admin?.end();
  });
  beforeEach(() => {
    pending = null;
    killed = 0;
  });

  async function member() {
    const m = await createUser(t.db);
    await fund(t.db, m.id, 50_000);
    await givePaymentDetails(t.db, m.id);
    return { ...m, caller: await callerFor(t.db, m.id) };
  }

  async function withdrawalsOf(userId: string) {
    return t.db.kysely
      .selectFrom("withdrawals")
      .select(["id", "amount"])
      .where("user_id", "=", userId)
      .execute();
  }

  it("lost before COMMIT: the transaction is run again on a fresh connection, once", async () => {
    const m = await member();
    inject(/^insert into `withdrawals`/i, killThenSend);
    const result = await withdraw(m.caller, "bank", 10_000);
    expect(killed).toBe(1);
    expect(result.replayed).toBe(false);
    expect(await withdrawalsOf(m.id)).toEqual([{ id: result.id, amount: 10_000 }]);
    expect(await walletOf(t.db, m.id)).toEqual({ available: 40_000, held: 10_000 });
  });

  it("lost during COMMIT after it was applied: the request key answers, nothing is doubled", async () => {
    const m = await member();
    inject(/^commit/i, sendThenLoseAnswer);
    const result = await m.caller.wallet.requestTransfer({
      email: (await createUser(t.db)).email,
      amount: 5_000,
      requestKey: key(),
    });
    expect(killed).toBe(1);
    expect(result).toMatchObject({ status: "pending", replayed: false });
    const transfers = await t.db.kysely
      .selectFrom("transfers")
      .select("id")
      .where("sender_id", "=", m.id)
      .execute();
    expect(transfers).toEqual([{ id: result.id }]);
  });

  it("lost during COMMIT before it was applied: the lookup finds nothing, it runs once more", async () => {
    const m = await member();
    inject(/^commit/i, killThenSend);
    const result = await withdraw(m.caller, "bank", 7_000);
    expect(killed).toBe(1);
    expect(await withdrawalsOf(m.id)).toEqual([{ id: result.id, amount: 7_000 }]);
    expect(await walletOf(t.db, m.id)).toEqual({ available: 43_000, held: 7_000 });
  });

  it("a read whose connection dies is read again on a fresh connection", async () => {
    const m = await member();
    inject(/^select .* from `wallets`/i, killThenSend);
    expect(await m.caller.wallet.summary()).toMatchObject({ available: 50_000 });
    expect(killed).toBe(1);
  });

  it("certification conflicts are retried; past the retries the member is told busy (503)", async () => {
    const m = await member();
    inject(/^insert into `withdrawals`/i, certificationConflict, 2);
    await m.caller.wallet.requestWithdrawal({ method: "bank", amount: 1_000, requestKey: key() });
    expect(await withdrawalsOf(m.id)).toHaveLength(1);

    inject(/^insert into `withdrawals`/i, certificationConflict, 100);
    const refused = await m.caller.wallet
      .requestWithdrawal({ method: "bank", amount: 1_000, requestKey: key() })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(refused).toMatchObject({ code: "SERVICE_UNAVAILABLE", key: "busyTryAgain" });
    expect(await withdrawalsOf(m.id)).toHaveLength(1);
  });

  it("an unknown COMMIT outcome with no key to look up is 'busy', not an internal error", async () => {
    inject(/^commit/i, sendThenLoseAnswer);
    const refused = await inTransaction(t.db, async (trx) => {
      await trx.selectFrom("wallets").select("id").limit(1).execute();
    }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ code: "SERVICE_UNAVAILABLE", key: "busyTryAgain" });
  });

  it("after all of it every wallet still equals its entries", async () => {
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
