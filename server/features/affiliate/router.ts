import { adminProcedure, memberProcedure, router } from "../../trpc/init";
import { getDefaultRate, setDefaultRate, setMemberRate } from "./rates";
import {
  adminReferrersInput,
  customersInput,
  defaultRateInput,
  memberRateInput,
  referrerInput,
  summaryInput,
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

  // ------------------------------------------------------------ admin
  referrers: adminProcedure
    .input(adminReferrersInput)
    .query(({ ctx, input }) => affiliate.adminReferrers(ctx.db, input)),
  referrer: adminProcedure
    .input(referrerInput)
    .query(({ ctx, input }) => affiliate.adminReferrer(ctx.db, input.userId)),
  defaultRate: adminProcedure.query(async ({ ctx }) => ({
    rateBp: await getDefaultRate(ctx.db.kysely),
  })),
  setDefaultRate: adminProcedure
    .input(defaultRateInput)
    .mutation(({ ctx, input }) => setDefaultRate(ctx.db, ctx.user.id, input.rate)),
  setMemberRate: adminProcedure
    .input(memberRateInput)
    .mutation(({ ctx, input }) => setMemberRate(ctx.db, ctx.user.id, input.userId, input.rate)),
});
