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
}

/**
 * Prepares `server` for a graceful stop and returns the function that performs it:
 * stop accepting connections, close idle keep-alive connections, let in-flight requests
 * finish (their connections close after the response), run `onDrained` (close the database),
 * and force-close whatever remains after `timeoutMs`. Calling it again returns the same promise.
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
      const force = setTimeout(() => {
        log.warn({ inFlight: inFlight.size }, "shutdown timeout: closing remaining connections");
        server.closeAllConnections();
      }, options.timeoutMs);
      force.unref();
      server.close(() => {
        clearTimeout(force);
        server.off("request", onRequest);
        void (options.onDrained?.() ?? Promise.resolve())
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
