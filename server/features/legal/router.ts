import { registerDue } from "../../auth/due";
import { unagreedReconsents } from "./service";
import { memberProcedure, publicProcedure, router } from "../../trpc/init";
import { legalProcedure } from "../../trpc/admin-procedures";
import { recordId } from "../../lib/input";
import { z } from "zod";
import { sendBackInput } from "../../domain/withdrawal-decision";
import { acceptInput, consentListInput, documentInput, kindInput, publishInput } from "./schema";
import * as legal from "./service";

export const legalRouter = router({
  /** A public page's document (/terms, /privacy, /legal, /company), signed in or not. */
  document: publicProcedure
    .input(documentInput)
    .query(({ ctx, input }) => legal.publicDocument(ctx.db, input.kind, input.version, ctx.locale)),

  /**
   * What the signed-in member must accept before other member pages (usually nothing). Every
   * member page asks; the rows are read only when the session lookup found one due
   * (CurrentSession.due).
   */
  pending: memberProcedure.query(({ ctx }) =>
    ctx.session?.due.consent ? legal.pendingConsents(ctx.db, ctx.user.id, ctx.locale) : [],
  ),

  accept: memberProcedure
    .meta({ role: "member", consent: "open" })
    .input(acceptInput)
    .mutation(({ ctx, input }) => legal.accept(ctx.db, ctx.user.id, input.documents)),

  // -------------------------------------------------------------------- admin
  overview: legalProcedure.query(({ ctx }) => legal.adminOverview(ctx.db)),

  adminDocument: legalProcedure
    .input(kindInput)
    .query(({ ctx, input }) => legal.adminDocument(ctx.db, input.kind)),

  /** What publishing would do: rendered texts, changes, members asked again (nothing written). */
  preview: legalProcedure
    .input(publishInput)
    .query(({ ctx, input }) => legal.previewPublish(ctx.db, input)),

  publish: legalProcedure
    .input(publishInput)
    .mutation(({ ctx, input }) => legal.publish(ctx.db, ctx.user.id, input)),

  /** A different admin's approval of a version awaiting it: published and in force, once. */
  approve: legalProcedure
    .input(z.object({ id: recordId }))
    .mutation(({ ctx, input }) => legal.approveVersion(ctx.db, ctx.user.id, input.id)),

  /** A different admin sends a version awaiting approval back with a reason: never published. */
  sendBack: legalProcedure
    .input(sendBackInput)
    .mutation(({ ctx, input }) =>
      legal.sendBackVersion(ctx.db, ctx.user.id, input.id, input.reason),
    ),

  memberConsents: legalProcedure
    .input(z.object({ userId: recordId }))
    .query(({ ctx, input }) => legal.memberConsents(ctx.db, input.userId)),

  consents: legalProcedure
    .input(consentListInput)
    .query(({ ctx, input }) => legal.consentList(ctx.listDb, input)),
});

declare module "../../auth/due" {
  interface DueOnNextPage {
    /** A new version of the terms or privacy policy the member must agree to again. */
    consent: boolean;
  }
}
registerDue("consent", (kysely, userId) => unagreedReconsents(kysely, userId).select("asking.id"));
