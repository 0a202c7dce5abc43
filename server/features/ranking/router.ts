import { memberProcedure, router } from "../../trpc/init";
import { contentProcedure } from "../../trpc/admin-procedures";
import { rankingInput } from "./schema";
import { ranking } from "./service";

export const rankingRouter = router({
  /** Nicknames only, and the member's own place. */
  list: memberProcedure
    .input(rankingInput)
    .query(({ ctx, input }) => ranking(ctx.listDb, input, { viewerId: ctx.user.id })),

  /** The same ranking with members' real names, for the admin. */
  adminList: contentProcedure
    .input(rankingInput)
    .query(({ ctx, input }) => ranking(ctx.listDb, input, { withNames: true })),
});
