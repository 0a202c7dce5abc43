import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Db } from "#db";
import { prepared } from "#db/prepared";
import { isDatabaseUnavailable } from "#db/dialect";
import type { Database, Language, Permission } from "#db/schema";
import { addMs, fromDbTime, toDbTime } from "#db/time";
import { recordAudit } from "../audit";
import { AppError } from "../errors";
import { dueChecks, dueColumn, dueFlags, type DueOnNextPage } from "./due";

export const SESSION_COOKIE = "sid";
/** The absolute lifetime by default: a session ends this long after sign-in, active or not. */
export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/** How long a session may sit unused before it ends (OWASP ASVS 3.3): by role. */
export interface IdleLimits {
  adminMs: number;
  memberMs: number;
}
export const DEFAULT_IDLE: IdleLimits = { adminMs: 30 * 60 * 1000, memberMs: 24 * 60 * 60 * 1000 };

/**
 * last_seen_at is refreshed at most this often, so reads do not turn into writes: a tenth of
 * the idle limit (3 minutes for admins), at most 5 minutes. A session may so end up to that
 * much before its idle limit, never after.
 */
function touchEvery(idleMs: number): number {
  return Math.min(5 * 60 * 1000, Math.floor(idleMs / 10));
}

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  nickname: string;
  permission: Permission;
  language: Language;
  emailVerified: boolean;
}

export interface CurrentSession {
  sessionId: string;
  user: SessionUser;
  /**
   * Whether the shell has something to open for this member, read with the session (one query
   * instead of one more per feature on every page): each flag a feature registered with
   * registerDue (a reached goal not shown, a popup not seen, terms to agree to again). When
   * false, the feature's procedure answers "nothing" without asking; when true, it reads the rows.
   */
  due: DueOnNextPage;
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The ways a session is earned, as the sign-in's audit record names them. */
export type SignInMethod =
  "password" | "secondFactor" | "passkey" | "emailLink" | "invitation" | "line";

/** Creates a session and returns the token for the cookie; only its hash is stored. */
export async function createSession(
  db: Db,
  userId: string,
  meta: {
    ip?: string | null;
    userAgent?: string | null;
    lifetimeMs?: number;
    /** How the person proved who they are, for the sign-in's audit record. */
    method?: SignInMethod;
  } = {},
): Promise<{ token: string; expiresAt: Date }> {
  // Every way of signing in ends here: a closed account gets no session, whatever it proved.
  const owner = await db.kysely
    .selectFrom("users")
    .select(["closed_at", "admin_suspended_at", "admin_removed_at"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (owner?.closed_at != null) throw new AppError("UNAUTHORIZED", "accountClosedSignIn");
  // A suspended or removed admin gets no session either.
  if (owner?.admin_suspended_at != null || owner?.admin_removed_at != null) {
    throw new AppError("UNAUTHORIZED", "adminAccessEnded");
  }
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  const expiresAt = addMs(now, meta.lifetimeMs ?? SESSION_TTL_MS);
  await db.kysely
    .insertInto("sessions")
    .values({
      id: hashToken(token),
      user_id: userId,
      created_at: toDbTime(now),
      expires_at: toDbTime(expiresAt),
      last_seen_at: toDbTime(now),
      ip: meta.ip?.slice(0, 64) ?? null,
      user_agent: meta.userAgent?.slice(0, 255) ?? null,
    })
    .execute();
  // Every session starts with a security event in the audit log: the member's customer page
  // and the audit page show who signed in, when, from where.
  await recordAudit(db.kysely, {
    actorId: userId,
    action: "auth.signIn",
    targetType: "user",
    targetId: userId,
    data: meta.method ? { method: meta.method } : undefined,
    origin: { ip: meta.ip ?? null, userAgent: meta.userAgent ?? null },
  });
  return { token, expiresAt };
}

export interface SessionRules {
  idle?: IdleLimits;
  /** The absolute lifetime, counted from sign-in (SESSION_TTL_MS unless configured). */
  lifetimeMs?: number;
  now?: Date;
}

export type SessionLookup =
  { session: CurrentSession; ended: null } | { session: null; ended: "idle" | "expired" | null };

/** The session and its user for a cookie token, or null when unknown, expired or idle too long. */
export async function findSession(
  db: Db,
  token: string,
  options: SessionRules = {},
): Promise<CurrentSession | null> {
  return (await lookUpSession(db, token, options)).session;
}

/**
 * The session with its member and what the registered features have due on their next page:
 * one statement, on every request.
 */
const sessionStatement = () =>
  prepared(2, (kysely: Kysely<Database>, id: string, now: string) =>
    kysely
      .selectFrom("sessions")
      .innerJoin("users", "users.id", "sessions.user_id")
      .select((eb) => [
        ...[...dueChecks()].map(([name, check]) =>
          eb.exists(check(kysely, eb.ref("users.id"), now)).as(dueColumn(name)),
        ),
        "sessions.id as session_id",
        "sessions.expires_at",
        "sessions.created_at",
        "sessions.last_seen_at",
        "users.id",
        "users.email",
        "users.name",
        "users.nickname",
        "users.permission",
        "users.language",
        "users.email_verified_at",
      ])
      .where("sessions.id", "=", id)
      // An expired session answers no row, as a deleted one does ("expired" either way).
      .where("sessions.expires_at", ">", now)
      // A closed account's sessions were ended with it; one left over serves nothing.
      .where("users.closed_at", "is", null),
  );

/** The session statement for the checks registered so far (only ever added to, at load). */
const sessionStatements = new Map<number, ReturnType<typeof sessionStatement>>();

function sessionRow(kysely: Kysely<Database>, id: string, now: string) {
  const registered = dueChecks().size;
  let statement = sessionStatements.get(registered);
  if (!statement) sessionStatements.set(registered, (statement = sessionStatement()));
  return statement(kysely, id, now);
}

/**
 * As findSession, and why a cookie's session is over: "idle" (unused past its role's limit;
 * the row is deleted), "expired" (past its absolute lifetime, or no longer there: ended by an
 * earlier request's idle check, signed out elsewhere, a password change), or null (a cookie
 * that was never a session token).
 */
export async function lookUpSession(
  db: Db,
  token: string,
  options: SessionRules = {},
): Promise<SessionLookup> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return { session: null, ended: null };
  const id = hashToken(token);
  const now = options.now ?? new Date();
  const [row] = await sessionRow(db.kysely, id, toDbTime(now));
  // A token of ours whose session is gone: the member was signed in, so login says it ended and
  // brings them back (the idle check deletes the row, so a second request, a poll or another
  // tab, lands here).
  if (!row) return { session: null, ended: "expired" };
  const lifetimeEnd = fromDbTime(row.created_at).getTime() + (options.lifetimeMs ?? SESSION_TTL_MS);
  if (fromDbTime(row.expires_at) <= now || lifetimeEnd <= now.getTime()) {
    return { session: null, ended: "expired" };
  }
  const idle = options.idle ?? DEFAULT_IDLE;
  const idleMs = row.permission === "admin" ? idle.adminMs : idle.memberMs;
  const unusedMs = now.getTime() - fromDbTime(row.last_seen_at).getTime();
  if (unusedMs > idleMs) {
    await db.kysely.deleteFrom("sessions").where("id", "=", id).execute();
    return { session: null, ended: "idle" };
  }
  if (unusedMs > touchEvery(idleMs)) {
    // Only a freshness mark: when the database is failing over, the next request sets it.
    await db.kysely
      .updateTable("sessions")
      .set({ last_seen_at: toDbTime(now) })
      .where("id", "=", id)
      .execute()
      .catch((error: unknown) => {
        if (!isDatabaseUnavailable(error)) throw error;
      });
  }
  const session: CurrentSession = {
    sessionId: row.session_id,
    user: {
      id: row.id,
      email: row.email,
      name: row.name,
      nickname: row.nickname,
      permission: row.permission,
      language: row.language,
      emailVerified: row.email_verified_at !== null,
    },
    due: dueFlags(row),
  };
  return { session, ended: null };
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.kysely.deleteFrom("sessions").where("id", "=", sessionId).execute();
}

export async function deleteUserSessions(db: Db, userId: string): Promise<void> {
  await db.kysely.deleteFrom("sessions").where("user_id", "=", userId).execute();
}

/** Reads one cookie from a Cookie header without a parser dependency. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function sessionCookie(token: string, expiresAt: Date, secure: boolean): string {
  const attrs = [
    `${SESSION_COOKIE}=${token}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Expires=${expiresAt.toUTCString()}`,
  ];
  if (secure) attrs.push("Secure");
  return attrs.join("; ");
}

export function clearSessionCookie(secure: boolean): string {
  const attrs = [`${SESSION_COOKIE}=`, "Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=0"];
  if (secure) attrs.push("Secure");
  return attrs.join("; ");
}
