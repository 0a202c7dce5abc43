import type { IncomingMessage } from "node:http";
import type { RequestHandler, Response } from "express";
import { addressGroup, DEVICE_COOKIE, deviceKey, knownDevice } from "./device-cookie";
import { type Admission, hashSlots } from "./password";
import { readCookie } from "./session";

/** The procedure whose requests the door judges. */
const SIGN_IN = "auth.login";

/** A sign-in's body is an email and a password: anything near this is not a browser's. */
export const MAX_SIGN_IN_BODY = 16 * 1024;

/**
 * The sign-in door at the HTTP layer, in front of the tRPC endpoint: a flood of password
 * guesses is refused here, before the request's context (session lookup, cookies, logger), its
 * input parsing and the attempt counts' writes, so a refusal costs a few microseconds of the
 * event loop instead of a trip through the whole stack.
 *
 * It applies the in-memory rules the procedure applies first, and only them: the shared
 * hashing pool has room, and the sender's address (IPv6 by its /64) holds fewer than its
 * places. It takes that place itself and hands it to the procedure, which applies every
 * other rule (the door decides nothing the procedure would not). A browser presenting a device cookie
 * valid for the account it signs in to never meets the door: its cookie names no account, so
 * the door reads the (small) body for the email to check it against, and hands the body on.
 * Without a cookie the door decides before the body is read.
 *
 * Refusals here are not written to the attempt counts: no password was checked, and a write
 * per refusal is exactly the cost a flood should not be able to buy.
 */
export function signInDoor(options: {
  deviceSecret: string | undefined;
  /** The tRPC error body for a refusal, one entry per procedure of a batch. */
  refusal: (paths: string[], batch: boolean) => unknown;
  /** Called with each refusal (metrics). */
  onRefuse?: () => void;
}): RequestHandler {
  const key = deviceKey(options.deviceSecret);
  return (req, res, next) => {
    if (req.method !== "POST") return next();
    const paths = procedures(req.path);
    if (!paths.includes(SIGN_IN)) return next();
    const batch = req.query.batch === "1" || req.query.batch === "true";
    const group = addressGroup(req.ip ?? null);
    const refuse = () => {
      options.onRefuse?.();
      res.status(503).setHeader("Cache-Control", "no-store");
      res.json(options.refusal(paths, batch));
    };
    // A new device's attempt takes its address's place here, as the procedure would: a burst
    // sent at once is refused past the address's places even before any of it is checked.
    // The place goes with the request to the procedure, and is given back when the response
    // ends whatever happened (given back twice is given back once).
    const admitNewDevice = () => {
      const place = hashSlots.hasRoom() ? hashSlots.admit({ address: group }) : null;
      if (!place) return refuse();
      res.locals[PLACE] = place;
      res.once("close", place.release);
      next();
    };
    const device = readCookie(req.headers.cookie, DEVICE_COOKIE);
    if (!device) return admitNewDevice();
    const declared = Number(req.headers["content-length"] ?? NaN);
    // Too long for a sign-in: not a known device's; the procedure refuses its input.
    if (declared > MAX_SIGN_IN_BODY) return admitNewDevice();
    readSmall(req, MAX_SIGN_IN_BODY).then(
      (text) => {
        if (text === null) {
          res.status(413).setHeader("Connection", "close");
          res.json({ error: { code: "PAYLOAD_TOO_LARGE", message: "sign-in body too large" } });
          res.on("finish", () => req.destroy());
          return;
        }
        // The tRPC adapter takes a body already read from here instead of the stream.
        (req as IncomingMessage & { body?: string }).body = text;
        const emails = signInEmails(text, paths, batch);
        const known =
          emails.length > 0 && emails.every((email) => knownDevice(key, device, email) !== null);
        if (!known) return admitNewDevice();
        next();
      },
      () => undefined,
    );
  };
}

/** Where a sign-in refused at the login form's door is sent: the page says to wait. */
export const SIGN_IN_BUSY_PAGE = "/login?busy=1";

/**
 * Single fetch's answer to an action that redirects, as Remix's server writes it: the
 * turbo-stream encoding of `{ redirect, status, revalidate, reload, replace }` (a fixed text;
 * the integration test decodes it with turbo-stream).
 */
const SINGLE_FETCH_BUSY_REDIRECT = `${JSON.stringify([
  { _1: 2, _3: 4, _5: 6, _7: 6, _8: 6 },
  "redirect",
  SIGN_IN_BUSY_PAGE,
  "status",
  303,
  "revalidate",
  false,
  "reload",
  "replace",
])}\n`;

/**
 * The same door in front of the login page's form (POST /login, with or without JavaScript):
 * a refused post is answered with a redirect to the page that says to wait, before Remix runs
 * the action and renders the page again. A post with a device cookie goes on unread (the form
 * body is the page's, and the procedure checks the cookie against the email it holds); one
 * without takes its address's place here, or is refused, as at the tRPC door.
 */
export function signInFormDoor(options: { onRefuse?: () => void } = {}): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "POST" || (req.path !== "/login" && req.path !== "/login.data")) {
      return next();
    }
    if (readCookie(req.headers.cookie, DEVICE_COOKIE)) return next();
    const group = addressGroup(req.ip ?? null);
    const place = hashSlots.hasRoom() ? hashSlots.admit({ address: group }) : null;
    if (!place) {
      options.onRefuse?.();
      res.setHeader("Cache-Control", "no-store");
      // A script's submission is redirected the way its client reads a redirect: single fetch
      // (`/login.data`) as a turbo-stream body with 202, the older `_data` request by a header.
      if (req.path === "/login.data") {
        res.status(202).setHeader("Content-Type", "text/x-script");
        res.end(SINGLE_FETCH_BUSY_REDIRECT);
        return;
      }
      if (req.query._data !== undefined) {
        res.status(204).setHeader("X-Remix-Redirect", SIGN_IN_BUSY_PAGE);
        res.end();
        return;
      }
      res.redirect(303, SIGN_IN_BUSY_PAGE);
      return;
    }
    res.locals[PLACE] = place;
    res.once("close", place.release);
    next();
  };
}

const PLACE = "signInPlace";

/** The place the door took for this request's sign-in, if it took one. */
export function signInPlace(res: Response): Admission | null {
  return (res.locals[PLACE] as Admission | undefined) ?? null;
}

/** The procedures a tRPC request names: "/a.b" or, batched, "/a.b,c.d". */
function procedures(path: string): string[] {
  return path.replace(/^\//, "").split(",");
}

/** The emails of the request's sign-ins (none when the body is not what a client sends). */
export function signInEmails(text: string, paths: string[], batch: boolean): string[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [];
  }
  const inputs = batch
    ? paths.flatMap((p, i) =>
        p === SIGN_IN ? [(body as Record<string, unknown> | null)?.[String(i)]] : [],
      )
    : [body];
  const emails: string[] = [];
  for (const input of inputs) {
    const email = (input as { email?: unknown } | null | undefined)?.email;
    if (typeof email !== "string") return [];
    emails.push(email);
  }
  return emails;
}

/** The body as text, or null past `max` bytes; rejects when the client goes away. */
function readSmall(req: IncomingMessage, max: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) over = true;
      else chunks.push(chunk);
    });
    req.once("end", () => resolve(over ? null : Buffer.concat(chunks).toString("utf8")));
    req.once("error", reject);
    req.once("aborted", () => reject(new Error("aborted")));
  });
}
