import { DEVICE_COOKIE, deviceCookie, deviceKey, signDevice } from "../../auth/device-cookie";
import { clearSessionCookie, sessionCookie } from "../../auth/session";
import type { Context } from "../../trpc/context";
import { enrolmentProcedure, publicProcedure, router, userProcedure } from "../../trpc/init";
import {
  changeEmailInput,
  changePasswordInput,
  checkLinkInput,
  forgotPasswordInput,
  loginInput,
  mfaCodeInput,
  reauthInput,
  registerInput,
  resetPasswordInput,
  tokenInput,
} from "./schema";
import * as auth from "./service";
import * as signIn from "./sign-in";
import * as accountSecurity from "./account-security";
import * as recovery from "./recovery";
import { loginSettings } from "../line/service";

export const MFA_COOKIE = "mfa_challenge";
export const REF_COOKIE = "ref";

function meta(ctx: Context) {
  return { ip: ctx.ip, userAgent: ctx.userAgent };
}

/**
 * A new session replaces the one the browser had (rotation at every sign-in), and the browser
 * becomes a known device of the account (a new device cookie, signed for it).
 */
export async function startSession(ctx: Context, session: auth.NewSession) {
  await signIn.logout(ctx, ctx.session);
  ctx.resHeaders.append(
    "Set-Cookie",
    sessionCookie(session.token, session.expiresAt, ctx.config.COOKIE_SECURE),
  );
  const { email } = await auth.userById(ctx.db, session.userId);
  const device = signDevice(deviceKey(ctx.config.DEVICE_COOKIE_SECRET), email);
  ctx.resHeaders.append("Set-Cookie", deviceCookie(device, ctx.config.COOKIE_SECURE));
  return { permission: session.permission };
}

export function challengeCookie(value: string, maxAge: number, secure: boolean) {
  return `${MFA_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? "; Secure" : ""}`;
}

export const authRouter = router({
  /**
   * Who is signed in, or null; `consentDue`: the session lookup found a new version of the
   * terms they must agree to (legal.pending lists them).
   */
  me: publicProcedure.query(({ ctx }) => {
    const session = ctx.session;
    return session
      ? {
          id: session.user.id,
          email: session.user.email,
          nickname: session.user.nickname,
          permission: session.user.permission,
          emailVerified: session.user.emailVerified,
          consentDue: session.due.consent,
        }
      : null;
  }),

  /** Answers the same for a new and a taken address: "check your inbox". */
  register: publicProcedure.input(registerInput).mutation(async ({ ctx, input }) => {
    await auth.register(ctx, input, {
      ...meta(ctx),
      language: ctx.locale,
      refCookie: ctx.cookie(REF_COOKIE),
    });
    return { sent: true as const };
  }),

  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const result = await signIn.login(ctx, input, {
      ...meta(ctx),
      device: ctx.cookie(DEVICE_COOKIE),
      place: ctx.takeSignInPlace?.() ?? null,
    });
    if (result.mfaRequired) {
      ctx.resHeaders.append(
        "Set-Cookie",
        challengeCookie(result.challenge, 300, ctx.config.COOKIE_SECURE),
      );
      return { mfaRequired: true as const };
    }
    return { mfaRequired: false as const, ...(await startSession(ctx, result)) };
  }),

  loginMfa: publicProcedure.input(mfaCodeInput).mutation(async ({ ctx, input }) => {
    const session = await signIn.loginWithSecondFactor(
      ctx,
      { challenge: ctx.cookie(MFA_COOKIE), code: input.code },
      meta(ctx),
    );
    ctx.resHeaders.append("Set-Cookie", challengeCookie("", 0, ctx.config.COOKIE_SECURE));
    return startSession(ctx, session);
  }),

  /** Always succeeds from the browser's point of view: the cookie is cleared either way. */
  logout: publicProcedure.mutation(async ({ ctx }) => {
    await signIn.logout(ctx, ctx.session);
    ctx.resHeaders.append("Set-Cookie", clearSessionCookie(ctx.config.COOKIE_SECURE));
    return { ok: true };
  }),

  requestPasswordReset: publicProcedure
    .input(forgotPasswordInput)
    .mutation(async ({ ctx, input }) => {
      await recovery.requestPasswordReset(ctx, input.email, meta(ctx));
      return { ok: true };
    }),

  checkLink: publicProcedure
    .input(checkLinkInput)
    .query(({ ctx, input }) => recovery.checkLink(ctx, input.token, input.purpose)),

  resetPassword: publicProcedure.input(resetPasswordInput).mutation(async ({ ctx, input }) => {
    const { email } = await recovery.resetPassword(ctx, input.token, input.password, meta(ctx));
    ctx.resHeaders.append("Set-Cookie", clearSessionCookie(ctx.config.COOKIE_SECURE));
    // The link proved the inbox: this browser signs in as a known device of the account, past
    // a flood filling its address or the shared pool.
    const device = signDevice(deviceKey(ctx.config.DEVICE_COOKIE_SECRET), email);
    ctx.resHeaders.append("Set-Cookie", deviceCookie(device, ctx.config.COOKIE_SECURE));
    return { ok: true };
  }),

  /** A visitor with no session is signed in by the link (see recovery.verifyEmail). */
  verifyEmail: publicProcedure.input(tokenInput).mutation(async ({ ctx, input }) => {
    const session = await recovery.verifyEmail(ctx, input.token, {
      ...meta(ctx),
      signedIn: ctx.session !== null,
    });
    if (session) return { ok: true, signedIn: true, ...(await startSession(ctx, session)) };
    return { ok: true, signedIn: false };
  }),

  confirmEmailChange: publicProcedure
    .input(tokenInput)
    .mutation(({ ctx, input }) => recovery.confirmEmailChange(ctx, input.token)),

  recoverEmail: publicProcedure.input(tokenInput).mutation(async ({ ctx, input }) => {
    const result = await recovery.recoverEmail(ctx, input.token);
    ctx.resHeaders.append("Set-Cookie", clearSessionCookie(ctx.config.COOKIE_SECURE));
    return result;
  }),

  resendVerification: userProcedure.mutation(async ({ ctx }) => {
    await recovery.resendVerification(ctx, ctx.user.id);
    return { ok: true };
  }),

  security: enrolmentProcedure.query(({ ctx }) =>
    accountSecurity.securityStatus(ctx.db, ctx.session, {
      lineConfigured: loginSettings(ctx.config) !== null,
    }),
  ),

  reauthenticate: enrolmentProcedure
    .input(reauthInput)
    .mutation(({ ctx, input }) =>
      accountSecurity.reauthenticate(ctx, ctx.session, input, meta(ctx)),
    ),

  requestEmailChange: userProcedure.input(changeEmailInput).mutation(async ({ ctx, input }) => {
    await recovery.requestEmailChange(ctx, ctx.session, input.newEmail);
    return { ok: true };
  }),

  changePassword: userProcedure.input(changePasswordInput).mutation(async ({ ctx, input }) => {
    await accountSecurity.changePassword(ctx, ctx.session, input.password);
    return { ok: true };
  }),

  mfaStart: enrolmentProcedure.mutation(({ ctx }) =>
    accountSecurity.startMfaEnrollment(ctx, ctx.session),
  ),

  mfaConfirm: enrolmentProcedure
    .input(mfaCodeInput)
    .mutation(({ ctx, input }) =>
      accountSecurity.confirmMfaEnrollment(ctx, ctx.session, input.code),
    ),

  mfaDisable: userProcedure.mutation(async ({ ctx }) => {
    await accountSecurity.disableMfa(ctx, ctx.session);
    return { ok: true };
  }),
});
