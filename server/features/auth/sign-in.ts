import type { Db } from "#db";
import { nowDb } from "#db/time";
import { recordAudit } from "../../audit";
import { AppError } from "../../errors";
import { addressGroup, deviceKey, knownDevice } from "../../auth/device-cookie";
import {
  type Admission,
  hashPassword,
  hashSlots,
  knownDeviceSlots,
  verifyPassword,
} from "../../auth/password";
import { attemptLimiter, limitKey, signInSlowdownMs, tooManyAttempts } from "../../auth/rate-limit";
import {
  createSession,
  type CurrentSession,
  deleteSession,
  type SignInMethod,
} from "../../auth/session";
import { hasPasskey } from "../../auth/second-factor";
import { consumeToken, issueToken, peekToken } from "../../auth/tokens";
import { verifyTotp } from "../../auth/totp";
import { countLogin } from "../../metrics";
import {
  type AuthDeps,
  type ClientMeta,
  hashRecoveryCode,
  type NewSession,
  signInBusy,
  userByEmail,
  userById,
} from "./service";

/**
 * Signing in and out: the password (throttled per account and address, hashed in the process's
 * slots), then the second step (a TOTP code, a recovery code or a passkey), and the sign-out.
 */

// Verifying against this keeps an unknown email as slow as a wrong password (no enumeration by timing).
let dummyHash: Promise<string> | undefined;

export type LoginResult =
  ({ mfaRequired: false } & NewSession) | { mfaRequired: true; challenge: string };

/** Sign-in with email and password; counted by outcome (portal_logins_total). */
export function login(
  deps: AuthDeps,
  input: { email: string; password: string },
  meta: ClientMeta & {
    device?: string | null;
    /** The address's place, taken by the HTTP layer's door (else taken here). */
    place?: Admission | null;
  },
): Promise<LoginResult> {
  const device = knownDevice(
    deviceKey(deps.config.DEVICE_COOKIE_SECRET),
    meta.device ?? null,
    input.email,
  );
  return countLogin(
    "password",
    () => {
      if (!device) return passwordLogin(deps, input, meta);
      // Taken for a new device; a known device's sign-in has slots of its own.
      meta.place?.release();
      return knownDeviceLogin(deps, input, meta, device);
    },
    (r) => (r.mfaRequired ? "mfaRequired" : "success"),
  );
}

async function storedHash(user: Awaited<ReturnType<typeof userByEmail>>): Promise<string> {
  dummyHash ??= hashPassword("not-a-real-password-A1");
  return user?.password_hash ?? (await dummyHash);
}

/**
 * A browser holding a valid device cookie for this account: limited per device (a few wrong
 * passwords lock this cookie only, for the window), in its own slots; the address's counts,
 * the account's new-device lockout and the shared pool do not apply.
 */
async function knownDeviceLogin(
  deps: AuthDeps,
  input: { email: string; password: string },
  meta: ClientMeta,
  device: string,
): Promise<LoginResult> {
  const { db } = deps;
  const limits = attemptLimiter(db);
  const deviceLimit = limitKey("device", device);
  const admission = knownDeviceSlots.admit({ address: device, account: input.email });
  if (!admission) throw signInBusy();
  try {
    await limits.take("signInDevice", deviceLimit);
    const user = await userByEmail(db, input.email);
    const stored = await storedHash(user);
    const ok = await knownDeviceSlots.hash({}, () => verifyPassword(input.password, stored));
    if (ok === "busy") throw signInBusy();
    if (!user || !ok) throw await signInFailed(db, user?.id ?? null, "password", meta);
    await limits.forgive("signInDevice", deviceLimit);
    return await signedIn(deps, user, meta);
  } finally {
    admission.release();
  }
}

async function passwordLogin(
  deps: AuthDeps,
  input: { email: string; password: string },
  meta: ClientMeta & { place?: Admission | null },
): Promise<LoginResult> {
  const { db } = deps;
  const limits = attemptLimiter(db);
  // IPv6 counts by /64: one subscriber holds a whole prefix of fresh addresses.
  const group = addressGroup(meta.ip);
  const address = limitKey(group);
  const accountAddress = limitKey(input.email, group);
  const newDevice = limitKey("new-device", input.email);
  // At the door, before any database work: a few attempts at once per address. Beyond that the attempt is refused at once, and still counted against the
  // sender's allowance, so filling the hashing slots costs the attacker, not everyone else.
  // The pool full even for a clean address: refused before any database work, for nothing.
  if (!meta.place && !hashSlots.hasRoom()) throw signInBusy();
  // The door in front of the HTTP endpoint took the place already: the same rule, applied once.
  const admission = meta.place ?? hashSlots.admit({ address: group });
  if (!admission) {
    const pair = await limits.reserve("signInAccount", accountAddress);
    await limits.count("signInAddress", address);
    throw pair.ok ? signInBusy() : tooManyAttempts(pair.retryAfterMs);
  }
  try {
    // Attempts are counted before the password is checked, so parallel guesses cannot
    // outrun the count. Guesses at one account from one address stop after a few (OWASP: per
    // account and address first, so the owner at their own address is never locked out)…
    await limits.take("signInAccount", accountAddress);
    // …guesses at the account from new devices anywhere stop for the window (its known
    // devices still sign in; the member is told to wait or use the reset mail)…
    const account = await limits.reserve("signInNewDevice", newDevice);
    if (!account.ok) throw newDeviceLocked(account.retryAfterMs);
    // …while the address as a whole is only slowed down past its much higher allowance.
    const attempts = await limits.count("signInAddress", address);
    const delayMs = signInSlowdownMs(attempts);
    // A slowed address checks one password at a time, each after its wait.
    if (delayMs > 0 && admission.addressHeld > 1) throw signInBusy();
    // Clean: no other attempt from this address in the window, and none in flight (a burst's
    // first attempt is not clean). A few checks of one account at once, unless clean.
    const clean = attempts === 1 && hashSlots.addressHeld(group) === 1;
    const accountPlace = hashSlots.admit({ account: input.email, clean });
    if (!accountPlace) throw signInBusy();
    try {
      const user = await userByEmail(db, input.email);
      const stored = await storedHash(user);
      const ok = await hashSlots.hash(
        // No other attempt from this address in the window: served ahead of any burst.
        { clean, delayMs },
        () => verifyPassword(input.password, stored),
      );
      if (ok === "busy") throw signInBusy();
      if (!user || !ok) throw await signInFailed(db, user?.id ?? null, "password", meta);
      await limits.forgive("signInAccount", accountAddress);
      await limits.forgive("signInNewDevice", newDevice);
      await limits.refund("signInAddress", address);
      return await signedIn(deps, user, meta);
    } finally {
      accountPlace.release();
    }
  } finally {
    admission.release();
  }
}

/**
 * Records a refused password or code in the audit log and returns the refusal to throw. An
 * unknown address is recorded too (with no member, and without the address typed, which may be
 * a mistyped password): the same write either way keeps an unknown address as slow as a wrong
 * password, and a burst of them shows up as credential stuffing.
 */
async function signInFailed(
  db: Db,
  userId: string | null,
  step: "password" | "secondFactor",
  meta: ClientMeta,
): Promise<AppError> {
  await recordAudit(db.kysely, {
    actorId: null,
    action: "auth.signInFailed",
    targetType: "user",
    targetId: userId,
    data: { step },
    origin: { ip: meta.ip, userAgent: meta.userAgent },
  });
  return new AppError("UNAUTHORIZED", step === "password" ? "invalidCredentials" : "invalidCode");
}

/** Refused on a new device for the window: wait, or set a new password through the reset mail. */
function newDeviceLocked(retryAfterMs: number): AppError {
  return new AppError("TOO_MANY_REQUESTS", "signInNewDeviceLocked", {
    minutes: Math.max(1, Math.ceil(retryAfterMs / 60_000)),
  });
}

/**
 * The first factor is proven (a password, or LINE's ID token): a session, or the second step
 * when the account has a second factor.
 */
export async function signedIn(
  deps: AuthDeps,
  user: NonNullable<Awaited<ReturnType<typeof userByEmail>>>,
  meta: ClientMeta,
  method: SignInMethod = "password",
): Promise<LoginResult> {
  const { db } = deps;

  // A passkey counts as a second factor too: the MFA step then offers it.
  if (user.totp_enabled_at || (await hasPasskey(db, user.id))) {
    const challenge = await issueToken(db.kysely, user.id, "mfa_login");
    return { mfaRequired: true, challenge };
  }
  const session = await createSession(db, user.id, { ...meta, method });
  return { mfaRequired: false, ...session, userId: user.id, permission: user.permission };
}

/** Accepts a TOTP code (each time step once) or an unused recovery code. */
export async function acceptSecondFactor(db: Db, userId: string, code: string): Promise<boolean> {
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

/**
 * Who gave their password and is due a second factor, from the MFA challenge cookie; the
 * challenge stays usable until `finishPendingLogin`.
 */
export async function pendingLoginUser(db: Db, mfaChallenge: string | null): Promise<string> {
  const pending = mfaChallenge ? await peekToken(db.kysely, mfaChallenge, "mfa_login") : null;
  if (!pending) throw new AppError("UNAUTHORIZED", "mfaExpired");
  return pending.userId;
}

/** Uses up the password step with its second factor: a challenge is good for one sign-in. */
export async function finishPendingLogin(db: Db, mfaChallenge: string): Promise<void> {
  if (!(await consumeToken(db.kysely, mfaChallenge, "mfa_login"))) {
    throw new AppError("UNAUTHORIZED", "mfaExpired");
  }
}

export function loginWithSecondFactor(
  deps: AuthDeps,
  input: { challenge: string | null; code: string },
  meta: ClientMeta,
): Promise<NewSession> {
  return countLogin("second_factor", () => secondFactorLogin(deps, input, meta));
}

async function secondFactorLogin(
  deps: AuthDeps,
  input: { challenge: string | null; code: string },
  meta: ClientMeta,
): Promise<NewSession> {
  const { db } = deps;
  const user = await userById(db, await pendingLoginUser(db, input.challenge));
  const limits = attemptLimiter(db);
  const accountAddress = limitKey(user.id, meta.ip);
  const account = limitKey(user.id);
  await limits.take("secondFactor", accountAddress);
  await limits.take("secondFactorAccount", account);
  if (!(await acceptSecondFactor(db, user.id, input.code))) {
    throw await signInFailed(db, user.id, "secondFactor", meta);
  }
  await finishPendingLogin(db, input.challenge!);
  await limits.forgive("secondFactor", accountAddress);
  await limits.forgive("secondFactorAccount", account);
  const session = await createSession(db, user.id, { ...meta, method: "secondFactor" });
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
