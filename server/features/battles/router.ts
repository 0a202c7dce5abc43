import { memberProcedure, router } from "../../trpc/init";
import { contentProcedure } from "../../trpc/admin-procedures";
import { createBattleInput, idInput, updateBattleInput, viewInput } from "./schema";
import * as battles from "./service";

export const battlesRouter = router({
  /** The current (or asked-for) battle: prizes, the top by nickname, the member's own place. */
  view: memberProcedure
    .input(viewInput)
    .query(({ ctx, input }) => battles.memberView(ctx.db, ctx.user.id, input.id, ctx.locale)),

  adminList: contentProcedure.query(({ ctx }) => battles.adminList(ctx.db)),

  /** One battle with its standings by real name. */
  adminGet: contentProcedure
    .input(idInput)
    .query(({ ctx, input }) => battles.adminGet(ctx.db, input.id)),

  create: contentProcedure
    .input(createBattleInput)
    .mutation(({ ctx, input }) => battles.createBattle(ctx.db, ctx.user.id, input)),

  update: contentProcedure
    .input(updateBattleInput)
    .mutation(({ ctx, input }) =>
      battles.updateBattle(ctx.db, ctx.user.id, input.id, input.battle),
    ),

  /** Freezes the standings of an ended battle and credits its prizes, once. */
  settle: contentProcedure
    .input(idInput)
    .mutation(({ ctx, input }) => battles.settleBattle(ctx.db, ctx.user.id, input.id)),
});
