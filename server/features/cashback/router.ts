import { AppError } from "../../errors";
import { memberProcedure, router } from "../../trpc/init";
import { importProcedure } from "../../trpc/admin-procedures";
import { enqueueImportJob } from "./jobs";
import { queuePreview } from "./preview";
import { bytesFromBase64 } from "./report";
import {
  adminCashbackInput,
  batchesInput,
  batchInput,
  batchRowsInput,
  marginInput,
  memberHistoryInput,
  monthlyInput,
  previewInput,
  profileIdInput,
  sampleProfileInput,
  saveProfileInput,
  summaryInput,
} from "./schema";
import * as profiles from "./profiles";
import * as cashback from "./service";
import * as admin from "./admin";
import * as margin from "./margin";

export const cashbackRouter = router({
  // ------------------------------------------------------------ member
  dashboard: memberProcedure.query(({ ctx }) => cashback.memberDashboard(ctx.db, ctx.user.id)),
  summary: memberProcedure
    .input(summaryInput)
    .query(({ ctx, input }) => cashback.memberSummary(ctx.db, ctx.user.id, input)),
  history: memberProcedure
    .input(memberHistoryInput)
    .query(({ ctx, input }) => cashback.memberHistory(ctx.db, ctx.user.id, input)),
  monthly: memberProcedure
    .input(monthlyInput)
    .query(({ ctx, input }) => cashback.memberMonthly(ctx.db, ctx.user.id, input.months)),

  // ------------------------------------------------------------ admin
  list: importProcedure
    .input(adminCashbackInput)
    .query(({ ctx, input }) => admin.adminCashbacks(ctx.listDb, input)),
  /** The operator's margin per broker and Tokyo month; the CSV reads it too. */
  margin: importProcedure
    .input(marginInput)
    .query(({ ctx, input }) => margin.marginReport(ctx.listDb, input)),
  /** This Tokyo month's margin over every broker: the admin home's figure. */
  monthMargin: importProcedure.query(({ ctx }) => margin.monthMargin(ctx.listDb)),
  batches: importProcedure
    .input(batchesInput)
    .query(({ ctx, input }) => admin.listBatches(ctx.db, input)),
  batch: importProcedure.input(batchRowsInput).query(async ({ ctx, input }) => {
    const found = await admin.batchRows(ctx.db, input);
    if (!found) throw new AppError("NOT_FOUND", "notFound");
    return found;
  }),
  // The report is stored and its preview queued (the import worker reads it); the batch page
  // follows the job's progress.
  preview: importProcedure.input(previewInput).mutation(async ({ ctx, input }) =>
    queuePreview(ctx, ctx.user.id, {
      fileName: input.fileName,
      content: input.content ?? (await bytesFromBase64(input.contentBase64 ?? "")),
      usdRate: input.usdRate,
      profileId: input.profileId,
    }),
  ),
  // Both queue a job (the import worker credits it) and answer at once; the batch page follows
  // the job's progress.
  commit: importProcedure
    .input(batchInput)
    .mutation(({ ctx, input }) => enqueueImportJob(ctx.db, ctx.user.id, input.batchId, "commit")),
  rerun: importProcedure
    .input(batchInput)
    .mutation(({ ctx, input }) => enqueueImportJob(ctx.db, ctx.user.id, input.batchId, "rerun")),

  /** Import profiles: how each broker's own report is read. */
  profiles: router({
    list: importProcedure.query(({ ctx }) => profiles.listProfiles(ctx.db.kysely)),
    get: importProcedure
      .input(profileIdInput)
      .query(({ ctx, input }) => profiles.getProfile(ctx.db.kysely, input.id)),
    save: importProcedure
      .input(saveProfileInput)
      .mutation(({ ctx, input }) => profiles.saveProfile(ctx.db, ctx.user.id, input)),
    remove: importProcedure
      .input(profileIdInput)
      .mutation(({ ctx, input }) => profiles.deleteProfile(ctx.db, ctx.user.id, input.id)),
    /** The first rows of a sample as the profile would read them, or where it fails. */
    sample: importProcedure.input(sampleProfileInput).mutation(({ input }) => {
      const { contentBase64, ...profile } = input;
      return profiles.sampleProfile(profile, Buffer.from(contentBase64, "base64"));
    }),
  }),
});
