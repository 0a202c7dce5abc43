import { createHash, randomBytes, randomInt } from "node:crypto";
import { sql } from "kysely";
import QRCode from "qrcode";
import type { Db } from "../../../db";
import { isUniqueViolation } from "../../../db/dialect";
import { newId } from "../../../db/id";
import type { Language } from "../../../db/schema";
import { fromDbTime, nowDb, toDbTime } from "../../../db/time";
import type { Config } from "../../config";
import { countReferredRegistration } from "../affiliate/rewards";
import { AppError } from "../../errors";
import type { Logger } from "../../logger";
import type { Mailer, MailMessage } from "../../mail";
import { TRPCError } from "@trpc/server";
import { ZodRealError } from "zod";
import { hashPassword, hashSlots, verifyPassword } from "../../auth/password";
import { isGuessablePassword } from "../../auth/password-strength";
import { attemptLimiter, limitKey, type Rule } from "../../auth/rate-limit";
import {
  createSession,
  type CurrentSession,
  deleteSession,
  deleteUserSessions,
} from "../../auth/session";
import { assertTotpRemovable, hasPasskey } from "../../auth/second-factor";
import { consumeToken, issueToken, peekToken } from "../../auth/tokens";
import { generateTotpSecret, otpauthUri, verifyTotp } from "../../auth/totp";

export interface AuthDeps {
  db: Db;
  mailer: Mailer;
  config: Config;
  log: Logger;
}

export interface ClientMeta {
  ip: string | null;
  userAgent: string | null;
}

export const REAUTH_WINDOW_MS = 10 * 60 * 1000;
const RECOVERY_CODE_COUNT = 10;
const ISSUER = "CB Portal";

// Verifying against this keeps an unknown email as slow as a wrong password (no enumeration by timing).
let dummyHash: Promise<string> | undefined;

function link(config: Config, path: string, token: string): string {
  return `${config.APP_ORIGIN}${path}?token=${encodeURIComponent(token)}`;
}

/**
 * Runs a password hash in one of the process's hashing slots; when they are all taken the
 * visitor is asked to try again (503) instead of waiting behind a burst.
 */
async function hashing<T>(meta: Pick<ClientMeta, "ip">, fn: () => Promise<T>): Promise<T> {
  const result = await hashSlots.run(meta.ip, fn);
  if (result === "busy") throw new AppError("SERVICE_UNAVAILABLE", "signInBusy");
  return result;
}

/**
 * Whether an account mail may go to this recipient now: each address gets a few an hour, so
 * nobody can use the portal to flood an inbox. Refused quietly: the answer must not differ.
 */
/**
 * Refuses a password found in the common and breached lists (or built from the person's own
 * name and address) as a field error, like a schema rule: the form shows it under the field.
 */
function refuseGuessablePassword(password: string, userInputs: string[]): void {
  if (!isGuessablePassword(password, userInputs)) return;
  throw new TRPCError({
    code: "BAD_REQUEST",
    cause: new ZodRealError([
      { code: "custom", path: ["password"], message: "passwordCommon", input: undefined },
    ]),
  });
}

async function mailAllowed(db: Db, recipient: string): Promise<boolean> {
  const reservation = await attemptLimiter(db).reserve("mailRecipient", limitKey(recipient));
  return reservation.ok;
}

/**
 * An address someone may still take back with a recovery link (it was changed away from within
 * the link's lifetime). It cannot be registered or moved to another account meanwhile, or the
 * rightful owner's recovery would fail.
 */
async function inRecoveryWindow(db: Db, email: string, exceptUserId?: string): Promise<boolean> {
  let query = db.kysely
    .selectFrom("auth_tokens")
    .select("id")
    .where("purpose", "=", "recover_email")
    .where("data", "=", email)
    .where("used_at", "is", null)
    .where("expires_at", ">", nowDb());
  if (exceptUserId) query = query.where("user_id", "!=", exceptUserId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Mail is sent after the change is saved; a mail failure is logged, never undoes the change. */
async function sendQuietly(deps: AuthDeps, message: MailMessage): Promise<void> {
  try {
    await deps.mailer.send(message);
  } catch (err) {
    deps.log.error({ err, template: message.template }, "sending mail failed");
  }
}

async function userByEmail(db: Db, email: string) {
  return db.kysely
    .selectFrom("users")
    .select([
      "id",
      "email",
      "name",
      "password_hash",
      "permission",
      "language",
      "totp_enabled_at",
      "email_verified_at",
    ])
    .where("email", "=", email)
    .executeTakeFirst();
}

async function userById(db: Db, id: string) {
  return db.kysely
    .selectFrom("users")
    .select([
      "id",
      "email",
      "name",
      "nickname",
      "password_hash",
      "permission",
      "language",
      "totp_secret",
      "totp_enabled_at",
      "totp_last_step",
      "email_verified_at",
    ])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

function newReferralCode(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  let code = "";
  for (let i = 0; i < 8; i++) code += alphabet[randomInt(alphabet.length)];
  return code;
}

export interface NewSession {
  token: string;
  expiresAt: Date;
  userId: string;
  permission: "admin" | "member";
}

// ---------------------------------------------------------------- registration

/**
 * Creates a member and mails the verification link. The answer is the same whether or not the
 * address already has an account (no enumeration): an existing owner gets a mail saying so
 * instead, and nobody is signed in here. The verification link signs the new member in.
 */
export async function register(
  deps: AuthDeps,
  input: {
    name: string;
    nickname: string;
    email: string;
    password: string;
    ref?: string | undefined;
  },
  meta: ClientMeta & { language: Language; refCookie: string | null },
): Promise<void> {
  const { db } = deps;
  refuseGuessablePassword(input.password, [input.email, input.name, input.nickname]);
  const limits = attemptLimiter(db);
  const address = limitKey(meta.ip);
  await limits.take("signUpAddress", address);
  // Hashed first, whatever happens next, so both answers take as long.
  let passwordHash: string;
  try {
    passwordHash = await hashing(meta, () => hashPassword(input.password));
  } catch (error) {
    await limits.refund("signUpAddress", address);
    throw error;
  }
  if ((await userByEmail(db, input.email)) || (await inRecoveryWindow(db, input.email))) {
    await tellOwnerAlreadyRegistered(deps, input.email);
    return;
  }

  // The cookie is the first link the visitor followed (it is never overwritten): it wins over
  // a code in a later link. An unknown code is ignored.
  const refCode = (meta.refCookie || input.ref || "").trim().toLowerCase();
  const referrer = refCode
    ? await db.kysely
        .selectFrom("users")
        .select("id")
        .where("referral_code", "=", refCode)
        .executeTakeFirst()
    : undefined;

  const id = newId();
  const now = nowDb();
  for (let attempt = 0; ; attempt++) {
    try {
      await db.kysely.transaction().execute(async (trx) => {
        await trx
          .insertInto("users")
          .values({
            id,
            email: input.email,
            email_verified_at: null,
            password_hash: passwordHash,
            name: input.name,
            nickname: input.nickname,
            permission: "member",
            language: meta.language,
            referral_code: newReferralCode(),
            referrer_id: referrer?.id ?? null,
            created_at: now,
            updated_at: now,
          })
          .execute();
        // The referrer's registration count, kept with the registration itself.
        if (referrer) await countReferredRegistration(trx, db, referrer.id, new Date());
      });
      break;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Either the email was taken between the check and the insert, or the random referral
      // code collided: tell the two apart by looking again.
      if (await userByEmail(db, input.email)) {
        await tellOwnerAlreadyRegistered(deps, input.email);
        return;
      }
      if (attempt >= 3) throw error;
    }
  }

  if (!(await mailAllowed(db, input.email))) return;
  const token = await issueToken(db.kysely, id, "verify_email", input.email);
  await sendQuietly(deps, {
    to: input.email,
    language: meta.language,
    template: "verifyEmail",
    params: { name: input.nickname, link: link(deps.config, "/verify-email", token) },
  });
}

/** "Already registered", told to the address's owner rather than to whoever asked. */
async function tellOwnerAlreadyRegistered(deps: AuthDeps, email: string): Promise<void> {
  const owner = await userByEmail(deps.db, email);
  if (!owner || !(await mailAllowed(deps.db, email))) return;
  await sendQuietly(deps, {
    to: owner.email,
    language: owner.language,
    template: "alreadyRegistered",
    params: {
      name: owner.name,
      loginLink: `${deps.config.APP_ORIGIN}/login`,
      resetLink: `${deps.config.APP_ORIGIN}/forgot-password`,
    },
  });
}

// ---------------------------------------------------------------- sign-in

export type LoginResult =
  ({ mfaRequired: false } & NewSession) | { mfaRequired: true; challenge: string };

export async function login(
  deps: AuthDeps,
  input: { email: string; password: string },
  meta: ClientMeta,
): Promise<LoginResult> {
  const { db } = deps;
  const limits = attemptLimiter(db);
  // Both attempts are reserved before the password is checked, so parallel guesses cannot
  // outrun the count.
  const address = limitKey(meta.ip);
  const accountAddress = limitKey(input.email, meta.ip);
  await limits.take("signInAddress", address);
  await limits.take("signInAccount", accountAddress);

  const user = await userByEmail(db, input.email);
  let ok: boolean;
  try {
    dummyHash ??= hashPassword("not-a-real-password-A1");
    const stored = user?.password_hash ?? (await dummyHash);
    ok = await hashing(meta, () => verifyPassword(input.password, stored));
  } catch (error) {
    // Nothing was checked (busy): the attempts go back.
    await giveBack(limits, [
      ["signInAccount", accountAddress],
      ["signInAddress", address],
    ]);
    throw error;
  }
  if (!user || !ok) throw new AppError("UNAUTHORIZED", "invalidCredentials");
  await limits.forgive("signInAccount", accountAddress);
  await limits.refund("signInAddress", address);

  // A passkey counts as a second factor too: the MFA step then offers it.
  if (user.totp_enabled_at || (await hasPasskey(db, user.id))) {
    const challenge = await issueToken(db.kysely, user.id, "mfa_login");
    return { mfaRequired: true, challenge };
  }
  const session = await createSession(db, user.id, meta);
  return { mfaRequired: false, ...session, userId: user.id, permission: user.permission };
}

/** Accepts a TOTP code (each time step once) or an unused recovery code. */
async function acceptSecondFactor(db: Db, userId: string, code: string): Promise<boolean> {
  const user = await userById(db, userId);
  if (!user.totp_secret || !user.totp_enabled_at) return false;
  const digits = code.replace(/\s/g, "");
  if (/^\d{6}$/.test(digits)) {
    const step = verifyTotp(user.totp_secret, digits, { lastStep: user.totp_last_step });
    if (step === null) return false;
    // Conditional on the step we read: two concurrent uses of one code, only one wins.
    const result = await db.kysely
      .updateTable("users")
      .set({ totp_last_step: step })
      .where("id", "=", userId)
      .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
  const hash = hashRecoveryCode(code);
  const result = await db.kysely
    .updateTable("recovery_codes")
    .set({ used_at: nowDb() })
    .where("user_id", "=", userId)
    .where("code_hash", "=", hash)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

async function giveBack(
  limits: ReturnType<typeof attemptLimiter>,
  reservations: [Rule, string][],
): Promise<void> {
  for (const [rule, key] of reservations) await limits.refund(rule, key);
}

export async function loginWithSecondFactor(
  deps: AuthDeps,
  input: { challenge: string | null; code: string },
  meta: ClientMeta,
): Promise<NewSession> {
  const { db } = deps;
  const pending = input.challenge ? await peekToken(db.kysely, input.challenge, "mfa_login") : null;
  if (!pending) throw new AppError("UNAUTHORIZED", "mfaExpired");
  const user = await userById(db, pending.userId);
  const limits = attemptLimiter(db);
  const accountAddress = limitKey(user.id, meta.ip);
  const account = limitKey(user.id);
  await limits.take("secondFactor", accountAddress);
  await limits.take("secondFactorAccount", account);
  if (!(await acceptSecondFactor(db, user.id, input.code))) {
    throw new AppError("UNAUTHORIZED", "invalidCode");
  }
  if (!(await consumeToken(db.kysely, input.challenge!, "mfa_login"))) {
    throw new AppError("UNAUTHORIZED", "mfaExpired");
  }
  await limits.forgive("secondFactor", accountAddress);
  await limits.forgive("secondFactorAccount", account);
  const session = await createSession(db, user.id, meta);
  return { ...session, userId: user.id, permission: user.permission };
}

/** Ends the session. A failure is logged and swallowed: the person is signed out regardless. */
export async function logout(deps: AuthDeps, session: CurrentSession | null): Promise<void> {
  if (!session) return;
  try {
    await deleteSession(deps.db, session.sessionId);
  } catch (err) {
    deps.log.error({ err }, "logout: ending the session failed");
  }
}

// ---------------------------------------------------------------- password reset

/**
 * Always answers the same, whether the address is known or not. One address may ask only so
 * often (that says nothing about any account), and each inbox gets a few mails an hour.
 */
export async function requestPasswordReset(
  deps: AuthDeps,
  email: string,
  meta: Pick<ClientMeta, "ip">,
): Promise<void> {
  await attemptLimiter(deps.db).take("mailAddress", limitKey(meta.ip));
  const user = await userByEmail(deps.db, email);
  if (!user || !(await mailAllowed(deps.db, user.email))) return;
  const token = await issueToken(deps.db.kysely, user.id, "reset_password");
  await sendQuietly(deps, {
    to: user.email,
    language: user.language,
    template: "resetPassword",
    params: { name: user.name, link: link(deps.config, "/reset-password", token) },
  });
}

export type LinkPurpose = "reset_password" | "verify_email" | "change_email" | "recover_email";

/**
 * Whether a link is still good, without using it, and the address it concerns (the new one for
 * a change, the old one for a recovery): the page asks for a click before anything changes,
 * because mail scanners open links on their own.
 */
export async function checkLink(
  deps: AuthDeps,
  token: string,
  purpose: LinkPurpose,
): Promise<{ valid: boolean; email: string | null }> {
  const found = await peekToken(deps.db.kysely, token, purpose);
  if (!found) return { valid: false, email: null };
  const shows = purpose === "change_email" || purpose === "recover_email";
  return { valid: true, email: shows ? found.data : null };
}

export async function resetPassword(
  deps: AuthDeps,
  token: string,
  password: string,
  meta: Pick<ClientMeta, "ip"> = { ip: null },
): Promise<void> {
  const pending = await peekToken(deps.db.kysely, token, "reset_password");
  if (!pending) throw new AppError("BAD_REQUEST", "resetLinkInvalid");
  const owner = await userById(deps.db, pending.userId);
  refuseGuessablePassword(password, [owner.email, owner.name, owner.nickname]);
  // Hashed before the link is used, so a busy server leaves the link working.
  const passwordHash = await hashing(meta, () => hashPassword(password));
  const userId = await deps.db.kysely.transaction().execute(async (trx) => {
    const consumed = await consumeToken(trx, token, "reset_password");
    if (!consumed) throw new AppError("BAD_REQUEST", "resetLinkInvalid");
    await trx
      .updateTable("users")
      .set({
        password_hash: passwordHash,
        // The link reached this inbox: the address is proven.
        email_verified_at: sql`coalesce(email_verified_at, ${nowDb()})`,
        updated_at: nowDb(),
      })
      .where("id", "=", consumed.userId)
      .execute();
    return consumed.userId;
  });
  const user = await userById(deps.db, userId);
  await deleteUserSessions(deps.db, user.id);
  await sendQuietly(deps, {
    to: user.email,
    language: user.language,
    template: "passwordChanged",
    params: { name: user.nickname },
  });
}

// ---------------------------------------------------------------- email verification and change

/**
 * Verifies the address the link was sent to. Registration no longer signs anyone in (it answers
 * the same for a taken address), so the link does, for a visitor with no session: it proves
 * the inbox, as a reset link would. An account with a second factor, or an admin, still signs
 * in the usual way.
 */
export async function verifyEmail(
  deps: AuthDeps,
  token: string,
  meta: ClientMeta & { signedIn: boolean },
): Promise<NewSession | null> {
  const userId = await deps.db.kysely.transaction().execute(async (trx) => {
    const consumed = await consumeToken(trx, token, "verify_email");
    if (!consumed) throw new AppError("BAD_REQUEST", "verifyFailed");
    // The link verifies the address it was sent to, not whatever the account has now.
    const result = await trx
      .updateTable("users")
      .set({ email_verified_at: nowDb(), updated_at: nowDb() })
      .where("id", "=", consumed.userId)
      .where("email", "=", consumed.data ?? "")
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new AppError("BAD_REQUEST", "verifyFailed");
    return consumed.userId;
  });
  if (meta.signedIn) return null;
  const user = await userById(deps.db, userId);
  if (
    user.permission !== "member" ||
    user.totp_enabled_at ||
    (await hasPasskey(deps.db, user.id))
  ) {
    return null;
  }
  const session = await createSession(deps.db, user.id, meta);
  return { ...session, userId: user.id, permission: user.permission };
}

export async function resendVerification(deps: AuthDeps, userId: string): Promise<void> {
  const user = await userById(deps.db, userId);
  if (user.email_verified_at) throw new AppError("BAD_REQUEST", "alreadyVerified");
  if (!(await mailAllowed(deps.db, user.email))) {
    throw new AppError("TOO_MANY_REQUESTS", "mailThrottled");
  }
  const token = await issueToken(deps.db.kysely, user.id, "verify_email", user.email);
  await sendQuietly(deps, {
    to: user.email,
    language: user.language,
    template: "verifyEmail",
    params: { name: user.nickname, link: link(deps.config, "/verify-email", token) },
  });
}

export async function requireRecentReauth(db: Db, sessionId: string): Promise<void> {
  const row = await db.kysely
    .selectFrom("sessions")
    .select("reauth_at")
    .where("id", "=", sessionId)
    .executeTakeFirst();
  const at = row?.reauth_at ? fromDbTime(row.reauth_at).getTime() : 0;
  if (Date.now() - at > REAUTH_WINDOW_MS) throw new AppError("FORBIDDEN", "reauthRequired");
}

export async function requestEmailChange(
  deps: AuthDeps,
  session: CurrentSession,
  newEmail: string,
): Promise<void> {
  await requireRecentReauth(deps.db, session.sessionId);
  const user = await userById(deps.db, session.user.id);
  if (newEmail === user.email) throw new AppError("BAD_REQUEST", "emailSame");
  if ((await userByEmail(deps.db, newEmail)) || (await inRecoveryWindow(deps.db, newEmail))) {
    throw new AppError("CONFLICT", "emailTaken");
  }
  const confirmToken = await issueToken(deps.db.kysely, user.id, "change_email", newEmail);
  const recoverToken = await issueToken(deps.db.kysely, user.id, "recover_email", user.email);
  await sendQuietly(deps, {
    to: newEmail,
    language: user.language,
    template: "changeEmail",
    params: { name: user.nickname, link: link(deps.config, "/confirm-email-change", confirmToken) },
  });
  await sendQuietly(deps, {
    to: user.email,
    language: user.language,
    template: "emailChangeNotice",
    params: {
      name: user.nickname,
      newEmail,
      link: link(deps.config, "/recover-email", recoverToken),
    },
  });
}

export async function confirmEmailChange(
  deps: AuthDeps,
  token: string,
): Promise<{ email: string }> {
  const pending = await peekToken(deps.db.kysely, token, "change_email");
  if (!pending?.data) throw new AppError("BAD_REQUEST", "linkInvalid");
  if (await inRecoveryWindow(deps.db, pending.data, pending.userId)) {
    throw new AppError("CONFLICT", "emailTaken");
  }
  try {
    // The link is used up only if the change is made.
    return await deps.db.kysely.transaction().execute(async (trx) => {
      const consumed = await consumeToken(trx, token, "change_email");
      if (!consumed?.data) throw new AppError("BAD_REQUEST", "linkInvalid");
      await trx
        .updateTable("users")
        .set({ email: consumed.data, email_verified_at: nowDb(), updated_at: nowDb() })
        .where("id", "=", consumed.userId)
        .execute();
      return { email: consumed.data };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", "emailTaken");
    throw error;
  }
}

/**
 * Undoes an email change from the link sent to the old address: the old address comes back,
 * a change still waiting for confirmation is cancelled, and every session ends.
 */
export async function recoverEmail(deps: AuthDeps, token: string): Promise<{ email: string }> {
  const { db } = deps;
  let recovered: { userId: string; email: string };
  try {
    // One transaction: if the old address cannot come back, the link stays unused and the
    // pending change stays as it was, so nothing is lost by trying.
    recovered = await db.kysely.transaction().execute(async (trx) => {
      const consumed = await consumeToken(trx, token, "recover_email");
      if (!consumed?.data) throw new AppError("BAD_REQUEST", "linkInvalid");
      await trx
        .updateTable("auth_tokens")
        .set({ used_at: nowDb() })
        .where("user_id", "=", consumed.userId)
        .where("purpose", "=", "change_email")
        .where("used_at", "is", null)
        .execute();
      await trx
        .updateTable("users")
        .set({ email: consumed.data, email_verified_at: nowDb(), updated_at: nowDb() })
        .where("id", "=", consumed.userId)
        .execute();
      return { userId: consumed.userId, email: consumed.data };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", "emailTaken");
    throw error;
  }
  await deleteUserSessions(db, recovered.userId);
  return { email: recovered.email };
}

// ---------------------------------------------------------------- reauthentication

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
  // Failures end this session instead of counting towards the account's sign-in limit: whoever
  // holds a stolen session loses it, and the owner is never locked out by it.
  const limits = attemptLimiter(db);
  const key = limitKey(session.sessionId);
  const reservation = await limits.reserve("reauthSession", key);
  if (!reservation.ok) await endSessionAfterFailedReauth(deps, session);
  let passwordOk: boolean;
  try {
    passwordOk = await hashing(meta, () => verifyPassword(input.password, user.password_hash));
  } catch (error) {
    await limits.refund("reauthSession", key);
    throw error;
  }
  const failure = !passwordOk
    ? new AppError("UNAUTHORIZED", "invalidCredentials")
    : user.totp_enabled_at && !input.code
      ? new AppError("UNAUTHORIZED", "mfaRequired")
      : user.totp_enabled_at && !(await acceptSecondFactor(db, user.id, input.code!))
        ? new AppError("UNAUTHORIZED", "invalidCode")
        : null;
  if (failure) {
    if (reservation.ok && reservation.remaining === 0) {
      await endSessionAfterFailedReauth(deps, session);
    }
    // Asking for the missing code is not a wrong guess.
    if (failure.key === "mfaRequired") await limits.refund("reauthSession", key);
    throw failure;
  }
  await limits.forgive("reauthSession", key);
  const now = new Date();
  await db.kysely
    .updateTable("sessions")
    .set({ reauth_at: toDbTime(now) })
    .where("id", "=", session.sessionId)
    .execute();
  return { validUntil: new Date(now.getTime() + REAUTH_WINDOW_MS).toISOString() };
}

async function endSessionAfterFailedReauth(
  deps: AuthDeps,
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
  await requireRecentReauth(deps.db, session.sessionId);
  const user = await userById(deps.db, session.user.id);
  refuseGuessablePassword(password, [user.email, user.name, user.nickname]);
  const passwordHash = await hashing({ ip: null }, () => hashPassword(password));
  await deps.db.kysely
    .updateTable("users")
    .set({ password_hash: passwordHash, updated_at: nowDb() })
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
    params: { name: user.nickname },
  });
}

// ---------------------------------------------------------------- multi-factor

export function hashRecoveryCode(code: string): string {
  const normalized = code.trim().toLowerCase().replace(/-/g, "");
  return createHash("sha256").update(normalized).digest("hex");
}

function newRecoveryCode(): string {
  const alphabet = "0123456789abcdefghjkmnpqrstvwxyz";
  const bytes = randomBytes(10);
  let code = "";
  for (let i = 0; i < 10; i++) code += alphabet[bytes[i]! % 32];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export async function startMfaEnrollment(deps: AuthDeps, session: CurrentSession) {
  await requireRecentReauth(deps.db, session.sessionId);
  const user = await userById(deps.db, session.user.id);
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
  await requireRecentReauth(deps.db, session.sessionId);
  const { db } = deps;
  const user = await userById(db, session.user.id);
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
  });
}

export async function securityStatus(db: Db, session: CurrentSession) {
  const user = await userById(db, session.user.id);
  const row = await db.kysely
    .selectFrom("sessions")
    .select("reauth_at")
    .where("id", "=", session.sessionId)
    .executeTakeFirst();
  const reauthAt = row?.reauth_at ? fromDbTime(row.reauth_at).getTime() : 0;
  const remaining = await db.kysely
    .selectFrom("recovery_codes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", user.id)
    .where("used_at", "is", null)
    .executeTakeFirst();
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
    recoveryCodesLeft: Number(remaining?.n ?? 0),
    reauthValid,
    pendingEnrollment: pending,
  };
}
