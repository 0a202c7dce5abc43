import { randomUUID } from "node:crypto";
import express, { type RequestHandler } from "express";
import { type Logger, redactUrl } from "./logger";

declare module "node:http" {
  interface IncomingMessage {
    /** The request's id: the caller's X-Request-Id when it looks like one, else a new UUID. */
    id: string;
    /** A logger with the request (id, method, URL) bound, made when something first logs. */
    log: Logger;
  }
}

/** What `req.log` is made from, kept on the request as a plain property. */
const REQUEST_LOG = Symbol("request log");
type LoggedRequest = express.Request & {
  [REQUEST_LOG]?: { base: Logger; request: object; own: Logger | undefined };
};

/**
 * `req.log`, made when something first logs (a child logger with the redaction costs about
 * 50 µs, and most requests log nothing), is one getter on Express's request prototype: an
 * accessor defined on each request gave every request a hidden class of its own, and V8's
 * young-generation collections then kept each request's objects alive until a full collection.
 */
Object.defineProperty(express.request, "log", {
  configurable: true,
  get(this: LoggedRequest) {
    const made = this[REQUEST_LOG];
    if (!made) return undefined;
    return (made.own ??= made.base.child({ req: made.request }));
  },
});

/** What a caller's X-Request-Id must look like to be kept (a proxy's, a load balancer's). */
const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/**
 * The request's id (also sent back as X-Request-Id) and one access line when its response ends:
 * `request completed` with the request's id, method and URL (secret query values hidden), the
 * status and the milliseconds, at warn for a 4xx and `request errored` at error for a 5xx.
 *
 * The access line's fields are fixed and its URL already cleaned, so it is written by a child
 * without pino's redaction: the redaction's wildcard paths cost about 50 µs a line, more than
 * the rest of the line (bench/pages). Everything else logged for the request
 * goes through `req.log`, which keeps the redaction.
 */
export function accessLog(log: Logger, skip: (url: string) => boolean): RequestHandler {
  const lines = log.child({}, { redact: { paths: [] } });
  return (req, res, next) => {
    const incoming = req.headers["x-request-id"];
    const id = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    req.id = id;
    res.setHeader("X-Request-Id", id);
    const request = { id, method: req.method, url: redactUrl(req.originalUrl) };
    (req as LoggedRequest)[REQUEST_LOG] = { base: log, request, own: undefined };
    if (skip(req.url)) return next();
    const started = Date.now();
    const ended = () => {
      res.off("finish", ended);
      res.off("close", ended);
      const entry = {
        req: request,
        res: { statusCode: res.statusCode },
        responseTime: Date.now() - started,
      };
      if (res.statusCode >= 500) lines.error(entry, "request errored");
      else if (res.statusCode >= 400) lines.warn(entry, "request completed");
      else lines.info(entry, "request completed");
    };
    res.on("finish", ended);
    res.on("close", ended);
    next();
  };
}
