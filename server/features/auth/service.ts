import { createHash, randomInt } from "node:crypto";
import type { Db } from "#db";
import { isUniqueViolation } from "#db/dialect";
import { newId } from "#db/id";
import type { Kysely } from "kysely";
import type { Database, Language } from "#db/schema";
import { fromDbTime, nowDb } from "#db/time";
import type { Config } from "../../config";
import { countReferredRegistration } from "../affiliate/rewards";
import { acceptCurrent } from "../legal/service";
import { AppError } from "../../errors";
import type { Logger } from "../../logger";
import type { Mailer, MailMessage } from "../../mail";
import { TRPCError } from "@trpc/server";
import { ZodRealError } from "zod";
import { type HashClaim, hashPassword, hashSlots } from "../../auth/password";
import { isGuessablePassword } from "../../auth/password-strength";
import { attemptLimiter, limitKey } from "../../auth/rate-limit";
import { issueToken } from "../../auth/tokens";

/**
 * Accounts: registration, and what the other auth modules share (their dependencies, the
 * hashing slots, the account-mail throttle). Signing in and out: ./sign-in.ts.
 * Getting back in: ./recovery.ts. A signed-in person's own security: ./account-security.ts.
 * Passkeys: ./passkeys.ts.
 */

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
export const RECOVERY_CODE_COUNT = 10;
export const ISSUER = "CB Portal";

export function link(config: Config, path: string, token: string): string {
  return `${config.APP_ORIGIN}${path}?token=${encodeURIComponent(token)}`;
}

/**
 * Runs a password hash in one of the process's hashing slots; when they are all taken the
 * visitor is asked to try again (503) instead of waiting behind a burst.
 */
export async function hashing<T>(claim: HashClaim, fn: () => Promise<T>): Promise<T> {
  const result = await hashSlots.run(claim, fn);
  if (result === "busy") throw signInBusy();
  return result;
}

export function signInBusy(): AppError {
  return new AppError("SERVICE_UNAVAILABLE", "signInBusy");
}

/**
 * Whether an account mail may go to this recipient now: each address gets a few an hour, so
 * nobody can use the portal to flood an inbox. Refused quietly: the answer must not differ.
 */
/**
 * Refuses a password found in the common and breached lists (or built from the person's own
 * name and address) as a field error, like a schema rule: the form shows it under the field.
 */
export function refuseGuessablePassword(password: string, userInputs: string[]): void {
  if (!isGuessablePassword(password, userInputs)) return;
  throw new TRPCError({
    code: "BAD_REQUEST",
    cause: new ZodRealError([
      { code: "custom", path: ["password"], message: "passwordCommon", input: undefined },
    ]),
  });
}

export async function mailAllowed(db: Db, recipient: string): Promise<boolean> {
  const reservation = await attemptLimiter(db).reserve("mailRecipient", limitKey(recipient));
  return reservation.ok;
}

/**
 * An address someone may still take back with a recovery link (it was changed away from within
 * the link's lifetime). It cannot be registered or moved to another account meanwhile, or the
 * rightful owner's recovery would fail.
 */
export async function inRecoveryWindow(
  db: Db,
  email: string,
  exceptUserId?: string,
): Promise<boolean> {
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

/**
 * The name a mail to a person's own address may greet them by: none until that address is
 * proven theirs. A name is member-written text, and an unproven address may be anyone's inbox.
 */
export function greetingName(
  name: string,
  user: { email_verified_at: string | null },
): string | undefined {
  return user.email_verified_at ? name : undefined;
}

/** Mail is sent after the change is saved; a mail failure is logged, never undoes the change. */
export async function sendQuietly(deps: AuthDeps, message: MailMessage): Promise<void> {
  try {
    await deps.mailer.send(message);
  } catch (err) {
    deps.log.error({ err, template: message.template }, "sending mail failed");
  }
}

/** What signing in checks of a user: the password, the role, the second factor, the email. */
const SIGN_IN_COLUMNS = [
  "id",
  "email",
  "name",
  "password_hash",
  "permission",
  "language",
  "totp_enabled_at",
  "email_verified_at",
  "closed_at",
] as const;

export async function userByEmail(db: Db, email: string) {
  return db.kysely
    .selectFrom("users")
    .select(SIGN_IN_COLUMNS)
    .where("email", "=", email)
    .executeTakeFirst();
}

export async function userById(db: Db, id: string) {
  return db.kysely
    .selectFrom("users")
    .select([...SIGN_IN_COLUMNS, "nickname", "totp_secret", "totp_last_step"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

/**
 * A new member's row, however they signed up, with what comes with it in the same
 * transaction: their agreement to the terms and privacy policy of this moment (the form's),
 * and the referrer's registration count on the Tokyo day of the row's own stamp, so the
 * summary counts what the customer list shows. The referral code is drawn here: a collision
 * is a unique violation the caller handles.
 */
export async function insertMember(
  trx: Kysely<Database>,
  db: Db,
  member: {
    id: string;
    email: string;
    email_verified_at: string | null;
    password_hash: string;
    password_unset_at?: string;
    name: string;
    nickname: string;
    language: Language;
    referrerId: string | null;
    now: string;
  },
): Promise<void> {
  const { referrerId, now, ...fields } = member;
  await trx
    .insertInto("users")
    .values({
      ...fields,
      permission: "member",
      referral_code: newReferralCode(),
      referrer_id: referrerId,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await acceptCurrent(trx, member.id);
  if (referrerId) await countReferredRegistration(trx, db, referrerId, fromDbTime(now));
}

/** The member whose referral code this is (case and spaces ignored); an unknown code is none. */
export async function referrerOf(db: Db, code: string | null | undefined) {
  const refCode = (code ?? "").trim().toLowerCase();
  if (!refCode) return undefined;
  return db.kysely
    .selectFrom("users")
    .select("id")
    .where("referral_code", "=", refCode)
    .executeTakeFirst();
}

export function newReferralCode(): string {
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

export function hashRecoveryCode(code: string): string {
  const normalized = code.trim().toLowerCase().replace(/-/g, "");
  return createHash("sha256").update(normalized).digest("hex");
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
    passwordHash = await hashing({ address: meta.ip }, () => hashPassword(input.password));
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
  const referrer = await referrerOf(db, meta.refCookie || input.ref);

  const id = newId();
  const now = nowDb();
  for (let attempt = 0; ; attempt++) {
    try {
      await db.kysely.transaction().execute(async (trx) => {
        await insertMember(trx, db, {
          id,
          email: input.email,
          email_verified_at: null,
          password_hash: passwordHash,
          name: input.name,
          nickname: input.nickname,
          language: meta.language,
          referrerId: referrer?.id ?? null,
          now,
        });
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
    // The address is not proven yet: no member-written text (the nickname) goes to it.
    params: { link: link(deps.config, "/verify-email", token) },
  });
}

/** "Already registered", told to the address's owner rather than to whoever asked. */
export async function tellOwnerAlreadyRegistered(deps: AuthDeps, email: string): Promise<void> {
  const owner = await userByEmail(deps.db, email);
  if (!owner || !(await mailAllowed(deps.db, email))) return;
  await sendQuietly(deps, {
    to: owner.email,
    language: owner.language,
    template: "alreadyRegistered",
    params: {
      name: greetingName(owner.name, owner),
      loginLink: `${deps.config.APP_ORIGIN}/login`,
      resetLink: `${deps.config.APP_ORIGIN}/forgot-password`,
    },
  });
}
