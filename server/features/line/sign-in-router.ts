import { REF_COOKIE, challengeCookie, startSession } from "../auth/router";
import { publicProcedure, router } from "../../trpc/init";
import type { Context } from "../../trpc/context";
import { lineSignUpInput, mailTokenInput, signInStartInput, callbackInput } from "./schema";
import * as lineSignIn from "./sign-in";

function cookie(name: string, value: string, maxAge: number, secure: boolean) {
  // Lax: LINE sends the browser back with a top-level GET, which carries Lax cookies.
  return `${name}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? "; Secure" : ""}`;
}

const meta = (ctx: Context) => ({ ip: ctx.ip, userAgent: ctx.userAgent });

/** Signing in and up with LINE: open to anyone; every step is bound to the browser's cookie. */
export const lineSignInRouter = router({
  available: publicProcedure.query(({ ctx }) => lineSignIn.signInAvailable(ctx.config)),

  start: publicProcedure.input(signInStartInput).mutation(async ({ ctx, input }) => {
    const { url, browserToken } = await lineSignIn.startSignIn(ctx, input);
    ctx.resHeaders.append(
      "Set-Cookie",
      cookie(lineSignIn.SIGN_IN_COOKIE, browserToken, 600, ctx.config.COOKIE_SECURE),
    );
    return { url };
  }),

  callback: publicProcedure.input(callbackInput).mutation(async ({ ctx, input }) => {
    const secure = ctx.config.COOKIE_SECURE;
    const browserToken = ctx.cookie(lineSignIn.SIGN_IN_COOKIE);
    ctx.resHeaders.append("Set-Cookie", cookie(lineSignIn.SIGN_IN_COOKIE, "", 0, secure));
    const outcome = await lineSignIn.completeSignIn(ctx, { ...input, browserToken }, meta(ctx));
    const where = { popup: outcome.popup, redirect: outcome.redirect };
    if (outcome.kind === "signUp") {
      ctx.resHeaders.append(
        "Set-Cookie",
        cookie(lineSignIn.SIGN_UP_COOKIE, outcome.signUpToken, 1800, secure),
      );
      return { ...where, next: "signUp" as const };
    }
    if (outcome.result.mfaRequired) {
      ctx.resHeaders.append("Set-Cookie", challengeCookie(outcome.result.challenge, 300, secure));
      return { ...where, next: "mfa" as const };
    }
    return { ...where, next: "signedIn" as const, ...(await startSession(ctx, outcome.result)) };
  }),

  pendingSignUp: publicProcedure.query(({ ctx }) =>
    lineSignIn.pendingSignUp(ctx.db, ctx.cookie(lineSignIn.SIGN_UP_COOKIE)),
  ),

  signUp: publicProcedure.input(lineSignUpInput).mutation(async ({ ctx, input }) => {
    const result = await lineSignIn.signUpWithLine(
      ctx,
      ctx.cookie(lineSignIn.SIGN_UP_COOKIE),
      { name: input.name, nickname: input.nickname, email: input.email || undefined },
      { ...meta(ctx), language: ctx.locale, refCookie: ctx.cookie(REF_COOKIE) },
    );
    if ("sent" in result) return { sent: true as const };
    ctx.resHeaders.append(
      "Set-Cookie",
      cookie(lineSignIn.SIGN_UP_COOKIE, "", 0, ctx.config.COOKIE_SECURE),
    );
    return { sent: false as const, ...(await startSession(ctx, result.signedIn)) };
  }),

  confirmSignUp: publicProcedure.input(mailTokenInput).mutation(async ({ ctx, input }) => {
    const session = await lineSignIn.confirmLineSignUp(ctx, input.token, {
      ...meta(ctx),
      refCookie: ctx.cookie(REF_COOKIE),
    });
    return startSession(ctx, session);
  }),
});
