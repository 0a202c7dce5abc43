import { withdrawalExpectedBy } from "../../lib/business-days";
import { adminProcedure, memberProcedure, router } from "../../trpc/init";
import { adjustProcedure, bankFileProcedure, decideProcedure } from "../../trpc/admin-procedures";
import {
  adminPresents,
  adminPresentsInput,
  adminTransfers,
  adminTransfersInput,
  adminWithdrawals,
  adminWithdrawalsInput,
} from "./admin";
import * as bank from "./bank-transfers";
import { requesterInput } from "./zengin";
import {
  bulkCompleteInput,
  idInput,
  listInput,
  markSentInput,
  presentInput,
  rejectInput,
  statementInput,
  transferInput,
  transferQuoteInput,
  withdrawalIdInput,
  withdrawalInput,
} from "./schema";
import * as wallet from "./service";
import * as history from "./history";
import * as presents from "./presents";
import * as transfers from "./transfers";
import * as approvals from "./approvals";
import { sendBackProcedure } from "./send-back-procedure";
import { memberStatement } from "./statement";
import { annualInput } from "../../domain/annual";
import { annualStatement, annualYears } from "./annual";
import { getMoneySettings } from "../settings/service";
import { usdtAddressNotice } from "../profile/payment";

export const walletRouter = router({
  // ------------------------------------------------------------ member
  summary: memberProcedure.query(({ ctx }) => wallet.walletSummary(ctx.db, ctx.user.id)),

  /**
   * The member's saved USDT address is for the network used before the admin switched: the
   * member pages' banner asks them to replace it. Null when nothing to ask.
   */
  usdtAddressNotice: memberProcedure.query(({ ctx }) =>
    usdtAddressNotice(ctx.db.kysely, ctx.user.id),
  ),

  /** What the withdrawal and transfer forms need to show their notices and limits. */
  terms: memberProcedure.query(async ({ ctx }) => {
    const s = await getMoneySettings(ctx.db.kysely);
    return {
      usdtNetwork: s.usdtNetwork,
      paypayDailyLimit: s.paypayDailyLimit,
      transferMin: s.transferMin,
      transferMax: s.transferMax,
      transferFeeRateBp: s.transferFeeRateBp,
      /** The Tokyo day a withdrawal requested now should have been processed by. */
      withdrawalExpectedBy: withdrawalExpectedBy(new Date()),
      /** The same for a PayPay withdrawal over the daily limit (processed a day later). */
      paypayLateExpectedBy: withdrawalExpectedBy(new Date(), true),
    };
  }),

  requestWithdrawal: memberProcedure
    .input(withdrawalInput)
    .mutation(({ ctx, input }) => wallet.requestWithdrawal(ctx, ctx.user.id, input)),

  cancelWithdrawal: memberProcedure
    .input(withdrawalIdInput)
    .mutation(({ ctx, input }) => wallet.cancelWithdrawal(ctx, ctx.user.id, input.id)),

  withdrawals: memberProcedure
    .input(listInput)
    .query(({ ctx, input }) =>
      history.withdrawalHistory(ctx.listDb, ctx.user.id, input, ctx.locale),
    ),

  deposits: memberProcedure
    .input(listInput)
    .query(({ ctx, input }) => history.depositHistory(ctx.listDb, ctx.user.id, input, ctx.locale)),

  /** Every movement of the member's own wallet, with the balances after each. */
  statement: memberProcedure
    .input(statementInput)
    .query(({ ctx, input }) => memberStatement(ctx.listDb, ctx.user.id, input, ctx.locale)),

  /**
   * The member's year in one document (年間取引報告書): totals by kind and the balances at the
   * Tokyo year's start and end, read from the writer (balances never from a replica).
   */
  annual: memberProcedure
    .input(annualInput)
    .query(({ ctx, input }) =>
      annualStatement(ctx.db, ctx.user.id, input.year, new Date(), ctx.locale),
    ),

  /** The years the member had an account in, newest first (the statement page's links). */
  annualYears: memberProcedure.query(({ ctx }) => annualYears(ctx.db.kysely, ctx.user.id)),

  quoteTransfer: memberProcedure
    .input(transferQuoteInput)
    .query(({ ctx, input }) => transfers.quoteTransfer(ctx.db, input.amount)),

  requestTransfer: memberProcedure
    .input(transferInput)
    .mutation(({ ctx, input }) => transfers.requestTransfer(ctx, ctx.user.id, input)),

  // ------------------------------------------------------------ admin
  adminWithdrawals: decideProcedure
    .input(adminWithdrawalsInput)
    .query(({ ctx, input }) => adminWithdrawals(ctx.listDb, input)),

  completeWithdrawal: decideProcedure
    .input(withdrawalIdInput)
    .mutation(({ ctx, input }) => wallet.completeWithdrawal(ctx, ctx.user.id, input.id)),

  rejectWithdrawal: decideProcedure
    .input(rejectInput)
    .mutation(({ ctx, input }) =>
      wallet.rejectWithdrawal(ctx, ctx.user.id, input.id, input.reason, input.reasonEn),
    ),

  bulkCompleteWithdrawals: decideProcedure
    .input(bulkCompleteInput)
    .mutation(({ ctx, input }) => wallet.bulkCompleteWithdrawals(ctx, ctx.user.id, input.ids)),

  /** Second approval of a large withdrawal, by an admin other than the first. */
  approveWithdrawal: decideProcedure
    .input(withdrawalIdInput)
    .mutation(({ ctx, input }) => approvals.approveWithdrawal(ctx, ctx.user.id, input.id)),

  sendBackWithdrawal: sendBackProcedure(decideProcedure, "withdrawal"),

  zenginRequester: bankFileProcedure.query(({ ctx }) => bank.getRequester(ctx.db.kysely)),

  saveZenginRequester: bankFileProcedure
    .input(requesterInput)
    .mutation(({ ctx, input }) => bank.saveRequester(ctx.db, ctx.user.id, input)),

  /** Members whose saved account holder a Zengin file cannot carry. */
  unconvertibleHolders: bankFileProcedure.query(({ ctx }) => bank.unconvertibleHolders(ctx.db)),

  zenginPreview: bankFileProcedure
    .input(bank.zenginFilter)
    .query(({ ctx, input }) => bank.zenginPreview(ctx.db, input)),

  zenginFile: adminProcedure
    .meta({ role: "admin", permission: "money.bankFile", acts: true })
    .input(bank.zenginFilter)
    .query(({ ctx, input }) => bank.zenginDownload(ctx.db, input)),

  markWithdrawalsSent: bankFileProcedure
    .input(markSentInput)
    .mutation(({ ctx, input }) => bank.markWithdrawalsSent(ctx.db, ctx.user.id, input.ids)),

  adminTransfers: decideProcedure
    .input(adminTransfersInput)
    .query(({ ctx, input }) => adminTransfers(ctx.listDb, input)),

  approveTransfer: decideProcedure
    .input(withdrawalIdInput)
    .mutation(({ ctx, input }) => transfers.approveTransfer(ctx, ctx.user.id, input.id)),

  denyTransfer: decideProcedure
    .input(rejectInput)
    .mutation(({ ctx, input }) =>
      transfers.denyTransfer(ctx, ctx.user.id, input.id, input.reason, input.reasonEn),
    ),

  sendBackTransfer: sendBackProcedure(decideProcedure, "transfer"),

  adminPresents: adjustProcedure
    .input(adminPresentsInput)
    .query(({ ctx, input }) => adminPresents(ctx.listDb, input)),

  createPresent: adjustProcedure
    .input(presentInput)
    .mutation(({ ctx, input }) => presents.createPresent(ctx, ctx.user.id, input)),

  /** Second approval of a present over the threshold, by an admin other than its maker. */
  approvePresent: adjustProcedure
    .input(idInput)
    .mutation(({ ctx, input }) => presents.approvePresent(ctx, ctx.user.id, input.id)),

  /** A present awaiting its second approval, returned to its maker with a reason (no credit). */
  sendBackPresent: sendBackProcedure(adjustProcedure, "present"),
});
