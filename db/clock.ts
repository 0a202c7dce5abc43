import { AsyncLocalStorage } from "node:async_hooks";
import { setClockSource } from "./time";

/**
 * Writing history: `atTime` runs work as if it happened at another moment, so the demo seed
 * writes a member's months (a withdrawal in June, its ledger movement, its audit row) through
 * the same services as the pages, each row at its own date. The moment is scoped to the async
 * work it wraps: requests served meanwhile keep the real time.
 */
const moment = new AsyncLocalStorage<number>();
setClockSource(() => moment.getStore());

/** Runs `work` with `now()`/`nowDb()` (db/time.ts) answering `at`. */
export function atTime<T>(at: Date, work: () => Promise<T>): Promise<T> {
  if (Number.isNaN(at.getTime())) throw new RangeError("invalid date");
  return moment.run(at.getTime(), work);
}
