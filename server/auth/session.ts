import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../../db";
import type { Language, Permission } from "../../db/schema";
import { addMs, fromDbTime, nowDb, toDbTime } from "../../db/time";

export const SESSION_COOKIE = "sid";
export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;
/** last_seen_at is refreshed at most this often, so reads do not turn into writes. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

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
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Creates a session and returns the token for the cookie; only its hash is stored. */
export async function createSession(
  db: Db,
  userId: string,
  meta: { ip?: string | null; userAgent?: string | null } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  const expiresAt = addMs(now, SESSION_TTL_MS);
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
  return { token, expiresAt };
}

/** The session and its user for a cookie token, or null when unknown or expired. */
export async function findSession(db: Db, token: string): Promise<CurrentSession | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const id = hashToken(token);
  const row = await db.kysely
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select([
      "sessions.id as session_id",
      "sessions.expires_at",
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
    .executeTakeFirst();
  if (!row) return null;
  const now = new Date();
  if (fromDbTime(row.expires_at) <= now) return null;
  if (now.getTime() - fromDbTime(row.last_seen_at).getTime() > TOUCH_EVERY_MS) {
    await db.kysely
      .updateTable("sessions")
      .set({ last_seen_at: nowDb() })
      .where("id", "=", id)
      .execute();
  }
  return {
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
  };
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
