import { memberProcedure, router } from "../../trpc/init";
import { mediaImageProcedure } from "../../trpc/media-procedure";
import { contentProcedure } from "../../trpc/admin-procedures";
import {
  adminEntriesInput,
  adminListInput,
  createCampaignInput,
  enterInput,
  idInput,
  memberListInput,
  updateCampaignInput,
} from "./schema";
import * as admin from "./admin";
import * as campaigns from "./service";

export const campaignsRouter = router({
  // ------------------------------------------------------------------ members
  /** Active campaigns with their status and whether the member entered. */
  list: memberProcedure
    .input(memberListInput)
    .query(({ ctx, input }) =>
      campaigns.memberListCampaigns(ctx.db, ctx.user.id, input, ctx.locale),
    ),

  get: memberProcedure
    .input(idInput)
    .query(({ ctx, input }) =>
      campaigns.memberGetCampaign(ctx.db, ctx.user.id, input.id, ctx.locale),
    ),

  /** Enters once; entering again is the same success (`already: true`). */
  enter: memberProcedure
    .input(enterInput)
    .mutation(({ ctx, input }) => campaigns.enterCampaign(ctx.db, ctx.user.id, input.campaignId)),

  /** A campaign's image, for /media/campaigns/<file>. */
  image: mediaImageProcedure(campaigns.readCampaignImage),

  // -------------------------------------------------------------------- admin
  adminList: contentProcedure
    .input(adminListInput)
    .query(({ ctx, input }) => admin.adminListCampaigns(ctx.db, input)),

  adminGet: contentProcedure
    .input(idInput)
    .query(({ ctx, input }) => admin.adminGetCampaign(ctx.db, input.id)),

  create: contentProcedure
    .input(createCampaignInput)
    .mutation(({ ctx, input }) =>
      admin.createCampaign(ctx, ctx.user.id, input.campaign, input.image),
    ),

  update: contentProcedure.input(updateCampaignInput).mutation(async ({ ctx, input }) => {
    await admin.updateCampaign(ctx, ctx.user.id, input.id, input.campaign, input.image);
    return { id: input.id };
  }),

  /** A campaign's entries; `export` for the CSV. */
  entries: contentProcedure
    .input(adminEntriesInput)
    .query(({ ctx, input }) => admin.adminEntries(ctx.db, input)),
});
