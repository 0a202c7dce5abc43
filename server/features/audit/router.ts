import { adminProcedure, router } from "../../trpc/init";
import { auditFilterChoices, auditInput, auditPage } from "./service";

/** The audit log page: read only. No procedure anywhere updates or deletes its rows. */
export const auditRouter = router({
  page: adminProcedure
    .meta({ role: "admin", permission: "audit" })
    .input(auditInput)
    .query(({ ctx, input }) => auditPage(ctx.listDb, input)),
  choices: adminProcedure
    .meta({ role: "admin", permission: "audit" })
    .query(({ ctx }) => auditFilterChoices(ctx.listDb)),
});
