import { memberProcedure, router } from "../../trpc/init";
import { callbackInput, preferencesInput } from "./schema";
import * as line from "./service";

/** LINE linking for the signed-in member; every procedure works on their own account. */
export const lineRouter = router({
  status: memberProcedure.query(({ ctx }) => line.lineStatus(ctx, ctx.user.id)),

  /** Starts LINE Login for this session; the route redirects the browser to the URL. */
  start: memberProcedure.mutation(async ({ ctx }) => ({
    url: await line.startLogin(ctx, ctx.session),
  })),

  callback: memberProcedure
    .input(callbackInput)
    .mutation(({ ctx, input }) => line.completeLogin(ctx, ctx.session, input)),

  unlink: memberProcedure.mutation(({ ctx }) => line.unlink(ctx.db, ctx.user.id)),

  savePreferences: memberProcedure
    .input(preferencesInput)
    .mutation(({ ctx, input }) => line.savePreferences(ctx.db, ctx.user.id, input)),
});
