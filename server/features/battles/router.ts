import { adminProcedure, memberProcedure, router } from "../../trpc/init";
import { createBattleInput, idInput, updateBattleInput, viewInput } from "./schema";
import * as battles from "./service";

export const battlesRouter = router({
  /** The current (or asked-for) battle: prizes, the top by nickname, the member's own place. */
  view: memberProcedure
    .input(viewInput)
    .query(({ ctx, input }) => battles.memberView(ctx.db, ctx.user.id, input.id, ctx.locale)),

  adminList: adminProcedure
    .meta({ role: "admin", permission: "content" })
    .query(({ ctx }) => battles.adminList(ctx.db)),

  /** One battle with its standings by real name. */
  adminGet: adminProcedure
    .meta({ role: "admin", permission: "content" })
    .input(idInput)
    .query(({ ctx, input }) => battles.adminGet(ctx.db, input.id)),

  create: adminProcedure
    .meta({ role: "admin", permission: "content" })
    .input(createBattleInput)
    .mutation(({ ctx, input }) => battles.createBattle(ctx.db, ctx.user.id, input)),

  update: adminProcedure
    .meta({ role: "admin", permission: "content" })
    .input(updateBattleInput)
    .mutation(({ ctx, input }) =>
      battles.updateBattle(ctx.db, ctx.user.id, input.id, input.battle),
    ),

  /** Freezes the standings of an ended battle and credits its prizes, once. */
  settle: adminProcedure
    .meta({ role: "admin", permission: "content" })
    .input(idInput)
    .mutation(({ ctx, input }) => battles.settleBattle(ctx.db, ctx.user.id, input.id)),
});
