import { publicProcedure, router } from "../../trpc/init";
import { setLanguageInput } from "./schema";
import { setLanguage } from "./service";

export const profileRouter = router({
  /**
   * The browser keeps the choice (localStorage and cookie); a signed-in person's choice is
   * also stored so that mail and LINE messages use it. Visitors have nothing to store.
   */
  setLanguage: publicProcedure.input(setLanguageInput).mutation(async ({ ctx, input }) => {
    if (ctx.session) await setLanguage(ctx.db, ctx.session.user.id, input.language);
    return { language: input.language };
  }),
});
