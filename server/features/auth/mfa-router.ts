import { PASSKEY_CHALLENGE_COOKIE, PASSKEY_CHALLENGE_TTL_MS } from "../../auth/passkey-challenges";
import { attemptLimiter, limitKey } from "../../auth/rate-limit";
import type { Context } from "../../trpc/context";
import {
  enrolmentProcedure,
  mustEnrolNow,
  publicProcedure,
  router,
  userProcedure,
} from "../../trpc/init";
import { passkeyAssertionInput, passkeyIdInput, registerPasskeyInput } from "./passkey-schema";
import * as passkeys from "./passkeys";
import { MFA_COOKIE, startSession } from "./router";

function meta(ctx: Context) {
  return { ip: ctx.ip, userAgent: ctx.userAgent };
}

/** The WebAuthn challenge rides in an HttpOnly cookie: only the browser that asked can answer. */
function setChallengeCookie(ctx: Context, value: string) {
  const maxAge = value ? PASSKEY_CHALLENGE_TTL_MS / 1000 : 0;
  ctx.resHeaders.append(
    "Set-Cookie",
    `${PASSKEY_CHALLENGE_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${ctx.config.COOKIE_SECURE ? "; Secure" : ""}`,
  );
}

/** Takes the challenge out of the request and clears the cookie: a challenge is answered once. */
function takeChallenge(ctx: Context): string | null {
  const value = ctx.cookie(PASSKEY_CHALLENGE_COOKIE);
  setChallengeCookie(ctx, "");
  return value;
}

function clearMfaCookie(ctx: Context) {
  ctx.resHeaders.append(
    "Set-Cookie",
    `${MFA_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${ctx.config.COOKIE_SECURE ? "; Secure" : ""}`,
  );
}

/** Second factors beyond TOTP: passkeys, and the admin enrolment requirement. */
export const mfaRouter = router({
  /** True for an admin who must enrol a second factor before anything else. */
  enrolmentRequired: enrolmentProcedure.query(({ ctx }) => mustEnrolNow(ctx.db, ctx.session)),

  passkeys: enrolmentProcedure.query(({ ctx }) => passkeys.listPasskeys(ctx.db, ctx.user.id)),

  passkeyRegistrationOptions: enrolmentProcedure.mutation(async ({ ctx }) => {
    const { options, challenge } = await passkeys.passkeyRegistrationOptions(ctx, ctx.session);
    setChallengeCookie(ctx, challenge);
    return options;
  }),

  passkeyRegister: enrolmentProcedure
    .input(registerPasskeyInput)
    .mutation(({ ctx, input }) =>
      passkeys.registerPasskey(ctx, ctx.session, { ...input, challenge: takeChallenge(ctx) }),
    ),

  /** Step-up with a passkey: options for this session's own passkeys, user verification required. */
  passkeyReauthOptions: enrolmentProcedure.mutation(async ({ ctx }) => {
    const { options, challenge } = await passkeys.passkeyReauthOptions(ctx, ctx.session);
    setChallengeCookie(ctx, challenge);
    return options;
  }),

  passkeyReauth: enrolmentProcedure.input(passkeyAssertionInput).mutation(({ ctx, input }) =>
    passkeys.reauthWithPasskey(ctx, ctx.session, {
      challenge: takeChallenge(ctx),
      response: input.response,
    }),
  ),

  passkeyRemove: userProcedure.input(passkeyIdInput).mutation(async ({ ctx, input }) => {
    await passkeys.removePasskey(ctx, ctx.session, input.id);
    return { ok: true };
  }),

  /** Passwordless sign-in, step one: a challenge for any discoverable passkey of this site. */
  passkeyLoginOptions: publicProcedure.mutation(async ({ ctx }) => {
    // Anyone may ask, and each answer is a stored challenge: a few per address at a time.
    await attemptLimiter(ctx.db).take("passkeyChallenge", limitKey(ctx.ip));
    const { options, challenge } = await passkeys.passkeyLoginOptions(ctx);
    setChallengeCookie(ctx, challenge);
    return options;
  }),

  passkeyLogin: publicProcedure.input(passkeyAssertionInput).mutation(async ({ ctx, input }) => {
    const session = await passkeys.loginWithPasskey(
      ctx,
      { challenge: takeChallenge(ctx), response: input.response },
      meta(ctx),
    );
    return startSession(ctx, session);
  }),

  /** Which second factors the person between the two sign-in steps has; null when none. */
  pendingFactors: publicProcedure.query(({ ctx }) =>
    passkeys.pendingFactors(ctx, ctx.cookie(MFA_COOKIE)),
  ),

  passkeySecondFactorOptions: publicProcedure.mutation(async ({ ctx }) => {
    const { options, challenge } = await passkeys.passkeySecondFactorOptions(
      ctx,
      ctx.cookie(MFA_COOKIE),
    );
    setChallengeCookie(ctx, challenge);
    return options;
  }),

  passkeySecondFactor: publicProcedure
    .input(passkeyAssertionInput)
    .mutation(async ({ ctx, input }) => {
      const session = await passkeys.loginWithPasskeySecondFactor(
        ctx,
        {
          mfaChallenge: ctx.cookie(MFA_COOKIE),
          challenge: takeChallenge(ctx),
          response: input.response,
        },
        meta(ctx),
      );
      clearMfaCookie(ctx);
      return startSession(ctx, session);
    }),
});
