import { router } from "../../trpc/init";
import { auditProcedure } from "../../trpc/admin-procedures";
import { auditFilterChoices, auditInput, auditPage } from "./service";

/** The audit log page: read only. No procedure anywhere updates or deletes its rows. */
export const auditRouter = router({
  page: auditProcedure.input(auditInput).query(({ ctx, input }) => auditPage(ctx.listDb, input)),
  choices: auditProcedure.query(({ ctx }) => auditFilterChoices(ctx.listDb)),
});
