import { describe, expect, it } from "vitest";
import {
  isConnectionLost,
  isDatabaseUnavailable,
  isRetryableTxError,
  isUniqueViolation,
} from "../../db/dialect";

describe("database error classes", () => {
  it("knows a unique-key violation by either engine's code or MySQL's number", () => {
    expect(isUniqueViolation({ code: "ER_DUP_ENTRY" })).toBe(true);
    expect(isUniqueViolation({ errno: 1062 })).toBe(true);
    expect(isUniqueViolation({ code: "SQLITE_CONSTRAINT_PRIMARYKEY" })).toBe(true);
    expect(isUniqueViolation({ code: "SQLITE_BUSY", errno: 1213 })).toBe(false);
  });

  it("retries deadlocks, lock waits, a Galera node not ready and a busy SQLite, nothing else", () => {
    for (const error of [
      { errno: 1213 },
      { code: "ER_LOCK_WAIT_TIMEOUT" },
      { errno: 1047 },
      { code: "SQLITE_BUSY" },
    ]) {
      expect(isRetryableTxError(error)).toBe(true);
    }
    expect(isRetryableTxError({ code: "ER_DUP_ENTRY", errno: 1062 })).toBe(false);
  });

  it("tells a lost connection from a refused statement, and no error object is none", () => {
    expect(isConnectionLost({ fatal: true })).toBe(true);
    expect(isConnectionLost({ code: "ECONNRESET" })).toBe(true);
    expect(isConnectionLost({ errno: 2013 })).toBe(true);
    expect(isConnectionLost({ errno: 1062 })).toBe(false);
    expect(isDatabaseUnavailable({ errno: 1205 })).toBe(true);
    for (const nothing of [null, undefined, "ER_DUP_ENTRY", 1062]) {
      expect(isUniqueViolation(nothing)).toBe(false);
      expect(isDatabaseUnavailable(nothing)).toBe(false);
    }
  });
});
