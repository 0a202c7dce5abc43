import { createHash } from "node:crypto";
import { isUniqueViolation } from "#db/dialect";
import { toDbTime } from "#db/time";
import { issueToken } from "../../auth/tokens";
import { hasSecondFactor } from "../../auth/second-factor";
import { clearSessionCookie, createSession } from "../../auth/session";
import type { Config } from "../../config";
import { LIFF_PAGES, type LiffPage } from "../../domain/liff";
import { AppError } from "../../errors";
import { LineLoginError, verifyLineIdToken } from "../../line/login";
import type { Context } from "../../trpc/context";
import { challengeCookie, startSession } from "../auth/router";
import { logout } from "../auth/sign-in";
import { loginSettings } from "./service";

/**
 * Signing a member in inside LINE: the LIFF page sends the ID token the LIFF SDK holds, LINE
 * verifies it for our LINE Login channel (the same checks as signing in with LINE), and the member
 * whose account is linked to that LINE user gets a session as a password sign-in makes one.
 * A second factor on the account is still asked for, on the usual second-factor page. The page
 * to open afterwards is one of LIFF_PAGES by name, never a path from the request.
 */

/** The LIFF app, when LINE Login and a LIFF id are configured; else every LIFF route is a 404. */
export function liffSettings(config: Config) {
  const login = loginSettings(config);
  if (!login || !config.LIFF_ID) return null;
  return { liffId: config.LIFF_ID, login };
}

export type LiffSignIn =
  /** Signed in (or already signed in as this member): open `to`. */
  | { outcome: "signedIn"; to: string }
  /** The account has a second factor: open `to`, the second-factor page, which returns to the page. */
  | { outcome: "secondFactor"; to: string }
  /** No account is linked to this LINE user: the page explains how to link one. */
  | { outcome: "unlinked" };

/** How long the second-factor step started here stays open (as after a password). */
const CHALLENGE_SECONDS = 300;

export async function liffSignIn(
  ctx: Context,
  input: { idToken: string; page: LiffPage },
): Promise<LiffSignIn> {
  const settings = liffSettings(ctx.config);
  if (!settings) throw new AppError("NOT_FOUND", "notFound");
  let sub: string;
  let expiresAt: Date;
  try {
    // LIFF logs the member in itself: the token carries no nonce of ours.
    ({ sub, expiresAt } = await verifyLineIdToken(settings.login, input.idToken, {
      nonce: null,
    }));
  } catch (error) {
    if (!(error instanceof LineLoginError)) throw error;
    ctx.log.warn({ kind: error.kind, reason: error.message }, "LIFF sign-in: ID token refused");
    throw error.kind === "connection"
      ? new AppError("BAD_GATEWAY", "lineConnection")
      : new AppError("UNAUTHORIZED", "liffRefused");
  }
  const to = LIFF_PAGES[input.page];
  const link = await ctx.db.kysely
    .selectFrom("line_links")
    .innerJoin("users", "users.id", "line_links.user_id")
    .select(["users.id", "users.permission"])
    .where("line_links.line_user_id", "=", sub)
    .where("users.closed_at", "is", null)
    .executeTakeFirst();
  if (!link) {
    ctx.log.info("LIFF sign-in: LINE user not linked to an account");
    return { outcome: "unlinked" };
  }
  // The browser already holds this member's session (another menu item tapped): nothing to do.
  if (ctx.session?.user.id === link.id) return { outcome: "signedIn", to };
  if (!(await spendToken(ctx, input.idToken, expiresAt))) {
    ctx.log.warn({ userId: link.id }, "LIFF sign-in: ID token used before");
    throw new AppError("UNAUTHORIZED", "liffRefused");
  }
  if (await hasSecondFactor(ctx.db, link.id)) {
    // Another member's session in this browser ends first: the second-factor page is for
    // visitors, and the LINE user in front of it is not that member.
    if (ctx.session) {
      await logout(ctx, ctx.session);
      ctx.resHeaders.append("Set-Cookie", clearSessionCookie(ctx.config.COOKIE_SECURE));
    }
    const challenge = await issueToken(ctx.db.kysely, link.id, "mfa_login");
    ctx.resHeaders.append(
      "Set-Cookie",
      challengeCookie(challenge, CHALLENGE_SECONDS, ctx.config.COOKIE_SECURE),
    );
    return {
      outcome: "secondFactor",
      to: `/login/mfa?${new URLSearchParams({ redirect: to }).toString()}`,
    };
  }
  const session = await createSession(ctx.db, link.id, {
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    method: "line",
  });
  await startSession(ctx, { ...session, userId: link.id, permission: link.permission });
  ctx.log.info({ userId: link.id }, "signed in through LIFF");
  return { outcome: "signedIn", to };
}

/**
 * Marks a LIFF ID token used: true the first time, false when it was used before. A token
 * signs in (or starts the second-factor step) once; only its hash is kept, until it expires.
 * The primary key decides two posts of one token at the same moment.
 */
async function spendToken(ctx: Context, idToken: string, expiresAt: Date): Promise<boolean> {
  const now = new Date();
  await ctx.db.kysely
    .deleteFrom("liff_token_uses")
    .where("expires_at", "<", toDbTime(now))
    .execute();
  try {
    await ctx.db.kysely
      .insertInto("liff_token_uses")
      .values({
        id: createHash("sha256").update(idToken).digest("hex"),
        expires_at: toDbTime(expiresAt),
      })
      .execute();
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}
