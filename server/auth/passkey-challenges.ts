import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, PasskeyChallengePurpose } from "#db/schema";
import { addMs, fromDbTime, toDbTime } from "#db/time";
import { hashToken } from "./session";
import { markUsed } from "./tokens";

/** A WebAuthn ceremony gets five minutes, like the password step's MFA challenge. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60 * 1000;

/** The cookie that ties a ceremony to the browser that started it. */
export const PASSKEY_CHALLENGE_COOKIE = "passkey_challenge";

/**
 * Issues a random challenge (base64url, as WebAuthn carries it) for one ceremony; the database
 * keeps its sha256. Rows expired more than a day ago are swept here, so the table stays small
 * without a job.
 */
export async function issuePasskeyChallenge(
  db: Kysely<Database>,
  purpose: PasskeyChallengePurpose,
  userId: string | null,
  now = new Date(),
): Promise<string> {
  const challenge = randomBytes(32).toString("base64url");
  await db
    .deleteFrom("passkey_challenges")
    .where("expires_at", "<", toDbTime(addMs(now, -24 * 60 * 60 * 1000)))
    .execute();
  await db
    .insertInto("passkey_challenges")
    .values({
      id: hashToken(challenge),
      purpose,
      user_id: userId,
      created_at: toDbTime(now),
      expires_at: toDbTime(addMs(now, PASSKEY_CHALLENGE_TTL_MS)),
    })
    .execute();
  return challenge;
}

/**
 * Uses a challenge up: true only for a known, unexpired, unused challenge of this purpose
 * issued to this user (null for a passwordless sign-in). The conditional update lets one of
 * two concurrent uses win.
 */
export async function consumePasskeyChallenge(
  db: Kysely<Database>,
  challenge: string | null,
  purpose: PasskeyChallengePurpose,
  userId: string | null,
): Promise<boolean> {
  if (!challenge || !/^[A-Za-z0-9_-]{43}$/.test(challenge)) return false;
  const id = hashToken(challenge);
  const row = await db
    .selectFrom("passkey_challenges")
    .select(["purpose", "user_id", "expires_at", "used_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row || row.purpose !== purpose || row.used_at !== null) return false;
  if (row.user_id !== userId) return false;
  if (fromDbTime(row.expires_at) <= new Date()) return false;
  return markUsed(db, "passkey_challenges", id);
}
