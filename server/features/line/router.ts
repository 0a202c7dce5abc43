import { AppError } from "../../errors";
import { memberProcedure, publicProcedure, router } from "../../trpc/init";
import { liffSettings, liffSignIn } from "./liff";
import { liffSignInInput } from "../../domain/liff";
import { lineStartInput } from "../../domain/line-link";
import { mfaCodeInput } from "../../domain/account";
import { callbackInput, preferencesInput } from "./schema";
import * as line from "./service";

/** LINE linking for the signed-in member; every procedure works on their own account. */
export const lineRouter = router({
  status: memberProcedure.query(({ ctx }) => line.lineStatus(ctx, ctx.user.id)),

  /** Starts LINE Login for this session; the route redirects the browser to the URL. */
  start: memberProcedure.input(lineStartInput.optional()).mutation(async ({ ctx, input }) => ({
    url: await line.startLogin(ctx, ctx.session, input?.for ?? "line"),
  })),

  callback: memberProcedure
    .input(callbackInput)
    .mutation(({ ctx, input }) => line.completeLogin(ctx, ctx.session, input)),

  unlink: memberProcedure.mutation(({ ctx }) => line.unlink(ctx, ctx.session)),

  /** The authenticator code after a step-up through LINE (accounts with TOTP on). */
  reauthCode: memberProcedure
    .input(mfaCodeInput)
    .mutation(({ ctx, input }) => line.confirmCodeAfterLine(ctx, ctx.session, input.code)),

  /** The LIFF app the landing page starts; not found without LINE Login and a LIFF id. */
  liffApp: publicProcedure.query(({ ctx }) => {
    const settings = liffSettings(ctx.config);
    if (!settings) throw new AppError("NOT_FOUND", "notFound");
    return { liffId: settings.liffId };
  }),

  /** Anyone inside LINE: the ID token decides who, once LINE has verified it. */
  liffSignIn: publicProcedure
    .input(liffSignInInput)
    .mutation(({ ctx, input }) => liffSignIn(ctx, input)),

  savePreferences: memberProcedure
    .input(preferencesInput)
    .mutation(({ ctx, input }) => line.savePreferences(ctx.db, ctx.user.id, input)),
});
