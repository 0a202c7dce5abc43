import { memberProcedure, publicProcedure, router } from "../../trpc/init";
import {
  accountReviewProcedure,
  adjustProcedure,
  importProcedure,
} from "../../trpc/admin-procedures";
import { mediaImageProcedure } from "../../trpc/media-procedure";
import { addAccountInput, setMyAccountTypeInput } from "../../domain/broker-account";
import * as accounts from "./accounts";
import * as adjustments from "./adjustments";
import * as review from "./account-review";
import {
  adjustmentIdInput,
  adminAccountsInput,
  brokerAdjustmentsInput,
  decideDebitInput,
  rateImpactInput,
  brokerIdInput,
  createBrokerInput,
  decideAccountsInput,
  setAccountTypeInput,
  myAccountsInput,
  updateBrokerInput,
} from "./schema";
import * as brokers from "./service";
import * as terms from "./terms";
import * as rateChanges from "./rate-changes";
import { sendBackProcedure } from "../wallet/send-back-procedure";

export const brokersRouter = router({
  /** Brokers members can register at: banners and the add-account form. */
  active: memberProcedure.query(({ ctx }) => brokers.listActiveBrokers(ctx.db)),

  /** The public rate card: rates, conditions, schedules (the /brokers page, /users/bank). */
  rates: publicProcedure.query(({ ctx }) => terms.rateCard(ctx.db, ctx.locale)),

  /** An uploaded logo or banner: public art, for /media/brokers/<file>. */
  art: mediaImageProcedure(brokers.readBrokerArt),

  list: importProcedure.query(({ ctx }) => brokers.listBrokers(ctx.db)),

  get: importProcedure
    .input(brokerIdInput)
    .query(({ ctx, input }) => brokers.getBroker(ctx.db, input.id)),

  create: importProcedure.input(createBrokerInput).mutation(({ ctx, input }) => {
    const { logo, banner, removeLogo, removeBanner, terms: brokerTerms, ...broker } = input;
    return brokers.createBroker(
      ctx,
      ctx.user.id,
      broker,
      { logo, banner, removeLogo, removeBanner },
      brokerTerms,
    );
  }),

  /** Edits a broker; `active: false` deactivates it (its accounts stay). */
  update: importProcedure.input(updateBrokerInput).mutation(async ({ ctx, input }) => {
    const { id, logo, banner, removeLogo, removeBanner, terms: brokerTerms, ...broker } = input;
    const images = { logo, banner, removeLogo, removeBanner };
    const saved = await brokers.updateBroker(ctx, ctx.user.id, id, broker, images, brokerTerms);
    return { ok: true, ...saved };
  }),

  /**
   * Rate card changes awaiting a second admin: a save's new rates are in force only once an
   * admin other than its maker, with the same permission, approves them.
   */
  rateChanges: router({
    /** A broker's rate changes, waiting ones and the last decided, newest first. */
    list: importProcedure
      .input(brokerIdInput)
      .query(({ ctx, input }) => rateChanges.listRateChanges(ctx.db, input.id)),

    /** The second approval: the rates take effect from their day. */
    approve: importProcedure
      .input(brokerIdInput)
      .mutation(({ ctx, input }) => rateChanges.approveRateChange(ctx, ctx.user.id, input.id)),

    /** Returned to its maker with a reason; never in force. */
    sendBack: sendBackProcedure(importProcedure, "rate_change"),
  }),

  /**
   * Adjustment batches: credited rows re-priced after a rate change dated in
   * the past, reviewed per member and applied once through the ledger. Admins only.
   */
  adjustments: router({
    /** What re-pricing the credited rows traded on or after a day would change, per member. */
    impact: importProcedure
      .input(rateImpactInput)
      .query(({ ctx, input }) => adjustments.rateImpact(ctx.db, input.brokerId, input.from)),

    /** A broker's adjustment batches, newest first. */
    list: importProcedure
      .input(brokerAdjustmentsInput)
      .query(({ ctx, input }) => adjustments.listAdjustments(ctx.db, input.brokerId)),

    /** One batch for its review page. */
    get: importProcedure
      .input(adjustmentIdInput)
      .query(({ ctx, input }) => adjustments.getAdjustment(ctx.db, input.id)),

    /** Draws up a batch from the impact of a day (nothing moves yet). */
    draft: importProcedure
      .input(rateImpactInput)
      .mutation(({ ctx, input }) =>
        adjustments.draftAdjustment(ctx.db, ctx.user.id, input.brokerId, input.from),
      ),

    /** Records what to do with a debit the member's balance cannot cover, with a reason. */
    decide: adjustProcedure
      .input(decideDebitInput)
      .mutation(({ ctx, input }) => adjustments.decideDebit(ctx.db, ctx.user.id, input)),

    /**
     * The maker's apply (`apply` is a word tRPC keeps): a draft then awaits a second admin and
     * nothing moves; on an applied batch, settles the members still held.
     */
    settle: adjustProcedure
      .input(adjustmentIdInput)
      .mutation(({ ctx, input }) => adjustments.applyAdjustment(ctx.db, ctx.user.id, input.id)),

    /** A different admin's approval: the batch is applied through the ledger, once. */
    approve: adjustProcedure
      .input(adjustmentIdInput)
      .mutation(({ ctx, input }) => adjustments.approveAdjustment(ctx.db, ctx.user.id, input.id)),

    /** A different admin sends it back to a draft with a reason for its maker; nothing moves. */
    sendBack: sendBackProcedure(adjustProcedure, "rate_adjustment"),
  }),

  accounts: router({
    /** The signed-in member's own accounts, paged. */
    mine: memberProcedure
      .input(myAccountsInput)
      .query(({ ctx, input }) => accounts.listMyAccounts(ctx.db, ctx.user.id, input, ctx.locale)),

    /** The member's accounts still without a type at a broker listing several: the prompt. */
    missingType: memberProcedure.query(({ ctx }) =>
      accounts.accountsMissingType(ctx.db, ctx.user.id),
    ),

    /** The member gives their own account's type, only while it has none. */
    setMyType: memberProcedure
      .input(setMyAccountTypeInput)
      .mutation(({ ctx, input }) => accounts.setMyAccountType(ctx.db, ctx.user.id, input)),

    add: memberProcedure
      .input(addAccountInput)
      .mutation(({ ctx, input }) => accounts.addAccount(ctx.db, ctx.user.id, input)),

    /** Every member's accounts, filtered, sorted and paged; `export` for the CSV. */
    list: accountReviewProcedure
      .input(adminAccountsInput)
      .query(({ ctx, input }) => review.adminListAccounts(ctx.listDb, input)),

    decide: accountReviewProcedure
      .input(decideAccountsInput)
      .mutation(({ ctx, input }) => review.decideAccounts(ctx.db, ctx.user.id, input)),

    /** Sets or clears an account's type at its broker (the rate the import checks against). */
    setType: accountReviewProcedure
      .input(setAccountTypeInput)
      .mutation(({ ctx, input }) => review.setAccountType(ctx.db, ctx.user.id, input)),
  }),
});
