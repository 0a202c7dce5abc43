import type { Request, RequestHandler, Response } from "express";
import { MAX_EA_BYTES, MAX_IMAGE_BYTES, MAX_REPORT_BYTES } from "./domain/upload";

/** Room for the form fields and multipart framing around the files. */
const FRAMING = 1024 * 1024;
/**
 * A file's own limit is enforced while parsing, which stops at it and says "too large" in the
 * form. The body limit is the backstop past that: twice the largest file, so a file somewhat
 * over its limit (the usual mistake) still gets the form's message, and only far larger
 * bodies get the plain 413.
 */
const uploadLimit = (largestFile: number) => 2 * largestFile + FRAMING;
/** Admins upload broker reports and EA files. */
export const ADMIN_UPLOAD_LIMIT = uploadLimit(Math.max(MAX_REPORT_BYTES, MAX_EA_BYTES));
/** Members upload one image at a time (profile, chat). */
export const MEMBER_UPLOAD_LIMIT = uploadLimit(MAX_IMAGE_BYTES);

/** The largest body this request may carry. */
export function bodyLimitFor(req: Pick<Request, "path" | "headers">, limit: number): number {
  const type = String(req.headers["content-type"] ?? "").toLowerCase();
  if (!type.startsWith("multipart/form-data")) return limit;
  if (req.path.startsWith("/admin/")) return ADMIN_UPLOAD_LIMIT;
  if (req.path.startsWith("/users/")) return MEMBER_UPLOAD_LIMIT;
  return limit;
}

/** Answers 413 and closes the connection once the answer is out: the rest is never read. */
function refuse(req: Request, res: Response, limit: number): void {
  if (res.headersSent) {
    req.destroy();
    return;
  }
  res.on("finish", () => req.destroy());
  const mb = Math.max(1, Math.round(limit / 1024 / 1024));
  res.status(413).setHeader("Connection", "close");
  if (req.path.startsWith("/api/trpc")) {
    res.json({ error: { code: "PAYLOAD_TOO_LARGE", message: `request body over ${mb} MB` } });
  } else {
    res
      .type("text/plain; charset=utf-8")
      .send(
        `リクエストが大きすぎます（上限 ${mb} MB）。\nThe request is too large (limit ${mb} MB).\n`,
      );
  }
}

/**
 * Refuses a request body past its limit before it is read: a declared Content-Length over the
 * limit gets 413 at once; a body sent without one (chunked) is counted as it streams and the
 * connection is cut at the limit. Whatever reads the body later (the tRPC adapter, Remix's
 * formData, the upload parsers) never holds more than the limit. Uploads keep their own,
 * smaller per-file limits, enforced while parsing.
 */
export function bodyLimit(limit: number): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const max = bodyLimitFor(req, limit);
    const declared = req.headers["content-length"];
    if (declared !== undefined) {
      const length = Number(declared);
      if (!Number.isSafeInteger(length) || length < 0 || length > max) {
        refuse(req, res, max);
        return;
      }
      return next();
    }
    if (req.headers["transfer-encoding"]) {
      // Counted as the reader receives it: a listener of our own would change the stream's
      // flow (start it early, or, paused first, keep the reader's listener from starting it).
      let seen = 0;
      const emit = req.emit.bind(req) as (event: string | symbol, ...args: unknown[]) => boolean;
      req.emit = ((event: string | symbol, ...args: unknown[]) => {
        if (event === "data") {
          seen += (args[0] as Buffer).length;
          if (seen > max) {
            refuse(req, res, max);
            return false;
          }
        }
        return emit(event, ...args);
      }) as typeof req.emit;
    }
    next();
  };
}
