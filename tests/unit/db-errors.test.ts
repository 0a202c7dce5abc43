import { describe, expect, it } from "vitest";
import * as errors from "#db/dialect";

describe("database error classes", () => {
  it("knows a unique-key violation by either engine's code or MySQL's number", () => {
    expect(errors.isUniqueViolation({ code: "ER_DUP_ENTRY" })).toBe(true);
    expect(errors.isUniqueViolation({ errno: 1062 })).toBe(true);
    expect(errors.isUniqueViolation({ code: "SQLITE_CONSTRAINT_PRIMARYKEY" })).toBe(true);
    expect(errors.isUniqueViolation({ code: "SQLITE_BUSY", errno: 1213 })).toBe(false);
  });

  it("retries deadlocks, lock waits, a Galera node not ready and a busy SQLite, nothing else", () => {
    for (const error of [
      { errno: 1213 },
      { code: "ER_LOCK_WAIT_TIMEOUT" },
      { errno: 1047 },
      { code: "SQLITE_BUSY" },
    ]) {
      expect(errors.isRetryableTxError(error)).toBe(true);
    }
    expect(errors.isRetryableTxError({ code: "ER_DUP_ENTRY", errno: 1062 })).toBe(false);
  });

  it("tells a lost connection from a refused statement, and no error object is none", () => {
    expect(errors.isConnectionLost({ fatal: true })).toBe(true);
    expect(errors.isConnectionLost({ code: "ECONNRESET" })).toBe(true);
    expect(errors.isConnectionLost({ errno: 2013 })).toBe(true);
    expect(errors.isConnectionLost({ errno: 1062 })).toBe(false);
    expect(errors.isDatabaseUnavailable({ errno: 1205 })).toBe(true);
    for (const nothing of [null, undefined, "ER_DUP_ENTRY", 1062]) {
      expect(errors.isUniqueViolation(nothing)).toBe(false);
      expect(errors.isDatabaseUnavailable(nothing)).toBe(false);
    }
  });
});
