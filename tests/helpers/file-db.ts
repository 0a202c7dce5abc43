import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import type { Db } from "#db";
import { checkLedger } from "#server/ledger";
import { createTestDb, type TestDb } from "./db";
import { LineStandin } from "./line-standin";

/**
 * The database of one integration test file: made and migrated before its first test, dropped
 * after its last. Its fields are there once the hooks have run (inside tests and hooks, never
 * at import time).
 */
export function fileDatabase(options: { ledgerMustBalance?: boolean } = {}): TestDb {
  let t: TestDb | undefined;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(async () => {
    // Files that move money check that every test's money still adds up.
    if (t && options.ledgerMustBalance) expect(await checkLedger(t.db)).toEqual([]);
    await t?.cleanup();
  });
  const made = () => {
    if (!t) throw new Error("the file's database is made in beforeAll");
    return t;
  };
  return {
    get db(): Db {
      return made().db;
    },
    get location() {
      return made().location;
    },
    cleanup: () => made().cleanup(),
  };
}

/**
 * The LINE platform of one test file: a stand-in started before its first test, emptied of
 * what the previous test sent before each, and stopped after its last.
 */
export function fileLineStandin(): LineStandin {
  const standin = new LineStandin();
  beforeAll(async () => {
    await standin.start();
  });
  beforeEach(() => standin.reset());
  afterAll(() => standin.stop());
  return standin;
}
