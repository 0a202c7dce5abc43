import { Worker } from "node:worker_threads";
import type { Logger } from "pino";
import { countJob, type EndedJob } from "./features/cashback/worker";

/** What the import thread tells the web thread. */
export type ImportThreadMessage = { type: "ended"; ended: EndedJob } | { type: "stopped" };

/**
 * The import thread's heap limit. Its heap stays under 90 MB for a 50 MB report; the
 * limit makes it collect before it grows to several times that, and a report that truly needed
 * more fails its job (retried, then marked failed) instead of taking the web process down.
 */
export const IMPORT_HEAP_MB = 128;

/**
 * The import thread's young generation: the web thread's (its `--max-semi-space-size=8`, three
 * semi-spaces). Left to V8, a thread's young generation is twice that, held at its largest
 * through a preview that allocates fast.
 */
export const IMPORT_YOUNG_MB = 24;

/** How long a stop waits for the job in hand to reach a safe point before ending the thread. */
const STOP_WAIT_MS = 30_000;

/**
 * Runs the import jobs in a worker thread (`file`: the bundled import-thread.js) and starts it
 * again, after a pause, if it ever ends by itself; `stop()` lets the job in hand reach a safe
 * point and give its lease back.
 */
export function startImportThread(
  file: URL,
  log: Logger,
  /** For a test: the thread's environment (its configuration). */
  options: { env?: NodeJS.ProcessEnv } = {},
) {
  let worker: Worker | null = null;
  let stopping = false;
  let restart: NodeJS.Timeout | null = null;

  const start = () => {
    const thread = new Worker(file, {
      resourceLimits: {
        maxOldGenerationSizeMb: IMPORT_HEAP_MB,
        maxYoungGenerationSizeMb: IMPORT_YOUNG_MB,
      },
      ...options,
    });
    worker = thread;
    thread.on("message", (message: ImportThreadMessage) => {
      if (message.type === "ended") countJob(message.ended);
    });
    thread.on("error", (err) => log.error({ err }, "import thread failed"));
    thread.on("exit", (code) => {
      if (worker === thread) worker = null;
      if (stopping) return;
      // Its jobs' leases run out and another start (or process) takes them over.
      log.error({ code }, "import thread ended; starting it again in 5 s");
      restart = setTimeout(start, 5000);
      restart.unref();
    });
  };
  start();

  return {
    async stop() {
      stopping = true;
      if (restart) clearTimeout(restart);
      const thread = worker;
      if (!thread) return;
      const stopped = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, STOP_WAIT_MS);
        const done = () => {
          clearTimeout(timer);
          resolve();
        };
        thread.on("message", (message: ImportThreadMessage) => {
          if (message.type === "stopped") done();
        });
        thread.once("exit", done);
      });
      thread.postMessage("stop");
      await stopped;
      await thread.terminate();
    },
  };
}
