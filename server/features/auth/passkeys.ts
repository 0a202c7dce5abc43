import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import type { Db } from "#db";
import { forUpdate, isUniqueViolation } from "#db/dialect";
import { newId } from "#db/id";
import type { PasskeyChallengePurpose } from "#db/schema";
import { nowDb } from "#db/time";
import type { Config } from "../../config";
import { recordAudit } from "../../audit";
import { AppError, notFound } from "../../errors";
import { consumePasskeyChallenge, issuePasskeyChallenge } from "../../auth/passkey-challenges";
import { createSession, type CurrentSession } from "../../auth/session";
import { peekToken } from "../../auth/tokens";
import { countLogin } from "../../metrics";
import type { AuthDeps, ClientMeta, NewSession } from "./service";
import { factorEvent, requireRecentReauth, stepUpAttempt } from "./account-security";
import { finishPendingLogin, pendingLoginUser } from "./sign-in";

const RP_NAME = "CB Portal";
/** The longest credential id we keep (the unique index's limit); real ones are 16–64 bytes. */
export const MAX_CREDENTIAL_ID_LENGTH = 512;

/** The relying party is the portal's public origin: its host name is the RP id. */
export function relyingParty(config: Config) {
  return { id: new URL(config.APP_ORIGIN).hostname, origin: config.APP_ORIGIN, name: RP_NAME };
}

export interface PasskeyView {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export async function listPasskeys(db: Db, userId: string): Promise<PasskeyView[]> {
  const rows = await db.kysely
    .selectFrom("passkeys")
    .select(["id", "name", "created_at", "last_used_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at,
  }));
}

function transportsOf(value: string | null): AuthenticatorTransportValue[] | undefined {
  return value ? (value.split(",") as AuthenticatorTransportValue[]) : undefined;
}

/**
 * The library base64url-encodes a string challenge's UTF-8 bytes; given the bytes, the options
 * carry our challenge unchanged, which is what the browser signs and the cookie holds.
 */
function challengeBytes(challenge: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(Buffer.from(challenge, "base64url"));
}

type AuthenticatorTransportValue =
  "ble" | "cable" | "hybrid" | "internal" | "nfc" | "smart-card" | "usb";

// ---------------------------------------------------------------- registration

/**
 * Options for adding a passkey, after a recent re-authentication. Discoverable and verified
 * (residentKey and userVerification required), so the same passkey also signs in without a
 * password. The user handle is the opaque user id, never the email.
 */
export async function passkeyRegistrationOptions(
  deps: AuthDeps,
  session: CurrentSession,
): Promise<{ options: PublicKeyCredentialCreationOptionsJSON; challenge: string }> {
  await requireRecentReauth(deps.db, session.sessionId);
  const rp = relyingParty(deps.config);
  const existing = await deps.db.kysely
    .selectFrom("passkeys")
    .select(["credential_id", "transports"])
    .where("user_id", "=", session.user.id)
    .execute();
  const challenge = await issuePasskeyChallenge(deps.db.kysely, "register", session.user.id);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: session.user.email,
    userDisplayName: session.user.nickname,
    userID: new TextEncoder().encode(session.user.id),
    challenge: challengeBytes(challenge),
    attestationType: "none",
    // The same authenticator twice would be one factor counted twice.
    excludeCredentials: existing.map((p) => ({
      id: p.credential_id,
      transports: transportsOf(p.transports),
    })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  return { options, challenge };
}

export async function registerPasskey(
  deps: AuthDeps,
  session: CurrentSession,
  input: { challenge: string | null; name: string; response: RegistrationResponseJSON },
): Promise<PasskeyView> {
  const { db } = deps;
  await requireRecentReauth(db, session.sessionId);
  await useChallenge(db, input.challenge, "register", session.user.id);
  const rp = relyingParty(deps.config);
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: input.challenge!,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch (err) {
    deps.log.info({ err }, "passkey registration refused");
    throw new AppError("BAD_REQUEST", "passkeyRejected");
  }
  if (!verified.verified) throw new AppError("BAD_REQUEST", "passkeyRejected");
  const { credential } = verified.registrationInfo;
  if (credential.id.length > MAX_CREDENTIAL_ID_LENGTH) {
    throw new AppError("BAD_REQUEST", "passkeyRejected");
  }
  const id = newId();
  const now = nowDb();
  try {
    await db.kysely.transaction().execute(async (trx) => {
      await trx
        .insertInto("passkeys")
        .values({
          id,
          user_id: session.user.id,
          credential_id: credential.id,
          public_key: Buffer.from(credential.publicKey).toString("base64url"),
          counter: credential.counter,
          transports: credential.transports?.length ? credential.transports.join(",") : null,
          name: input.name,
          created_at: now,
          last_used_at: null,
        })
        .execute();
      await recordAudit(
        trx,
        factorEvent(session.user.id, "auth.factor.add", { factor: "passkey", name: input.name }),
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", "passkeyAlreadyRegistered");
    throw error;
  }
  return { id, name: input.name, createdAt: now, lastUsedAt: null };
}

/**
 * Removes one of the user's passkeys, after a recent re-authentication. An admin keeps at
 * least one second factor: the last one cannot go. The user row is locked so two removals at
 * once cannot both pass the count.
 */
export async function removePasskey(
  deps: AuthDeps,
  session: CurrentSession,
  passkeyId: string,
): Promise<void> {
  await requireRecentReauth(deps.db, session.sessionId);
  await deps.db.kysely.transaction().execute(async (trx) => {
    const user = await forUpdate(
      deps.db,
      trx
        .selectFrom("users")
        .select(["permission", "totp_enabled_at", "password_unset_at"])
        .where("id", "=", session.user.id),
    ).executeTakeFirstOrThrow();
    const passkeys = await trx
      .selectFrom("passkeys")
      .select(["id", "name"])
      .where("user_id", "=", session.user.id)
      .execute();
    const removed = passkeys.find((p) => p.id === passkeyId);
    if (!removed) throw notFound();
    if (user.permission === "admin" && user.totp_enabled_at === null && passkeys.length === 1) {
      throw new AppError("BAD_REQUEST", "lastSecondFactor");
    }
    // An account made with LINE and no password: its last passkey stays while LINE is not
    // linked, or nothing would let the member in.
    if (user.password_unset_at !== null && passkeys.length === 1) {
      const line = await trx
        .selectFrom("line_links")
        .select("user_id")
        .where("user_id", "=", session.user.id)
        .executeTakeFirst();
      if (!line) throw new AppError("CONFLICT", "passkeyLastSignIn");
    }
    await trx
      .deleteFrom("passkeys")
      .where("id", "=", passkeyId)
      .where("user_id", "=", session.user.id)
      .execute();
    await recordAudit(
      trx,
      factorEvent(session.user.id, "auth.factor.remove", { factor: "passkey", name: removed.name }),
    );
  });
}

// ---------------------------------------------------------------- sign-in

async function useChallenge(
  db: Db,
  challenge: string | null,
  purpose: PasskeyChallengePurpose,
  userId: string | null,
): Promise<void> {
  if (!(await consumePasskeyChallenge(db.kysely, challenge, purpose, userId))) {
    throw new AppError("UNAUTHORIZED", "passkeyExpired");
  }
}

/**
 * Options for a passwordless sign-in: no allowCredentials (the authenticator offers the
 * discoverable passkeys it holds for this site) and user verification required, so that the
 * passkey proves possession and the PIN or biometric at once.
 */
export async function passkeyLoginOptions(
  deps: AuthDeps,
): Promise<{ options: PublicKeyCredentialRequestOptionsJSON; challenge: string }> {
  const challenge = await issuePasskeyChallenge(deps.db.kysely, "login", null);
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(deps.config).id,
    allowCredentials: [],
    userVerification: "required",
    challenge: challengeBytes(challenge),
  });
  return { options, challenge };
}

/**
 * Checks an assertion against the stored passkey and moves its counter forward. A counter
 * that does not grow (unless the authenticator keeps none: both zero) means a cloned key and
 * is refused, by the library and again by the conditional update.
 */
async function verifyAssertion(
  deps: AuthDeps,
  response: AuthenticationResponseJSON,
  challenge: string,
  options: { userId: string | null; requireUserVerification: boolean },
): Promise<{ userId: string; permission: "admin" | "member" }> {
  const { db } = deps;
  const passkey = await db.kysely
    .selectFrom("passkeys")
    .innerJoin("users", "users.id", "passkeys.user_id")
    .select([
      "passkeys.id",
      "passkeys.user_id",
      "passkeys.credential_id",
      "passkeys.public_key",
      "passkeys.counter",
      "passkeys.transports",
      "users.permission",
    ])
    .where("passkeys.credential_id", "=", response.id)
    .executeTakeFirst();
  // Unknown, removed, or its user deleted (the passkey went with it); for the second factor,
  // it must also be the passkey of the person who gave the password.
  if (!passkey || (options.userId !== null && passkey.user_id !== options.userId)) {
    throw new AppError("UNAUTHORIZED", "passkeyUnknown");
  }
  // The handle a discoverable passkey returns is the user id it was registered for.
  const handle = response.response.userHandle;
  if (handle && handle !== Buffer.from(passkey.user_id).toString("base64url")) {
    throw new AppError("UNAUTHORIZED", "passkeyUnknown");
  }
  const rp = relyingParty(deps.config);
  let result;
  try {
    result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(Buffer.from(passkey.public_key, "base64url")),
        counter: Number(passkey.counter),
        transports: transportsOf(passkey.transports),
      },
      requireUserVerification: options.requireUserVerification,
    });
  } catch (err) {
    deps.log.warn({ err, passkeyId: passkey.id }, "passkey assertion refused");
    throw new AppError("UNAUTHORIZED", "passkeyRejected");
  }
  if (!result.verified) throw new AppError("UNAUTHORIZED", "passkeyRejected");
  const newCounter = result.authenticationInfo.newCounter;
  const updated = await db.kysely
    .updateTable("passkeys")
    .set({ counter: newCounter, last_used_at: nowDb() })
    .where("id", "=", passkey.id)
    .where("counter", "=", Number(passkey.counter))
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw new AppError("UNAUTHORIZED", "passkeyRejected");
  return { userId: passkey.user_id, permission: passkey.permission };
}

/** A verified discoverable passkey is both factors: it signs in directly, admins included. */
export function loginWithPasskey(
  deps: AuthDeps,
  input: { challenge: string | null; response: AuthenticationResponseJSON },
  meta: ClientMeta,
): Promise<NewSession> {
  return countLogin("passkey", () => passkeyLogin(deps, input, meta));
}

async function passkeyLogin(
  deps: AuthDeps,
  input: { challenge: string | null; response: AuthenticationResponseJSON },
  meta: ClientMeta,
): Promise<NewSession> {
  await useChallenge(deps.db, input.challenge, "login", null);
  const who = await verifyAssertion(deps, input.response, input.challenge!, {
    userId: null,
    requireUserVerification: true,
  });
  const session = await createSession(deps.db, who.userId, { ...meta, method: "passkey" });
  return { ...session, ...who };
}

/** The factors the person at the second step may use; null without a live password step. */
export async function pendingFactors(
  deps: AuthDeps,
  mfaChallenge: string | null,
): Promise<{ totp: boolean; passkey: boolean } | null> {
  const pending = mfaChallenge ? await peekToken(deps.db.kysely, mfaChallenge, "mfa_login") : null;
  if (!pending) return null;
  const user = await deps.db.kysely
    .selectFrom("users")
    .select("totp_enabled_at")
    .where("id", "=", pending.userId)
    .executeTakeFirst();
  if (!user) return null;
  const passkeys = await listPasskeys(deps.db, pending.userId);
  return { totp: user.totp_enabled_at !== null, passkey: passkeys.length > 0 };
}

/**
 * Options for an assertion with one of `userId`'s own passkeys (the second step, a step-up):
 * only their credentials are allowed, and the challenge is bound to them and the purpose.
 */
async function ownPasskeyOptions(
  deps: AuthDeps,
  userId: string,
  purpose: "second_factor" | "reauth",
  userVerification: "preferred" | "required",
): Promise<{ options: PublicKeyCredentialRequestOptionsJSON; challenge: string }> {
  const passkeys = await deps.db.kysely
    .selectFrom("passkeys")
    .select(["credential_id", "transports"])
    .where("user_id", "=", userId)
    .execute();
  if (passkeys.length === 0) throw new AppError("BAD_REQUEST", "passkeyUnknown");
  const challenge = await issuePasskeyChallenge(deps.db.kysely, purpose, userId);
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(deps.config).id,
    allowCredentials: passkeys.map((p) => ({
      id: p.credential_id,
      transports: transportsOf(p.transports),
    })),
    userVerification,
    challenge: challengeBytes(challenge),
  });
  return { options, challenge };
}

/** Options for the second step: only this person's passkeys are allowed. */
export async function passkeySecondFactorOptions(
  deps: AuthDeps,
  mfaChallenge: string | null,
): Promise<{ options: PublicKeyCredentialRequestOptionsJSON; challenge: string }> {
  const userId = await pendingLoginUser(deps.db, mfaChallenge);
  // The password was the knowledge factor; possession of the passkey is enough here.
  return ownPasskeyOptions(deps, userId, "second_factor", "preferred");
}

/** What the second step with a passkey sends: the pending sign-in and the signed assertion. */
type PasskeySecondFactorInput = {
  mfaChallenge: string | null;
  challenge: string | null;
  response: AuthenticationResponseJSON;
};

/** The second step with a passkey: it must be a passkey of the person who gave the password. */
export function loginWithPasskeySecondFactor(
  deps: AuthDeps,
  input: PasskeySecondFactorInput,
  meta: ClientMeta,
): Promise<NewSession> {
  return countLogin("second_factor", () => passkeySecondFactor(deps, input, meta));
}

async function passkeySecondFactor(
  deps: AuthDeps,
  input: PasskeySecondFactorInput,
  meta: ClientMeta,
): Promise<NewSession> {
  const userId = await pendingLoginUser(deps.db, input.mfaChallenge);
  await useChallenge(deps.db, input.challenge, "second_factor", userId);
  const who = await verifyAssertion(deps, input.response, input.challenge!, {
    userId,
    requireUserVerification: false,
  });
  // The password step is used up with the second factor, like the TOTP path does.
  await finishPendingLogin(deps.db, input.mfaChallenge!);
  const session = await createSession(deps.db, who.userId, { ...meta, method: "passkey" });
  return { ...session, ...who };
}

// ---------------------------------------------------------------- step-up

/**
 * Options for re-authenticating a signed-in session with one of its own passkeys. User
 * verification is required: the passkey then stands for both factors, as at a passwordless
 * sign-in, so a stolen session cannot step up with the password alone.
 */
export async function passkeyReauthOptions(
  deps: AuthDeps,
  session: CurrentSession,
): Promise<{ options: PublicKeyCredentialRequestOptionsJSON; challenge: string }> {
  return ownPasskeyOptions(deps, session.user.id, "reauth", "required");
}

/**
 * The step-up with a passkey: this browser's challenge, one of this person's passkeys, user
 * verified. A refused answer counts as a failed re-authentication (a few end the session).
 */
export async function reauthWithPasskey(
  deps: AuthDeps,
  session: CurrentSession,
  input: { challenge: string | null; response: AuthenticationResponseJSON },
): Promise<{ validUntil: string }> {
  await useChallenge(deps.db, input.challenge, "reauth", session.user.id);
  return stepUpAttempt(deps, session, async () => {
    await verifyAssertion(deps, input.response, input.challenge!, {
      userId: session.user.id,
      requireUserVerification: true,
    });
    return null;
  });
}
