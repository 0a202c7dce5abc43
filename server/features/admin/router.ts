import { adminProcedure, router } from "../../trpc/init";
import * as customers from "./customers";
import * as home from "./home";
import { reopenAccount } from "../profile/closing";
import { customerIdInput, customersInput } from "./schema";

export const adminRouter = router({
  /** The admin home: the work queue, the day's figures and the charts. */
  home: adminProcedure.query(({ ctx }) => home.adminHome(ctx.db)),

  /** Pending items per queue: the admin menu's badges, asked by the admin area's loader. */
  pendingCounts: adminProcedure.query(({ ctx }) => home.pendingCounts(ctx.db)),

  customers: router({
    /** Members, searched, sorted and paged; `export` for the CSV. */
    list: adminProcedure
      .input(customersInput)
      .query(({ ctx, input }) => customers.listCustomers(ctx.listDb, input)),

    /** Profile, masked payment details, accounts and the customer's audit trail. */
    get: adminProcedure
      .input(customerIdInput)
      .query(({ ctx, input }) => customers.getCustomer(ctx.db, input.id)),

    /** The full payment details; every call leaves an audit row. */
    revealPayment: adminProcedure
      .input(customerIdInput)
      .mutation(({ ctx, input }) => customers.revealPayment(ctx.db, ctx.user.id, input.id)),

    /** Reopens an account its member closed, within the window and before the erasure. */
    reopen: adminProcedure
      .input(customerIdInput)
      .mutation(({ ctx, input }) => reopenAccount(ctx.db, ctx.user.id, input.id)),

    image: adminProcedure
      .input(customerIdInput)
      .query(({ ctx, input }) => customers.customerImage(ctx, input.id)),
  }),
});
