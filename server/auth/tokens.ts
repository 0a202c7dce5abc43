import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, TokenPurpose } from "#db/schema";
import { addMs, fromDbTime, nowDb, toDbTime } from "#db/time";
import { hashToken } from "./session";

/** How long each kind of link stays valid. */
export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
  change_email: 24 * 60 * 60 * 1000,
  recover_email: 7 * 24 * 60 * 60 * 1000,
  mfa_login: 5 * 60 * 1000,
};

/**
 * Purposes whose earlier tokens a new one does not retire. A pending second sign-in step
 * belongs to the browser that gave the password: another browser's password step (the owner
 * on a second device, or someone holding the password) must not cancel it. Each stands alone
 * until it is used or expires (five minutes).
 */
const STANDS_ALONE: ReadonlySet<TokenPurpose> = new Set(["mfa_login"]);

/**
 * Issues a single-use token and returns it; the database keeps only its hash. Earlier unused
 * links of the same purpose for the member are retired, so only the newest link works (second
 * sign-in steps excepted: see STANDS_ALONE).
 */
export async function issueToken(
  db: Kysely<Database>,
  userId: string,
  purpose: TokenPurpose,
  data: string | null = null,
  restoresVerifiedAt: string | null = null,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  if (!STANDS_ALONE.has(purpose)) await retireTokens(db, userId, purpose, toDbTime(now));
  await db
    .insertInto("auth_tokens")
    .values({
      id: hashToken(token),
      user_id: userId,
      purpose,
      data,
      restores_verified_at: restoresVerifiedAt,
      created_at: toDbTime(now),
      expires_at: toDbTime(addMs(now, TOKEN_TTL_MS[purpose])),
    })
    .execute();
  return token;
}

/** Ends the member's unused links of `purpose`: none of them works any more. */
export async function retireTokens(
  db: Kysely<Database>,
  userId: string,
  purpose: TokenPurpose,
  at: string = nowDb(),
): Promise<void> {
  await db
    .updateTable("auth_tokens")
    .set({ used_at: at })
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .execute();
}

export interface ConsumedToken {
  userId: string;
  data: string | null;
  /** For an email-change undo: when the address it restores was proven (null: never). */
  restoresVerifiedAt: string | null;
}

/**
 * Marks the token used and returns what it carried, or null when it is unknown, of another
 * purpose, expired or already used. The conditional update makes a double click or two
 * concurrent requests consume it once.
 */
export async function consumeToken(
  db: Kysely<Database>,
  token: string,
  purpose: TokenPurpose,
): Promise<ConsumedToken | null> {
  const found = await peekToken(db, token, purpose);
  if (!found) return null;
  return (await markUsed(db, "auth_tokens", hashToken(token))) ? found : null;
}

/**
 * Marks a one-time row (a token, a passkey challenge, a LINE sign-in's state or sign-up) used,
 * unless it already is: true for the one call that did, so of two concurrent requests (or a
 * replayed callback) only one goes on.
 */
export async function markUsed(
  db: Kysely<Database>,
  table:
    | "auth_tokens"
    | "passkey_challenges"
    | "line_login_requests"
    | "line_sign_in_requests"
    | "line_sign_ups",
  id: string,
): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set({ used_at: nowDb() })
    .where("id", "=", id)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Reads a token without using it (to show a confirmation page before acting). */
export async function peekToken(
  db: Kysely<Database>,
  token: string,
  purpose: TokenPurpose,
): Promise<ConsumedToken | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const row = await db
    .selectFrom("auth_tokens")
    .select(["user_id", "data", "expires_at", "used_at", "purpose", "restores_verified_at"])
    .where("id", "=", hashToken(token))
    .executeTakeFirst();
  if (!row || row.purpose !== purpose || row.used_at !== null) return null;
  if (fromDbTime(row.expires_at) <= new Date()) return null;
  return { userId: row.user_id, data: row.data, restoresVerifiedAt: row.restores_verified_at };
}
