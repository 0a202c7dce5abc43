import { memberFeatureProcedure, router } from "../../trpc/init";
import { mediaImageProcedure } from "../../trpc/media-procedure";
import { contentProcedure } from "../../trpc/admin-procedures";
import * as admin from "./admin";
import { drawGacha } from "./draw";
import {
  adminListInput,
  adminLogsInput,
  createGachaInput,
  createRewardInput,
  drawInput,
  idInput,
  memberListInput,
  myLogsInput,
  updateGachaInput,
  updateRewardInput,
  useItemInput,
} from "./schema";
import * as gachas from "./service";
import * as logs from "./logs";

/** Members' gacha procedures: with the `gacha` feature off, there are no gachas to see or draw. */
const gachaMemberProcedure = memberFeatureProcedure("gacha");

export const gachasRouter = router({
  // ------------------------------------------------------------------ members
  /** Published gachas with their status and the member's own draws. */
  list: gachaMemberProcedure
    .input(memberListInput)
    .query(({ ctx, input }) => gachas.memberListGachas(ctx.db, ctx.user.id, input, ctx.locale)),

  /** One published gacha: rewards, honest odds, the member's plays left and balance. */
  get: gachaMemberProcedure
    .input(idInput)
    .query(({ ctx, input }) => gachas.memberGetGacha(ctx.db, ctx.user.id, input.id, ctx.locale)),

  draw: gachaMemberProcedure
    .input(drawInput)
    .mutation(({ ctx, input }) => drawGacha(ctx.db, ctx.user.id, input)),

  /** One of the member's own draws (the reveal). */
  result: gachaMemberProcedure
    .input(idInput)
    .query(({ ctx, input }) => logs.myLog(ctx.db, ctx.user.id, input.id, ctx.locale)),

  myLogs: gachaMemberProcedure
    .input(myLogsInput)
    .query(({ ctx, input }) => logs.myLogs(ctx.db, ctx.user.id, input, ctx.locale)),

  useItem: gachaMemberProcedure
    .input(useItemInput)
    .mutation(({ ctx, input }) => logs.useItem(ctx.db, ctx.user.id, input.id)),

  /** A gacha's or reward's image, for /media/gachas/<file>. */
  image: mediaImageProcedure(gachas.readGachaImage),

  // -------------------------------------------------------------------- admin
  adminList: contentProcedure
    .input(adminListInput)
    .query(({ ctx, input }) => admin.adminListGachas(ctx.db, input)),

  adminGet: contentProcedure
    .input(idInput)
    .query(({ ctx, input }) => admin.adminGetGacha(ctx.db, input.id)),

  create: contentProcedure
    .input(createGachaInput)
    .mutation(({ ctx, input }) => admin.createGacha(ctx, ctx.user.id, input.gacha, input.image)),

  update: contentProcedure.input(updateGachaInput).mutation(async ({ ctx, input }) => {
    await admin.updateGacha(ctx, ctx.user.id, input.id, input.gacha, input.image);
    return { id: input.id };
  }),

  rewards: contentProcedure
    .input(idInput)
    .query(({ ctx, input }) => admin.adminRewards(ctx.db, input.id)),

  reward: contentProcedure
    .input(idInput)
    .query(({ ctx, input }) => admin.adminGetReward(ctx.db, input.id)),

  createReward: contentProcedure
    .input(createRewardInput)
    .mutation(({ ctx, input }) =>
      admin.createReward(ctx, ctx.user.id, input.gachaId, input.reward, input.image),
    ),

  updateReward: contentProcedure
    .input(updateRewardInput)
    .mutation(({ ctx, input }) =>
      admin.updateReward(ctx, ctx.user.id, input.id, input.reward, input.image),
    ),

  /** A gacha's draws; `export` for the CSV. */
  logs: contentProcedure
    .input(adminLogsInput)
    .query(({ ctx, input }) => admin.adminLogs(ctx.db, input)),
});
