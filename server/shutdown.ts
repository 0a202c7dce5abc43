import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Logger } from "./logger";

export interface GracefulShutdownOptions {
  log: Logger;
  /** After this long, connections still open are closed whatever they are doing. */
  timeoutMs: number;
  /** Runs once every connection is gone: close the database here. */
  onDrained?: () => Promise<void>;
  /** Called first, so /readyz answers 503 and load balancers stop sending traffic. */
  setNotReady?: () => void;
  /** Handlers still running after their client left: waited for (up to the timeout) too. */
  work?: HandlerWork;
}

/**
 * Request handlers still running. A client that gives up closes its connection, but the
 * handler behind it goes on (a loader mid-query, an action mid-transaction); closing the
 * database under it would turn that work into errors. Shutdown waits for these as well as for
 * the connections before it runs `onDrained`.
 */
export class HandlerWork {
  private running = 0;
  private waiters: (() => void)[] = [];

  /** The same handler, counted from its call until its promise settles. */
  track<Args extends unknown[]>(handler: (...args: Args) => unknown): (...args: Args) => unknown {
    return (...args: Args) => {
      this.running += 1;
      return Promise.resolve()
        .then(() => handler(...args))
        .finally(() => {
          this.running -= 1;
          if (this.running === 0) for (const wake of this.waiters.splice(0)) wake();
        });
    };
  }

  get size(): number {
    return this.running;
  }

  /** Resolves once no tracked handler is running. */
  idle(): Promise<void> {
    return this.running === 0
      ? Promise.resolve()
      : new Promise((resolve) => this.waiters.push(resolve));
  }
}

/**
 * Prepares `server` for a graceful stop and returns the function that performs it:
 * stop accepting connections, close idle keep-alive connections, let in-flight requests
 * finish (their connections close after the response) and tracked handlers whose client left,
 * run `onDrained` (close the database), and force-close whatever remains after `timeoutMs`. Calling it again returns the same promise.
 * The caller decides what a signal does (see server/http.ts).
 */
export function installGracefulShutdown(
  server: Server,
  options: GracefulShutdownOptions,
): (signal: string) => Promise<void> {
  const { log } = options;
  const inFlight = new Set<ServerResponse>();
  let stopping: Promise<void> | null = null;

  // Without this, a keep-alive connection whose request finishes during shutdown would stay
  // open until the keep-alive timeout, holding close() and the database open with it.
  const onRequest = (_req: IncomingMessage, res: ServerResponse) => {
    if (stopping && !res.headersSent) res.setHeader("Connection", "close");
    inFlight.add(res);
    res.once("close", () => {
      inFlight.delete(res);
      if (stopping) setImmediate(() => server.closeIdleConnections());
    });
  };
  server.prependListener("request", onRequest);

  return (signal: string) => {
    stopping ??= new Promise<void>((resolve) => {
      options.setNotReady?.();
      log.info(
        { signal, inFlight: inFlight.size },
        "shutting down: no new connections, finishing in-flight requests",
      );
      for (const res of inFlight) {
        if (!res.headersSent) res.setHeader("Connection", "close");
      }
      let timedOut: () => void = () => {};
      const deadline = new Promise<void>((resolve) => (timedOut = resolve));
      const force = setTimeout(() => {
        log.warn(
          { inFlight: inFlight.size, handlers: options.work?.size ?? 0 },
          "shutdown timeout: closing remaining connections",
        );
        server.closeAllConnections();
        timedOut();
      }, options.timeoutMs);
      force.unref();
      server.close(() => {
        server.off("request", onRequest);
        void Promise.race([options.work?.idle() ?? Promise.resolve(), deadline])
          .then(() => {
            clearTimeout(force);
            return options.onDrained?.() ?? Promise.resolve();
          })
          .catch((err: unknown) => log.error({ err }, "closing the database failed"))
          .then(() => {
            log.info("stopped");
            resolve();
          });
      });
      // Keep-alive sockets with no request in flight would hold close() open.
      server.closeIdleConnections();
    });
    return stopping;
  };
}
