import { Kysely, SqliteDialect } from "kysely";
import SQLite from "better-sqlite3";
import { describe, expect, it } from "vitest";
import type { Database } from "#db/schema";
import { createContext, RECENT_WRITE_COOKIE } from "#server/trpc/context";
import { createCaller } from "#server/trpc/router";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import {
  adminWithCaller,
  createUser,
  makeContext,
  silentLog,
  testConfig,
} from "../helpers/fixtures";
import { createSession } from "#server/auth/session";

/*
 * DATABASE_READ_URL: the member's lists read the reader, except on a state-changing request and
 * for a moment after the browser's own write, so the page after a form shows what was done.
 * The reader here is a second, empty database; the cluster kit checks the same against a
 * Galera node by counting the SELECTs that reach it.
 */

const t = fileDatabase();

function emptyReader(): Kysely<Database> {
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(":memory:") }) });
}

describe(`read scaling on ${testEngine}`, () => {
  it("a list reads the reader; a POST, or a browser that just wrote, reads the writer", async () => {
    const reader = emptyReader();
    const db = { ...t.db, reader };
    const m = await createUser(t.db);
    const { token } = await createSession(t.db, m.id);
    const request = (method: string, cookie: string) =>
      createContext(
        { db, config: testConfig, log: silentLog },
        {
          url: "/users/withdraw",
          method,
          headers: { get: (name) => (name === "cookie" ? cookie : null) },
        },
      );

    const plain = await request("GET", `sid=${token}`);
    expect(plain.listDb.kysely).toBe(reader);
    expect(plain.db.kysely).toBe(t.db.kysely);

    expect((await request("POST", `sid=${token}`)).listDb.kysely).toBe(t.db.kysely);
    const justWrote = await request("GET", `sid=${token}; ${RECENT_WRITE_COOKIE}=1`);
    expect(justWrote.listDb.kysely).toBe(t.db.kysely);
    await reader.destroy();
  });

  it("a successful mutation starts the writer window; a query or a refusal does not", async () => {
    const m = await createUser(t.db);
    const { token } = await createSession(t.db, m.id);
    const ctx = await createContext(
      { db: t.db, config: testConfig, log: silentLog },
      {
        url: "/",
        method: "POST",
        headers: { get: (n) => (n === "cookie" ? `sid=${token}` : null) },
      },
    );
    const caller = createCaller(ctx);
    await caller.wallet.summary();
    expect(ctx.wrote).toBe(false);
    await expect(caller.wallet.cancelWithdrawal({ id: "nonexistent0000000000" })).rejects.toThrow();
    expect(ctx.wrote).toBe(false);
    await caller.profile.setLanguage({ language: "en" });
    expect(ctx.wrote).toBe(true);
  });

  it("the admin lists, their exports and the rankings read the reader; money reads the writer", async () => {
    // The reader has no tables: a procedure that reads it fails with "no such table".
    const reader = emptyReader();
    const admin = await adminWithCaller(t.db);
    const member = await createUser(t.db);
    const onReader = async (userId: string) => {
      const ctx = await makeContext(t.db, userId);
      return createCaller({ ...ctx, listDb: { ...t.db, kysely: reader } });
    };
    const a = await onReader(admin.id);
    const m = await onReader(member.id);
    const lists = [
      () => a.admin.customers.list({}),
      () => a.brokers.accounts.list({}),
      () => a.cashback.list({}),
      () => a.wallet.adminWithdrawals({}),
      () => a.wallet.adminTransfers({}),
      () => a.wallet.adminPresents({}),
      () => a.affiliate.referrers({}),
      () => a.ranking.adminList({}),
      () => m.ranking.list({}),
    ];
    for (const [i, list] of lists.entries()) {
      const error = await list().then(
        () => null,
        (e: unknown) => e as Error & { cause?: Error },
      );
      expect(`${i}: ${error?.cause?.message ?? error?.message}`).toMatch(/^\d+: no such table/);
    }
    // The balance is money: it never reads a replica that may lag.
    await expect(m.wallet.summary()).resolves.toBeTruthy();
    await reader.destroy();
  });
});
