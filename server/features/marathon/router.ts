import { registerDue } from "../../auth/due";
import { unshownGoals } from "./service";
import { memberFeatureProcedure, memberProcedure, publicProcedure, router } from "../../trpc/init";
import { contentProcedure } from "../../trpc/admin-procedures";
import {
  courseInput,
  createMarathonInput,
  markShownInput,
  setActiveInput,
  updateMarathonInput,
} from "./schema";
import * as marathon from "./service";

/** With the `cashbackMarathon` feature off, members have no marathon to see. */
const marathonMemberProcedure = memberFeatureProcedure("cashbackMarathon");

export const marathonRouter = router({
  /** The member's progress toward each goal of the course's marathons. */
  progress: marathonMemberProcedure
    .input(courseInput)
    .query(({ ctx, input }) =>
      marathon.memberProgress(ctx.db, ctx.user.id, input.course, ctx.locale),
    ),

  /**
   * Reached goals the goal modal has not shown yet, oldest first. Public for the same reason
   * as popups.next: anyone who is not a member has none, rather than a 401. Asked only when
   * the session lookup found one (CurrentSession.due), which it does on every page.
   */
  pending: publicProcedure.query(({ ctx }) =>
    ctx.session?.user.permission === "member" && ctx.session.due.goals
      ? marathon.pendingGoals(ctx.db, ctx.session.user.id, ctx.locale)
      : [],
  ),

  /** The goal modal showed these: each shows once. */
  markShown: memberProcedure
    .input(markShownInput)
    .mutation(({ ctx, input }) => marathon.markShown(ctx.db, ctx.user.id, input.ids)),

  adminList: contentProcedure.query(({ ctx }) => marathon.adminList(ctx.db)),

  create: contentProcedure
    .input(createMarathonInput)
    .mutation(({ ctx, input }) => marathon.createMarathon(ctx.db, ctx.user.id, input)),

  /** The editor's save of an existing marathon; credits who now qualifies, once. */
  update: contentProcedure
    .input(updateMarathonInput)
    .mutation(({ ctx, input }) => marathon.updateMarathon(ctx.db, ctx.user.id, input)),

  setActive: contentProcedure
    .input(setActiveInput)
    .mutation(({ ctx, input }) => marathon.setActive(ctx.db, ctx.user.id, input.id, input.active)),
});

declare module "../../auth/due" {
  interface DueOnNextPage {
    /** A reached goal the goal modal has not shown. */
    goals: boolean;
  }
}
registerDue("goals", (kysely, userId) => unshownGoals(kysely, userId).select("marathons.id"));
