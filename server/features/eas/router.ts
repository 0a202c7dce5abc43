import { requestDedicatedInput } from "../../domain/broker-account";
import { z } from "zod";
import { isId } from "#db/id";
import { memberProcedure, router } from "../../trpc/init";
import { contentProcedure } from "../../trpc/admin-procedures";
import * as accountRequests from "./account-requests";
import * as dedicated from "./dedicated-accounts";
import * as downloads from "./downloads";
import * as licenses from "./licenses";
import {
  accountRequestsInput,
  adminLicensesInput,
  adminListInput,
  createEaInput,
  decideInput,
  dedicatedListInput,
  denyAccountRequestInput,
  idInput,
  issueForInput,
  memberAccountsInput,
  memberListInput,
  myLicensesInput,
  requestLicenseInput,
  setDedicatedInput,
  updateEaInput,
  uploadVersionInput,
} from "./schema";
import * as eas from "./service";

export const easRouter = router({
  // ------------------------------------------------------------------ members
  /** Active EAs, filtered by category. */
  list: memberProcedure
    .input(memberListInput)
    .query(({ ctx, input }) => eas.memberListEas(ctx.db, input, ctx.locale)),

  /** An active EA, the member's licences for it and the accounts that can still get one. */
  get: memberProcedure
    .input(idInput)
    .query(({ ctx, input }) => eas.memberGetEa(ctx.db, ctx.user.id, input.id, ctx.locale)),

  requestLicense: memberProcedure
    .input(requestLicenseInput)
    .mutation(({ ctx, input }) => licenses.requestLicense(ctx.db, ctx.user.id, input)),

  myLicenses: memberProcedure
    .input(myLicensesInput)
    .query(({ ctx, input }) => licenses.myLicenses(ctx.db, ctx.user.id, input, ctx.locale)),

  /** The member's approved accounts with their EA type and newest EA-dedicated request. */
  myAccountTypes: memberProcedure.query(({ ctx }) =>
    accountRequests.myAccountTypes(ctx.db, ctx.user.id, ctx.locale),
  ),

  /** Asks for one of the member's own approved accounts to be made EA-dedicated. */
  requestDedicated: memberProcedure
    .input(requestDedicatedInput)
    .mutation(({ ctx, input }) =>
      accountRequests.requestDedicated(ctx.db, ctx.user.id, input.accountId),
    ),

  /** The EA's current file, only with an active licence of the member's own. */
  download: memberProcedure
    .meta({ role: "member", consent: "export" })
    .input(idInput)
    .query(({ ctx, input }) => downloads.downloadForMember(ctx, ctx.user.id, input.id)),

  // -------------------------------------------------------------------- admin
  adminList: contentProcedure
    .input(adminListInput)
    .query(({ ctx, input }) => eas.adminListEas(ctx.db, input)),

  adminGet: contentProcedure
    .input(idInput)
    .query(({ ctx, input }) => eas.adminGetEa(ctx.db, input.id)),

  create: contentProcedure
    .input(createEaInput)
    .mutation(({ ctx, input }) => eas.createEa(ctx, ctx.user.id, input.ea, input.file)),

  update: contentProcedure.input(updateEaInput).mutation(async ({ ctx, input }) => {
    await eas.updateEa(ctx, ctx.user.id, input.id, input.ea);
    return { id: input.id };
  }),

  uploadVersion: contentProcedure
    .input(uploadVersionInput)
    .mutation(({ ctx, input }) => eas.uploadVersion(ctx, ctx.user.id, input.id, input.file)),

  adminDownload: contentProcedure
    .input(
      z.object({
        id: idInput.shape.id,
        fileId: z.string().refine(isId, "notFound").optional(),
      }),
    )
    .query(({ ctx, input }) => downloads.downloadForAdmin(ctx, input.id, input.fileId)),

  licenses: contentProcedure
    .input(adminLicensesInput)
    .query(({ ctx, input }) => licenses.adminLicenses(ctx.db, input)),

  issue: contentProcedure
    .input(idInput)
    .mutation(({ ctx, input }) => licenses.issueLicense(ctx.db, ctx.user.id, input.id)),

  issueFor: contentProcedure
    .input(issueForInput)
    .mutation(({ ctx, input }) => licenses.issueLicenseFor(ctx.db, ctx.user.id, input)),

  reject: contentProcedure
    .input(decideInput)
    .mutation(({ ctx, input }) => licenses.rejectLicense(ctx.db, ctx.user.id, input.id, input)),

  revoke: contentProcedure
    .input(decideInput)
    .mutation(({ ctx, input }) => licenses.revokeLicense(ctx.db, ctx.user.id, input.id, input)),

  /** A member's approved accounts with their types (the issue form). */
  memberAccounts: contentProcedure
    .input(memberAccountsInput)
    .query(({ ctx, input }) => licenses.memberAccounts(ctx.db, input.member)),

  dedicatedAccounts: contentProcedure
    .input(dedicatedListInput)
    .query(({ ctx, input }) => dedicated.dedicatedAccounts(ctx.db, input)),

  setDedicated: contentProcedure
    .input(setDedicatedInput)
    .mutation(({ ctx, input }) => dedicated.setDedicated(ctx.db, ctx.user.id, input)),

  accountRequests: contentProcedure
    .input(accountRequestsInput)
    .query(({ ctx, input }) => accountRequests.adminAccountRequests(ctx.db, input)),

  approveAccountRequest: contentProcedure
    .input(idInput)
    .mutation(({ ctx, input }) =>
      accountRequests.decideAccountRequest(ctx.db, ctx.user.id, { id: input.id, approve: true }),
    ),

  denyAccountRequest: contentProcedure.input(denyAccountRequestInput).mutation(({ ctx, input }) =>
    accountRequests.decideAccountRequest(ctx.db, ctx.user.id, {
      id: input.id,
      approve: false,
      reason: input.reason,
      reasonEn: input.reasonEn,
    }),
  ),
});
