import { adminProcedure, publicProcedure, router } from "../../trpc/init";
import type { AdminAccess } from "../../auth/admin-access";
import { startSession } from "../auth/router";
import * as team from "./service";
import {
  acceptInvitationInput,
  changeRoleInput,
  createRoleInput,
  roleIdInput,
  updateRoleInput,
  invitationIdInput,
  invitationTokenInput,
  inviteInput,
  memberInput,
} from "./schema";

/**
 * Every team procedure but the invitee's: the team permission, declared once here (the
 * permission walk reads it from each procedure's meta as from any other).
 */
const teamProcedure = adminProcedure.meta({ role: "admin", permission: "team" });

/** The admin acting, as the team's rules read them (their role's grants decide what they give). */
const actor = (ctx: { user: { id: string }; access: AdminAccess }) => ({
  id: ctx.user.id,
  access: ctx.access,
});

/** The team tab of /admin/setting, and the invitee's page. */
export const teamRouter = router({
  overview: teamProcedure.query(({ ctx }) => team.teamOverview(ctx.db, ctx.user.id)),

  invite: teamProcedure
    .input(inviteInput)
    .mutation(({ ctx, input }) =>
      team.invite(ctx, { id: ctx.user.id, access: ctx.access, language: ctx.locale }, input),
    ),

  revokeInvitation: teamProcedure
    .input(invitationIdInput)
    .mutation(({ ctx, input }) => team.revokeInvitation(ctx.db, ctx.user.id, input.id)),

  changeRole: teamProcedure
    .input(changeRoleInput)
    .mutation(({ ctx, input }) => team.changeRole(ctx.db, actor(ctx), input.userId, input.roleId)),

  suspend: teamProcedure
    .input(memberInput)
    .mutation(({ ctx, input }) => team.suspend(ctx.db, actor(ctx), input.userId)),

  reinstate: teamProcedure
    .input(memberInput)
    .mutation(({ ctx, input }) => team.reinstate(ctx.db, ctx.user.id, input.userId)),

  remove: teamProcedure
    .input(memberInput)
    .mutation(({ ctx, input }) => team.remove(ctx.db, actor(ctx), input.userId)),

  endSessions: teamProcedure
    .input(memberInput)
    .mutation(({ ctx, input }) => team.endSessions(ctx.db, ctx.user.id, input.userId)),

  createRole: teamProcedure
    .input(createRoleInput)
    .mutation(({ ctx, input }) => team.createRole(ctx.db, actor(ctx), input)),

  /** A custom role's name and grants; built-in roles are refused. */
  updateRole: teamProcedure
    .input(updateRoleInput)
    .mutation(({ ctx, input }) => team.updateRole(ctx.db, actor(ctx), input)),

  /** A custom role nobody holds or is invited to; built-in roles and roles in use are refused. */
  deleteRole: teamProcedure
    .input(roleIdInput)
    .mutation(({ ctx, input }) => team.deleteRole(ctx.db, actor(ctx), input.roleId)),

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
