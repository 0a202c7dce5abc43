import { memberProcedure, router } from "../../trpc/init";
import { mediaImageProcedure } from "../../trpc/media-procedure";
import { contentProcedure, importProcedure } from "../../trpc/admin-procedures";
import * as banners from "./banners";
import { getDefaultRate, setDefaultRate, setMemberRate } from "./rates";
import {
  adminReferrersInput,
  createBannerInput,
  customersInput,
  defaultRateInput,
  memberRateInput,
  referrerInput,
  summaryInput,
  updateBannerInput,
} from "./schema";
import * as affiliate from "./service";

export const affiliateRouter = router({
  // ------------------------------------------------------------ member
  summary: memberProcedure
    .input(summaryInput)
    .query(({ ctx, input }) => affiliate.memberSummary(ctx.db, ctx.user.id, input)),
  link: memberProcedure.query(({ ctx }) => affiliate.memberLink(ctx.db, ctx.config, ctx.user.id)),
  customers: memberProcedure
    .input(customersInput)
    .query(({ ctx, input }) => affiliate.memberCustomers(ctx.db, ctx.user.id, input)),
  rewards: memberProcedure.query(({ ctx }) => affiliate.memberRewards(ctx.db, ctx.user.id)),
  /** Active banners, each with copyable HTML holding the member's referral link. */
  banners: memberProcedure.query(({ ctx }) =>
    banners.memberBanners(ctx.db, ctx.config, ctx.user.id),
  ),

  // ------------------------------------------------------------ public
  /** A banner image for /media/banners/<file>: public art, shown on members' sites. */
  bannerImage: mediaImageProcedure(banners.bannerImage),

  // ------------------------------------------------------------ admin
  referrers: importProcedure
    .input(adminReferrersInput)
    .query(({ ctx, input }) => affiliate.adminReferrers(ctx.listDb, input)),
  referrer: importProcedure
    .input(referrerInput)
    .query(({ ctx, input }) => affiliate.adminReferrer(ctx.db, input.userId)),
  defaultRate: importProcedure.query(async ({ ctx }) => ({
    rateBp: await getDefaultRate(ctx.db.kysely),
  })),
  setDefaultRate: importProcedure
    .input(defaultRateInput)
    .mutation(({ ctx, input }) => setDefaultRate(ctx.db, ctx.user.id, input.rate)),
  setMemberRate: importProcedure
    .input(memberRateInput)
    .mutation(({ ctx, input }) => setMemberRate(ctx.db, ctx.user.id, input.userId, input.rate)),
  /** Every banner, active first; deactivated ones stay (pasted HTML keeps its image). */
  adminBanners: contentProcedure.query(({ ctx }) => banners.adminBanners(ctx.db)),
  createBanner: contentProcedure
    .input(createBannerInput)
    .mutation(({ ctx, input }) => banners.createBanner(ctx, ctx.user.id, input)),
  /** Edits a banner; `active: false` deactivates it (there is no delete). */
  updateBanner: contentProcedure
    .input(updateBannerInput)
    .mutation(({ ctx, input }) => banners.updateBanner(ctx, ctx.user.id, input)),
});
