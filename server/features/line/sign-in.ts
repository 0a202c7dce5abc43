import { createHash, randomBytes } from "node:crypto";
import { recordAudit } from "../../audit";
import type { Db } from "#db";
import { isUniqueViolation } from "#db/dialect";
import { newId } from "#db/id";
import type { Language } from "#db/schema";
import { addMs, nowDb, toDbTime } from "#db/time";
import { hashPassword } from "../../auth/password";
import { markUsed } from "../../auth/tokens";
import { attemptLimiter, limitKey } from "../../auth/rate-limit";
import { createSession } from "../../auth/session";
import type { AuditAction } from "../../domain/audit-actions";
import { AppError } from "../../errors";
import { exchangeCode, LineLoginError, newLoginSecrets, authorizeUrl } from "../../line/login";
import { countLogin } from "../../metrics";
import {
  type AuthDeps,
  type ClientMeta,
  hashing,
  inRecoveryWindow,
  insertMember,
  link,
  mailAllowed,
  type NewSession,
  referrerOf,
  sendQuietly,
  tellOwnerAlreadyRegistered,
  userByEmail,
  userById,
} from "../auth/service";
import { type LoginResult, signedIn } from "../auth/sign-in";
import { loginSettings } from "./service";
import type { CallbackInput } from "./schema";

/**
 * Signing in with LINE (OpenID Connect code flow with PKCE, state and nonce). The attempt's
 * secrets stay on the server, bound to the browser that started it by a cookie; the callback
 * completes an attempt once, within ten minutes, in that browser only. The ID token comes from
 * LINE's token endpoint, never from the browser, and is verified before its user id is used.
 * A linked LINE user signs in to its account (a second factor on the account is still asked
 * for); an unknown one may sign up, after agreeing to the terms and proving an address.
 */

export const SIGN_IN_COOKIE = "line_signin";
export const SIGN_UP_COOKIE = "line_signup";
/** The callback URL path registered with the LINE Login channel for signing in. */
export const SIGN_IN_CALLBACK_PATH = "/login/line/callback";
const ATTEMPT_TTL_MS = 10 * 60 * 1000;
/** How long a LINE user has to finish the sign-up form. */
const SIGN_UP_TTL_MS = 30 * 60 * 1000;
/** How long the mailed sign-up link works. */
const SIGN_UP_MAIL_TTL_MS = 24 * 60 * 60 * 1000;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const randomToken = () => randomBytes(32).toString("base64url");

export function signInCallbackUrl(config: { APP_ORIGIN: string }): string {
  return `${config.APP_ORIGIN}${SIGN_IN_CALLBACK_PATH}`;
}

/** Whether the login page offers LINE at all. */
export function signInAvailable(config: AuthDeps["config"]): boolean {
  return loginSettings(config) !== null;
}

function settingsOrRefuse(config: AuthDeps["config"]) {
  const settings = loginSettings(config);
  if (!settings) throw new AppError("PRECONDITION_FAILED", "lineNotConfigured");
  return settings;
}

/**
 * Starts a sign-in: stores the attempt (the state as a hash) and returns LINE's authorization
 * URL and the browser token the caller sets as a cookie.
 */
export async function startSignIn(
  deps: AuthDeps,
  input: { popup: boolean; redirect: string | null },
): Promise<{ url: string; browserToken: string }> {
  const settings = settingsOrRefuse(deps.config);
  const secrets = newLoginSecrets();
  const browserToken = randomToken();
  const now = new Date();
  await deps.db.kysely
    .deleteFrom("line_sign_in_requests")
    .where("expires_at", "<", toDbTime(now))
    .execute();
  await deps.db.kysely
    .insertInto("line_sign_in_requests")
    .values({
      id: sha256(secrets.state),
      browser_hash: sha256(browserToken),
      nonce: secrets.nonce,
      code_verifier: secrets.codeVerifier,
      popup: input.popup ? 1 : 0,
      redirect_to: input.redirect,
      created_at: toDbTime(now),
      expires_at: toDbTime(addMs(now, ATTEMPT_TTL_MS)),
    })
    .execute();
  const url = authorizeUrl(settings, {
    redirectUri: signInCallbackUrl(deps.config),
    state: secrets.state,
    nonce: secrets.nonce,
    codeVerifier: secrets.codeVerifier,
    email: deps.config.LINE_LOGIN_EMAIL,
  });
  return { url, browserToken };
}

export type SignInOutcome = { popup: boolean; redirect: string | null } & (
  { kind: "signedIn"; result: LoginResult } | { kind: "signUp"; signUpToken: string }
);

async function refuse(reason: string): Promise<never> {
  throw new AppError("BAD_REQUEST", reason);
}

/**
 * The callback: the state must name an unexpired, unused attempt of this browser; the code is
 * exchanged with the PKCE verifier and the ID token verified (issuer, audience, expiry, nonce,
 * signature). Every outcome is audited.
 */
export function completeSignIn(
  deps: AuthDeps,
  input: CallbackInput & { browserToken: string | null },
  meta: ClientMeta,
): Promise<SignInOutcome> {
  return countLogin(
    "line",
    () => signInCallback(deps, input, meta),
    (r) => (r.kind === "signUp" ? "signUp" : r.result.mfaRequired ? "mfaRequired" : "success"),
  );
}

async function signInCallback(
  deps: AuthDeps,
  input: CallbackInput & { browserToken: string | null },
  meta: ClientMeta,
): Promise<SignInOutcome> {
  const settings = settingsOrRefuse(deps.config);
  const { db } = deps;
  const audit = (action: AuditAction, actorId: string | null, data: Record<string, unknown>) =>
    recordAudit(db.kysely, {
      actorId,
      action,
      targetType: "user",
      targetId: actorId,
      data: { method: "line", ...data },
    });
  const request = input.state
    ? await db.kysely
        .selectFrom("line_sign_in_requests")
        .selectAll()
        .where("id", "=", sha256(input.state))
        .executeTakeFirst()
    : undefined;
  if (
    !request ||
    !input.browserToken ||
    request.browser_hash !== sha256(input.browserToken) ||
    request.expires_at < nowDb()
  ) {
    await audit("auth.signInFailed", null, { reason: "state" });
    return refuse("lineGeneric");
  }
  // Spent before anything else: a replayed callback finds it used.
  if (!(await markUsed(db.kysely, "line_sign_in_requests", request.id))) {
    await audit("auth.signInFailed", null, { reason: "replay" });
    return refuse("lineGeneric");
  }
  const where = { popup: Number(request.popup) === 1, redirect: request.redirect_to };
  if (input.error) {
    return refuse(input.error === "access_denied" ? "lineSignInCancelled" : "lineGeneric");
  }
  if (!input.code || !input.state) return refuse("lineGeneric");

  let identity;
  try {
    ({ identity } = await exchangeCode(settings, {
      code: input.code,
      state: input.state,
      redirectUri: signInCallbackUrl(deps.config),
      codeVerifier: request.code_verifier,
      nonce: request.nonce,
    }));
  } catch (error) {
    if (!(error instanceof LineLoginError)) throw error;
    deps.log.warn({ kind: error.kind, reason: error.message }, "LINE sign-in failed");
    await audit("auth.signInFailed", null, { reason: error.message.slice(0, 200) });
    if (error.kind === "connection") throw new AppError("BAD_GATEWAY", "lineConnection");
    return refuse("lineGeneric");
  }

  const linked = await db.kysely
    .selectFrom("line_links")
    .select("user_id")
    .where("line_user_id", "=", identity.sub)
    .executeTakeFirst();
  if (linked) {
    const user = await userById(db, linked.user_id);
    // The same second step as a password: a second factor on the account is asked for.
    // The session's own record says it was LINE; with a second factor, the second step's does.
    const result = await signedIn(deps, user, meta, "line");
    return { ...where, kind: "signedIn", result };
  }

  const signUpToken = randomToken();
  const now = new Date();
  await db.kysely.deleteFrom("line_sign_ups").where("expires_at", "<", toDbTime(now)).execute();
  await db.kysely
    .insertInto("line_sign_ups")
    .values({
      id: sha256(signUpToken),
      line_user_id: identity.sub,
      display_name: identity.name,
      line_email: identity.email,
      created_at: toDbTime(now),
      expires_at: toDbTime(addMs(now, SIGN_UP_TTL_MS)),
    })
    .execute();
  return { ...where, kind: "signUp", signUpToken };
}

// ---------------------------------------------------------------- sign-up with LINE

async function pendingRow(db: Db, signUpToken: string | null) {
  const row = signUpToken
    ? await db.kysely
        .selectFrom("line_sign_ups")
        .selectAll()
        .where("id", "=", sha256(signUpToken))
        .where("used_at", "is", null)
        .where("expires_at", ">", nowDb())
        .executeTakeFirst()
    : undefined;
  if (!row) throw new AppError("BAD_REQUEST", "lineSignUpExpired");
  return row;
}

/** What the sign-up form shows: LINE's name and, when LINE vouched for one, the address. */
export async function pendingSignUp(db: Db, signUpToken: string | null) {
  const row = await pendingRow(db, signUpToken);
  return { displayName: row.display_name, email: row.line_email };
}

export interface SignUpFields {
  name: string;
  nickname: string;
  /** Only asked for when LINE did not vouch for an address. */
  email?: string | undefined;
}

/**
 * The sign-up form (the terms and privacy policy agreed to: the schema requires it). With an
 * address from LINE the account is made at once and signed in; otherwise a link goes to the
 * typed address, and the account is made when it is opened. A taken address gets the
 * "already registered" mail and the same answer, as the password sign-up does.
 */
export async function signUpWithLine(
  deps: AuthDeps,
  signUpToken: string | null,
  fields: SignUpFields,
  meta: ClientMeta & { language: Language; refCookie: string | null },
): Promise<{ signedIn: NewSession } | { sent: true }> {
  const { db } = deps;
  const row = await pendingRow(db, signUpToken);
  if (row.line_email) {
    if (!(await markUsed(db.kysely, "line_sign_ups", row.id)))
      throw new AppError("BAD_REQUEST", "lineSignUpExpired");
    if ((await userByEmail(db, row.line_email)) || (await inRecoveryWindow(db, row.line_email))) {
      // The address is the LINE user's own (LINE vouched for it): telling them is no leak.
      throw new AppError("CONFLICT", "lineEmailRegistered");
    }
    const session = await createMember(deps, {
      lineUserId: row.line_user_id,
      displayName: row.display_name,
      email: row.line_email,
      name: fields.name,
      nickname: fields.nickname,
      language: meta.language,
      refCookie: meta.refCookie,
      meta,
    });
    return { signedIn: session };
  }

  if (!fields.email) {
    throw new AppError("BAD_REQUEST", "lineSignUpEmailRequired");
  }
  const limits = attemptLimiter(db);
  await limits.take("signUpAddress", limitKey(meta.ip));
  if ((await userByEmail(db, fields.email)) || (await inRecoveryWindow(db, fields.email))) {
    await tellOwnerAlreadyRegistered(deps, fields.email);
    return { sent: true };
  }
  const mailToken = randomToken();
  await db.kysely
    .updateTable("line_sign_ups")
    .set({
      mail_email: fields.email,
      mail_token_hash: sha256(mailToken),
      name: fields.name,
      nickname: fields.nickname,
      language: meta.language,
      expires_at: toDbTime(addMs(new Date(), SIGN_UP_MAIL_TTL_MS)),
    })
    .where("id", "=", row.id)
    .execute();
  if (!(await mailAllowed(db, fields.email))) return { sent: true };
  await sendQuietly(deps, {
    to: fields.email,
    language: meta.language,
    template: "verifyEmail",
    // Not proven yet: no member-written text goes to it.
    params: { link: link(deps.config, "/login/line/verify", mailToken) },
  });
  return { sent: true };
}

/** The mailed link: the address is proven, so the account is made, linked and signed in. */
export async function confirmLineSignUp(
  deps: AuthDeps,
  mailToken: string,
  meta: ClientMeta & { refCookie: string | null },
): Promise<NewSession> {
  const { db } = deps;
  const row = await db.kysely
    .selectFrom("line_sign_ups")
    .selectAll()
    .where("mail_token_hash", "=", sha256(mailToken))
    .where("used_at", "is", null)
    .where("expires_at", ">", nowDb())
    .executeTakeFirst();
  if (!row || !row.mail_email || !row.name || !row.nickname) {
    throw new AppError("BAD_REQUEST", "verifyFailed");
  }
  if (!(await markUsed(db.kysely, "line_sign_ups", row.id)))
    throw new AppError("BAD_REQUEST", "verifyFailed");
  if ((await userByEmail(db, row.mail_email)) || (await inRecoveryWindow(db, row.mail_email))) {
    throw new AppError("BAD_REQUEST", "verifyFailed");
  }
  return createMember(deps, {
    lineUserId: row.line_user_id,
    displayName: row.display_name,
    email: row.mail_email,
    name: row.name,
    nickname: row.nickname,
    language: row.language === "en" ? "en" : "ja",
    refCookie: meta.refCookie,
    meta,
  });
}

/**
 * Makes the member: the address proven, no password (LINE is the way in until one is set
 * through the reset mail), the current terms agreed to, LINE linked. One transaction; the
 * unique keys decide a race for the address or the LINE user.
 */
async function createMember(
  deps: AuthDeps,
  input: {
    lineUserId: string;
    displayName: string | null;
    email: string;
    name: string;
    nickname: string;
    language: Language;
    refCookie: string | null;
    meta: ClientMeta;
  },
): Promise<NewSession> {
  const { db } = deps;
  // Nobody knows this password: the account's password sign-in stays shut until a reset.
  const unusable = await hashing({ address: input.meta.ip }, () =>
    hashPassword(`${randomToken()}Aa1`),
  );
  const referrer = await referrerOf(db, input.refCookie);
  const id = newId();
  const now = nowDb();
  try {
    await db.kysely.transaction().execute(async (trx) => {
      await insertMember(trx, db, {
        id,
        email: input.email,
        // LINE vouched for the address.
        email_verified_at: now,
        password_hash: unusable,
        password_unset_at: now,
        name: input.name,
        nickname: input.nickname,
        language: input.language,
        referrerId: referrer?.id ?? null,
        now,
      });
      await trx
        .insertInto("line_links")
        .values({
          user_id: id,
          line_user_id: input.lineUserId,
          display_name: input.displayName,
          linked_at: now,
          updated_at: now,
        })
        .execute();
      await recordAudit(trx, {
        actorId: id,
        action: "auth.signUp",
        targetType: "user",
        targetId: id,
        data: { method: "line" },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", "lineEmailRegistered");
    throw error;
  }
  const session = await createSession(db, id, { ...input.meta, method: "line" });
  return { ...session, userId: id, permission: "member" };
}
