import { reauthenticatedUser } from "./account-security";
import { sql } from "kysely";
import { isUniqueViolation } from "#db/dialect";
import { nowDb } from "#db/time";
import { AppError } from "../../errors";
import { hashPassword } from "../../auth/password";
import { attemptLimiter, limitKey } from "../../auth/rate-limit";
import { createSession, type CurrentSession, deleteUserSessions } from "../../auth/session";
import { hasPasskey } from "../../auth/second-factor";
import { consumeToken, issueToken, peekToken, retireTokens } from "../../auth/tokens";
import {
  type AuthDeps,
  type ClientMeta,
  type NewSession,
  greetingName,
  hashing,
  inRecoveryWindow,
  link,
  mailAllowed,
  refuseGuessablePassword,
  sendQuietly,
  userByEmail,
  userById,
} from "./service";

/**
 * Getting back into an account and keeping its address right: the password reset from a mailed
 * link, email verification (and its resend), and the change of email address, confirmed from
 * the new address and undoable from the old one within the recovery window.
 */

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
  // A closed account receives nothing, and could not sign in with a new password anyway.
  if (!user || user.closed_at !== null || !(await mailAllowed(deps.db, user.email))) return;
  const token = await issueToken(deps.db.kysely, user.id, "reset_password");
  await sendQuietly(deps, {
    to: user.email,
    language: user.language,
    template: "resetPassword",
    params: {
      name: greetingName(user.name, user),
      link: link(deps.config, "/reset-password", token),
    },
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
): Promise<{ email: string }> {
  const pending = await peekToken(deps.db.kysely, token, "reset_password");
  if (!pending) throw new AppError("BAD_REQUEST", "resetLinkInvalid");
  const owner = await userById(deps.db, pending.userId);
  if (owner.closed_at !== null) throw new AppError("BAD_REQUEST", "resetLinkInvalid");
  refuseGuessablePassword(password, [owner.email, owner.name, owner.nickname]);
  // Hashed before the link is used, so a busy server leaves the link working.
  const passwordHash = await hashing({ address: meta.ip }, () => hashPassword(password));
  const userId = await deps.db.kysely.transaction().execute(async (trx) => {
    const consumed = await consumeToken(trx, token, "reset_password");
    if (!consumed) throw new AppError("BAD_REQUEST", "resetLinkInvalid");
    await trx
      .updateTable("users")
      .set({
        password_hash: passwordHash,
        // The account now has a password the member knows: LINE is no longer its only way in.
        password_unset_at: null,
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
    params: { name: greetingName(user.nickname, user) },
  });
  return { email: user.email };
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
  const session = await createSession(deps.db, user.id, { ...meta, method: "emailLink" });
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
    // Not proven yet: no member-written text goes to it.
    params: { link: link(deps.config, "/verify-email", token) },
  });
}

/**
 * Asks to move the account to `newEmail`: a confirmation link goes there, a notice with an undo
 * link to the current address. Each mail to an address nobody has proven is a mail a member
 * makes the portal send, so a member may ask a few times a day and an address may be named a
 * few times a day by anyone; and the mail carries none of the member's own text. A taken
 * address gets the same answer as a free one (no enumeration): its owner is told of the
 * attempt instead, and nothing is sent that could move it.
 */
export async function requestEmailChange(
  deps: AuthDeps,
  session: CurrentSession,
  newEmail: string,
): Promise<void> {
  const { db } = deps;
  const user = await reauthenticatedUser(db, session);
  if (newEmail === user.email) throw new AppError("BAD_REQUEST", "emailSame");
  const limits = attemptLimiter(db);
  await limits.take("emailChangeMember", limitKey(user.id));
  // Refused quietly, like every account mail: the answer must not say who else asked.
  if (!(await limits.reserve("emailChangeTarget", limitKey(newEmail))).ok) return;

  // The member's own inbox hears of the request whatever the address, so it tells them
  // nothing about who holds it.
  // The undo restores the address as it stands now, proven or not: it must never prove it.
  const recoverToken = await issueToken(
    db.kysely,
    user.id,
    "recover_email",
    user.email,
    user.email_verified_at,
  );
  await sendQuietly(deps, {
    to: user.email,
    language: user.language,
    template: "emailChangeNotice",
    params: {
      name: greetingName(user.nickname, user),
      newEmail,
      link: link(deps.config, "/recover-email", recoverToken),
    },
  });

  const owner = await userByEmail(db, newEmail);
  if (owner || (await inRecoveryWindow(db, newEmail))) {
    // An earlier pending change ends as a new request would end it.
    await retireTokens(db.kysely, user.id, "change_email");
    if (owner && (await mailAllowed(db, owner.email))) {
      await sendQuietly(deps, {
        to: owner.email,
        language: owner.language,
        template: "emailChangeAttempt",
        params: {
          name: greetingName(owner.name, owner),
          loginLink: `${deps.config.APP_ORIGIN}/login`,
        },
      });
    }
    return;
  }
  const confirmToken = await issueToken(db.kysely, user.id, "change_email", newEmail);
  if (!(await mailAllowed(db, newEmail))) return;
  await sendQuietly(deps, {
    to: newEmail,
    language: user.language,
    template: "changeEmail",
    // Nobody has proven this address is the member's: no member-written text goes to it.
    params: { link: link(deps.config, "/confirm-email-change", confirmToken) },
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
 * Undoes an email change from the link sent to the old address: the old address comes back
 * exactly as it stood when the change was asked for (proven at the same moment, or unproven),
 * a change still waiting for confirmation is cancelled, and every session ends. The link proves
 * nothing by itself: it went to the address the account named, which may be anyone's inbox.
 */
export async function recoverEmail(deps: AuthDeps, token: string): Promise<{ email: string }> {
  const { db } = deps;
  let recovered: { userId: string; email: string };
  try {
    // One transaction: if the old address cannot come back, the link stays unused and the
    // pending change stays as it was, so nothing is lost by trying.
    recovered = await db.kysely.transaction().execute(async (trx) => {
      const consumed = await consumeToken(trx, token, "recover_email");
      const oldEmail = consumed?.data;
      if (!consumed || !oldEmail) throw new AppError("BAD_REQUEST", "linkInvalid");
      await retireTokens(trx, consumed.userId, "change_email");
      await trx
        .updateTable("users")
        .set((eb) => ({
          // A change never confirmed left the address in place: what proved it since stands.
          // Set before `email`: MySQL reads a column already assigned earlier in the SET list.
          email_verified_at: eb
            .case()
            .when("email", "=", oldEmail)
            .then(eb.ref("email_verified_at"))
            .else(consumed.restoresVerifiedAt)
            .end(),
          email: oldEmail,
          updated_at: nowDb(),
        }))
        .where("id", "=", consumed.userId)
        .execute();
      return { userId: consumed.userId, email: oldEmail };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", "emailTaken");
    throw error;
  }
  await deleteUserSessions(db, recovered.userId);
  return { email: recovered.email };
}
