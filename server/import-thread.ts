import { parentPort } from "node:worker_threads";
import { createDb } from "#db";
import { configOrExit } from "./config";
import { ImportWorker } from "./features/cashback/worker";
import { processLogger } from "./logger";
import { storageFor } from "./storage";
import type { ImportThreadMessage } from "./import-threads";

/**
 * The web process's import jobs (previews, commits, re-runs of broker reports), in a worker
 * thread: parsing, pricing and their garbage never hold up the thread that answers pages, and
 * this thread's heap has its own limit. It has its own database connections; the jobs' leases
 * already let any number of workers share the queue, and the database's transactions and
 * conditional updates keep the money right whichever thread writes.
 */
const port = parentPort;
if (!port) throw new Error("import-thread runs only as a worker thread");

const config = configOrExit();
const log = processLogger(config).child({ process: "imports" });
const db = createDb({
  databaseUrl: config.DATABASE_URL,
  sqlitePath: config.SQLITE_PATH,
  // One job at a time: a pool of two (the job, its lease renewal) is enough.
  poolSize: 2,
});
const worker = new ImportWorker(
  { db, log, storage: storageFor(config) },
  {
    // The web thread keeps the metrics: this thread reports each job it ends.
    onJobEnded: (ended) => port.postMessage({ type: "ended", ended } satisfies ImportThreadMessage),
  },
);
worker.start();

port.on("message", (message: unknown) => {
  if (message !== "stop") return;
  // The chunk in hand is finished and the lease given back, then the connections closed.
  void worker
    .stop()
    .then(() => db.destroy())
    .catch((err: unknown) => log.error({ err }, "import thread stop"))
    .finally(() => port.postMessage({ type: "stopped" } satisfies ImportThreadMessage));
});
