import { adminProcedure, router } from "../../trpc/init";
import { membersViewProcedure } from "../../trpc/admin-procedures";
import { memberEvents } from "../audit/service";
import * as customers from "./customers";
import * as home from "./home";
import { reopenAccount } from "../profile/closing";
import { customerIdInput, customersInput, memberEventsInput } from "./schema";

export const adminRouter = router({
  /** The admin home: the work queue, the day's figures and the charts. */
  home: adminProcedure
    .meta({ role: "admin", everyAdmin: true })
    .query(({ ctx }) => home.adminHome(ctx.db, ctx.access.grants)),

  /** Pending items per queue: the admin menu's badges, asked by the admin area's loader. */
  pendingCounts: adminProcedure
    .meta({ role: "admin", everyAdmin: true })
    .query(({ ctx }) => home.pendingCounts(ctx.db, ctx.access.grants)),

  /**
   * The signed-in admin's role and what it grants: the admin area's guard (a page outside the
   * role answers 403), its menu and its tabs.
   */
  access: adminProcedure.meta({ role: "admin", everyAdmin: true }).query(({ ctx }) => ctx.access),

  customers: router({
    /** Members, searched, sorted and paged; `export` for the CSV. */
    list: membersViewProcedure
      .input(customersInput)
      .query(({ ctx, input }) => customers.listCustomers(ctx.listDb, input)),

    /** Profile, masked payment details and accounts. */
    get: membersViewProcedure
      .input(customerIdInput)
      .query(({ ctx, input }) => customers.getCustomer(ctx.db, input.id)),

    /** The full payment details; every call leaves an audit row. */
    revealPayment: membersViewProcedure
      .input(customerIdInput)
      .mutation(({ ctx, input }) => customers.revealPayment(ctx.db, ctx.user.id, input.id)),

    /**
     * The member's entries in the audit log (security events and admins' actions), newest
     * first, paged; an unknown id or an admin's is not found.
     */
    events: membersViewProcedure.input(memberEventsInput).query(async ({ ctx, input }) => {
      await customers.memberOrNotFound(ctx.listDb, input.id);
      return memberEvents(ctx.listDb, input);
    }),

    /** Reopens an account its member closed, within the window and before the erasure. */
    reopen: adminProcedure
      .meta({ role: "admin", permission: "members.suspend" })
      .input(customerIdInput)
      .mutation(({ ctx, input }) => reopenAccount(ctx.db, ctx.user.id, input.id)),

    image: membersViewProcedure
      .input(customerIdInput)
      .query(({ ctx, input }) => customers.customerImage(ctx, input.id)),
  }),
});
