import { randomUUID } from "node:crypto";
import type { Db } from "#db";
import type { Language } from "#db/schema";
import { languageFromCookieHeader, toLanguage } from "../domain/language";
import type { Config } from "../config";
import type { Logger } from "../logger";
import type { Admission } from "../auth/password";
import { type Mailer, mailerFor } from "../mail";
import { type Storage, storageFor } from "../storage";
import {
  type CurrentSession,
  lookUpSession,
  readCookie,
  SESSION_COOKIE,
  type SessionRules,
} from "../auth/session";

export interface Context {
  db: Db;
  /**
   * Where the read-only lists and exports read: the DATABASE_READ_URL replica, except for a
   * state-changing request and for a few seconds after this browser's own write (the page the
   * member lands on after a form must show what was just done; a replica may lag).
   */
  listDb: Db;
  /** Set when this request changed something: the response then starts the writer window. */
  wrote: boolean;
  config: Config;
  log: Logger;
  requestId: string;
  locale: Language;
  session: CurrentSession | null;
  /** Why the cookie's session is over ("idle" or "expired"), so the login page can say so. */
  sessionEnded: "idle" | "expired" | null;
  ip: string | null;
  userAgent: string | null;
  mailer: Mailer;
  /** Uploaded files (profile images, broker art): local disk under UPLOAD_DIR by default. */
  storage: Storage;
  /** Reads a request cookie (the session and the MFA challenge live in cookies). */
  cookie(name: string): string | null;
  /** Headers the HTTP layer adds to the response (cookies set by a procedure). */
  resHeaders: Headers;
  /**
   * The sign-in place the HTTP layer's door took for this request's address, handed to the
   * first sign-in that asks (once: a batch's others take their own).
   */
  takeSignInPlace?: () => Admission | null;
}

export interface ContextDeps {
  db: Db;
  config: Config;
  log: Logger;
  mailer?: Mailer;
  storage?: Storage;
}

export interface RequestInfo {
  url: string;
  headers: { get(name: string): string | null };
  ip?: string | null;
  requestId?: string;
  method?: string;
  /** The sign-in place the door took for this request (server/auth/sign-in-door.ts). */
  signInPlace?: Admission | null;
}

/** The configured idle limits and lifetime of sessions. */
export function sessionRules(config: Config): SessionRules {
  return {
    idle: {
      adminMs: config.SESSION_IDLE_MINUTES_ADMIN * 60_000,
      memberMs: config.SESSION_IDLE_MINUTES_MEMBER * 60_000,
    },
    lifetimeMs: config.SESSION_LIFETIME_DAYS * 24 * 60 * 60_000,
  };
}

/** The cookie that keeps a browser's reads on the writer for a moment after its own write. */
export const RECENT_WRITE_COOKIE = "recent_write";
const RECENT_WRITE_SECONDS = 10;

/** The Set-Cookie of the writer window, added to the response of a request that wrote. */
export function recentWriteCookie(): string {
  return `${RECENT_WRITE_COOKIE}=1; Max-Age=${RECENT_WRITE_SECONDS}; Path=/; HttpOnly; SameSite=Lax`;
}

/** Builds the per-request context: who is asking, in which language, with what id. */
export async function createContext(deps: ContextDeps, req: RequestInfo): Promise<Context> {
  const cookieHeader = req.headers.get("cookie");
  const token = readCookie(cookieHeader, SESSION_COOKIE);
  const lookup = token
    ? await lookUpSession(deps.db, token, sessionRules(deps.config))
    : { session: null, ended: null };
  const session = lookup.session;
  let signInPlace = req.signInPlace ?? null;
  const requestId = req.requestId ?? randomUUID();
  const fromQuery = toLanguage(new URL(req.url, "http://x").searchParams.get("lng"));
  const readsOnWriter =
    (req.method !== undefined && req.method !== "GET" && req.method !== "HEAD") ||
    readCookie(cookieHeader, RECENT_WRITE_COOKIE) !== null;
  return {
    db: deps.db,
    listDb: readsOnWriter ? deps.db : { ...deps.db, kysely: deps.db.reader },
    wrote: false,
    config: deps.config,
    log: deps.log.child({ requestId }),
    requestId,
    locale: fromQuery ?? languageFromCookieHeader(cookieHeader) ?? "ja",
    session,
    sessionEnded: lookup.ended,
    ip: req.ip ?? null,
    userAgent: req.headers.get("user-agent"),
    mailer: deps.mailer ?? mailerFor(deps.config, deps.log),
    storage: deps.storage ?? storageFor(deps.config),
    cookie: (name) => readCookie(cookieHeader, name),
    resHeaders: new Headers(),
    takeSignInPlace: () => {
      const place = signInPlace;
      signInPlace = null;
      return place;
    },
  };
}
