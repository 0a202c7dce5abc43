import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import QRCode from "qrcode";
import type { Db } from "#db";
import { newId } from "#db/id";
import { prepared } from "#db/prepared";
import type { Database } from "#db/schema";
import { fromDbTime, nowDb, toDbTime } from "#db/time";
import { recordAudit } from "../../audit";
import { AppError } from "../../errors";
import { hashPassword, verifyPassword } from "../../auth/password";
import { attemptLimiter, limitKey } from "../../auth/rate-limit";
import { type CurrentSession, deleteSession } from "../../auth/session";
import { assertTotpRemovable, hasPasskeyColumn } from "../../auth/second-factor";
import { generateTotpSecret, otpauthUri, verifyTotp } from "../../auth/totp";
import {
  type AuthDeps,
  type ClientMeta,
  ISSUER,
  REAUTH_WINDOW_MS,
  RECOVERY_CODE_COUNT,
  greetingName,
  hashing,
  refuseGuessablePassword,
  sendQuietly,
  userById,
  hashRecoveryCode,
} from "./service";
import { acceptSecondFactor } from "./sign-in";

/**
 * A signed-in person's own security: re-authentication before sensitive changes (failures end
 * the session), the password change, and the authenticator app (enrol, confirm, disable) with
 * its recovery codes.
 */

/** What a step-up needs: the database and the log (a session ended is logged). */
type StepUpDeps = Pick<AuthDeps, "db" | "log">;

/** Whether the session re-authenticated within the window. */
export async function reauthValid(db: Db, sessionId: string): Promise<boolean> {
  const row = await db.kysely
    .selectFrom("sessions")
    .select("reauth_at")
    .where("id", "=", sessionId)
    .executeTakeFirst();
  const at = row?.reauth_at ? fromDbTime(row.reauth_at).getTime() : 0;
  return Date.now() - at <= REAUTH_WINDOW_MS;
}

export async function requireRecentReauth(db: Db, sessionId: string): Promise<void> {
  if (!(await reauthValid(db, sessionId))) throw new AppError("FORBIDDEN", "reauthRequired");
}

/** The signed-in user's row, once the session has re-authenticated within the window. */
export async function reauthenticatedUser(db: Db, session: CurrentSession) {
  await requireRecentReauth(db, session.sessionId);
  return userById(db, session.user.id);
}

/**
 * The factor a step-up must show: the strongest the account has. TOTP: the password and a code
 * (or a passkey, when there is one too); a passkey alone: the passkey with user verification,
 * never the password by itself, or a stolen session plus the password would add a lasting key;
 * no second factor: the password.
 */
export type ReauthFactor = "totp" | "passkey" | "password";

export async function reauthFactor(db: Db, userId: string): Promise<ReauthFactor> {
  const user = await db.kysely
    .selectFrom("users")
    .select((eb) => ["users.totp_enabled_at", hasPasskeyColumn(eb)])
    .where("users.id", "=", userId)
    .executeTakeFirstOrThrow();
  return factorOf(user);
}

/** The factor of a user row read with `totp_enabled_at` and `hasPasskeyColumn`. */
function factorOf(user: { totp_enabled_at: unknown; has_passkey: unknown }): ReauthFactor {
  if (user.totp_enabled_at !== null) return "totp";
  return Number(user.has_passkey) ? "passkey" : "password";
}

/** Opens the re-authentication window of this session. */
export async function markReauthenticated(
  db: Db,
  sessionId: string,
): Promise<{ validUntil: string }> {
  const now = new Date();
  await db.kysely
    .updateTable("sessions")
    .set({ reauth_at: toDbTime(now) })
    .where("id", "=", sessionId)
    .execute();
  return { validUntil: new Date(now.getTime() + REAUTH_WINDOW_MS).toISOString() };
}

/**
 * Counts a step-up try against the session (a few, then the session ends) and runs `check`;
 * a failure that used the last try ends the session, a success forgives the count.
 */
export async function stepUpAttempt(
  deps: StepUpDeps,
  session: CurrentSession,
  check: () => Promise<AppError | null>,
): Promise<{ validUntil: string }> {
  await countedStepUp(deps, session, check);
  return markReauthenticated(deps.db, session.sessionId);
}

/**
 * `stepUpAttempt` without opening the window: for a step-up in two parts (LINE, then the
 * authenticator code), each part counts as a try and only the last one opens the window.
 */
export async function countedStepUp(
  deps: StepUpDeps,
  session: CurrentSession,
  check: () => Promise<AppError | null>,
): Promise<void> {
  const limits = attemptLimiter(deps.db);
  const key = limitKey(session.sessionId);
  const reservation = await limits.reserve("reauthSession", key);
  if (!reservation.ok) await endSessionAfterFailedReauth(deps, session);
  let failure: AppError | null;
  try {
    failure = await check();
  } catch (error) {
    // Nothing was checked (busy) or the check itself refused (a wrong passkey): the first
    // gives the try back; the second is a failed try like a wrong password.
    if (error instanceof AppError && error.key === "signInBusy") {
      await limits.refund("reauthSession", key);
      throw error;
    }
    if (!(error instanceof AppError)) throw error;
    failure = error;
  }
  if (failure) {
    if (reservation.ok && reservation.remaining === 0) {
      await endSessionAfterFailedReauth(deps, session);
    }
    // Asking for the missing code is not a wrong guess.
    if (failure.key === "mfaRequired") await limits.refund("reauthSession", key);
    throw failure;
  }
  await limits.forgive("reauthSession", key);
}

export async function reauthenticate(
  deps: AuthDeps,
  session: CurrentSession,
  input: { email: string; password: string; code?: string | undefined },
  meta: ClientMeta,
): Promise<{ validUntil: string }> {
  const { db } = deps;
  const user = await userById(db, session.user.id);
  // A credential of another account never re-authenticates this session.
  if (input.email !== user.email) throw new AppError("FORBIDDEN", "userMismatch");
  // Asked before the password is checked, so this answer says nothing about the password.
  if ((await reauthFactor(db, user.id)) === "passkey") {
    throw new AppError("UNAUTHORIZED", "passkeyRequired");
  }
  // Failures end this session instead of counting towards the account's sign-in limit: whoever
  // holds a stolen session loses it, and the owner is never locked out by it.
  return stepUpAttempt(deps, session, async () => {
    const passwordOk = await hashing({ address: meta.ip, account: user.id }, () =>
      verifyPassword(input.password, user.password_hash),
    );
    if (!passwordOk) return new AppError("UNAUTHORIZED", "invalidCredentials");
    if (!user.totp_enabled_at) return null;
    if (!input.code) return new AppError("UNAUTHORIZED", "mfaRequired");
    if (!(await acceptSecondFactor(db, user.id, input.code))) {
      return new AppError("UNAUTHORIZED", "invalidCode");
    }
    return null;
  });
}

async function endSessionAfterFailedReauth(
  deps: StepUpDeps,
  session: CurrentSession,
): Promise<never> {
  await deleteSession(deps.db, session.sessionId);
  deps.log.warn({ userId: session.user.id }, "session ended after failed re-authentications");
  throw new AppError("UNAUTHORIZED", "reauthSignedOut");
}

export async function changePassword(
  deps: AuthDeps,
  session: CurrentSession,
  password: string,
): Promise<void> {
  const user = await reauthenticatedUser(deps.db, session);
  refuseGuessablePassword(password, [user.email, user.name, user.nickname]);
  const passwordHash = await hashing({ address: null, account: user.id }, () =>
    hashPassword(password),
  );
  await deps.db.kysely
    .updateTable("users")
    // A member who had only LINE (signed up with it) now knows a password too.
    .set({ password_hash: passwordHash, password_unset_at: null, updated_at: nowDb() })
    .where("id", "=", user.id)
    .execute();
  // Every other device is signed out; this one stays.
  await deps.db.kysely
    .deleteFrom("sessions")
    .where("user_id", "=", user.id)
    .where("id", "!=", session.sessionId)
    .execute();
  await sendQuietly(deps, {
    to: user.email,
    language: user.language,
    template: "passwordChanged",
    params: { name: greetingName(user.nickname, user) },
  });
}

// ---------------------------------------------------------------- multi-factor

function newRecoveryCode(): string {
  const alphabet = "0123456789abcdefghjkmnpqrstvwxyz";
  const bytes = randomBytes(10);
  let code = "";
  for (let i = 0; i < 10; i++) code += alphabet[bytes[i]! % 32];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export async function startMfaEnrollment(deps: AuthDeps, session: CurrentSession) {
  const user = await reauthenticatedUser(deps.db, session);
  if (user.totp_enabled_at) throw new AppError("BAD_REQUEST", "mfaAlreadyEnabled");
  const secret = generateTotpSecret();
  await deps.db.kysely
    .updateTable("users")
    .set({ totp_secret: secret, totp_last_step: null, updated_at: nowDb() })
    .where("id", "=", user.id)
    .execute();
  return enrollmentView(secret, user.email);
}

async function enrollmentView(secret: string, email: string) {
  const uri = otpauthUri(secret, email, ISSUER);
  const qrDataUrl = await QRCode.toDataURL(uri, { margin: 1, width: 220 });
  return { secret, uri, qrDataUrl };
}

export async function confirmMfaEnrollment(
  deps: AuthDeps,
  session: CurrentSession,
  code: string,
): Promise<{ recoveryCodes: string[] }> {
  const { db } = deps;
  const user = await reauthenticatedUser(db, session);
  if (user.totp_enabled_at) throw new AppError("BAD_REQUEST", "mfaAlreadyEnabled");
  if (!user.totp_secret) throw new AppError("BAD_REQUEST", "mfaNotStarted");
  const step = verifyTotp(user.totp_secret, code);
  if (step === null) throw new AppError("BAD_REQUEST", "invalidCode");
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const now = nowDb();
  await db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom("recovery_codes").where("user_id", "=", user.id).execute();
    await trx
      .insertInto("recovery_codes")
      .values(
        codes.map((c) => ({
          id: newId(),
          user_id: user.id,
          code_hash: hashRecoveryCode(c),
          created_at: now,
        })),
      )
      .execute();
    await trx
      .updateTable("users")
      .set({ totp_enabled_at: now, totp_last_step: step, updated_at: now })
      .where("id", "=", user.id)
      .execute();
    await recordAudit(trx, factorEvent(user.id, "auth.factor.add", { factor: "totp" }));
  });
  // Shown once; only their hashes are kept.
  return { recoveryCodes: codes };
}

export async function disableMfa(deps: AuthDeps, session: CurrentSession): Promise<void> {
  await requireRecentReauth(deps.db, session.sessionId);
  await assertTotpRemovable(deps.db, session.user);
  await deps.db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom("recovery_codes").where("user_id", "=", session.user.id).execute();
    await trx
      .updateTable("users")
      .set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null, updated_at: nowDb() })
      .where("id", "=", session.user.id)
      .execute();
    await recordAudit(trx, factorEvent(session.user.id, "auth.factor.remove", { factor: "totp" }));
  });
}

/** A second factor added or removed by its owner: a security event on their account. */
export function factorEvent(
  userId: string,
  action: "auth.factor.add" | "auth.factor.remove",
  data: { factor: "totp" | "passkey"; name?: string },
) {
  return { actorId: userId, action, targetType: "user", targetId: userId, data };
}

/**
 * The account, this session's last re-authentication, the unused recovery codes and whether a
 * passkey is registered, in one statement built once: the dashboard asks on every visit.
 */
const securityRow = prepared(2, (kysely: Kysely<Database>, userId: string, sessionId: string) =>
  kysely
    .selectFrom("users")
    .select((eb) => [
      "users.email",
      "users.email_verified_at",
      "users.totp_enabled_at",
      "users.totp_secret",
      "users.password_unset_at",
      eb
        .exists(
          eb
            .selectFrom("line_links")
            .select("line_links.user_id")
            .whereRef("line_links.user_id", "=", "users.id"),
        )
        .as("has_line"),
      eb
        .selectFrom("sessions")
        .select("sessions.reauth_at")
        .where("sessions.id", "=", sessionId)
        .as("reauth_at"),
      eb
        .selectFrom("recovery_codes")
        .select((inner) => inner.fn.countAll<number>().as("n"))
        .whereRef("recovery_codes.user_id", "=", "users.id")
        .where("recovery_codes.used_at", "is", null)
        .as("codes_left"),
      hasPasskeyColumn(eb),
    ])
    .where("users.id", "=", userId),
);

/**
 * A LINE step-up of this session whose LINE user matched and that waits for the account's
 * authenticator code, within the re-authentication window.
 */
export async function lineReauthProven(db: Db, sessionId: string): Promise<boolean> {
  const row = await db.kysely
    .selectFrom("line_login_requests")
    .select("id")
    .where("session_id", "=", sessionId)
    .where("purpose", "=", "reauth")
    .where("proven_at", ">", toDbTime(new Date(Date.now() - REAUTH_WINDOW_MS)))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * How a member whose only known way in is LINE (signed up with LINE, no password set) steps
 * up: through LINE, then the authenticator code when TOTP is on ("code": LINE is done). Null
 * when the account has a password, or a passkey alone (the passkey is asked, as for everyone),
 * or no LINE link, or LINE Login is not configured.
 */
export function lineStepUp(
  user: {
    password_unset_at: unknown;
    has_line: unknown;
    totp_enabled_at: unknown;
    has_passkey: unknown;
  },
  lineConfigured: boolean,
  proven: boolean,
): "start" | "code" | null {
  if (user.password_unset_at === null || !Number(user.has_line) || !lineConfigured) return null;
  if (factorOf(user) === "passkey") return null;
  return proven && user.totp_enabled_at !== null ? "code" : "start";
}

export async function securityStatus(
  db: Db,
  session: CurrentSession,
  options: { lineConfigured: boolean },
) {
  const [user] = await securityRow(db.kysely, session.user.id, session.sessionId);
  if (!user) throw new Error("securityStatus: the session's user is gone");
  const passkey = Boolean(Number(user.has_passkey));
  const passwordSet = user.password_unset_at === null;
  const lineReauth = lineStepUp(
    user,
    options.lineConfigured,
    !passwordSet && user.totp_enabled_at !== null
      ? await lineReauthProven(db, session.sessionId)
      : false,
  );
  const reauthAt = user.reauth_at ? fromDbTime(user.reauth_at).getTime() : 0;
  const reauthValid = Date.now() - reauthAt <= REAUTH_WINDOW_MS;
  // An enrolment started but not confirmed: its QR code is shown again, only to a session
  // that has just proved its password.
  const pending =
    reauthValid && user.totp_secret && !user.totp_enabled_at
      ? await enrollmentView(user.totp_secret, user.email)
      : null;
  return {
    email: user.email,
    emailVerified: user.email_verified_at !== null,
    mfaEnabled: user.totp_enabled_at !== null,
    /** What the re-authentication form asks for (the strongest factor the account has). */
    reauthFactor: factorOf(user),
    /** A passkey may step up this session (with or without TOTP). */
    passkeyReauth: passkey,
    recoveryCodesLeft: Number(user.codes_left ?? 0),
    reauthValid,
    pendingEnrollment: pending,
    /** False for an account made with LINE whose member never set a password. */
    passwordSet,
    /** Steps up through LINE instead of the password (see lineStepUp). */
    lineReauth,
  };
}
