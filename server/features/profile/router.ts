import { z } from "zod";
import { memberProcedure, publicProcedure, router } from "../../trpc/init";
import { membersViewProcedure } from "../../trpc/admin-procedures";
import { idInput } from "../../lib/input";
import { searchBanks, searchBranches } from "./banks";
import { paymentDetailsForm, profileInput } from "../../domain/profile";
import { bankSearchInput, branchSearchInput, setLanguageInput } from "./schema";
import * as profile from "./service";
import { notificationPrefs, notificationPrefsInput, saveNotificationPrefs } from "./notifications";
import { loginSettings } from "../line/service";
import { closeAccountInput } from "../../domain/closing";
import { closeAccount, closingView } from "./closing";
import {
  adminDataExports,
  dataExportView,
  downloadDataExport,
  requestDataExport,
} from "./data-export";

/** Image bytes, handed over by the route that parsed the multipart upload. */
const imageUpload = z.object({ image: z.instanceof(Uint8Array, { error: "imageEmpty" }) });

/** Every procedure works on the signed-in member's own profile: none takes a user id. */
export const profileRouter = router({
  /**
   * The browser keeps the choice (localStorage and cookie); a signed-in person's choice is
   * also stored so that mail and LINE messages use it. Visitors have nothing to store.
   */
  setLanguage: publicProcedure.input(setLanguageInput).mutation(async ({ ctx, input }) => {
    if (ctx.session) await profile.setLanguage(ctx.db, ctx.session.user.id, input.language);
    return { language: input.language };
  }),

  me: memberProcedure.query(({ ctx }) => profile.getProfile(ctx.db, ctx.user.id)),

  update: memberProcedure.input(profileInput).mutation(async ({ ctx, input }) => {
    await profile.updateProfile(ctx.db, ctx.user.id, input);
    return { ok: true };
  }),

  uploadImage: memberProcedure.input(imageUpload).mutation(async ({ ctx, input }) => {
    await profile.setProfileImage(ctx, ctx.user.id, input.image);
    return { ok: true };
  }),

  removeImage: memberProcedure.mutation(async ({ ctx }) => {
    await profile.removeProfileImage(ctx, ctx.user.id);
    return { ok: true };
  }),

  /** The member's own image (bytes and type), or null. */
  image: memberProcedure.query(({ ctx }) => profile.readProfileImage(ctx, ctx.user.id)),

  paymentDetails: memberProcedure.query(({ ctx }) =>
    profile.paymentDetailsView(ctx.db, ctx.session),
  ),

  /** Which money events the member is told of, by mail and (when linked) on LINE. */
  notificationPrefs: memberProcedure.query(({ ctx }) =>
    notificationPrefs(ctx.db, ctx.user.id, loginSettings(ctx.config) !== null),
  ),

  saveNotificationPrefs: memberProcedure
    .input(notificationPrefsInput)
    .mutation(({ ctx, input }) =>
      saveNotificationPrefs(ctx.db, ctx.user.id, input, loginSettings(ctx.config) !== null),
    ),

  /** Banks by name, reading or code, for the payout form's picker (a few, never the list). */
  banks: memberProcedure.input(bankSearchInput).query(({ input }) => searchBanks(input.q)),

  /** One bank's branches by name, reading or code. */
  branches: memberProcedure
    .input(branchSearchInput)
    .query(({ input }) => searchBranches(input.bankCode, input.q)),

  /** What closing the account needs first (each with its page), and the reasons offered. */
  closing: memberProcedure.query(({ ctx }) => closingView(ctx.db, ctx.user.id)),

  /** Closes the member's own account: after a step-up, and only with nothing open. */
  close: memberProcedure
    .input(closeAccountInput)
    .mutation(({ ctx, input }) => closeAccount(ctx, ctx.session, { reason: input.reason })),

  /** The member's latest request for a copy of their data (開示), and how long links last. */
  dataExport: memberProcedure.query(({ ctx }) => dataExportView(ctx.db, ctx.user.id)),

  /** Asks for a copy of the member's data; the worker prepares it. One waits at a time. */
  requestDataExport: memberProcedure.mutation(({ ctx }) => requestDataExport(ctx.db, ctx.user.id)),

  /** The prepared ZIP: the member's own, while valid; a download, so gated like an export. */
  downloadDataExport: memberProcedure
    .meta({ role: "member", consent: "export" })
    .input(idInput)
    .query(({ ctx, input }) => downloadDataExport(ctx, ctx.user.id, input.id)),

  /** A member's requests, with who downloaded when, for the admin's customer page. */
  adminDataExports: membersViewProcedure
    .input(idInput)
    .query(({ ctx, input }) => adminDataExports(ctx.db, input.id)),

  updatePaymentDetails: memberProcedure
    .input(paymentDetailsForm)
    .mutation(({ ctx, input }) => profile.updatePaymentDetails(ctx, ctx.session, input)),
});
