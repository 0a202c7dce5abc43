import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type { CompiledQuery, Kysely } from "kysely";
import type { Db } from "#db";
import type { Database } from "#db/schema";

/**
 * Reads over a whole staged batch (the windowed searches for repeats, the members' row counts),
 * run where they hold nobody up. better-sqlite3 answers on the thread that asks, so on SQLite
 * one such read over 400,000 rows held every other request for seconds: there each runs in a
 * worker thread on a read-only connection of its own to the same file (WAL: the web process
 * writes meanwhile). MariaDB answers over the network, so there the read runs as any other.
 * Writes stay where they were: a second writer would make the web process wait on its lock.
 */
export type BatchRead = <R>(query: CompiledQuery<R>) => Promise<R[]>;

/** The worker: plain JavaScript (no loader in a worker), better-sqlite3 by its resolved path. */
const WORKER = `
const { workerData, parentPort } = require("node:worker_threads");
const Database = require(workerData.module);
const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
try {
  db.pragma("busy_timeout = 5000");
  parentPort.postMessage({ rows: db.prepare(workerData.sql).all(...workerData.params) });
} catch (error) {
  parentPort.postMessage({ error: String((error && error.message) || error) });
} finally {
  db.close();
}
`;

const betterSqlite = createRequire(import.meta.url).resolve("better-sqlite3");

/** How `db` runs the batch's whole-batch reads. */
export function batchReads(db: Db): BatchRead {
  const native = db.native;
  if (native.engine !== "sqlite" || native.database.memory) return onConnection(db.kysely);
  const file = native.database.name;
  return async <R>(compiled: CompiledQuery<R>): Promise<R[]> => {
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: { module: betterSqlite, file, sql: compiled.sql, params: compiled.parameters },
    });
    try {
      const [answer] = (await new Promise((resolve, reject) => {
        worker.once("message", (message) => resolve([message]));
        worker.once("error", reject);
      })) as [{ rows?: R[]; error?: string }];
      if (answer.error !== undefined) throw new Error(`batch read failed: ${answer.error}`);
      return answer.rows ?? [];
    } finally {
      await worker.terminate();
    }
  };
}

/** The reads on the connection given (MariaDB, an in-memory SQLite, or inside a transaction). */
export function onConnection(kysely: Kysely<Database>): BatchRead {
  return async <R>(query: CompiledQuery<R>) => (await kysely.executeQuery(query)).rows;
}
