import http from "node:http";
import { type Db, ping, within } from "#db";

/**
 * What a process does when it starts while its database is down: it keeps trying, answers
 * /healthz 200 and /readyz 503 meanwhile (so an orchestrator sees it alive but not ready and
 * routes nothing to it), and says so in its log every few seconds; it starts properly once the
 * database answers. A database that answers but refuses the portal (unknown database, wrong
 * user or password) is a configuration error: no waiting fixes it, so the process stops.
 */

/** Server error numbers that mean the configuration is wrong, not the database down. */
const REFUSALS = new Map<number, string>([
  [1044, "the user may not use this database"],
  [1045, "the user or password is wrong"],
  [1049, "the database does not exist"],
]);

export class DatabaseRefusedError extends Error {
  override name = "DatabaseRefusedError";
}

function errno(error: unknown): number | undefined {
  const value = (error as { errno?: unknown } | null)?.errno;
  return typeof value === "number" ? value : undefined;
}

function reason(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return typeof code === "string" && !message.includes(code) ? `${code}: ${message}` : message;
}

/**
 * One attempt: a single round trip on a fresh pool connection, without the pool's 15 s retry
 * (each attempt ends within `timeoutMs`, so attempts do not pile up).
 */
export async function probeDatabase(db: Db, timeoutMs: number): Promise<void> {
  if (db.native.engine === "sqlite") {
    await ping(db, timeoutMs);
    return;
  }
  const { pool } = db.native;
  try {
    await within(
      new Promise<void>((resolve, reject) =>
        pool.query("select 1", (error) => (error ? reject(error) : resolve())),
      ),
      timeoutMs,
      "database",
    );
  } catch (error) {
    const refusal = REFUSALS.get(errno(error) ?? 0);
    if (refusal) {
      throw new DatabaseRefusedError(
        `the database refuses the portal: ${refusal} (${reason(error)}); check DATABASE_URL`,
      );
    }
    throw error;
  }
}

export interface WaitOptions {
  timeoutMs: number;
  /** Between attempts, and so between log lines. */
  intervalMs?: number;
  log: { warn(fields: object, message: string): void; info(message: string): void };
  /** Where /healthz and /readyz answer while waiting; the process's own port. */
  listen?: { port: number; host: string; version: string };
  /** Stops waiting (a signal during the wait): resolves false. */
  signal?: AbortSignal;
}

/** Starts the stand-in health endpoints of a process still waiting for its database. */
function waitingServer(
  listen: NonNullable<WaitOptions["listen"]>,
  engine: string,
): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    const [status, body] =
      path === "/healthz"
        ? [200, { status: "ok", version: listen.version }]
        : path === "/readyz"
          ? [503, { status: "waiting-for-database", database: engine }]
          : [503, { status: "waiting-for-database" }];
    res
      .writeHead(status, { "Content-Type": "application/json", "Retry-After": "5" })
      .end(JSON.stringify(body));
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(listen.port, listen.host, () => resolve(server));
  });
}

/**
 * Waits for the database of a starting process, stopping the wait on SIGTERM or SIGINT (the
 * process then exits 0 without having started). Resolves false when stopped.
 */
export async function databaseBeforeStart(
  db: Db,
  options: Omit<WaitOptions, "signal">,
): Promise<boolean> {
  const stop = new AbortController();
  const abort = () => stop.abort();
  process.once("SIGTERM", abort);
  process.once("SIGINT", abort);
  try {
    return await waitForDatabase(db, { ...options, signal: stop.signal });
  } finally {
    process.off("SIGTERM", abort);
    process.off("SIGINT", abort);
  }
}

/**
 * Resolves true once the database answers; false when `signal` aborts first. Throws
 * DatabaseRefusedError when the database answers with a refusal.
 */
export async function waitForDatabase(db: Db, options: WaitOptions): Promise<boolean> {
  const intervalMs = options.intervalMs ?? 5_000;
  const started = Date.now();
  let server: http.Server | undefined;
  try {
    for (;;) {
      try {
        await probeDatabase(db, options.timeoutMs);
        if (server) options.log.info("database reachable: starting");
        return true;
      } catch (error) {
        if (error instanceof DatabaseRefusedError) throw error;
        options.log.warn(
          { database: db.engine, waitedSeconds: Math.round((Date.now() - started) / 1000) },
          `database unreachable (${reason(error)}): waiting for it, /readyz answers 503`,
        );
      }
      if (options.listen && !server) server = await waitingServer(options.listen, db.engine);
      const aborted = await new Promise<boolean>((resolve) => {
        if (options.signal?.aborted) return resolve(true);
        const timer = setTimeout(() => resolve(false), intervalMs);
        options.signal?.addEventListener("abort", () => {
          clearTimeout(timer);
          resolve(true);
        });
      });
      if (aborted) return false;
    }
  } finally {
    if (server) {
      const closing = server;
      closing.closeAllConnections();
      await new Promise<void>((resolve) => closing.close(() => resolve()));
    }
  }
}
