import { createHash } from "node:crypto";
import type { Db } from "#db";
import { isUniqueViolation } from "#db/dialect";
import { addMs, nowDb, toDbTime } from "#db/time";
import type { CurrentSession } from "../../auth/session";
import type { Config } from "../../config";
import { AppError } from "../../errors";
import {
  authorizeUrl,
  exchangeCode,
  friendshipStatus,
  type LineLoginSettings,
  LineLoginError,
  newLoginSecrets,
} from "../../line/login";
import type { Logger } from "../../logger";
import { recordAudit } from "../../audit";
import { hasPasskeyColumn } from "../../auth/second-factor";
import { markUsed } from "../../auth/tokens";
import {
  isLineBack,
  LINE_LOGIN_STARTS,
  type LineLoginBack,
  type LineLoginStart,
} from "../../domain/line-link";
import {
  countedStepUp,
  lineReauthProven,
  lineStepUp,
  markReauthenticated,
  requireRecentReauth,
  stepUpAttempt,
} from "../auth/account-security";
import { acceptSecondFactor } from "../auth/sign-in";
import type { CallbackInput, Preferences } from "./schema";

/**
 * Linking a member's LINE account through LINE Login, unlinking it, and the member's
 * notification preferences. The login's state, nonce and PKCE verifier stay on the server,
 * bound to the session that started it; the callback only completes a login that this same
 * session started, within ten minutes, once.
 */

export interface LineDeps {
  db: Db;
  config: Config;
  log: Logger;
}

/** How long a started login may take to come back. */
export const LOGIN_TTL_MS = 10 * 60 * 1000;
/** Logins a session may have in progress; older ones are dropped. */
const MAX_PENDING_PER_SESSION = 5;

export function loginSettings(config: Config): LineLoginSettings | null {
  if (!config.LINE_LOGIN_CHANNEL_ID || !config.LINE_LOGIN_CHANNEL_SECRET) return null;
  return {
    channelId: config.LINE_LOGIN_CHANNEL_ID,
    channelSecret: config.LINE_LOGIN_CHANNEL_SECRET,
    apiBaseUrl: config.LINE_API_BASE_URL,
    loginBaseUrl: config.LINE_LOGIN_BASE_URL,
    issuer: config.LINE_LOGIN_ISSUER,
    timeoutMs: config.LINE_HTTP_TIMEOUT_MS,
  };
}

/** Opening this starts LINE Login for the session that opens it (a GET, then a 302 to LINE). */
export const START_PATH = "/users/line-connect/start";

/** The callback URL registered with the LINE Login channel. */
export function callbackUrl(config: Pick<Config, "APP_ORIGIN">): string {
  return `${config.APP_ORIGIN}/users/line-callback`;
}

const hashState = (state: string) => createHash("sha256").update(state).digest("hex");

const DEFAULT_PREFS: Preferences = {
  withdrawal: true,
  transfer: true,
  marathon: true,
  support: true,
};

export async function readPreferences(db: Db, userId: string): Promise<Preferences> {
  const row = await db.kysely
    .selectFrom("line_notify_prefs")
    .select(["withdrawal", "transfer", "marathon", "support"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row) return DEFAULT_PREFS;
  return {
    withdrawal: Number(row.withdrawal) === 1,
    transfer: Number(row.transfer) === 1,
    marathon: Number(row.marathon) === 1,
    support: Number(row.support) === 1,
  };
}

/** What /users/line-connect shows. */
export async function lineStatus(deps: LineDeps, userId: string) {
  const link = await deps.db.kysely
    .selectFrom("line_links")
    .leftJoin("line_friends", "line_friends.line_user_id", "line_links.line_user_id")
    .select(["line_links.display_name", "line_links.linked_at", "line_friends.following"])
    .where("line_links.user_id", "=", userId)
    .executeTakeFirst();
  const basicId = deps.config.LINE_BOT_BASIC_ID;
  return {
    /** Whether linking can start at all (LINE Login configured). */
    available: loginSettings(deps.config) !== null,
    linked: link
      ? {
          displayName: link.display_name,
          linkedAt: link.linked_at,
          /** False once the member unfollowed or blocked the account; null when unknown. */
          reachable: link.following === null ? null : Number(link.following) === 1,
        }
      : null,
    /** False while LINE is the account's only way in: unlinking is refused then. */
    unlinkable: (await signInWays(deps.db, userId)).otherWayIn,
    preferences: await readPreferences(deps.db, userId),
    addFriendUrl: basicId ? `https://line.me/R/ti/p/${encodeURIComponent(basicId)}` : null,
    /** The page that starts linking: the connect button's target and the QR code's content. */
    startUrl: `${deps.config.APP_ORIGIN}${START_PATH}`,
  };
}

/**
 * Starts LINE Login for the session: stores the secrets (the state only as a hash) and returns
 * the authorization URL to send the browser to.
 */
export async function startLogin(
  deps: LineDeps,
  session: CurrentSession,
  start: LineLoginStart = "line",
): Promise<string> {
  const settings = loginSettings(deps.config);
  if (!settings) throw new AppError("PRECONDITION_FAILED", "lineNotConfigured");
  const { purpose, back } = LINE_LOGIN_STARTS[start];
  if (purpose === "link") {
    // A linked LINE user signs in to the account: adding one is a change of the ways in.
    await requireRecentReauth(deps.db, session.sessionId);
  } else if (!(await lineStepUpOffered(deps, session.user.id))) {
    throw new AppError("BAD_REQUEST", "lineReauthUnavailable");
  }
  const secrets = newLoginSecrets();
  const now = new Date();
  const { db } = deps;
  await db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom("line_login_requests").where("expires_at", "<", toDbTime(now)).execute();
    const pending = await trx
      .selectFrom("line_login_requests")
      .select("id")
      .where("session_id", "=", session.sessionId)
      .orderBy("created_at", "desc")
      .execute();
    const stale = pending.slice(MAX_PENDING_PER_SESSION - 1).map((r) => r.id);
    if (stale.length)
      await trx.deleteFrom("line_login_requests").where("id", "in", stale).execute();
    await trx
      .insertInto("line_login_requests")
      .values({
        id: hashState(secrets.state),
        session_id: session.sessionId,
        user_id: session.user.id,
        nonce: secrets.nonce,
        code_verifier: secrets.codeVerifier,
        purpose,
        back_to: back,
        created_at: toDbTime(now),
        expires_at: toDbTime(addMs(now, LOGIN_TTL_MS)),
      })
      .execute();
  });
  return authorizeUrl(settings, {
    redirectUri: callbackUrl(deps.config),
    state: secrets.state,
    nonce: secrets.nonce,
    codeVerifier: secrets.codeVerifier,
  });
}

/** A refusal that says which page the login came from (`back`), so the route returns there. */
const refusal = (
  code: ConstructorParameters<typeof AppError>[0],
  key: string,
  back: LineLoginBack = "line",
) => new AppError(code, key, { back });
const generic = (back: LineLoginBack = "line") => refusal("BAD_REQUEST", "lineGeneric", back);

function fromLoginError(deps: LineDeps, error: unknown, step: string, back: LineLoginBack): never {
  if (error instanceof LineLoginError) {
    deps.log.warn({ step, kind: error.kind, reason: error.message }, "LINE Login failed");
    throw error.kind === "connection"
      ? refusal("BAD_GATEWAY", "lineConnection", back)
      : generic(back);
  }
  throw error;
}

/** The account's ways in besides LINE, and whether it may step up through LINE. */
async function signInWays(db: Db, userId: string) {
  const row = await db.kysely
    .selectFrom("users")
    .select((eb) => [
      "users.password_unset_at",
      "users.totp_enabled_at",
      hasPasskeyColumn(eb),
      eb
        .exists(
          eb
            .selectFrom("line_links")
            .select("line_links.user_id")
            .whereRef("line_links.user_id", "=", "users.id"),
        )
        .as("has_line"),
    ])
    .where("users.id", "=", userId)
    .executeTakeFirstOrThrow();
  return {
    row,
    /** A password the member knows, or a passkey: the account stays reachable without LINE. */
    otherWayIn: row.password_unset_at === null || Boolean(Number(row.has_passkey)),
  };
}

async function lineStepUpOffered(deps: LineDeps, userId: string): Promise<boolean> {
  const { row } = await signInWays(deps.db, userId);
  return lineStepUp(row, loginSettings(deps.config) !== null, false) !== null;
}

export type LoginOutcome =
  | { outcome: "linked"; back: LineLoginBack }
  /** The step-up is done: the re-authentication window is open. */
  | { outcome: "reauthenticated"; back: LineLoginBack }
  /** LINE matched; the account's authenticator code is still to be entered. */
  | { outcome: "codeNeeded"; back: LineLoginBack };

/**
 * The callback: checks the state against this session's logins (once, unexpired), exchanges
 * the code with the PKCE verifier, has LINE verify the ID token with our nonce, and links the
 * LINE user id to the member. One LINE account per member and one member per LINE account: the
 * database's unique keys decide races.
 */
export async function completeLogin(
  deps: LineDeps,
  session: CurrentSession,
  input: CallbackInput,
): Promise<LoginOutcome> {
  const settings = loginSettings(deps.config);
  if (!settings) throw new AppError("PRECONDITION_FAILED", "lineNotConfigured");
  if (!input.state) throw generic();
  const { db } = deps;
  const now = nowDb();
  const request = await db.kysely
    .selectFrom("line_login_requests")
    .select([
      "id",
      "session_id",
      "user_id",
      "nonce",
      "code_verifier",
      "purpose",
      "back_to",
      "expires_at",
      "used_at",
    ])
    .where("id", "=", hashState(input.state))
    .executeTakeFirst();
  const back: LineLoginBack = isLineBack(request?.back_to) ? request.back_to : "line";
  if (
    !request ||
    request.session_id !== session.sessionId ||
    request.user_id !== session.user.id ||
    request.expires_at < now
  ) {
    deps.log.warn({ found: Boolean(request) }, "LINE callback with an unknown or foreign state");
    throw generic(back);
  }
  // Spend the state before anything else: a replayed callback finds it used.
  if (!(await markUsed(db.kysely, "line_login_requests", request.id))) throw generic(back);
  const reauth = request.purpose === "reauth";

  if (input.error) {
    deps.log.info({ error: input.error }, "LINE Login returned an error");
    throw refusal(
      "BAD_REQUEST",
      input.error !== "access_denied"
        ? "lineGeneric"
        : reauth
          ? "lineReauthCancelled"
          : "lineCancelled",
      back,
    );
  }
  if (!input.code) throw generic(back);

  const redirectUri = callbackUrl(deps.config);
  const tokens = await exchangeCode(settings, {
    code: input.code,
    state: input.state,
    redirectUri,
    codeVerifier: request.code_verifier,
    nonce: request.nonce,
  }).catch((error: unknown) => fromLoginError(deps, error, "token", back));
  const identity = tokens.identity;
  if (reauth) return confirmThroughLine(deps, session, request.id, identity.sub, back);
  const friend = await friendshipStatus(settings, tokens.accessToken);

  try {
    await db.kysely.transaction().execute(async (trx) => {
      const holder = await trx
        .selectFrom("line_links")
        .select("user_id")
        .where("line_user_id", "=", identity.sub)
        .executeTakeFirst();
      if (holder && holder.user_id !== session.user.id) {
        throw refusal("CONFLICT", "lineTaken", back);
      }
      const stamp = nowDb();
      // A member linking another LINE account replaces the old link.
      await trx.deleteFrom("line_links").where("user_id", "=", session.user.id).execute();
      await trx
        .insertInto("line_links")
        .values({
          user_id: session.user.id,
          line_user_id: identity.sub,
          display_name: identity.name,
          linked_at: stamp,
          updated_at: stamp,
        })
        .execute();
      if (friend !== null) {
        // What LINE says now beats any follow/unfollow event from before this moment.
        const eventTs = Date.now();
        const changed = await trx
          .updateTable("line_friends")
          .set({ following: friend ? 1 : 0, event_ts: eventTs, updated_at: stamp })
          .where("line_user_id", "=", identity.sub)
          .where("event_ts", "<", eventTs)
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) === 0) {
          const exists = await trx
            .selectFrom("line_friends")
            .select("line_user_id")
            .where("line_user_id", "=", identity.sub)
            .executeTakeFirst();
          if (!exists) {
            await trx
              .insertInto("line_friends")
              .values({
                line_user_id: identity.sub,
                following: friend ? 1 : 0,
                event_ts: eventTs,
                updated_at: stamp,
              })
              .execute();
          }
        }
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw refusal("CONFLICT", "lineTaken", back);
    throw error;
  }
  await recordAudit(deps.db.kysely, lineEvent(session.user.id, "auth.line.link"));
  deps.log.info({ userId: session.user.id }, "LINE account linked");
  return { outcome: "linked", back };
}

/** Linking or unlinking LINE: a change of the account's ways in, a security event. */
const lineEvent = (userId: string, action: "auth.line.link" | "auth.line.unlink") => ({
  actorId: userId,
  action,
  targetType: "user",
  targetId: userId,
  data: { method: "line" },
});

/**
 * The step-up through LINE: the LINE user who just signed in at LINE must be the one linked to
 * this account; a different one is a failed try (a few end the session, as wrong passwords
 * do). With TOTP on, the code is still asked for (`confirmCodeAfterLine`).
 */
async function confirmThroughLine(
  deps: LineDeps,
  session: CurrentSession,
  requestId: string,
  sub: string,
  back: LineLoginBack,
): Promise<LoginOutcome> {
  const { row } = await signInWays(deps.db, session.user.id);
  await countedStepUp(deps, session, async () => {
    const link = await deps.db.kysely
      .selectFrom("line_links")
      .select("line_user_id")
      .where("user_id", "=", session.user.id)
      .executeTakeFirst();
    if (lineStepUp(row, true, false) === null || link?.line_user_id !== sub) {
      return refusal("FORBIDDEN", "lineReauthMismatch", back);
    }
    return null;
  }).catch((error: unknown) => {
    // The session may have ended (too many tries): the page that answers still needs `back`.
    if (error instanceof AppError && !error.params) throw refusal(error.code, error.key, back);
    throw error;
  });
  if (row.totp_enabled_at !== null) {
    await deps.db.kysely
      .updateTable("line_login_requests")
      .set({ proven_at: nowDb() })
      .where("id", "=", requestId)
      .execute();
    return { outcome: "codeNeeded", back };
  }
  await markReauthenticated(deps.db, session.sessionId);
  return { outcome: "reauthenticated", back };
}

/** The second part of a LINE step-up with TOTP on: the code, once LINE matched. */
export async function confirmCodeAfterLine(
  deps: LineDeps,
  session: CurrentSession,
  code: string,
): Promise<{ validUntil: string }> {
  return stepUpAttempt(deps, session, async () => {
    if (!(await lineReauthProven(deps.db, session.sessionId))) {
      return new AppError("BAD_REQUEST", "lineReauthExpired");
    }
    if (!(await acceptSecondFactor(deps.db, session.user.id, code))) {
      return new AppError("UNAUTHORIZED", "invalidCode", undefined, "code");
    }
    // Spent: the LINE half counts for one code.
    await deps.db.kysely
      .deleteFrom("line_login_requests")
      .where("session_id", "=", session.sessionId)
      .where("purpose", "=", "reauth")
      .execute();
    return null;
  });
}

/**
 * Unlinking, after a step-up: refused while LINE is the account's only way in (no password the
 * member knows, no passkey), so nobody unlinks themselves out of their account.
 */
export async function unlink(deps: LineDeps, session: CurrentSession): Promise<{ ok: true }> {
  const userId = session.user.id;
  await requireRecentReauth(deps.db, session.sessionId);
  const { row, otherWayIn } = await signInWays(deps.db, userId);
  if (!Number(row.has_line)) return { ok: true };
  if (!otherWayIn) throw new AppError("CONFLICT", "lineLastSignIn");
  await deps.db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom("line_links").where("user_id", "=", userId).execute();
    await recordAudit(trx, lineEvent(userId, "auth.line.unlink"));
  });
  return { ok: true };
}

export async function savePreferences(db: Db, userId: string, prefs: Preferences) {
  const values = {
    withdrawal: prefs.withdrawal ? 1 : 0,
    transfer: prefs.transfer ? 1 : 0,
    marathon: prefs.marathon ? 1 : 0,
    support: prefs.support ? 1 : 0,
    updated_at: nowDb(),
  } as const;
  const updated = await db.kysely
    .updateTable("line_notify_prefs")
    .set(values)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    try {
      await db.kysely
        .insertInto("line_notify_prefs")
        .values({ user_id: userId, ...values })
        .execute();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await db.kysely
        .updateTable("line_notify_prefs")
        .set(values)
        .where("user_id", "=", userId)
        .execute();
    }
  }
  return readPreferences(db, userId);
}
