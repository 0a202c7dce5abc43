import { adminProcedure, publicProcedure, router } from "../../trpc/init";
import { startSession } from "../auth/router";
import * as team from "./service";
import {
  acceptInvitationInput,
  changeRoleInput,
  createRoleInput,
  invitationIdInput,
  invitationTokenInput,
  inviteInput,
  memberInput,
} from "./schema";

/** The team tab of /admin/setting (decision 091), and the invitee's page. */
export const teamRouter = router({
  overview: adminProcedure
    .meta({ role: "admin", permission: "team" })
    .query(({ ctx }) => team.teamOverview(ctx.db, ctx.user.id)),

  invite: adminProcedure
    .meta({ role: "admin", permission: "team" })
    .input(inviteInput)
    .mutation(({ ctx, input }) =>
      team.invite(ctx, { id: ctx.user.id, access: ctx.access, language: ctx.locale }, input),
    ),

  revokeInvitation: adminProcedure
    .meta({ role: "admin", permission: "team" })
    .input(invitationIdInput)
    .mutation(({ ctx, input }) => team.revokeInvitation(ctx.db, ctx.user.id, input.id)),

  changeRole: adminProcedure
    .meta({ role: "admin", permission: "team" })
    .input(changeRoleInput)
    .mutation(({ ctx, input }) =>
      team.changeRole(ctx.db, { id: ctx.user.id, access: ctx.access }, input.userId, input.roleId),
    ),

  suspend: adminProcedure
    .meta({ role: "admin", permission: "team" })
    .input(memberInput)
    .mutation(({ ctx, input }) =>
      team.suspend(ctx.db, { id: ctx.user.id, access: ctx.access }, input.userId),
    ),

  reinstate: adminProcedure
    .meta({ role: "admin", permission: "team" })
    .input(memberInput)
    .mutation(({ ctx, input }) => team.reinstate(ctx.db, ctx.user.id, input.userId)),

  remove: adminProcedure
    .meta({ role: "admin", permission: "team" })
    .input(memberInput)
    .mutation(({ ctx, input }) =>
      team.remove(ctx.db, { id: ctx.user.id, access: ctx.access }, input.userId),
    ),

  endSessions: adminProcedure
    .meta({ role: "admin", permission: "team" })
    .input(memberInput)
    .mutation(({ ctx, input }) => team.endSessions(ctx.db, ctx.user.id, input.userId)),

  createRole: adminProcedure
    .meta({ role: "admin", permission: "team" })
    .input(createRoleInput)
    .mutation(({ ctx, input }) =>
      team.createRole(ctx.db, { id: ctx.user.id, access: ctx.access }, input),
    ),

  /** The invitee's page: who is invited and as what, or null when the link no longer works. */
  invitation: publicProcedure
    .input(invitationTokenInput)
    .query(({ ctx, input }) => team.invitationFor(ctx.db, input.token)),

  /** The invitee sets a password; the new session reaches only the second factor's enrolment. */
  accept: publicProcedure.input(acceptInvitationInput).mutation(async ({ ctx, input }) => {
    const session = await team.acceptInvitation(ctx, input, {
      ip: ctx.ip,
      userAgent: ctx.userAgent,
    });
    return startSession(ctx, session);
  }),
});
